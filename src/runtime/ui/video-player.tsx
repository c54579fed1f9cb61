/**
 * Live camera player: FLV over WebSocket with flv.js (loaded only when a player mounts), the
 * poster states of spec §4 (no data, loading, error, playing), a jump to live when more than 2 s
 * behind, and per codec (player-recovery.ts) the reload hint, the time-out and what an error or
 * the end of a live stream does: H264 hint after 20 s, network errors retry after 3 s, media errors
 * destroy the player, an ended stream restarts after 10 s; H265 hint after 60 s, time-out after
 * 20 s, every trouble restarts after 2 s.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Slider, Space, Typography } from 'antd';
import { LoadingOutlined, MutedOutlined, ReloadOutlined, SoundOutlined, VideoCameraOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VideoPlayer as V } from '@common/constants';
import type { VideoCodec } from '@common/camera';
import { isMuxable, muxLoaderClass } from './live-mux';
import { loadTimeout, recoveryFor, reloadHintDelay, type PlayerTrouble } from './player-recovery';
import { whenIdle } from './when-idle';

export { preopenMuxStream as preopenLiveVideo, warmLiveVideo } from './live-mux';

/** What the poster shows. */
export type PlayerState = 'nodata' | 'loading' | 'error' | 'playing';

/** Props of the live player. */
export interface LivePlayerProps {
  /** ws:// or wss:// address of the stream, or undefined for "no data". */
  url?: string;
  height?: number;
  'data-testid'?: string;
  /** Called on every poster state change (a video wall keeps per-tile state and first-frame time). */
  onStateChange?: (state: PlayerState) => void;
  /** Codec of the stream (the reqVideoStream answer): H265 has other time-outs and restarts. Default H.264. */
  codec?: VideoCodec;
  /** Shown under the "no data" poster, e.g. why there is no address (the camera does not push). */
  noDataHint?: string;
  /** Lies over the top of the frame (a camera's problem, e.g. an Alert banner), so the player keeps its height beside others. */
  notice?: ReactNode;
  /** Called with the playback position in seconds as it plays (a replay shows its recording's wall-clock time from it). */
  onTime?: (seconds: number) => void;
  /** Given, a stream that ends (the server closes it cleanly) is not restarted but reported here: a replay ends with its recording. */
  onEnded?: () => void;
}

interface FlvPlayer {
  attachMediaElement(el: HTMLMediaElement): void;
  load(): void;
  play(): Promise<void> | void;
  pause(): void;
  unload(): void;
  detachMediaElement(): void;
  destroy(): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
}

let flvModule: Promise<typeof import('flv.js')> | null = null;
/**
 * Loads flv.js once. Pages with players call it as they load, so the library arrives while the
 * page still asks for robots and stream addresses (bench/video-wall.ts: first frame).
 */
export function preloadLivePlayer(): Promise<typeof import('flv.js')> {
  flvModule ??= import('flv.js').then((m) => {
    // flv.js logs every chunk at its verbose and debug levels: ~20 ms of a 16-camera wall's start.
    m.default.LoggingControl.applyConfig({ enableVerbose: false, enableDebug: false, enableInfo: false });
    return m;
  });
  return flvModule;
}

/** The live camera player. */
export function LivePlayer({ url, height = 360, 'data-testid': testId = 'video-player', onStateChange, codec = 'h264', noDataHint, notice, onTime, onEnded }: LivePlayerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>(url ? 'loading' : 'nodata');
  const [slow, setSlow] = useState(false);
  // Automatic restarts (errors, time-outs, end of stream) and the user's reloads.
  const [attempt, setAttempt] = useState(0);
  const [reloads, setReloads] = useState(0);
  const notify = useRef(onStateChange);
  notify.current = onStateChange;
  // Spec §9: volume default 100, opening sets 50. The player starts muted (browsers autoplay only
  // muted video); the volume control unmutes it at the volume shown.
  const [volume, setVolume] = useState<number>(V.openingVolume);
  const [muted, setMuted] = useState(true);
  // The volume control (an antd Slider and Button) mounts when the page is idle after the first
  // frame, or at once when the pointer or focus comes to the player: a wall of 16 players that
  // start together would otherwise build 16 sliders in the task that shows their first frames.
  const [controls, setControls] = useState(false);
  const playingNow = state === 'playing';
  useEffect(() => {
    if (!playingNow || controls) return;
    return whenIdle(() => setControls(true));
  }, [playingNow, controls]);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.volume = volume / 100;
    el.muted = muted;
  }, [volume, muted, state]);
  useEffect(() => notify.current?.(state), [state]);
  useEffect(() => void preloadLivePlayer(), []);
  const time = useRef(onTime);
  time.current = onTime;
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const tick = () => time.current?.(el.currentTime);
    el.addEventListener('timeupdate', tick);
    return () => el.removeEventListener('timeupdate', tick);
  }, []);
  // The reload hint counts from the address (or the user's reload), across automatic restarts.
  useEffect(() => {
    setSlow(false);
    if (!url) return;
    const timer = setTimeout(() => setSlow(true), reloadHintDelay(codec));
    return () => clearTimeout(timer);
  }, [url, codec, reloads]);

  useEffect(() => {
    if (!url || !video.current) {
      setState('nodata');
      return;
    }
    let player: FlvPlayer | null = null;
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const el = video.current;
    setState('loading');
    const destroy = () => {
      if (!player) return;
      try {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      } catch {
        /* already gone */
      }
      player = null;
    };
    let playing = false;
    const trouble = (what: PlayerTrouble) => {
      if (cancelled) return;
      const r = recoveryFor(codec, what);
      if (r.action === 'none') return;
      destroy();
      if (r.action === 'fail') return setState('error');
      setState('loading');
      timers.push(setTimeout(() => setAttempt((n) => n + 1), r.delayMs));
    };
    const timeout = loadTimeout(codec);
    if (timeout !== null) timers.push(setTimeout(() => !playing && trouble('loadTimeout'), timeout));
    const onPlaying = () => {
      playing = true;
      setState('playing');
    };
    // Catch up when playback falls behind the live edge.
    const onProgress = () => {
      const b = el.buffered;
      if (b.length && b.end(b.length - 1) - el.currentTime > V.catchUpSeconds) el.currentTime = b.end(b.length - 1) - 0.3;
    };
    el.addEventListener('playing', onPlaying);
    el.addEventListener('progress', onProgress);
    void preloadLivePlayer().then(({ default: flvjs }) => {
      if (cancelled) return;
      if (!flvjs.isSupported()) return setState('error');
      // Our server's cameras share one socket (live-mux.ts); other addresses open their own.
      const customLoader = isMuxable(url) ? muxLoaderClass(flvjs) : undefined;
      // The audio track stays although the player is muted: without it flv.js starts ~50 ms sooner
      // on a wall of 16 but Chromium drops ~1 % of the frames (bench/video-wall.ts).
      player = flvjs.createPlayer({ type: 'flv', isLive: true, url }, { enableWorker: false, enableStashBuffer: false, lazyLoad: false, customLoader }) as unknown as FlvPlayer;
      player.attachMediaElement(el);
      player.on(flvjs.Events.ERROR, (type: unknown) => trouble(type === flvjs.ErrorTypes.NETWORK_ERROR ? 'networkError' : 'mediaError'));
      // A live stream has no end: when the server closes it cleanly the picture would freeze.
      player.on(flvjs.Events.LOADING_COMPLETE, () => (ended.current ? ended.current() : trouble('ended')));
      player.load();
      void Promise.resolve(player.play()).catch(() => trouble('playFailed'));
    });
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
      el.removeEventListener('playing', onPlaying);
      el.removeEventListener('progress', onProgress);
      destroy();
    };
  }, [url, attempt, reloads, codec]);

  return (
    <div data-testid={testId} data-state={state} onPointerEnter={() => setControls(true)} onFocus={() => setControls(true)} style={{ position: 'relative', background: '#0b1220', borderRadius: 8, overflow: 'hidden', height }}>
      <video ref={video} muted playsInline autoPlay data-testid={`${testId}-video`} style={{ width: '100%', height: '100%', objectFit: 'contain', display: state === 'playing' ? 'block' : 'none' }} />
      {state !== 'playing' ? (
        <Space direction="vertical" align="center" style={{ position: 'absolute', inset: 0, justifyContent: 'center', color: 'rgba(255,255,255,0.75)' }}>
          {state === 'loading' ? <LoadingOutlined style={{ fontSize: 28 }} /> : state === 'error' ? <WarningOutlined style={{ fontSize: 28 }} /> : <VideoCameraOutlined style={{ fontSize: 28 }} />}
          <Typography.Text style={{ color: 'inherit' }} data-testid={`${testId}-state`}>
            {t(`video.${state}`)}
          </Typography.Text>
          {state === 'nodata' && noDataHint ? (
            <Typography.Text style={{ color: 'inherit', fontSize: 12, opacity: 0.8, textAlign: 'center', padding: '0 16px' }} data-testid={`${testId}-hint`}>
              {noDataHint}
            </Typography.Text>
          ) : null}
          {(state === 'loading' && slow) || state === 'error' ? (
            <Button size="small" icon={<ReloadOutlined />} onClick={() => setReloads((n) => n + 1)}>
              {t('video.reload')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {notice ? <div style={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}>{notice}</div> : null}
      {state === 'playing' && controls ? (
        <div
          className="fc-player-volume"
          data-testid={`${testId}-volume`}
          data-volume={volume}
          data-muted={muted ? 'true' : 'false'}
          style={{ position: 'absolute', right: 8, bottom: 8, zIndex: 1, display: 'flex', alignItems: 'center', gap: 4, padding: '0 8px', borderRadius: 6, background: 'rgba(0,0,0,0.45)' }}
        >
          <Button
            size="small"
            type="text"
            style={{ color: '#fff' }}
            icon={muted || volume === 0 ? <MutedOutlined /> : <SoundOutlined />}
            aria-label={muted ? t('video.unmute') : t('video.mute')}
            title={muted ? t('video.unmute') : t('video.mute')}
            data-testid={`${testId}-mute`}
            onClick={() => setMuted((m) => !m)}
          />
          <Slider
            min={0}
            max={100}
            value={volume}
            style={{ width: 72, margin: '8px 4px' }}
            tooltip={{ formatter: (v) => `${t('video.volume')} ${v}` }}
            aria-label={t('video.volume')}
            ariaLabelForHandle={t('video.volume')}
            onChange={(v) => {
              setVolume(v);
              setMuted(v === 0);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
