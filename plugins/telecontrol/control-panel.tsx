/**
 * Robot control of the telecontrol screen: emergency button, the actions of spec §3, charging,
 * the remote call, broadcast and media, lifter and fire-fighting. What is offered follows the
 * robot's kind; a blocked control says why on hover and the server's refusal is shown on click.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Divider, Flex, Input, InputNumber, Popconfirm, Popover, Select, Space, Tag, Tooltip, Typography } from 'antd';
import {
  AimOutlined,
  AlertOutlined,
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  FireOutlined,
  PauseCircleOutlined,
  PhoneOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  RedoOutlined,
  SendOutlined,
  StopOutlined,
  SyncOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CallPanel, callNamedEvent, isAbortedError, isCallActive, useCall, useCatalogue } from '@runtime';
import { RobotAction } from '@common/robot-actions';
import type { ParamOf } from '@common/events';
import { BROADCAST_MAX_LENGTH, CallState, CHARGING_STATUSES, controlBlock, FireOperation, LIFTER_MAX_DISTANCE_MM, robotOffers, type Control, type ControlState } from '@common/robot-control';
import { useRobotCommand } from './use-robot-command';
import { SosControl } from './sos-control';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';

/** What the panel needs of the robot. */
export interface ControlPanelProps {
  robotId: string;
  robotType?: number;
  robotName?: string;
  state: ControlState & { online?: number };
}

type ActionName = keyof typeof RobotAction;
const PLAIN_ACTIONS: { name: ActionName; icon: React.ReactNode }[] = [
  { name: 'telecontrol', icon: <ToolOutlined /> },
  { name: 'auto', icon: <SyncOutlined /> },
  { name: 'resetPosition', icon: <RedoOutlined /> },
  { name: 'startAlarm', icon: <AlertOutlined /> },
  { name: 'stop', icon: <StopOutlined /> },
];

/** The control panel of one robot. */
export function ControlPanel({ robotId, robotType, robotName, state }: ControlPanelProps) {
  const { t } = useTranslation('telecontrol');
  const msg = useCatalogue();
  useCall();
  const { run, busy, last } = useRobotCommand(state, robotId);
  const online = !!state.online;
  const offers = (c: Control) => robotOffers(robotType, c);
  const label = (name: string) => t(`action.${name}`);
  const hint = (c: Control) => {
    if (!online) return msg('robotOffline');
    const key = controlBlock(c, state);
    return key ? msg(key) : undefined;
  };
  const action = (name: ActionName, params?: ParamOf<'robotAction'>['params']) => run(name, label(name), 'robotAction', { robotId, action: RobotAction[name], ...(params ? { params } : {}) });
  const button = (c: Control, text: string, onClick: () => void, icon?: React.ReactNode, extra: { danger?: boolean; type?: 'primary' | 'default' } = {}) => (
    <Tooltip key={`${c}-${text}`} title={hint(c)}>
      <Button icon={icon} onClick={onClick} loading={busy?.endsWith(`:${text}`)} danger={extra.danger} type={extra.type} data-testid={`${IDS.action}-${c}`} data-blocked={hint(c) ? '1' : '0'}>
        {text}
      </Button>
    </Tooltip>
  );

  const emergency = state.emergencyButtonStatus === 1;
  const charging = state.status !== undefined && CHARGING_STATUSES.includes(state.status);
  const onCall = state.interactionState === CallState.onCall || state.interactionState === CallState.waiting;

  return (
    <Card title={t('control.title')} size="small" data-testid={IDS.controlPanel}>
      <Flex gap={12} wrap align="center">
        {emergency ? (
          <Popconfirm title={t('emergencyReleaseConfirm')} okText={t('release')} cancelText={t('cancel')} onConfirm={() => run('emergencyButton', t('action.release'), 'emergencyButton', { robotId, status: 0 })}>
            <Button danger type="primary" size="large" icon={<PoweroffOutlined />} data-testid={IDS.emergency} data-pressed="1">
              {t('action.release')}
            </Button>
          </Popconfirm>
        ) : (
          // Pressing needs no confirmation: it is the emergency stop.
          <Button danger type="primary" size="large" icon={<PoweroffOutlined />} data-testid={IDS.emergency} data-pressed="0" disabled={!online} onClick={() => run('emergencyButton', t('action.emergency'), 'emergencyButton', { robotId, status: 1 })}>
            {t('action.emergency')}
          </Button>
        )}
        {emergency ? <Tag color="red">{t('emergencyPressedHint')}</Tag> : null}
      </Flex>

      <Divider orientation="left" plain>
        {t('control.actions')}
      </Divider>
      <Flex gap={8} wrap>
        {PLAIN_ACTIONS.filter((a) => offers(a.name)).map((a) => button(a.name, label(a.name), () => void action(a.name), a.icon))}
        {offers('goPosition') ? <GoPosition disabledHint={hint('goPosition')} onGo={(x, y) => void action('goPosition', { x, y })} /> : null}
      </Flex>

      {offers('goCharge') || offers('manualCharging') ? (
        <>
          <Divider orientation="left" plain>
            {t('control.charging')}
          </Divider>
          <Flex gap={8} wrap>
            {offers('goCharge') ? button('goCharge', label('goCharge'), () => void action('goCharge'), <ThunderboltOutlined />, { type: 'primary' }) : null}
            {offers('manualCharging')
              ? state.status === 22
                ? button('stop', t('action.manualChargingStop'), () => void run('stop', t('action.manualChargingStop'), 'manualCharging', { robotId, status: 0 }), <PauseCircleOutlined />)
                : button('manualCharging', t('action.manualCharging'), () => void run('manualCharging', t('action.manualCharging'), 'manualCharging', { robotId, status: 1 }), <ThunderboltOutlined />)
              : null}
            {/* Spec §8: BMS calibration is refused unless the robot is in emergency stop (the server says so too). */}
            <Tooltip title={!online ? msg('robotOffline') : emergency || state.status === 6 ? undefined : msg('refusedBmsCalibration')}>
              <Button
                icon={<ThunderboltOutlined />}
                loading={busy?.endsWith(`:${t('action.bmsCalibration')}`)}
                data-testid={`${IDS.action}-bmsCalibration`}
                data-blocked={emergency || state.status === 6 ? '0' : '1'}
                onClick={() => void run('manualCharging', t('action.bmsCalibration'), 'bmsCalibration', { robotId })}
              >
                {t('action.bmsCalibration')}
              </Button>
            </Tooltip>
            {charging ? <Tag color="processing">{t('chargingNow')}</Tag> : null}
          </Flex>
        </>
      ) : null}

      <Divider orientation="left" plain>
        {t('control.audio')}
      </Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        {offers('remoteCall') ? <CallPanel robotId={robotId} robotName={robotName} online={online} interactOnline={state.interactOnline === undefined ? undefined : !!state.interactOnline} /> : null}
        {onCall && !isCallActive(robotId) ? (
          <Flex gap={8} align="center">
            {button('remoteCall', t('action.hangUp'), () => void run('stop', t('action.hangUp'), 'robotAction', { robotId, action: RobotAction.remoteCall, params: { call: 0 } }), <PhoneOutlined rotate={135} />, { danger: true })}
            <Tag color="green">{t('call.onCall')}</Tag>
          </Flex>
        ) : null}
        <SosControl robotId={robotId} hint={online ? undefined : msg('robotOffline')} />
        <Broadcast onSend={(text) => action('broadcast', { text })} hint={hint('broadcast')} />
        <MediaPlay onPlay={(mediaId) => action('mediaPlay', { mediaId })} hint={hint('mediaPlay')} />
      </Space>

      {offers('lifter') ? <Lifter robotId={robotId} run={run} hint={hint('lifter')} /> : null}
      {offers('fireControl') ? <FireControl robotId={robotId} run={run} hint={hint('fireControl')} spraying={state.status === 21} /> : null}

      {last ? (
        <Alert style={{ marginTop: 12 }} showIcon type={last.ok ? 'success' : 'error'} message={<span data-testid={IDS.answer}>{last.text}</span>} data-ok={last.ok ? '1' : '0'} />
      ) : null}
    </Card>
  );
}

function GoPosition({ onGo, disabledHint }: { onGo: (x: number, y: number) => void; disabledHint?: string }) {
  const { t } = useTranslation('telecontrol');
  const [open, setOpen] = useState(false);
  const [x, setX] = useState<number | null>(0);
  const [y, setY] = useState<number | null>(0);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('goPositionTitle')}
      content={
        <Space direction="vertical">
          <InputNumber addonBefore="X (mm)" value={x} onChange={setX} style={{ width: 220 }} />
          <InputNumber addonBefore="Y (mm)" value={y} onChange={setY} style={{ width: 220 }} />
          <Button
            type="primary"
            block
            onClick={() => {
              setOpen(false);
              onGo(x ?? 0, y ?? 0);
            }}
          >
            {t('go')}
          </Button>
        </Space>
      }
    >
      <Tooltip title={disabledHint}>
        <Button icon={<AimOutlined />} data-testid={`${IDS.action}-goPosition`} data-blocked={disabledHint ? '1' : '0'}>
          {t('action.goPosition')}
        </Button>
      </Tooltip>
    </Popover>
  );
}

function Broadcast({ onSend, hint }: { onSend: (text: string) => Promise<unknown>; hint?: string }) {
  const { t } = useTranslation('telecontrol');
  const [text, setText] = useState('');
  const send = async () => {
    if (!text.trim()) return;
    const r = (await onSend(text.trim())) as { ok?: boolean } | null;
    if (r?.ok) setText('');
  };
  return (
    <Tooltip title={hint}>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={text} onChange={(e) => setText(e.target.value)} onPressEnter={() => void send()} maxLength={BROADCAST_MAX_LENGTH} placeholder={t('broadcastPlaceholder')} aria-label={t('action.broadcast')} data-testid={IDS.broadcastText} />
        <Button icon={<SendOutlined />} onClick={() => void send()} disabled={!text.trim()} data-testid={`${IDS.action}-broadcast`}>
          {t('action.broadcast')}
        </Button>
      </Space.Compact>
    </Tooltip>
  );
}

function MediaPlay({ onPlay, hint }: { onPlay: (mediaId: number) => Promise<unknown>; hint?: string }) {
  const { t } = useTranslation('telecontrol');
  const [media, setMedia] = useState<{ id: number; name: string; type: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<number>();
  useEffect(() => {
    const abort = new AbortController();
    (callNamedEvent('queryMediaEntry', { pageNum: 1, pageSize: 100 }, { signal: abort.signal }) as Promise<{ list: { id: number; name: string; type: string }[] }>)
      .then((a) => setMedia((a?.list ?? []).filter((m) => m.type !== 'entry')))
      .catch((err: unknown) => {
        if (isAbortedError(err)) return;
        setMedia([]);
        setFailed(true);
      });
    return () => abort.abort();
  }, []);
  return (
    <Tooltip title={hint}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          // minWidth 0: a long placeholder must shrink (ellipsis), not push Play out of the card.
          style={{ flex: 1, minWidth: 0 }}
          loading={media === null}
          value={chosen}
          onChange={setChosen}
          placeholder={failed ? t('mediaUnavailable') : t('mediaPlaceholder')}
          notFoundContent={<Typography.Text type="secondary">{t('mediaNone')}</Typography.Text>}
          options={(media ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.type})` }))}
          aria-label={t('action.mediaPlay')}
        />
        <Button icon={<PlayCircleOutlined />} disabled={chosen === undefined} onClick={() => chosen !== undefined && void onPlay(chosen)} data-testid={`${IDS.action}-mediaPlay`}>
          {t('action.mediaPlay')}
        </Button>
      </Space.Compact>
    </Tooltip>
  );
}

type Run = ReturnType<typeof useRobotCommand>['run'];

function Lifter({ robotId, run, hint }: { robotId: string; run: Run; hint?: string }) {
  const { t } = useTranslation('telecontrol');
  const [distance, setDistance] = useState<number | null>(100);
  const [height, setHeight] = useState<number>();
  const go = async (direction: 'up' | 'down' | 'stop') => {
    const r = await run(direction === 'stop' ? 'stop' : 'lifter', t(`lifter.${direction}`), 'lifterControl', { robotId, direction, ...(direction === 'stop' ? {} : { distance: distance ?? 100 }) }, { quiet: true });
    if (r?.ok && typeof r.data?.height === 'number') setHeight(r.data.height);
  };
  return (
    <>
      <Divider orientation="left" plain>
        {t('control.lifter')}
      </Divider>
      <Tooltip title={hint}>
        <Flex gap={8} wrap align="center" data-testid={IDS.lifter}>
          <InputNumber min={1} max={LIFTER_MAX_DISTANCE_MM} precision={0} value={distance} onChange={setDistance} addonAfter="mm" style={{ width: 140 }} aria-label={t('lifter.distance')} />
          <Button icon={<ArrowUpOutlined />} onClick={() => void go('up')}>
            {t('lifter.up')}
          </Button>
          <Button icon={<ArrowDownOutlined />} onClick={() => void go('down')}>
            {t('lifter.down')}
          </Button>
          <Button icon={<StopOutlined />} onClick={() => void go('stop')}>
            {t('lifter.stop')}
          </Button>
          <Typography.Text type="secondary">{t('lifter.height')}: {height === undefined ? '—' : `${height} mm`}</Typography.Text>
        </Flex>
      </Tooltip>
    </>
  );
}

function FireControl({ robotId, run, hint, spraying }: { robotId: string; run: Run; hint?: string; spraying: boolean }) {
  const { t } = useTranslation('telecontrol');
  const op = (operation: number, label: string) => void run('fireControl', label, 'fireControl', { robotId, operation }, { quiet: operation > 1 });
  const nozzle: [number, string, React.ReactNode][] = [
    [FireOperation.nozzleUp, 'up', <ArrowUpOutlined key="u" />],
    [FireOperation.nozzleDown, 'down', <ArrowDownOutlined key="d" />],
    [FireOperation.nozzleLeft, 'left', <ArrowLeftOutlined key="l" />],
    [FireOperation.nozzleRight, 'right', <ArrowRightOutlined key="r" />],
  ];
  return (
    <>
      <Divider orientation="left" plain>
        {t('control.fire')}
      </Divider>
      <Tooltip title={hint}>
        <Flex gap={8} wrap align="center" data-testid={IDS.fire}>
          {spraying ? (
            <Button icon={<StopOutlined />} onClick={() => op(FireOperation.sprayOff, t('fire.sprayOff'))}>
              {t('fire.sprayOff')}
            </Button>
          ) : (
            <Popconfirm title={t('fire.sprayConfirm')} okText={t('fire.sprayOn')} cancelText={t('cancel')} onConfirm={() => op(FireOperation.sprayOn, t('fire.sprayOn'))}>
              <Button danger icon={<FireOutlined />}>
                {t('fire.sprayOn')}
              </Button>
            </Popconfirm>
          )}
          {nozzle.map(([code, dir, icon]) => (
            <Button key={dir} icon={icon} aria-label={t(`fire.nozzle.${dir}`)} title={t(`fire.nozzle.${dir}`)} onClick={() => op(code, t(`fire.nozzle.${dir}`))} />
          ))}
        </Flex>
      </Tooltip>
    </>
  );
}
