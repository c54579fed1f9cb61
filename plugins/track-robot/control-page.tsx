/**
 * /trackrobot/control: the rail robot's live state (current status, position along the track,
 * head and lift), remote control along the rail, PTZ pitch and rotate, lift height, camera view.
 * Issue 22: at 1366×768 the camera, the state, the remote control with its stop and the head are
 * on screen as the page opens (camera on the left, state and controls on the right); the rail and
 * the task, point and readings follow under the camera.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Descriptions, Empty, Flex, InputNumber, Row, Slider, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { AimOutlined, CameraOutlined, CaretLeftOutlined, CaretRightOutlined, PauseOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CallPanel, isAbortedError, liveVideoUrl, LivePlayer, requestStreamAddress } from '@runtime';
import { TRACK_LIMITS, TRACK_STATUS_KEYS, TRACK_CHECK_ITEMS, type TrackRemoteCommand } from '@common/track';
import { TrackLayout } from './track-layout';
import { trackApi, type TrackStatusAnswer } from './track-api';
import { TRACK_STATUS_COLOURS, useRun } from './use-track';
import { TRACK_TEST_IDS as IDS } from './test-ids';

const UNITS = Object.fromEntries(TRACK_CHECK_ITEMS.map((c) => [c.key, c.unit]));
/** Width of the state and control column beside the camera. */
const SIDE_WIDTH = 480;

/** The player's height: the 16:9 picture at the width of `box`, between 240 and 480 px. */
function usePlayerHeight(box: React.RefObject<HTMLDivElement | null>, ready: boolean): number {
  const [height, setHeight] = useState(360);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => el.clientWidth && setHeight(Math.round(Math.max(240, Math.min(480, el.clientWidth / (16 / 9)))));
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, ready]);
  return height;
}

/** The rail drawn as a bar: the robot's marker and the inspection points along it. */
function Rail({ status, points, labels }: { status: TrackStatusAnswer; points: { name: string; position: number }[]; labels: { name: string; position: number }[] }) {
  const length = status.railLength ?? 50;
  const at = (p: number) => `${Math.max(0, Math.min(100, (p / length) * 100))}%`;
  return (
    <div data-testid={IDS.rail} style={{ position: 'relative', height: 56, margin: '8px 12px 4px' }}>
      <div style={{ position: 'absolute', top: 26, left: 0, right: 0, height: 6, borderRadius: 3, background: 'linear-gradient(90deg,#91caff,#1677ff)' }} />
      {points.map((p) => (
        <Tooltip key={`${p.name}-${p.position}`} title={`${p.name} · ${p.position} m`}>
          <div style={{ position: 'absolute', left: at(p.position), top: 20, width: 2, height: 18, background: '#faad14', transform: 'translateX(-1px)' }} />
        </Tooltip>
      ))}
      {labels.map((l) => (
        <Tooltip key={`label-${l.name}-${l.position}`} title={`${l.name} · ${l.position} m`}>
          <div data-testid="track-rail-label" style={{ position: 'absolute', left: at(l.position), top: 36, transform: 'translateX(-50%)', fontSize: 11, color: '#389e0d', whiteSpace: 'nowrap' }}>
            ▲ {l.name}
          </div>
        </Tooltip>
      ))}
      {status.position !== null && (
        <div style={{ position: 'absolute', left: at(status.position), top: 0, transform: 'translateX(-50%)', transition: 'left 0.9s linear', textAlign: 'center' }}>
          <div style={{ width: 22, height: 22, borderRadius: 6, background: '#0958d9', border: '2px solid #fff', boxShadow: '0 1px 4px rgba(0,0,0,.3)', margin: '0 auto' }} />
        </div>
      )}
      <Typography.Text type="secondary" style={{ position: 'absolute', left: 0, top: 40, fontSize: 12 }}>
        0 m
      </Typography.Text>
      <Typography.Text type="secondary" style={{ position: 'absolute', right: 0, top: 40, fontSize: 12 }}>
        {length} m
      </Typography.Text>
    </div>
  );
}

function Control({ robotId }: { robotId: string }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [step, setStep] = useState<number>(5);
  const [goTo, setGoTo] = useState<number | null>(null);
  const [pose, setPose] = useState<{ pitch: number; rotate: number; lift: number } | null>(null);
  const [videoUrl, setVideoUrl] = useState<string>();
  const [videoProblem, setVideoProblem] = useState<string>();
  const status = useQuery({ queryKey: ['track', 'status', robotId], queryFn: ({ signal }) => trackApi.status(robotId, signal), refetchInterval: 1000, retry: false });
  const points = useQuery({ queryKey: ['track', 'points', robotId], queryFn: () => trackApi.points.list(robotId) });
  // The labels of the robot's newest track map are drawn along the rail.
  const labels = useQuery({
    queryKey: ['track', 'mapLabels', robotId],
    queryFn: async () => {
      const maps = await trackApi.maps.list(robotId, { pageNum: 1, pageSize: 1 });
      return maps.list[0] ? trackApi.maps.labels(maps.list[0].id) : [];
    },
  });
  const video = useRef<HTMLDivElement>(null);
  const playerHeight = usePlayerHeight(video, !!status.data && !status.error);
  const [snap, setSnap] = useState<string>();
  const snapshot = () =>
    run(async () => {
      const el = video.current?.querySelector('video');
      if (!el || !el.videoWidth) throw new Error(t('control.noFrame'));
      const canvas = document.createElement('canvas');
      canvas.width = el.videoWidth;
      canvas.height = el.videoHeight;
      canvas.getContext('2d')?.drawImage(el, 0, 0);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error(t('control.noFrame'));
      const form = new FormData();
      form.append('data', JSON.stringify({ robotId }));
      form.append('file', blob, `${robotId}-${Date.now()}.png`);
      const saved = await trackApi.snap(form);
      setSnap(saved.url);
    }, t('control.snapSaved'));
  const s = status.data;
  useEffect(() => {
    if (s && !pose && s.pitch !== undefined) setPose({ pitch: s.pitch, rotate: s.rotate ?? 0, lift: s.lift ?? 0 });
  }, [s, pose]);
  useEffect(() => {
    const abort = new AbortController();
    setVideoUrl(undefined);
    setVideoProblem(undefined);
    requestStreamAddress({ robotId, cameraId: 0 }, { signal: abort.signal })
      .then((a) => setVideoUrl(liveVideoUrl(a.path)))
      .catch((err: unknown) => !isAbortedError(err) && setVideoProblem((err as Error).message));
    return () => abort.abort();
  }, [robotId]);

  const remote = (command: TrackRemoteCommand, value?: number) => run(() => trackApi.remote(robotId, command, value).then(() => status.refetch()));
  if (status.error) return <Alert type="error" showIcon message={t('loadFailed')} description={(status.error as Error).message} />;
  if (!s) return <Card loading />;
  const statusKey = s.trackStatus === null ? 'unknown' : (TRACK_STATUS_KEYS[s.trackStatus] ?? 'unknown');
  // Spec §3 policy: a run that forbids interruption keeps the rail; otherwise moving pauses it.
  const running = Boolean(s.runId);
  const busy = running && s.taskPolicy === 1;
  const live = (
    <Card title={t('control.live')} size="small" extra={<Badge status={s.online ? 'success' : 'default'} text={s.online ? t('online') : t('offline')} />}>
      <Row gutter={[16, 12]}>
        <Col span={12}>
          <Statistic title={t('control.status')} valueRender={() => <Tag data-testid={IDS.trackStatus} data-status={s.trackStatus ?? ''} color={TRACK_STATUS_COLOURS[s.trackStatus ?? -1] ?? 'default'} style={{ fontSize: 16, lineHeight: '28px', paddingInline: 12 }}>{t(`trackStatus.${statusKey}`)}</Tag>} />
        </Col>
        <Col span={12}>
          <Statistic title={t('control.position')} value={s.position ?? '-'} suffix={`/ ${s.railLength ?? '-'} m`} valueRender={(v) => <span data-testid={IDS.position} data-position={s.position ?? ''}>{v}</span>} />
        </Col>
        <Col span={12}>
          <Statistic title={t('control.battery')} value={s.battery ?? '-'} suffix="%" />
        </Col>
        <Col span={12}>
          <Statistic title={t('control.speed')} value={s.speed ?? 0} suffix="m/s" />
        </Col>
      </Row>
    </Card>
  );
  const remoteCard = (
    <Card title={t('control.remote')} size="small">
      <Space direction="vertical" style={{ width: '100%' }}>
        {running && <Alert type={busy ? 'warning' : 'info'} showIcon message={busy ? t('control.busy') : t('control.interrupts')} />}
        <Space wrap>
          <InputNumber min={0.5} max={s.railLength ?? 50} step={0.5} value={step} onChange={(v) => setStep(v ?? 1)} addonAfter="m" style={{ width: 104 }} aria-label={t('control.step')} />
          <Button icon={<CaretLeftOutlined />} disabled={!s.online || busy} onClick={() => remote('backward', step)} data-testid={`${IDS.remote}-backward`}>
            {t('control.backward')}
          </Button>
          <Button danger icon={<PauseOutlined />} disabled={!s.online} onClick={() => remote('stop')} data-testid={`${IDS.remote}-stop`}>
            {t('control.stop')}
          </Button>
          <Button type="primary" icon={<CaretRightOutlined />} disabled={!s.online || busy} onClick={() => remote('forward', step)} data-testid={`${IDS.remote}-forward`}>
            {t('control.forward')}
          </Button>
        </Space>
        <Space wrap>
          <InputNumber min={0} max={s.railLength ?? 50} step={0.5} value={goTo} onChange={setGoTo} addonAfter="m" placeholder={t('control.target')} style={{ width: 140 }} data-testid={`${IDS.remote}-target`} />
          <Button icon={<AimOutlined />} disabled={!s.online || busy || goTo === null} onClick={() => remote('goTo', goTo ?? 0)} data-testid={`${IDS.remote}-goTo`}>
            {t('control.goTo')}
          </Button>
          <Button icon={<RollbackOutlined />} disabled={!s.online || busy} onClick={() => remote('reset')} data-testid={`${IDS.remote}-reset`}>
            {t('control.reset')}
          </Button>
        </Space>
        {/* Issue 21: calls with the robot (the server refuses a robot without an interactive subsystem with the spec text). */}
        <CallPanel robotId={robotId} online={!!s.online} />
      </Space>
    </Card>
  );
  const headCard = (
    <Card title={t('control.head')} size="small">
      {pose && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {(
            [
              ['pitch', TRACK_LIMITS.pitchMin, TRACK_LIMITS.pitchMax, '°', IDS.pitch],
              ['rotate', TRACK_LIMITS.rotateMin, TRACK_LIMITS.rotateMax, '°', IDS.rotate],
              ['lift', TRACK_LIMITS.liftMin, TRACK_LIMITS.liftMax, 'mm', IDS.lift],
            ] as const
          ).map(([key, min, max, unit, testId]) => (
            <Flex key={key} gap={8} align="center">
              <Typography.Text style={{ flex: '0 0 84px' }}>{t(`point.${key}`)}</Typography.Text>
              <Slider style={{ flex: 1, minWidth: 60 }} min={min} max={max} value={pose[key]} onChange={(v: number) => setPose({ ...pose, [key]: v })} />
              <Space.Compact style={{ flex: 'none' }}>
                <InputNumber min={min} max={max} value={pose[key]} onChange={(v) => setPose({ ...pose, [key]: v ?? 0 })} addonAfter={unit} style={{ width: 116 }} data-testid={testId} />
                <Button disabled={!s.online} onClick={() => remote(key, pose[key])} data-testid={`${testId}-apply`}>
                  {t('control.apply')}
                </Button>
              </Space.Compact>
            </Flex>
          ))}
        </Space>
      )}
    </Card>
  );
  const camera = (
    <Card
      title={t('control.camera')}
      size="small"
      data-testid={IDS.camera}
      extra={
        <Space>
          {snap && (
            <Typography.Link href={snap} target="_blank" data-testid="track-snap-link">
              {t('control.lastSnap')}
            </Typography.Link>
          )}
          <Button size="small" icon={<CameraOutlined />} disabled={!videoUrl} onClick={() => void snapshot()} data-testid="track-snapshot">
            {t('control.snapshot')}
          </Button>
        </Space>
      }
    >
      <div ref={video}>{videoProblem ? <Alert type="warning" showIcon message={videoProblem} /> : videoUrl ? <LivePlayer url={videoUrl} height={playerHeight} data-testid={IDS.player} /> : <Empty description={t('control.noVideo')} />}</div>
    </Card>
  );
  const rail = (
    <Card title={t('control.track')} size="small">
      <Rail status={s} points={points.data?.list ?? []} labels={labels.data ?? []} />
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('control.currentTask')}>
          <span data-testid={IDS.currentTask}>{s.taskName ?? t('control.noTask')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('control.currentPoint')}>{s.pointName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('control.pose')}>{`P ${s.pitch ?? 0}° · R ${s.rotate ?? 0}° · L ${s.lift ?? 0} mm`}</Descriptions.Item>
        <Descriptions.Item label={t('control.readings')} span="filled">
          <Space wrap data-testid={IDS.readings}>
            {Object.entries(s.readings ?? {}).length === 0 && <Typography.Text type="secondary">-</Typography.Text>}
            {Object.entries(s.readings ?? {}).map(([k, v]) => (
              <Tag key={k} color="geekblue">{`${t(`checkItem.${k}`)} ${v}${UNITS[k] ?? ''}`}</Tag>
            ))}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
  return (
    <Flex vertical gap={16}>
      {!s.online && <Alert type="warning" showIcon message={t('robotOffline')} />}
      {s.trackStatus === 9 && <Alert type="error" showIcon message={t('control.fault')} data-testid="track-fault" />}
      <Row gutter={[16, 16]} wrap>
        <Col xs={24} xl={{ flex: '1 1 0' }} style={{ minWidth: 0 }}>
          <Flex vertical gap={16}>
            {camera}
            {rail}
          </Flex>
        </Col>
        <Col xs={24} xl={{ flex: `${SIDE_WIDTH}px` }} style={{ minWidth: 0 }}>
          <Flex vertical gap={16}>
            {live}
            {remoteCard}
            {headCard}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

export default function ControlPage() {
  return <TrackLayout page="control">{(robotId) => <Control key={robotId} robotId={robotId} />}</TrackLayout>;
}
