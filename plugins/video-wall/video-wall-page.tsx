/**
 * The video wall (videoPandect): 1, 4, 9 or 16 live cameras that start by themselves, camera
 * choice per tile without duplicates, per-tile state, tiles off-screen paused (their player
 * destroyed until they scroll back), every player destroyed when the page is left. The tiles are
 * sized to the window: every row of the layout fits (16 tiles at 1366×768), down to a smallest
 * player height under which the wall scrolls. Frame statistics per tile behind a switch (off by default).
 * Tiles play the cameras' sub streams (640×360), a wall of one camera its main stream (wall-model tileStream).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Segmented, Select, Space, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { AppstoreAddOutlined, ArrowLeftOutlined, ClearOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { callEvent, getToken, isAbortedError, liveVideoBase, liveVideoUrl, LivePlayer, navigateTo, preloadLivePlayer, preopenLiveVideo, requestStreamAddress, useVideoPushes, warmLiveVideo, whenIdle, type MenuTreeCompany, type PlayerState } from '@runtime';
import type { LiveStream } from '@common/camera';
import { cameraKey, fillEmpty, LAYOUTS, parseCameraKey, place, resize, sanitize, tileStream, type CameraRef, type Layout, type Tiles, type WallRobot } from './wall-model';
import { VIDEO_WALL_TEST_IDS as IDS } from './test-ids';

const STORE_KEY = 'fc.videoWall';
const STATS_KEY = 'fc.videoWall.stats';
/** Gap between tiles, a tile's header row and its statistics row, in pixels. */
const GAP = 8;
const TILE_HEADER = 33;
const TILE_STATS = 20;
/** Below this player height the wall no longer shrinks: it scrolls (and off-screen tiles pause). */
const MIN_PLAYER = 80;
/** Space kept under the wall (the shell's padding). */
const BOTTOM = 24;

/** The player height at which `rows` rows of tiles fill `available` pixels. */
export function playerHeight(available: number, rows: number, stats: boolean): number {
  const tile = (available - GAP * (rows - 1)) / rows;
  return Math.max(MIN_PLAYER, Math.floor(tile - TILE_HEADER - (stats ? TILE_STATS : 0)));
}
// The player library loads while the page still asks for robots and stream addresses.
void preloadLivePlayer();
const CAMERAS = [0, 1, 2, 3, 4];

// The robot list is asked for as the page's code arrives, not after its first render; the
// first mount takes this answer when it is fresh (≤ 5 s), later mounts and retries ask again.
let early: { at: number; answer: Promise<MenuTreeCompany[]> } | null = { at: Date.now(), answer: callEvent('getMenuList', {}) };
early.answer.catch(() => undefined);
function robotList(signal: AbortSignal): Promise<MenuTreeCompany[]> {
  const e = early;
  early = null;
  return e && Date.now() - e.at <= 5_000 ? e.answer : callEvent('getMenuList', {}, { signal });
}

// Stream addresses asked for as soon as the wall knows its cameras, before the tiles render (the
// runtime asks for cameras started together in one reqVideoStreams call); a tile takes its
// camera's answer once when it is fresh (≤ 5 s), otherwise asks itself. An answer already here
// when the tile first renders starts its player in that first render. Each answer also opens its
// stream on the shared socket at once (preopenLiveVideo): the robots' pushes start while the 16
// tiles and their players are still being built, and each player takes its stream's bytes so far.
interface Prefetch {
  at: number;
  /** The stream opened ahead with the answer. */
  stream: LiveStream;
  answer: Promise<{ path: string }>;
  /** Settles once the answer is in and its stream opened ahead (never rejects). */
  done: Promise<unknown>;
  path?: string;
}
const prefetched = new Map<string, Prefetch>();
const PREFETCH_FRESH_MS = 5_000;
/** Asks for the tiles' stream addresses (and opens their `stream`s ahead); resolves when all have answered or after `waitMs`. */
function prefetchAddresses(tiles: Tiles, stream: LiveStream, waitMs: number): Promise<unknown> {
  const cameras = tiles.filter((c): c is CameraRef => !!c);
  if (cameras.length) warmLiveVideo(liveVideoBase(), getToken() ?? '');
  const answers = cameras.map((c) => {
    // Asked already (a stored wall asks as the page's code arrives): that answer, not a second call.
    const asked = prefetched.get(cameraKey(c));
    if (asked && asked.stream === stream && Date.now() - asked.at <= PREFETCH_FRESH_MS) return asked.done;
    const answer = requestStreamAddress(c);
    const entry: Prefetch = { at: Date.now(), stream, answer, done: Promise.resolve() };
    entry.done = answer
      .then((a) => {
        entry.path = a.path;
        preopenLiveVideo(liveVideoUrl(a.path, stream));
      })
      .catch(() => undefined);
    prefetched.set(cameraKey(c), entry);
    return entry.done;
  });
  return Promise.race([Promise.all(answers), new Promise((r) => setTimeout(r, waitMs))]);
}
function takePrefetch(camera: CameraRef): Prefetch | undefined {
  const key = cameraKey(camera);
  const hit = prefetched.get(key);
  prefetched.delete(key);
  return hit && Date.now() - hit.at <= PREFETCH_FRESH_MS ? hit : undefined;
}
/** The camera's address if its prefetched answer is already here (taken once). */
function takeAnsweredAddress(camera: CameraRef): string | undefined {
  const hit = prefetched.get(cameraKey(camera));
  return hit?.path && Date.now() - hit.at <= PREFETCH_FRESH_MS ? takePrefetch(camera)!.path : undefined;
}
function streamAddress(camera: CameraRef, signal: AbortSignal): Promise<{ path: string }> {
  return takePrefetch(camera)?.answer ?? requestStreamAddress(camera, { signal });
}

// A stored wall (the usual case) asks for its cameras' addresses and opens their streams as the
// page's code arrives, beside the robot list, instead of after it: the first render takes these
// answers (a camera of a robot gone since is dropped when the list comes, its stream unused).
// Only on the wall's own address (the code may load before a navigation to it).
{
  const stored = /\/videoPandect$/.test(window.location.pathname) ? loadStored() : null;
  const listed = Array.isArray(stored?.tiles) ? (stored.tiles as unknown[]) : [];
  const robots = new Set(listed.map((t) => (t && typeof t === 'object' ? (t as CameraRef).robotId : undefined)).filter((r): r is string => typeof r === 'string'));
  if (stored && robots.size) void prefetchAddresses(sanitize(stored.tiles, stored.layout, robots), tileStream(stored.layout), 0);
}

function loadStored(): { layout: Layout; tiles: unknown } | null {
  try {
    const v = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as { layout?: number; tiles?: unknown } | null;
    return v && (LAYOUTS as readonly number[]).includes(v.layout ?? 0) ? { layout: v.layout as Layout, tiles: v.tiles } : null;
  } catch {
    return null;
  }
}

function flatten(tree: MenuTreeCompany[]): WallRobot[] {
  const out: WallRobot[] = [];
  for (const c of tree) for (const r of c.regions ?? []) for (const m of r.maps ?? []) for (const robot of m.robots ?? []) out.push({ robotId: robot.robotId, robotName: robot.robotName ?? robot.robotId, online: Number(robot.online ?? 0) });
  return out;
}

/** The video wall page. */
export default function VideoWallPage() {
  const { t } = useTranslation('video-wall');
  const fullPage = !useLocation().pathname.startsWith('/home/');
  const [robots, setRobots] = useState<WallRobot[] | null>(null);
  const [error, setError] = useState<string>();
  const [layout, setLayout] = useState<Layout>(() => loadStored()?.layout ?? 4);
  const [tiles, setTiles] = useState<Tiles>([]);
  const [states, setStates] = useState<Record<number, PlayerState>>({});
  const [showStats, setShowStats] = useState(() => localStorage.getItem(STATS_KEY) === '1');
  const grid = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(() => Math.max(200, window.innerHeight - 160));

  const load = useCallback(() => {
    const abort = new AbortController();
    setError(undefined);
    robotList(abort.signal)
      .then((tree) => {
        if (abort.signal.aborted) return;
        const list = flatten(tree ?? []);
        setRobots(list);
        // Spec §2: the wall starts its streams by itself — the stored wall, else online cameras.
        const stored = loadStored();
        const size = stored?.layout ?? layout;
        const kept = sanitize(stored?.tiles, size, new Set(list.map((r) => r.robotId)));
        const first = stored && kept.some(Boolean) ? kept : fillEmpty(kept, list);
        // The tiles render once their addresses are here (at most 300 ms later): they start
        // playing in that first render instead of rendering again when the answers arrive.
        return prefetchAddresses(first.slice(0, size), tileStream(size), 300).then(() => !abort.signal.aborted && setTiles(first));
      })
      .catch((err: unknown) => !isAbortedError(err) && setError((err as Error).message));
    return () => abort.abort();
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    if (robots) localStorage.setItem(STORE_KEY, JSON.stringify({ layout, tiles }));
  }, [layout, tiles, robots]);

  const names = useMemo(() => new Map((robots ?? []).map((r) => [r.robotId, r])), [robots]);
  const options = useMemo(
    () =>
      (robots ?? []).map((r) => ({
        label: `${r.robotName}${r.online ? '' : ` (${t('offline')})`}`,
        options: CAMERAS.map((c) => ({ value: cameraKey({ robotId: r.robotId, cameraId: c }), label: `${r.robotName} · ${t(`camera.${c}`)}` })),
      })),
    [robots, t],
  );
  const onLayout = (size: Layout) => {
    setLayout(size);
    setTiles((cur) => fillEmpty(resize(cur, size), robots ?? []));
  };
  const playing = Object.entries(states).filter(([i, s]) => Number(i) < layout && s === 'playing').length;
  // Stable across renders, so a tile's state change re-renders that tile and the summary, not all 16.
  const onTileChange = useCallback((i: number, c: CameraRef | null) => setTiles((cur) => place(cur, i, c)), []);
  const onTileState = useCallback((i: number, s: PlayerState) => setStates((cur) => (cur[i] === s ? cur : { ...cur, [i]: s })), []);
  const columns = Math.sqrt(layout);
  // The height left for the tiles: from the grid's top to the window's bottom (measured again on resize).
  const hasGrid = !!robots && robots.length > 0;
  useLayoutEffect(() => {
    const measure = () => {
      const el = grid.current;
      if (el) setAvailable(Math.max(200, window.innerHeight - (el.getBoundingClientRect().top + (document.scrollingElement?.scrollTop ?? 0)) - (fullPage ? 16 : BOTTOM)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [hasGrid, fullPage]);
  const height = playerHeight(available, columns, showStats);
  const stream = tileStream(layout);

  return (
    <div data-testid={IDS.page} style={fullPage ? { padding: 16, minHeight: '100vh', boxSizing: 'border-box', background: '#0b1220' } : undefined}>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Flex gap={12} wrap align="center" justify="space-between">
          <Space wrap>
            {fullPage ? <Button icon={<ArrowLeftOutlined />} onClick={() => navigateTo('/home')} aria-label={t('back')} /> : null}
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('title')}
            </Typography.Title>
            <Segmented<Layout> value={layout} onChange={onLayout} options={LAYOUTS.map((n) => ({ value: n, label: t('layout', { count: n }) }))} data-testid={IDS.layout} aria-label={t('layoutLabel')} />
          </Space>
          <Space wrap>
            <Typography.Text type="secondary" data-testid={IDS.summary} data-playing={playing}>
              {t('summary', { playing, total: tiles.filter(Boolean).length })}
            </Typography.Text>
            <Space size={4}>
              <Switch size="small" checked={showStats} onChange={(on) => (setShowStats(on), localStorage.setItem(STATS_KEY, on ? '1' : '0'))} data-testid={IDS.statsToggle} aria-label={t('statsToggle')} id="video-wall-stats" />
              <label htmlFor="video-wall-stats">{t('statsToggle')}</label>
            </Space>
            <Tooltip title={t('fillHint')}>
              <Button icon={<AppstoreAddOutlined />} onClick={() => setTiles((cur) => fillEmpty(cur, robots ?? []))} disabled={!robots} data-testid={IDS.fill}>
                {t('fill')}
              </Button>
            </Tooltip>
            <Button icon={<ClearOutlined />} onClick={() => setTiles(Array(layout).fill(null))} disabled={!tiles.some(Boolean)} data-testid={IDS.clear}>
              {t('clear')}
            </Button>
          </Space>
        </Flex>
      </Card>
      {error ? <Alert type="error" showIcon message={t('loadFailed')} description={error} action={<Button onClick={load}>{t('retry')}</Button>} /> : null}
      {!robots && !error ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      ) : null}
      {robots && robots.length === 0 ? <Empty description={t('noRobots')} /> : null}
      {robots && robots.length > 0 ? (
        <div ref={grid} data-testid={IDS.grid} style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: GAP }}>
          {tiles.slice(0, layout).map((camera, i) => (
            <Tile
              key={i}
              index={i}
              camera={camera}
              robotName={camera ? (names.get(camera.robotId)?.robotName ?? camera.robotId) : ''}
              options={options}
              tiles={tiles}
              height={height}
              stream={stream}
              stats={showStats}
              onChange={onTileChange}
              onState={onTileState}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

interface TileProps {
  index: number;
  camera: CameraRef | null;
  robotName: string;
  options: { label: string; options: { value: string; label: string }[] }[];
  /** Every tile's camera (the others' are disabled in this tile's choice). */
  tiles: Tiles;
  height: number;
  /** The camera's stream the tile plays: sub on a wall of several tiles, main when it fills the wall. */
  stream: 'main' | 'sub';
  /** Shows the frame statistics row. */
  stats: boolean;
  onChange: (index: number, camera: CameraRef | null) => void;
  onState: (index: number, state: PlayerState) => void;
}

/** Time to first frame, frames per second, dropped frames and delay behind live of one player. */
interface TileStats {
  firstFrameMs?: number;
  fps?: number;
  dropped?: number;
  delay?: number;
}

const Tile = memo(function Tile({ index, camera, robotName, options, tiles, height, stream, stats: showStats, onChange, onState }: TileProps) {
  const { t } = useTranslation('video-wall');
  const choices = useMemo(() => {
    const used = new Set(tiles.filter((c, j): c is CameraRef => !!c && j !== index).map(cameraKey));
    return options.map((g) => ({ ...g, options: g.options.map((o) => ({ ...o, disabled: used.has(o.value) })) }));
  }, [options, tiles, index]);
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(true);
  const startedAt = useRef(0);
  /** The camera and stream whose prefetched address the first render already used (the effect then keeps it). */
  const initial = useRef<string | null>(null);
  const [url, setUrl] = useState<string | undefined>(() => {
    const path = camera ? takeAnsweredAddress(camera) : undefined;
    if (!path || !camera) return undefined;
    initial.current = `${cameraKey(camera)} ${stream}`;
    startedAt.current = performance.now();
    return liveVideoUrl(path, stream);
  });
  const [problem, setProblem] = useState<string>();
  const [state, setState] = useState<PlayerState>('nodata');
  // The camera choice (an antd Select: most of a tile's render) mounts once the tile's player has
  // started and the page is idle, so a wall's 16 players start sooner; until then the tile shows
  // the camera's name, and pointing at it or focusing it brings the choice at once.
  const [chooser, setChooser] = useState<false | 'idle' | 'focus'>(false);
  const settled = !camera || state === 'playing' || state === 'error';
  useEffect(() => {
    if (chooser) return;
    let cancel: (() => void) | undefined;
    const later = window.setTimeout(() => (cancel = whenIdle(() => setChooser('idle'))), settled ? 0 : 3_000);
    return () => {
      window.clearTimeout(later);
      cancel?.();
    };
  }, [chooser, settled]);
  const [stats, setStats] = useState<TileStats>({});

  // Off-screen tiles pause: no stream until they scroll back into view.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([e]) => setVisible(!!e?.isIntersecting), { threshold: 0.05 });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  const key = camera ? cameraKey(camera) : '';
  // Spec §4/§8: the camera's error report or new address restarts it; a heartbeat above 1 stops it.
  const pushes = useVideoPushes(camera?.robotId, camera?.cameraId ?? 0, state === 'playing');
  useEffect(() => {
    const keep = initial.current === `${key} ${stream}` && visible && !pushes.destroyed && pushes.restarts === 0;
    initial.current = null;
    if (keep) return;
    setUrl(undefined);
    setProblem(undefined);
    setStats({});
    if (!camera || !visible || pushes.destroyed) return;
    const abort = new AbortController();
    streamAddress(camera, abort.signal)
      .then((a) => {
        if (abort.signal.aborted) return;
        startedAt.current = performance.now();
        setUrl(liveVideoUrl(a.path, stream));
      })
      .catch((err: unknown) => !isAbortedError(err) && setProblem((err as Error).message));
    return () => abort.abort();
  }, [key, stream, visible, pushes.restarts, pushes.destroyed]);

  const onPlayerState = useCallback(
    (s: PlayerState) => {
      setState(s);
      onState(index, s);
      if (s === 'playing') setStats((cur) => (cur.firstFrameMs === undefined && startedAt.current ? { ...cur, firstFrameMs: Math.round(performance.now() - startedAt.current) } : cur));
    },
    [onState, index],
  );

  // Stats once a second from the video element (frames decoded and dropped, buffer ahead), while shown.
  useEffect(() => {
    if (state !== 'playing' || !showStats) return;
    const video = box.current?.querySelector('video');
    if (!video) return;
    let last = video.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
    const timer = setInterval(() => {
      const q = video.getVideoPlaybackQuality?.();
      const b = video.buffered;
      setStats((cur) => ({
        ...cur,
        fps: q ? q.totalVideoFrames - last : undefined,
        dropped: q?.droppedVideoFrames,
        delay: b.length ? Math.max(0, b.end(b.length - 1) - video.currentTime) : undefined,
      }));
      last = q?.totalVideoFrames ?? 0;
    }, 1000);
    return () => clearInterval(timer);
  }, [state, showStats]);

  const paused = !!camera && !visible;
  return (
    <div ref={box} data-testid={`${IDS.tile}-${index}`} data-state={paused ? 'paused' : state} data-stream={stream} data-first-frame-ms={stats.firstFrameMs ?? ''} data-dropped={stats.dropped ?? ''} style={{ background: '#111827', borderRadius: 8, overflow: 'hidden', border: '1px solid #1f2937' }}>
      <Flex gap={6} align="center" style={{ padding: '4px 6px', height: TILE_HEADER }}>
        {chooser ? (
          <Select
            size="small"
            autoFocus={chooser === 'focus'}
            variant="borderless"
            style={{ flex: 1, minWidth: 0, color: '#e5e7eb' }}
            placeholder={<span style={{ color: '#9ca3af' }}>{t('chooseCamera')}</span>}
            value={camera ? cameraKey(camera) : undefined}
            onChange={(v: string) => onChange(index, parseCameraKey(v))}
            options={choices}
            showSearch
            optionFilterProp="label"
            aria-label={t('tileCamera', { index: index + 1 })}
            data-testid={`${IDS.tileCamera}-${index}`}
            labelRender={(o) => <span style={{ color: '#e5e7eb' }}>{o.label ?? robotName}</span>}
          />
        ) : (
          <span
            tabIndex={0}
            onPointerEnter={() => setChooser('idle')}
            onFocus={() => setChooser('focus')}
            data-testid={`${IDS.tileCamera}-${index}`}
            style={{ flex: 1, minWidth: 0, height: 24, lineHeight: '24px', padding: '0 7px', color: '#e5e7eb', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
          >
            {camera ? `${robotName} · ${t(`camera.${camera.cameraId}`)}` : t('chooseCamera')}
          </span>
        )}
        {camera ? <Tag color={paused ? 'default' : state === 'playing' ? 'green' : state === 'error' ? 'red' : 'blue'} style={{ marginInlineEnd: 0 }}>{paused ? t('paused') : t(`state.${state}`)}</Tag> : null}
        {camera ? <Button size="small" type="text" icon={<CloseOutlined style={{ color: '#9ca3af' }} />} onClick={() => onChange(index, null)} aria-label={t('remove')} /> : null}
      </Flex>
      <LivePlayer url={url} height={height} data-testid={`${IDS.player}-${index}`} onStateChange={onPlayerState} notice={problem ? <Alert banner type="warning" message={problem} /> : null} />
      {showStats ? (
        <Typography.Text style={{ display: 'block', padding: '2px 6px', fontSize: 11, color: '#d1d5db', height: TILE_STATS, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }} data-testid={`${IDS.tileStats}-${index}`}>
          {state === 'playing' && !paused ? t('stats', { first: stats.firstFrameMs ?? '—', fps: stats.fps ?? '—', dropped: stats.dropped ?? '—', delay: stats.delay === undefined ? '—' : stats.delay.toFixed(1) }) : ''}
        </Typography.Text>
      ) : null}
    </div>
  );
});
