/**
 * Pan/tilt (robot action ptz), zoom and focus (cameraZoom / cameraFocus, codes 16, 32, 65, 66,
 * 72, 68) and presets (129 set, 130 go; digits only, 2/45/49 reserved). Keyboard: with the pad
 * focused, arrows pan and tilt, + / - zoom, [ / ] focus, F auto focus; a press starts a move and
 * its release sends stop. The lens read-out keeps, per camera, the last value of each of zoom,
 * focus, pan and tilt (a pan answers only pan and tilt).
 */
import { useRef, useState } from 'react';
import { Button, Flex, Input, Space, Tooltip, Typography } from 'antd';
import { AimOutlined, ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, UnorderedListOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '@runtime';
import { RobotAction } from '@common/robot-actions';
import { CameraAction, MAX_PRESET, presetProblem, type ControlState, type PTZ_DIRECTIONS } from '@common/robot-control';
import { useRobotCommand } from './use-robot-command';
import { mergeLens, type LensReadout } from './robot-status-model';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';
import { PtzPresetsDialog } from './ptz-presets';

type Lens = 'zoomIn' | 'zoomOut' | 'focusNear' | 'focusFar';
const LENS_EVENT: Record<Lens, 'cameraZoom' | 'cameraFocus'> = { zoomIn: 'cameraZoom', zoomOut: 'cameraZoom', focusNear: 'cameraFocus', focusFar: 'cameraFocus' };
const KEYS: Record<string, { pan?: 'up' | 'down' | 'left' | 'right'; lens?: Lens; auto?: true }> = {
  ArrowUp: { pan: 'up' },
  ArrowDown: { pan: 'down' },
  ArrowLeft: { pan: 'left' },
  ArrowRight: { pan: 'right' },
  '+': { lens: 'zoomIn' },
  '=': { lens: 'zoomIn' },
  '-': { lens: 'zoomOut' },
  '[': { lens: 'focusNear' },
  ']': { lens: 'focusFar' },
  f: { auto: true },
};

/** The PTZ pad of one camera. */
export function PtzPad({ robotId, cameraId, state }: { robotId: string; cameraId: number; state: ControlState }) {
  const { t } = useTranslation('telecontrol');
  const msg = useCatalogue();
  const { run: runCommand } = useRobotCommand(state);
  const [lensOf, setLensOf] = useState<Partial<Record<number, LensReadout>>>({});
  const [preset, setPreset] = useState('');
  const [presetsOpen, setPresetsOpen] = useState(false);
  const held = useRef<string | null>(null);
  // Every PTZ and lens command answers the camera's position: merged into its camera's read-out.
  const run: typeof runCommand = async (control, label, event, param, opts) => {
    const answer = await runCommand(control, label, event, param, opts);
    if (answer?.ok && answer.data) {
      setLensOf((all) => {
        const merged = mergeLens(all[cameraId], answer.data);
        return merged === all[cameraId] ? all : { ...all, [cameraId]: merged };
      });
    }
    return answer;
  };
  const lensState = lensOf[cameraId];
  const problem = preset ? presetProblem(preset) : null;

  const pan = (direction: (typeof PTZ_DIRECTIONS)[number]) => void run('ptz', t(`ptz.${direction}`), 'robotAction', { robotId, action: RobotAction.ptz, params: { direction, cameraId } }, { quiet: true });
  const lens = (l: Lens) => void run('cameraPtz', t(`ptz.${l}`), LENS_EVENT[l], { robotId, cameraId, Action: CameraAction[l] }, { quiet: true });
  const stop = (what: string) => {
    if (what.startsWith('pan')) pan('stop');
    else void run('cameraPtz', t('ptz.stop'), what === 'zoomIn' || what === 'zoomOut' ? 'cameraZoom' : 'cameraFocus', { robotId, cameraId, Action: CameraAction.stop }, { quiet: true });
  };
  const press = (what: string, start: () => void) => {
    if (held.current === what) return; // key repeat
    held.current = what;
    start();
  };
  const release = () => {
    const what = held.current;
    held.current = null;
    if (what) stop(what);
  };
  const presetCall = (code: 'setPreset' | 'goPreset') => {
    if (problem || !preset) return;
    void run('cameraPtz', t(`ptz.${code}`, { preset }), 'cameraFocus', { robotId, cameraId, Action: CameraAction[code], preset });
  };
  const hold = (what: string, start: () => void) => ({
    onMouseDown: () => press(what, start),
    onMouseUp: release,
    onMouseLeave: () => held.current === what && release(),
  });
  const arrow = (dir: 'up' | 'down' | 'left' | 'right', icon: React.ReactNode) => (
    <Button icon={icon} aria-label={t(`ptz.${dir}`)} title={t(`ptz.${dir}`)} {...hold(`pan-${dir}`, () => pan(dir))} data-testid={`${IDS.ptz}-${dir}`} />
  );
  const lensButton = (l: Lens, icon: React.ReactNode, text?: string) => (
    <Button icon={icon} aria-label={t(`ptz.${l}`)} title={t(`ptz.${l}`)} {...hold(l, () => lens(l))} data-testid={`${IDS.ptz}-${l}`}>
      {text}
    </Button>
  );

  return (
    <div
      tabIndex={0}
      role="group"
      aria-label={t('ptz.title')}
      data-testid={IDS.ptz}
      style={{ outline: 'none' }}
      onKeyDown={(e) => {
        if ((e.target as HTMLElement).tagName === 'INPUT') return;
        const k = KEYS[e.key.length === 1 ? e.key.toLowerCase() : e.key];
        if (!k) return;
        e.preventDefault();
        if (k.auto) return void run('cameraPtz', t('ptz.autoFocus'), 'cameraFocus', { robotId, cameraId, Action: CameraAction.autoFocus }, { quiet: true });
        if (k.pan) press(`pan-${k.pan}`, () => pan(k.pan!));
        if (k.lens) press(k.lens, () => lens(k.lens!));
      }}
      onKeyUp={(e) => {
        if ((e.target as HTMLElement).tagName === 'INPUT') return;
        if (KEYS[e.key.length === 1 ? e.key.toLowerCase() : e.key]) release();
      }}
    >
      <Flex gap={16} wrap align="center">
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 32px)', gap: 4 }}>
          <span />
          {arrow('up', <ArrowUpOutlined />)}
          <span />
          {arrow('left', <ArrowLeftOutlined />)}
          <Tooltip title={t('ptz.keys')}>
            <Button icon={<AimOutlined />} aria-label={t('ptz.autoFocus')} onClick={() => void run('cameraPtz', t('ptz.autoFocus'), 'cameraFocus', { robotId, cameraId, Action: CameraAction.autoFocus }, { quiet: true })} data-testid={`${IDS.ptz}-autoFocus`} />
          </Tooltip>
          {arrow('right', <ArrowRightOutlined />)}
          <span />
          {arrow('down', <ArrowDownOutlined />)}
          <span />
        </div>
        <Space direction="vertical" size={4}>
          <Space.Compact>
            {lensButton('zoomOut', <ZoomOutOutlined />)}
            <Button disabled style={{ width: 84, paddingInline: 4 }}>
              {t('ptz.zoom')}
            </Button>
            {lensButton('zoomIn', <ZoomInOutlined />)}
          </Space.Compact>
          <Space.Compact>
            {lensButton('focusNear', null, '−')}
            <Button disabled style={{ width: 84, paddingInline: 4 }}>
              {t('ptz.focus')}
            </Button>
            {lensButton('focusFar', null, '+')}
          </Space.Compact>
        </Space>
        <Space direction="vertical" size={4}>
          <Space.Compact>
            <Input
              style={{ width: 96 }}
              value={preset}
              inputMode="numeric"
              maxLength={String(MAX_PRESET).length}
              placeholder={t('ptz.preset')}
              aria-label={t('ptz.preset')}
              status={problem ? 'error' : undefined}
              onChange={(e) => setPreset(e.target.value.trim())}
              onPressEnter={() => presetCall('goPreset')}
              data-testid={IDS.presetInput}
            />
            <Button onClick={() => presetCall('setPreset')} disabled={!preset || !!problem} data-testid={`${IDS.ptz}-setPreset`}>
              {t('ptz.set')}
            </Button>
            <Button onClick={() => presetCall('goPreset')} disabled={!preset || !!problem} data-testid={`${IDS.ptz}-goPreset`}>
              {t('ptz.go')}
            </Button>
            <Tooltip title={t('presets.open')}>
              <Button icon={<UnorderedListOutlined />} aria-label={t('presets.open')} onClick={() => setPresetsOpen(true)} data-testid={`${IDS.ptz}-presets`} />
            </Tooltip>
          </Space.Compact>
          <Typography.Text type={problem ? 'danger' : 'secondary'} style={{ fontSize: 12 }} data-testid={IDS.presetHint}>
            {problem ? msg(problem, { limit: MAX_PRESET }) : t('ptz.presetHint')}
          </Typography.Text>
        </Space>
      </Flex>
      {lensState ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 6 }} data-testid={IDS.lensState}>
          {t('ptz.state', {
            zoom: lensState.zoom ?? '—',
            focus: lensState.focus ?? '—',
            pan: lensState.pan ?? '—',
            tilt: lensState.tilt ?? '—',
          })}
        </Typography.Text>
      ) : null}
      <PtzPresetsDialog robotId={robotId} cameraId={cameraId} cameraName={t(`camera.${cameraId}`)} open={presetsOpen} onClose={() => setPresetsOpen(false)} run={run} />
    </div>
  );
}
