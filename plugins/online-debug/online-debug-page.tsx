/**
 * Online debugging (spec §2 onlineDebug, issue 19): the selected robot's debug, walk and static
 * parameters as generated forms (common/debug-params.ts; values read from the robot, checked by the
 * server against the same schemas), diagnostic actions, restoring the robot's app and power off /
 * reboot after a confirmation. Every action is recorded in the operation log by the server.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, List, Row, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { PoweroffOutlined, ReloadOutlined, RollbackOutlined, SaveOutlined, SyncOutlined, ToolOutlined } from '@ant-design/icons';
import Form from '@rjsf/antd';
import { useTranslation } from 'react-i18next';
import { DIAGNOSTIC_ACTIONS, type DebugParamKind, type DebugParams, type DiagnosticAction } from '@common/debug-params';
import type { AnswerOf } from '@common/events';
import { callEvent, formValidator, getLang, isAbortedError, RobotType, useRobotSelection } from '@runtime';
import { changedParams, rjsfSchema } from './debug-form';
import { ONLINE_DEBUG_TEST_IDS as IDS } from './test-ids';
import './online-debug.css';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

const read = (kind: DebugParamKind, robotId: string, signal?: AbortSignal) =>
  kind === 'debug'
    ? callEvent('getDebugParam', { robotId }, { signal })
    : kind === 'walk'
      ? callEvent('getWalkParam', { robotId }, { signal })
      : callEvent('getStaticParam', { robotId }, { signal });
const write = (kind: DebugParamKind, robotId: string, params: DebugParams) =>
  kind === 'debug' ? callEvent('debugParam', { robotId, params }) : kind === 'walk' ? callEvent('walkParam', { robotId, params }) : callEvent('setStaticParam', { robotId, params });

/** One parameter group: read from the robot, edited, the changed values sent. */
function ParamForm({ kind, robotId }: { kind: DebugParamKind; robotId: string }) {
  const { t } = useTranslation('online-debug');
  const { message } = App.useApp();
  const lang = getLang();
  const schema = useMemo(() => rjsfSchema(kind, lang), [kind, lang]);
  const [loaded, setLoaded] = useState<DebugParams | null>(null);
  const [data, setData] = useState<DebugParams>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setError(null);
      setLoaded(null);
      try {
        const answer = await read(kind, robotId, signal);
        setLoaded(answer.params);
        setData(answer.params);
      } catch (err) {
        if (!isAbortedError(err)) setError(errorText(err));
      }
    },
    [kind, robotId],
  );
  useEffect(() => {
    const ctl = new AbortController();
    void load(ctl.signal);
    return () => ctl.abort();
  }, [load]);

  const save = async (values: DebugParams) => {
    if (!loaded) return;
    const changed = changedParams(loaded, values);
    if (Object.keys(changed).length === 0) {
      message.info(t('unchanged'));
      return;
    }
    setBusy(true);
    try {
      const answer = await write(kind, robotId, changed);
      setLoaded(answer.params);
      setData(answer.params);
      message.success(t('saved'));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (error)
    return (
      <Alert
        type="error"
        showIcon
        data-testid={`${IDS.error}-${kind}`}
        message={error}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()}>
            {t('retry')}
          </Button>
        }
      />
    );
  if (!loaded) return <Spin style={{ display: 'block', margin: 32 }} />;
  return (
    <div data-testid={`${IDS.form}-${kind}`} className="online-debug-form">
      <Form
        schema={schema}
        formData={data}
        validator={formValidator}
        showErrorList={false}
        liveValidate={false}
        onChange={(e) => setData(e.formData as DebugParams)}
        onSubmit={(e) => void save(e.formData as DebugParams)}
        uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
        id={`online-debug-${kind}`}
      >
        <Space>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy} data-testid={`${IDS.save}-${kind}`}>
            {t('save')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void load()} data-testid={`${IDS.reload}-${kind}`}>
            {t('readAgain')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}

type Report = AnswerOf<'fDebug'>['report'];

/** Diagnostic actions, restore, power off / reboot. */
function Actions({ robotId, isStatic }: { robotId: string; isStatic: boolean }) {
  const { t } = useTranslation('online-debug');
  const { message, modal } = App.useApp();
  const actions = DIAGNOSTIC_ACTIONS.filter((a) => !(isStatic && a === 'restartNavigation'));
  const [action, setAction] = useState<DiagnosticAction>('selfCheck');
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async () => {
    setBusy('diagnose');
    try {
      setReport((await callEvent('fDebug', { robotId, action })).report);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  const confirmThen = (key: 'restore' | 'powerOff' | 'reboot', work: () => Promise<unknown>) =>
    modal.confirm({
      title: t(`confirm.${key}.title`),
      content: t(`confirm.${key}.content`, { robot: robotId }),
      okText: t(`confirm.${key}.ok`),
      okButtonProps: { danger: key !== 'restore' },
      cancelText: t('cancel'),
      onOk: async () => {
        setBusy(key);
        try {
          await work();
          message.success(t(`done.${key}`));
        } catch (err) {
          message.error(errorText(err));
        } finally {
          setBusy(null);
        }
      },
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small" title={t('diagnostics')}>
        <Space.Compact style={{ width: '100%' }}>
          <Select<DiagnosticAction>
            data-testid={IDS.diagnostic}
            value={action}
            onChange={setAction}
            style={{ flex: 1 }}
            options={actions.map((a) => ({ value: a, label: t(`action.${a}`) }))}
            aria-label={t('diagnostics')}
          />
          <Button type="primary" icon={<ToolOutlined />} loading={busy === 'diagnose'} onClick={() => void run()} data-testid={IDS.runDiagnostic}>
            {t('run')}
          </Button>
        </Space.Compact>
        <div data-testid={IDS.report} style={{ marginTop: 8, maxHeight: 200, overflow: 'auto' }}>
          {report ? (
            <List
              size="small"
              header={<Tag color={report.ok ? 'green' : 'red'}>{report.ok ? t('reportOk') : t('reportFailed')}</Tag>}
              dataSource={report.items}
              renderItem={(i) => (
                <List.Item>
                  <Typography.Text>{t(`item.${i.item}`, { defaultValue: i.item })}</Typography.Text>
                  <Tag color={i.ok ? 'green' : 'red'}>{i.detail}</Tag>
                </List.Item>
              )}
            />
          ) : (
            <Typography.Text type="secondary">{t('noReport')}</Typography.Text>
          )}
        </div>
      </Card>
      <Card size="small" title={t('maintenance')}>
        <Space wrap>
          <Button icon={<RollbackOutlined />} loading={busy === 'restore'} data-testid={IDS.restore} onClick={() => confirmThen('restore', () => callEvent('restoreAPP', { robotId }))}>
            {t('restore')}
          </Button>
          <Button icon={<SyncOutlined />} danger loading={busy === 'reboot'} data-testid={IDS.reboot} onClick={() => confirmThen('reboot', () => callEvent('remotePoweroffReboot', { robotId, type: 1 }))}>
            {t('reboot')}
          </Button>
          <Button icon={<PoweroffOutlined />} danger loading={busy === 'powerOff'} data-testid={IDS.powerOff} onClick={() => confirmThen('powerOff', () => callEvent('remotePoweroffReboot', { robotId, type: 0 }))}>
            {t('powerOff')}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}

/** The page (default export: the plugin route). */
export default function OnlineDebugPage() {
  const { t } = useTranslation('online-debug');
  const { selection } = useRobotSelection();
  const robotId = selection.robotId;
  const isStatic = selection.robotType === RobotType.staticRobot;
  const kinds: DebugParamKind[] = isStatic ? ['debug', 'static'] : ['debug', 'walk', 'static'];
  if (!robotId) return <Empty description={t('noRobot')} />;
  return (
    <div data-testid={IDS.page}>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid={IDS.robot}>
            {t('robot', { robot: robotId })}
          </Typography.Text>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small">
            {isStatic ? <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('staticNoWalk')} /> : null}
            <Tabs
              destroyOnHidden
              items={kinds.map((k) => ({ key: k, label: <span data-testid={`${IDS.tab}-${k}`}>{t(`tab.${k}`)}</span>, children: <ParamForm key={`${robotId}-${k}`} kind={k} robotId={robotId} /> }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Actions key={robotId} robotId={robotId} isStatic={isStatic} />
        </Col>
      </Row>
    </div>
  );
}
