/**
 * The selected robot's cameras: a switch of the five cameras, the live player (reqVideoStream,
 * with the stream's codec), the definition (videoParamNew; 4 original only with a central
 * control, spec §4) and the camera's push-video switch (pushVideo), a snapshot of the current
 * frame (downloaded and uploaded to Snapped pictures), the camera settings dialog (not for
 * general users, spec §6) and the pan/tilt/zoom pad. The player is as high as the picture at its
 * width, but no higher than keeps the pad under it inside the window (issue 22).
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Divider, Segmented, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { CameraOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent, isAbortedError, lazyNamed, liveVideoUrl, LivePlayer, preloadLivePlayer, requestStreamAddress, restCall, useVideoPushes, type PlayerState, type StreamAnswer , useCanNow } from '@runtime';
import { Definition } from '@common/camera';
import type { ControlState } from '@common/robot-control';
import { cameraPushes, type RobotStatusView } from './robot-status-model';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';
import { PtzPad } from './ptz-pad';
import { RobotSnap } from './robot-snap';
import { usePlayerHeight } from './use-fit';

// The camera settings dialog (time pickers, sliders, tabs) is asked for when first opened, or when the
// pointer or focus comes to its button: it is not part of the panel's first paint (issue 23).
const CameraSettingsDialog = lazyNamed(() => import('./camera-settings-dialog'), 'CameraSettingsDialog');

const CAMERAS = [0, 1, 2, 3, 4] as const;
const DEFINITIONS = [Definition.hd, Definition.sd, Definition.smooth, Definition.original] as const;

// The player library loads while the page still asks for robots and stream addresses.
void preloadLivePlayer();

/** The frame on screen on a canvas, or null when there is no frame yet. */
function frameOf(video: HTMLVideoElement | null): HTMLCanvasElement | null {
  if (!video || !video.videoWidth) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return canvas;
}

/** Saves a frame as a PNG download. */
function download(canvas: HTMLCanvasElement, name: string): void {
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = name;
  a.click();
}

/** The robot's state the camera view follows: control blocks, online, map, per-camera push flags and definitions. */
export type CameraViewState = ControlState & Pick<RobotStatusView, 'online' | 'mapId' | 'pushVideo' | 'definitions'>;

/** Camera switch, player, definition, push switch, snapshot, settings and PTZ of one robot. */
export function CameraView({ robotId, videoOnline, state }: { robotId: string; videoOnline: boolean; state?: CameraViewState }) {
  const { t } = useTranslation('telecontrol');
  const { message } = App.useApp();
  const [camera, setCamera] = useState<number>(0);
  const [url, setUrl] = useState<string>();
  const [stream, setStream] = useState<StreamAnswer>();
  const [problem, setProblem] = useState<string>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from its first opening on (so that it closes with its animation).
  const [settingsMounted, setSettingsMounted] = useState(false);
  const [busy, setBusy] = useState<'definition' | 'push' | 'snapshot'>();
  const box = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const playerHeight = usePlayerHeight(box, card);
  // Spec §6: general users cannot open video settings (button disabled); the server refuses too.
  const { data: canSettings } = useCanNow({ resource: 'video', action: 'settings' });
  // Switching a camera's push, its definition and its lens steer the robot's camera: robot:control
  // (never a general user, spec §6; the server refuses too).
  const { data: canSteer } = useCanNow({ resource: 'robot', action: 'control' });
  const [playerState, setPlayerState] = useState<PlayerState>('nodata');
  // The robot's push flag of this camera, live from pushVideoFlag / pushVideo; off means no stream to ask for.
  const pushing = cameraPushes(state ?? {}, camera);
  // Spec §4/§8: the camera's error report or new address restarts it; a heartbeat above 1 destroys the player.
  const video = useVideoPushes(robotId, camera, playerState === 'playing');
  useEffect(() => {
    const abort = new AbortController();
    setUrl(undefined);
    setProblem(undefined);
    if (!videoOnline || video.destroyed || !pushing) return;
    requestStreamAddress({ robotId, cameraId: camera }, { signal: abort.signal })
      .then((a) => {
        setStream(a);
        // The single large view plays the camera's main stream (wall tiles ask for the sub stream).
        setUrl(liveVideoUrl(a.path, 'main'));
      })
      .catch((err: unknown) => !isAbortedError(err) && setProblem((err as Error).message));
    return () => abort.abort();
  }, [robotId, camera, videoOnline, video.restarts, video.destroyed, pushing]);
  // Spec §4/§9: the videoParamNew push says the camera's definition; before one, the stream's (default 2).
  const definition = state?.definitions?.[camera] ?? stream?.definition ?? Definition.default;
  const definitions = DEFINITIONS.filter((d) => d !== Definition.original || stream?.centralControl);
  const changeDefinition = async (sharpness: number) => {
    setBusy('definition');
    try {
      // The server pushes videoParamNew (the label follows) and videoUrlChange (the player reloads).
      await callEvent('videoParamNew', { robotId, index: camera, sharpness });
      void message.success(t('definition.changed', { definition: t(`definition.${sharpness}`) }));
    } catch (err) {
      if (!isAbortedError(err)) void message.error((err as Error).message);
    } finally {
      setBusy(undefined);
    }
  };
  const switchPush = async (on: boolean) => {
    setBusy('push');
    try {
      // The server pushes pushVideoFlag: the switch and the player follow it, for every viewer.
      await callEvent('pushVideo', { robotId, cameraId: camera, isPushVideo: on ? 1 : 0 });
    } catch (err) {
      if (!isAbortedError(err)) void message.error((err as Error).message);
    } finally {
      setBusy(undefined);
    }
  };
  const takeSnapshot = async () => {
    const frame = frameOf(box.current?.querySelector('video') ?? null);
    if (!frame) return void message.warning(t('snapshotNoVideo'));
    const name = `${robotId}-${t(`camera.${camera}`)}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    download(frame, `${name}.png`);
    // Spec §7: the snapshot upload is form data (imgFile, robotId, mapId); JPEG keeps it small.
    setBusy('snapshot');
    try {
      const blob = await new Promise<Blob | null>((resolve) => frame.toBlob(resolve, 'image/jpeg', 0.9));
      if (!blob) throw new Error(t('snapshotNoVideo'));
      const form = new FormData();
      form.append('robotId', robotId);
      form.append('mapId', state?.mapId == null ? '' : String(state.mapId));
      form.append('cameraId', String(camera));
      form.append('imgFile', blob, `${name}.jpg`);
      await restCall('/api/snapPictures', { method: 'POST', body: form });
      void message.success(t('snapshotUploaded'));
    } catch (err) {
      if (!isAbortedError(err)) void message.warning(t('snapshotUploadFailed', { reason: (err as Error).message }));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Card
      ref={card}
      size="small"
      title={
        <Space size={8}>
          {t('camera.title')}
          {url && stream?.codec ? (
            <Tag bordered={false} style={{ fontWeight: 'normal' }} data-testid={IDS.codec} data-codec={stream.codec}>
              {stream.codec === 'h265' ? 'H.265' : 'H.264'}
            </Tag>
          ) : null}
        </Space>
      }
      extra={
        <Space wrap>
          <Tooltip title={t('snapshot')}>
            <Button size="small" icon={<CameraOutlined />} onClick={() => void takeSnapshot()} loading={busy === 'snapshot'} disabled={!url} aria-label={t('snapshot')} data-testid={IDS.snapshot} />
          </Tooltip>
          {canSteer?.can ? <RobotSnap robotId={robotId} cameraId={camera} disabled={!state?.online} /> : null}
          <Tooltip title={canSettings?.can ? t('settings.open') : t('settings.noPermission')}>
            <Button
              size="small"
              icon={<SettingOutlined />}
              onClick={() => {
                setSettingsMounted(true);
                setSettingsOpen(true);
              }}
              onPointerEnter={() => void CameraSettingsDialog.preload()}
              onFocus={() => void CameraSettingsDialog.preload()}
              disabled={!canSettings?.can || !state?.online}
              data-testid={IDS.cameraSettings}
            >
              {t('settings.button')}
            </Button>
          </Tooltip>
        </Space>
      }
    >
      {/* In the body, not the card's extra: five cameras beside the buttons squeezed the title away below ~1400 px. */}
      <Space wrap size={[16, 8]} style={{ marginBottom: 8 }}>
        <Segmented size="small" value={camera} onChange={(v) => setCamera(Number(v))} options={CAMERAS.map((c) => ({ value: c, label: t(`camera.${c}`) }))} data-testid={IDS.cameraSwitch} />
        <Space size={6}>
          <Typography.Text type="secondary">{t('definition.label')}</Typography.Text>
          <Select
            size="small"
            style={{ minWidth: 96 }}
            value={definition}
            onChange={(v) => void changeDefinition(v)}
            loading={busy === 'definition'}
            disabled={!canSteer?.can || !videoOnline || !pushing || busy === 'definition'}
            options={definitions.map((d) => ({ value: d, label: t(`definition.${d}`) }))}
            aria-label={t('definition.label')}
            data-testid={IDS.definition}
          />
        </Space>
        <Space size={6}>
          <Typography.Text type="secondary">{t('push.label')}</Typography.Text>
          <Tooltip title={canSteer?.can ? t('push.tip') : t('push.noPermission')}>
            <Switch
              size="small"
              checked={pushing}
              onChange={(on) => void switchPush(on)}
              loading={busy === 'push'}
              disabled={!canSteer?.can || !state?.online}
              aria-label={t('push.label')}
              data-testid={IDS.pushSwitch}
              data-on={pushing ? '1' : '0'}
            />
          </Tooltip>
        </Space>
      </Space>
      {problem ? <Alert type="warning" showIcon message={problem} style={{ marginBottom: 8 }} /> : null}
      {video.destroyed ? <Alert type="error" showIcon message={t('camera.streamStopped')} style={{ marginBottom: 8 }} data-testid={IDS.streamStopped} /> : null}
      <div ref={box}>
        <LivePlayer url={url} codec={stream?.codec} height={playerHeight} data-testid={IDS.player} onStateChange={setPlayerState} noDataHint={videoOnline && !pushing ? t('push.offHint') : undefined} />
      </div>
      {state?.online && canSteer?.can ? (
        <>
          <Divider orientation="left" plain style={{ margin: '8px 0' }}>
            {t('ptz.title')}
          </Divider>
          <PtzPad robotId={robotId} cameraId={camera} state={state} />
        </>
      ) : null}
      {canSettings?.can && settingsMounted ? (
        <Suspense fallback={null}>
          <CameraSettingsDialog robotId={robotId} cameraId={camera} open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
