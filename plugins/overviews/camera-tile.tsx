/** One live camera of the dashboard: the runtime's FLV player (as the video wall), stream address from the runtime (the dashboard's cameras share one reqVideoStreams call). */
import { useEffect, useState } from 'react';
import { Alert, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAbortedError, liveVideoUrl, LivePlayer, requestStreamAddress, useVideoPushes, type PlayerState } from '@runtime';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

/** Props of a camera tile. */
export interface CameraTileProps {
  index: number;
  robotId: string;
  cameraId: number;
  robotName: string;
  height: number;
  /** The camera's stream: `sub` (640×360) in a grid of several, `main` when the camera is the dashboard's only one. Default main. */
  stream?: 'main' | 'sub';
}

/** A dashboard camera. */
export function CameraTile({ index, robotId, cameraId, robotName, height, stream = 'main' }: CameraTileProps) {
  const { t } = useTranslation('overviews');
  const [url, setUrl] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [state, setState] = useState<PlayerState>('nodata');
  // Spec §4/§8: error reports and new addresses restart the camera; a heartbeat above 1 stops it.
  const video = useVideoPushes(robotId, cameraId, state === 'playing');
  useEffect(() => {
    setUrl(undefined);
    setProblem(undefined);
    if (video.destroyed) return;
    const abort = new AbortController();
    requestStreamAddress({ robotId, cameraId }, { signal: abort.signal })
      .then((a) => setUrl(liveVideoUrl(a.path, stream)))
      .catch((err: unknown) => !isAbortedError(err) && setProblem((err as Error).message));
    return () => abort.abort();
  }, [robotId, cameraId, stream, video.restarts, video.destroyed]);
  return (
    <div data-testid={`${IDS.camera}-${index}`} data-state={state} data-stream={stream} style={{ background: '#111827', borderRadius: 8, overflow: 'hidden', border: '1px solid #1f2937' }}>
      <Flex gap={6} align="center" justify="space-between" style={{ padding: '4px 8px' }}>
        <Typography.Text ellipsis style={{ color: '#e5e7eb' }}>
          {robotName} · {t(`camera.${cameraId}`)}
        </Typography.Text>
        <Tag color={state === 'playing' ? 'green' : state === 'error' ? 'red' : 'blue'} style={{ marginInlineEnd: 0 }}>
          {t(`state.${state}`)}
        </Tag>
      </Flex>
      <LivePlayer
        url={url}
        height={height}
        data-testid={`${IDS.camera}-player-${index}`}
        onStateChange={setState}
        notice={
          problem || video.destroyed ? (
            <>
              {problem ? <Alert banner type="warning" message={problem} /> : null}
              {video.destroyed ? <Alert banner type="error" message={t('streamStopped')} /> : null}
            </>
          ) : null
        }
      />
    </div>
  );
}
