import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { CAMERA_NAMES, type LiveStream } from '../../common/camera';
import { FlvLoop, parseFlv, type FlvClip } from '../features/video/flv';
import { fromRoot } from '../paths';

const CLIPS_DIR = fromRoot('assets', 'video');

/**
 * The simulated robots' cameras push their live video as a real robot does: on `videoPush` a
 * camera opens a WebSocket to the address it was given and sends FLV (a short committed clip looped
 * with growing timestamps, at the pace of the clock) until `videoPushStop` names that address or the
 * server closes the socket. The main stream is the camera's 1280×720 clip (`<camera>.flv`), the sub
 * stream (`stream: "sub"`) its 640×360 clip of the same scene (`<camera>-sub.flv`, assets/video/README.md).
 */
export class VideoPushes {
  private readonly clips = new Map<string, FlvClip>();
  private readonly pushes = new Map<string, { ws: WebSocket; timer: NodeJS.Timeout | null }>();

  private clip(camera: string, stream: LiveStream): FlvClip {
    const file = stream === 'sub' ? `${camera}-sub.flv` : `${camera}.flv`;
    let c = this.clips.get(file);
    if (!c) this.clips.set(file, (c = parseFlv(fs.readFileSync(path.join(CLIPS_DIR, file)))));
    return c;
  }

  /**
   * Starts pushing a camera's main or sub stream to `url`; false for an unknown camera or address.
   * With `until` (a replay: the push of a recording from a moment), the push closes when that much
   * time (ms) has played — the end of the recorded clip.
   */
  start(robotId: string, cameraId: number, url: string, until?: number, stream: LiveStream = 'main'): boolean {
    const camera = CAMERA_NAMES[cameraId]; // the clip each camera plays
    if (!camera || typeof url !== 'string' || !/^wss?:\/\//.test(url)) return false;
    const id = `${robotId} ${url}`;
    if (this.pushes.has(id)) return true;
    const ws = new WebSocket(url);
    const entry: { ws: WebSocket; timer: NodeJS.Timeout | null } = { ws, timer: null };
    this.pushes.set(id, entry);
    ws.on('open', () => {
      const loop = new FlvLoop(this.clip(camera, stream));
      ws.send(loop.start());
      const pump = () => {
        if (ws.readyState !== WebSocket.OPEN || ws.bufferedAmount > 1024 * 1024) return;
        const bytes = loop.due();
        if (bytes.length) ws.send(bytes);
      };
      const started = Date.now();
      pump();
      entry.timer = setInterval(() => {
        if (until !== undefined && Date.now() - started >= until) return ws.close(1000, 'end of recording');
        pump();
      }, 50);
    });
    const end = () => {
      if (entry.timer) clearInterval(entry.timer);
      if (this.pushes.get(id) === entry) this.pushes.delete(id);
    };
    ws.on('close', end);
    ws.on('error', end);
    return true;
  }

  /** Stops the push of a robot to `url`. */
  stop(robotId: string, url: string): void {
    const entry = this.pushes.get(`${robotId} ${url}`);
    if (!entry) return;
    if (entry.timer) clearInterval(entry.timer);
    this.pushes.delete(`${robotId} ${url}`);
    entry.ws.close(1000, 'stopped');
  }

  /** Stops every push (the simulator stops). */
  close(): void {
    for (const [id, e] of [...this.pushes]) {
      if (e.timer) clearInterval(e.timer);
      e.ws.terminate();
      this.pushes.delete(id);
    }
  }
}
