import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { visibleCompanyIds } from '../entities/scope';
import type { Services } from '../services';
import { FlvLoop, parseFlv, type FlvClip } from './flv';

/** Camera names in the order of spec §3 (0 front, 1 back, 2 left, 3 right, 4 infrared). */
export const CAMERAS = ['front', 'back', 'left', 'right', 'infrared'] as const;

/** WebSocket close codes of the live video route. */
export const VideoClose = { badToken: 4403, notFound: 4404, offline: 4410 } as const;

/**
 * Live camera video as FLV over WebSocket at `/live/<robotId>/<camera>?token=…` (flv.js plays
 * `ws://` URLs, so a wall of 16 does not stall on six HTTP connections per host). The simulated
 * cameras loop a short committed clip with growing timestamps; a real deployment would relay
 * the robot's stream here instead.
 */
export function registerLiveVideo(app: FastifyInstance, svc: Services, clipsDir: string): void {
  const clips = new Map<string, FlvClip>();
  const clip = (camera: string): FlvClip => {
    let c = clips.get(camera);
    if (!c) clips.set(camera, (c = parseFlv(fs.readFileSync(path.join(clipsDir, `${camera}.flv`)))));
    return c;
  };

  app.get('/live/:robotId/:camera', { websocket: true }, async (socket, req) => {
    const { robotId, camera } = req.params as { robotId: string; camera: string };
    const name = /^\d$/.test(camera) ? CAMERAS[Number(camera)] : (CAMERAS as readonly string[]).includes(camera) ? camera : undefined;
    const session = await svc.sessions.resolve((req.query as { token?: string }).token);
    if (!session) return socket.close(VideoClose.badToken, 'token invalid');
    const robot = svc.fleet.get(robotId);
    const ids = robot ? await visibleCompanyIds(svc.db, session) : null;
    if (!robot || !name || (ids !== null && !ids.includes(robot.companyId))) return socket.close(VideoClose.notFound, 'no such camera');
    if (!robot.online || !robot.videoOnline) return socket.close(VideoClose.offline, 'video offline');
    const stream = new FlvLoop(clip(name));
    socket.send(stream.start());
    const send = () => {
      if (socket.readyState !== 1) return;
      // Skip a beat rather than queue without end when the viewer cannot keep up.
      if (socket.bufferedAmount > 512 * 1024) return;
      const bytes = stream.due();
      if (bytes.length) socket.send(bytes);
    };
    send();
    const timer = setInterval(send, 50);
    const stopIfOffline = svc.fleet.onChange((id, event, data) => {
      if (id === robotId && event === 'status' && !(data as { videoOnline?: number }).videoOnline) socket.close(VideoClose.offline, 'video offline');
    });
    socket.on('close', () => {
      clearInterval(timer);
      stopIfOffline();
    });
  });
}
