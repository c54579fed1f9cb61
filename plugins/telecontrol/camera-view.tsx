/** The selected robot's cameras: a switch of the five cameras and the live player (reqVideoStream). */
import { useEffect, useState } from 'react';
import { Alert, Card, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEvent, getConfig, getToken, isAbortedError, LivePlayer } from '@runtime';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';

const CAMERAS = [0, 1, 2, 3, 4] as const;

/** The websocket origin of the stream: from /config.json's websocket address, else this page. */
function wsOrigin(): string {
  const ws = getConfig()?.wsUrl;
  if (ws) return ws.replace(/\/ws$/, '');
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`;
}

/** Camera switch and player of one robot. */
export function CameraView({ robotId, videoOnline }: { robotId: string; videoOnline: boolean }) {
  const { t } = useTranslation('telecontrol');
  const [camera, setCamera] = useState<number>(0);
  const [url, setUrl] = useState<string>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const abort = new AbortController();
    setUrl(undefined);
    setProblem(undefined);
    if (!videoOnline) return;
    callEvent<{ path: string }>('reqVideoStream', { robotId, cameraId: camera }, { signal: abort.signal })
      .then((a) => setUrl(`${wsOrigin()}${a.path}?token=${encodeURIComponent(getToken() ?? '')}`))
      .catch((err: unknown) => !isAbortedError(err) && setProblem((err as Error).message));
    return () => abort.abort();
  }, [robotId, camera, videoOnline]);
  return (
    <Card
      size="small"
      title={t('camera.title')}
      extra={
        <Segmented
          size="small"
          value={camera}
          onChange={(v) => setCamera(Number(v))}
          options={CAMERAS.map((c) => ({ value: c, label: t(`camera.${c}`) }))}
          data-testid={IDS.cameraSwitch}
        />
      }
    >
      {problem ? <Alert type="warning" showIcon message={problem} style={{ marginBottom: 8 }} /> : null}
      <LivePlayer url={url} height={340} data-testid={IDS.player} />
    </Card>
  );
}
