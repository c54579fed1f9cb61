/**
 * The selected robot's cameras: a switch of the five cameras, the live player (reqVideoStream),
 * a snapshot of the current frame, the camera settings dialog (not for general users, spec §6)
 * and the pan/tilt/zoom pad.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Divider, Segmented, Space, Tooltip } from 'antd';
import { CameraOutlined, SettingOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { callEvent, getConfig, getToken, isAbortedError, LivePlayer, preloadLivePlayer, useVideoPushes, type PlayerState } from '@runtime';
import type { ControlState } from '@common/robot-control';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';
import { CameraSettingsDialog } from './camera-settings-dialog';
import { PtzPad } from './ptz-pad';

const CAMERAS = [0, 1, 2, 3, 4] as const;
// The player library loads while the page still asks for robots and stream addresses.
void preloadLivePlayer();

/** The websocket origin of the stream: from /config.json's websocket address, else this page. */
function wsOrigin(): string {
  const ws = getConfig()?.wsUrl;
  if (ws) return ws.replace(/\/ws$/, '');
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`;
}

/** Saves the frame on screen as a PNG named after robot, camera and time. */
function snapshot(video: HTMLVideoElement | null, name: string): boolean {
  if (!video || !video.videoWidth) return false;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = name;
  a.click();
  return true;
}

/** Camera switch, player, snapshot, settings and PTZ of one robot. */
export function CameraView({ robotId, videoOnline, state }: { robotId: string; videoOnline: boolean; state?: ControlState & { online?: number } }) {
  const { t } = useTranslation('telecontrol');
  const { message } = App.useApp();
  const [camera, setCamera] = useState<number>(0);
  const [url, setUrl] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Spec §6: general users cannot open video settings (button disabled); the server refuses too.
  const { data: canSettings } = useCan({ resource: 'video', action: 'settings' });
  const [playerState, setPlayerState] = useState<PlayerState>('nodata');
  // Spec §4/§8: the camera's error report or new address restarts it; a heartbeat above 1 destroys the player.
  const video = useVideoPushes(robotId, camera, playerState === 'playing');
  useEffect(() => {
    const abort = new AbortController();
    setUrl(undefined);
    setProblem(undefined);
    if (!videoOnline || video.destroyed) return;
    callEvent<{ path: string }>('reqVideoStream', { robotId, cameraId: camera }, { signal: abort.signal })
      .then((a) => setUrl(`${wsOrigin()}${a.path}?token=${encodeURIComponent(getToken() ?? '')}`))
      .catch((err: unknown) => !isAbortedError(err) && setProblem((err as Error).message));
    return () => abort.abort();
  }, [robotId, camera, videoOnline, video.restarts, video.destroyed]);
  const takeSnapshot = () => {
    const video = box.current?.querySelector('video') ?? null;
    const name = `${robotId}-${t(`camera.${camera}`)}-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
    if (snapshot(video, name)) void message.success(t('snapshotSaved'));
    else void message.warning(t('snapshotNoVideo'));
  };
  return (
    <Card
      size="small"
      title={t('camera.title')}
      extra={
        <Space wrap>
          <Segmented size="small" value={camera} onChange={(v) => setCamera(Number(v))} options={CAMERAS.map((c) => ({ value: c, label: t(`camera.${c}`) }))} data-testid={IDS.cameraSwitch} />
          <Tooltip title={t('snapshot')}>
            <Button size="small" icon={<CameraOutlined />} onClick={takeSnapshot} disabled={!url} aria-label={t('snapshot')} data-testid={IDS.snapshot} />
          </Tooltip>
          <Tooltip title={canSettings?.can ? t('settings.open') : t('settings.noPermission')}>
            <Button size="small" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} disabled={!canSettings?.can || !state?.online} data-testid={IDS.cameraSettings}>
              {t('settings.button')}
            </Button>
          </Tooltip>
        </Space>
      }
    >
      {problem ? <Alert type="warning" showIcon message={problem} style={{ marginBottom: 8 }} /> : null}
      {video.destroyed ? <Alert type="error" showIcon message={t('camera.streamStopped')} style={{ marginBottom: 8 }} data-testid={IDS.streamStopped} /> : null}
      <div ref={box}>
        <LivePlayer url={url} height={340} data-testid={IDS.player} onStateChange={setPlayerState} />
      </div>
      {state?.online ? (
        <>
          <Divider orientation="left" plain style={{ margin: '12px 0' }}>
            {t('ptz.title')}
          </Divider>
          <PtzPad robotId={robotId} cameraId={camera} state={state} />
        </>
      ) : null}
      {canSettings?.can ? <CameraSettingsDialog robotId={robotId} cameraId={camera} open={settingsOpen} onClose={() => setSettingsOpen(false)} /> : null}
    </Card>
  );
}
