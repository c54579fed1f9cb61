/** Live status of one robot: first `reqRobotStatus`, then the realtime pushes of its topic. */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Card, Descriptions, Flex, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useSubscription } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { robotStatusLabel, robotTopic, SeverityTag, useBatteryLow, useEventQuery, useFormat, useLinkState, useSchemas, type Lang , useCanNow } from '@runtime';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';
import { ENV_READINGS, mergeRobotStatus, type RobotStatusView } from './robot-status-model';
import { CameraView } from './camera-view';
import { ControlPanel } from './control-panel';
import { useElementWidth } from './use-fit';

/** Width of the state and control column beside the camera. */
const SIDE_WIDTH = 320;
/** The panel puts the camera beside that column from this width on (the camera keeps ≥ 420 px). */
const SIDE_BY_SIDE_FROM = 760;

const ERROR_STATUSES = new Set(['4', '6', '12']);
const CHARGING_STATUSES = new Set(['3', '8', '22']);

function statusColour(key: string): string {
  if (key === 'offline' || key === 'unknown') return 'default';
  if (ERROR_STATUSES.has(key)) return 'error';
  if (CHARGING_STATUSES.has(key)) return 'processing';
  return 'success';
}

function fmt(value: number | undefined, digits: number): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—';
}

/** The status panel of a robot (mount with `key={robotId}`: one subscription per robot). */
export function RobotStatusPanel({ robotId }: { robotId: string }) {
  const panel = useRef<HTMLDivElement>(null);
  const side = useElementWidth(panel) >= SIDE_BY_SIDE_FROM;
  return (
    <div ref={panel} data-layout={side ? 'side' : 'stacked'}>
      <StatusPanel robotId={robotId} side={side} />
    </div>
  );
}

function StatusPanel({ robotId, side }: { robotId: string; side: boolean }) {
  const { t, i18n } = useTranslation('telecontrol');
  const { data: canSteer } = useCanNow({ resource: 'robot', action: 'control' });
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const batteryLow = useBatteryLow();
  const format = useFormat();
  const link = useLinkState();
  const { data: answer, isLoading, error } = useEventQuery('reqRobotStatus', { robotId }, { staleTime: 0 });
  const [view, setView] = useState<RobotStatusView>({});
  const [pushed, setPushed] = useState(false);

  useEffect(() => {
    // The answer only fills what no push has delivered yet (pushes are newer).
    if (answer) setView((v) => ({ ...mergeRobotStatus({}, 'snapshot', answer), ...(pushed ? v : {}) }));
  }, [answer]);

  useSubscription({
    channel: robotTopic(robotId),
    types: ['*'],
    onLiveEvent: (event) => {
      setPushed(true);
      setView((v) => mergeRobotStatus(v, event.type, event.payload as Record<string, unknown>));
    },
  });

  if (isLoading && !pushed) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const status = robotStatusLabel(schemas, view.online, view.status, lang);
  const battery = typeof view.battery === 'number' ? Math.max(0, Math.min(100, Math.round(view.battery))) : undefined;
  const flag = (on: number | undefined, key: 'online' | 'videoOnline' | 'interactOnline', offKey: string) => (
    <Tag key={key} color={on ? 'green' : 'default'} data-flag={key} data-on={on ? '1' : '0'}>
      <Badge status={on ? 'success' : 'default'} /> {on ? t(key) : t(offKey)}
    </Tag>
  );

  // Issue 22: at 1366×768 the camera (player and PTZ pad) sits beside the robot's state and the
  // emergency stop, all on screen as the page opens; position and environment follow below.
  const stateCard = (
    <Card
      size="small"
      style={{ gridArea: 'state' }}
      data-overlay-keep-clear=""
      title={
        <Space size={8} style={{ minWidth: 0 }}>
          <span>{view.robotName ?? robotId}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {robotId}
          </Typography.Text>
        </Space>
      }
      extra={<Badge status={link.connected ? 'processing' : 'default'} text={link.connected ? t('live') : t('notLive')} />}
    >
      <Descriptions size="small" column={side ? 1 : 3} layout={side ? 'horizontal' : 'vertical'} colon={false}>
        <Descriptions.Item label={t('status')}>
          <Tag color={statusColour(status.key)} style={{ fontSize: 16, lineHeight: '24px', padding: '2px 12px', marginInlineEnd: 0 }} data-testid={IDS.statusLabel} data-status-key={status.key}>
            {status.label}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item
          label={
            <span style={{ whiteSpace: 'nowrap' }}>
              <ThunderboltOutlined /> {t('battery')}
            </span>
          }
        >
          <Progress
            data-testid={IDS.battery}
            aria-label={t('battery')}
            data-value={battery ?? ''}
            percent={battery ?? 0}
            status={batteryLow.isLow(battery) ? 'exception' : 'normal'}
            format={() => (battery === undefined ? '—' : `${battery}%`)}
            style={{ marginBottom: 0, width: '100%' }}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('flags')}>
          <Space size={[4, 4]} wrap data-testid={IDS.online} data-online={view.online ? '1' : '0'}>
            {flag(view.online, 'online', 'offline')}
            {flag(view.videoOnline, 'videoOnline', 'videoOffline')}
            {flag(view.interactOnline, 'interactOnline', 'interactOffline')}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );

  return (
    <Flex vertical gap={16} data-testid={IDS.panel}>
      {error && !pushed ? <Alert type="error" showIcon message={t('loadFailed')} description={error.message} /> : null}
      {/* One grid in both layouts (the player is not remounted when the window is resized). */}
      <div
        style={{
          display: 'grid',
          gap: 16,
          alignItems: 'start',
          ...(side
            ? { gridTemplateColumns: `minmax(0, 1fr) ${SIDE_WIDTH}px`, gridTemplateRows: 'auto 1fr', gridTemplateAreas: '"camera state" "camera control"' }
            : { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"state" "camera" "control"' }),
        }}
      >
        {stateCard}
        <div style={{ gridArea: 'camera', minWidth: 0 }}>
          <CameraView robotId={robotId} videoOnline={!!view.online && !!view.videoOnline} state={view} />
        </div>
        <div style={{ gridArea: 'control', minWidth: 0 }}>
          {canSteer?.can ? (
            <ControlPanel robotId={robotId} robotType={view.robotType} robotName={view.robotName} state={view} />
          ) : canSteer ? (
            // Spec §6: a monitoring user watches; no control is offered that the server would refuse.
            <Alert type="info" showIcon message={t('viewOnly.title')} description={t('viewOnly.text')} data-testid={IDS.viewOnly} />
          ) : null}
        </div>
      </div>
      {/* Readings the operator watches: the alarm pop-ups keep clear of them (data-overlay-keep-clear, plugins/alarms/popup-spot.ts). */}
      <Card title={t('position')} size="small" data-overlay-keep-clear="" data-testid={IDS.positionCard}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid={IDS.position}>
          <Descriptions.Item label={t('x')}>
            <span data-field="x">{fmt(view.x, 0)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('y')}>
            <span data-field="y">{fmt(view.y, 0)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('heading')}>{fmt(view.theta, 2)}</Descriptions.Item>
          <Descriptions.Item label={t('latitude')}>
            <span data-field="latitude">{fmt(view.latitude, 6)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('longitude')}>
            <span data-field="longitude">{fmt(view.longitude, 6)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('emergency')}>{view.emergencyButtonStatus ? <SeverityTag level={3}>{t('pressed')}</SeverityTag> : t('released')}</Descriptions.Item>
          <Descriptions.Item label={t('robotType')}>{view.robotType !== undefined ? schemas.enumLabel('robot-type', view.robotType, lang) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('updatedAt')}>
            <span data-testid={IDS.updatedAt}>{format.dateTime(view.updatedAt, '—')}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {view.env ? (
        <Card title={t('env.title')} size="small" data-overlay-keep-clear="" data-testid={IDS.envCard}>
          <Descriptions column={{ xs: 2, sm: 3, xl: 6 }} size="small" layout="vertical" colon={false} data-testid={IDS.env}>
            {ENV_READINGS.map(({ key, unit, digits }) => (
              <Descriptions.Item key={key} label={t(`env.${key}`)}>
                <span data-field={key}>
                  <Typography.Text strong>{fmt(view.env?.[key], digits)}</Typography.Text> <Typography.Text type="secondary">{unit}</Typography.Text>
                </span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ) : null}
    </Flex>
  );
}
