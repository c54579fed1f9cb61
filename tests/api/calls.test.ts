/**
 * Issue 21: calls with robots. The test plays the console with its own werift peer: it calls the
 * simulated robot, which answers as a real WebRTC peer (server/simulator/sim-call.ts); media flows
 * both ways (the robot's VP8 and Opus arrive here, the audio sent from here is counted by the
 * robot), and every refusal answers the exact spec §8 text and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePeer } from '../helpers/call-peer';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ROBOT = '01WR000001';
const BUSY_ROBOT = '01WR000002';

const rowCount = async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webrtc_logs'))[0]!.n;
const simMode = (robotId: string, mode: string) => s.server.services.gateway!.request(robotId, 'simulateCallMode', { mode });
async function online(robotId: string, token: string): Promise<void> {
  for (let i = 0; i < 100 && (await s.call('reqRobotStatus', { robotId }, token)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
}

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  await online(ROBOT, t.entadmin);
  await online(BUSY_ROBOT, t.entadmin);
  await online('04TP000001', t.admin);
}, 180_000);
afterAll(async () => s?.close());

describe('calls (issue 21)', () => {
  it('calls a robot: offer answered, media both ways, hang up records the call', async () => {
    const start = await s.call('callStart', { robotId: ROBOT, video: true }, t.entadmin);
    expect(start).toMatchObject({ statusCode: 200, param: { state: 1 } });
    const callId = start.param.callId as string;
    expect(callId).toMatch(/^[0-9a-f]{32}$/);
    const peer = await consolePeer(true);
    try {
      const sig = await s.call('callSignal', { callId, kind: 'offer', data: peer.offer }, t.entadmin);
      expect(sig).toMatchObject({ statusCode: 200, param: { kind: 'answer', state: 2 } });
      expect(sig.param.data).toContain('m=audio');
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: sig.param.data });
      // The robot's camera and microphone arrive; the robot counts our audio.
      let info: any;
      for (const until = Date.now() + 30_000; Date.now() < until; ) {
        info = (await s.call('getCallInfo', { callId }, t.entadmin)).param;
        if (peer.received.video > 10 && peer.received.audio > 10 && info.robotAudioPackets > 10) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(peer.received.video).toBeGreaterThan(10);
      expect(peer.received.audio).toBeGreaterThan(10);
      expect(info).toMatchObject({ callId, robotId: ROBOT, state: 2, result: 1, direction: 1, video: true });
      expect(info.robotAudioPackets).toBeGreaterThan(10);

      // Another console calling the same robot: edge error 11.
      const before = await rowCount();
      expect(await s.call('callStart', { robotId: ROBOT, video: false }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'In conversation' });
      expect(await rowCount()).toBe(before);

      await new Promise((r) => setTimeout(r, 1100));
      const end = await s.call('callHangUp', { callId, stats: { rtt: 1.5, packetsLost: 0, bitrate: 150_000 } }, t.entadmin);
      expect(end).toMatchObject({ statusCode: 200, param: { callId, state: 0, result: 2 } });
      expect(end.param.duration).toBeGreaterThanOrEqual(1);
      expect(end.param.robotAudioPackets).toBeGreaterThan(10);
      expect(end.param.robotAudioBytes).toBeGreaterThan(400);
      const [row] = await s.server.services.db.query<any>('SELECT rtt, "packetsLost", bitrate, username FROM webrtc_logs WHERE "callId" = $1', [callId]);
      expect(row).toEqual({ rtt: 1.5, packetsLost: 0, bitrate: 150_000, username: 'entadmin' });

      // Ended: a second hang-up or an offer is refused.
      expect(await s.call('callHangUp', { callId }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'The call has already ended' });
      expect(await s.call('callSignal', { callId, kind: 'offer', data: peer.offer }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'The call has already ended' });
      // The webrtcLog list shows it.
      const list = await s.call('getWebrtcLog', { robotId: ROBOT }, t.entadmin);
      expect(list.statusCode).toBe(200);
      expect(JSON.stringify(list.param)).toContain(callId);
    } finally {
      await peer.close();
    }
  }, 60_000);

  it('a busy robot answers busy (edge error 11), a refusing one "refused"', async () => {
    await simMode(BUSY_ROBOT, 'busy');
    const { callId } = (await s.call('callStart', { robotId: BUSY_ROBOT, video: false }, t.entadmin)).param;
    const peer = await consolePeer(false);
    try {
      expect(await s.call('callSignal', { callId, kind: 'offer', data: peer.offer }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'In conversation' });
      expect((await s.call('getCallInfo', { callId }, t.entadmin)).param).toMatchObject({ state: 0, result: 3 });
      await simMode(BUSY_ROBOT, 'reject');
      const second = (await s.call('callStart', { robotId: BUSY_ROBOT, video: false }, t.entadmin)).param.callId;
      expect(await s.call('callSignal', { callId: second, kind: 'offer', data: peer.offer }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'The call was refused' });
      expect((await s.call('getCallInfo', { callId: second }, t.entadmin)).param).toMatchObject({ state: 0, result: 4 });
    } finally {
      await simMode(BUSY_ROBOT, 'normal');
      await peer.close();
    }
  }, 30_000);

  it('refuses by role, robot state and kind with the spec texts, changing nothing', async () => {
    const before = await rowCount();
    const operator = await s.login('operator');
    const fp = await tableHash(s, 'webrtc_logs');
    // General users (spec §6) lack robot:call; the demo's custom Operator role holds it (it passes to the robot's state).
    expect(await s.call('callStart', { robotId: ROBOT, video: false }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('callStart', { robotId: '03WS000001', video: false }, operator)).toEqual({ statusCode: 400, statusInfo: 'Robot not online' });
    // Offline robot; a rail robot has no interactive subsystem; a robot of another company.
    expect(await s.call('callStart', { robotId: '03WS000001', video: false }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Robot not online' });
    expect(await s.call('callStart', { robotId: '04TP000001', video: false }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'The dialogue (interactive) subsystem is not online' });
    expect((await s.call('callStart', { robotId: '05WV000001', video: false }, t.entadmin)).statusInfo).toBe('Robot not found');
    expect(await s.call('callStart', { robotId: ROBOT, video: false }, t.monitor, 'zh')).toEqual({ statusCode: 401, statusInfo: '权限不足，无法操作！' });
    // Bad input.
    expect((await s.call('callStart', { robotId: ROBOT }, t.admin)).statusCode).toBe(400);
    expect((await s.call('callStart', { robotId: ROBOT, video: 'yes' }, t.admin)).statusCode).toBe(400);
    expect((await s.call('callSignal', { callId: 'xyz', kind: 'offer', data: 'v=0' }, t.admin)).statusCode).toBe(400);
    expect((await s.call('callSignal', { callId: 'ab'.repeat(16), kind: 'bogus', data: 'v=0' }, t.admin)).statusCode).toBe(400);
    expect(await s.call('callSignal', { callId: 'ab'.repeat(16), kind: 'offer', data: 'v=0' }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'The call does not exist' });
    expect(await s.call('callHangUp', { callId: 'ab'.repeat(16) }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'The call does not exist' });
    expect((await s.call('callHangUp', { callId: 'ab'.repeat(16), stats: { rtt: -1 } }, t.admin)).statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
    expect(await tableHash(s, 'webrtc_logs')).toBe(fp);
  }, 30_000);

  it('hangs up a waiting call (duration 0); trickled candidates are acknowledged', async () => {
    const { callId } = (await s.call('callStart', { robotId: ROBOT, video: false }, t.entadmin)).param;
    // The platform administrator sees every company: they may end it.
    expect((await s.call('callHangUp', { callId }, t.platform)).param).toMatchObject({ state: 0, result: 2 });
    const again = (await s.call('callStart', { robotId: ROBOT, video: false }, t.entadmin)).param.callId;
    const sig = await s.call('callSignal', { callId: again, kind: 'candidate', data: '{"candidate":""}' }, t.entadmin);
    expect(sig).toMatchObject({ statusCode: 200, param: { kind: 'ack', state: 1 } });
    expect((await s.call('callHangUp', { callId: again }, t.entadmin)).param).toMatchObject({ state: 0, result: 2, duration: 0 });
  }, 30_000);
});
