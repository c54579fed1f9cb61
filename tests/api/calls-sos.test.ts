/**
 * Issue 21: SOS calls from robots (spec §9 SOS mode 2, remote call). A simulated robot presses its
 * SOS button (simulateSosCall), publishes the MQTT message sosCall, and the server rings every
 * console that watches it (the callRing push on robot/<robotId>, also through the fleet
 * subscription). The first console to accept wins; the others see it taken; the taker's werift peer
 * then calls as for an outgoing call and media flows. Nobody accepting: "no answer" after the ring
 * time-out (CALL_RING_TIMEOUT_MS, 3 s here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { consolePeer } from '../helpers/call-peer';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';
import { loginAll, NO_PERMISSION, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ROBOT = '01WR000001';
const RING_MS = 3_000;
const TAKEN = 'Another user has answered the call';
/** A robot of a company outside HarborSecurity's tree (entadmin and entsuper cannot see it). */
let foreign = '';

type Ring = { callId: string; robotId: string; robotName: string; video: boolean; state: string; takenBy?: string };

/** A console socket subscribed to a topic, collecting its callRing pushes. */
async function ringSocket(token: string, topic: string) {
  const ws: WebSocket = authedSocket(`${s.url.replace('http', 'ws')}/ws`, token);
  const rings: Ring[] = [];
  let subscribed = false;
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString());
    for (const x of m.type === 'batch' ? m.pushes : [m]) {
      if (x.type !== 'push') continue;
      if (x.event === 'snapshot' && x.topic === topic) subscribed = true;
      if (x.event === 'callRing') rings.push(x.data as Ring);
    }
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'subscribe', topic }));
  await expect.poll(() => subscribed, { timeout: 10_000 }).toBe(true);
  return { ws, rings, of: (callId: string) => rings.filter((r) => r.callId === callId) };
}

async function online(robotId: string): Promise<void> {
  for (let i = 0; i < 100 && (await s.call('reqRobotStatus', { robotId }, t.admin)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
}
const setSosMode = async (robotId: string, mode: 1 | 2) => expect((await s.call('serverMediaOption', { robotId, mode, userId: 1 }, t.admin)).param).toMatchObject({ robotId, mode });
const liveCalls = async (robotId: string) =>
  (await s.server.services.db.query<{ callId: string; state: number; userId: number | null }>('SELECT "callId", state, "userId" FROM webrtc_logs WHERE "robotId" = $1 AND state > 0', [robotId]));

/** Ends whatever call a robot still has (a failed test must not leave the robot busy for the next). */
const endLive = async (robotId: string) => {
  for (const c of await liveCalls(robotId)) await s.call('callHangUp', { callId: c.callId }, t.admin);
};

beforeAll(async () => {
  s = await startTestServer({ CALL_RING_TIMEOUT_MS: String(RING_MS) });
  t = await loginAll(s);
  const rows = await s.server.services.db.query<{ robotId: string }>(
    `SELECT r."robotId" FROM robots r JOIN companies c ON c.id = r."companyId" WHERE c.name <> 'HarborSecurity' AND r."robotType" NOT IN (4, 5) ORDER BY r."robotId"`,
  );
  for (const r of rows) {
    await online(r.robotId);
    const st = (await s.call('reqRobotStatus', { robotId: r.robotId }, t.admin)).param;
    const visible = (await s.call('reqRobotStatus', { robotId: r.robotId }, t.entadmin)).statusCode === 200;
    if (st?.online === 1 && st?.interactOnline === 1 && !visible) {
      foreign = r.robotId;
      break;
    }
  }
  await online(ROBOT);
}, 180_000);
afterAll(async () => s?.close());

describe('SOS calls from robots (issue 21)', () => {
  it('rings the consoles of the company (robot and fleet topics), not another company; the first accept wins; the call carries media', async () => {
    expect(foreign).not.toBe('');
    const fleet = await ringSocket(t.entadmin, 'fleet');
    const robotTopic = await ringSocket(t.entsuper, `robot/${ROBOT}`);
    const other = await ringSocket(t.admin, `robot/${foreign}`);
    let peer: Awaited<ReturnType<typeof consolePeer>> | undefined;
    try {
      await setSosMode(ROBOT, 2);
      expect(await s.call('simulateSosCall', { robotId: ROBOT, video: true }, t.admin)).toMatchObject({ statusCode: 200, param: { robotId: ROBOT, mode: 2 } });
      await expect.poll(() => fleet.rings.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const ring = fleet.rings[0]!;
      expect(ring).toEqual({ callId: expect.stringMatching(/^[0-9a-f]{32}$/), robotId: ROBOT, robotName: expect.any(String), video: true, state: 'ringing' });
      await expect.poll(() => robotTopic.of(ring.callId).map((r) => r.state), { timeout: 5_000 }).toEqual(['ringing']);
      expect(other.rings).toEqual([]);
      const callId = ring.callId;
      expect(await liveCalls(ROBOT)).toEqual([{ callId, state: 1, userId: null }]);

      // Two consoles accept at once: exactly one wins, the other is refused with the exact text.
      const both = await Promise.all([s.call('callAccept', { callId }, t.entadmin), s.call('callAccept', { callId }, t.entsuper)]);
      const winner = both.findIndex((a) => a.statusCode === 200);
      expect(winner).toBeGreaterThanOrEqual(0);
      expect(both[1 - winner]).toEqual({ statusCode: 400, statusInfo: TAKEN });
      expect(both[winner]!.param).toMatchObject({ callId, state: 1 });
      const [winTok, loseTok, winName] = winner === 0 ? [t.entadmin, t.entsuper, 'entadmin'] : [t.entsuper, t.entadmin, 'entsuper'];
      for (const sock of [fleet, robotTopic]) await expect.poll(() => sock.of(callId).at(-1), { timeout: 5_000 }).toMatchObject({ state: 'taken', takenBy: winName });
      // A late accept, in every language; the loser cannot send the offer.
      expect(await s.call('callAccept', { callId }, t.admin)).toEqual({ statusCode: 400, statusInfo: TAKEN });
      expect(await s.call('callAccept', { callId }, t.admin, 'zh')).toEqual({ statusCode: 400, statusInfo: '其他用户已接听该通话' });
      expect(await s.call('callAccept', { callId }, t.admin, 'ja')).toEqual({ statusCode: 400, statusInfo: '他のユーザーが通話に応答しました' });
      // The taker's console makes its peer once it has the call (as a browser does).
      peer = await consolePeer();
      expect(await s.call('callSignal', { callId, kind: 'offer', data: peer.offer }, loseTok)).toEqual({ statusCode: 400, statusInfo: TAKEN });

      // The taker offers; the robot answers at once and media flows both ways.
      const sig = await s.call('callSignal', { callId, kind: 'offer', data: peer.offer }, winTok);
      expect(sig).toMatchObject({ statusCode: 200, param: { kind: 'answer', state: 2 } });
      if (process.env.HB_DEBUG) console.log('offer cands', peer.offer.match(/a=candidate.*/g), 'answer cands', String(sig.param.data).match(/a=candidate.*/g));
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: sig.param.data });
      let info: any;
      for (const until = Date.now() + 45_000; Date.now() < until; ) {
        info = (await s.call('getCallInfo', { callId }, winTok)).param;
        if (peer.received.video > 10 && peer.received.audio > 10 && info.robotAudioPackets > 10) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(peer.received.video).toBeGreaterThan(10);
      expect(peer.received.audio).toBeGreaterThan(10);
      expect(info).toMatchObject({ callId, robotId: ROBOT, direction: 2, state: 2, result: 1, video: true });
      expect(info.robotAudioPackets).toBeGreaterThan(10);
      // Well past the ring time-out: an accepted call does not end "no answer".
      await new Promise((r) => setTimeout(r, RING_MS + 1_000));
      expect((await s.call('getCallInfo', { callId }, winTok)).param).toMatchObject({ state: 2, result: 1 });

      const end = await s.call('callHangUp', { callId }, winTok);
      expect(end).toMatchObject({ statusCode: 200, param: { callId, state: 0, result: 2, direction: 2 } });
      for (const sock of [fleet, robotTopic]) await expect.poll(() => sock.of(callId).at(-1), { timeout: 5_000 }).toMatchObject({ state: 'ended', takenBy: winName });
      const [row] = await s.server.services.db.query<any>('SELECT username, direction FROM webrtc_logs WHERE "callId" = $1', [callId]);
      expect(row).toEqual({ username: winName, direction: 2 });

      // An SOS call of another company's robot rings its consoles only.
      await setSosMode(foreign, 2);
      expect((await s.call('simulateSosCall', { robotId: foreign, video: false }, t.admin)).param).toEqual({ robotId: foreign, mode: 2 });
      await expect.poll(() => other.rings.at(-1), { timeout: 10_000 }).toMatchObject({ robotId: foreign, video: false, state: 'ringing' });
      const foreignCall = other.rings.at(-1)!.callId;
      await new Promise((r) => setTimeout(r, 500));
      expect(fleet.of(foreignCall)).toEqual([]);
      expect(robotTopic.of(foreignCall)).toEqual([]);
      // Nor can they accept it.
      expect(await s.call('callAccept', { callId: foreignCall }, t.entadmin)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
      expect((await s.call('callHangUp', { callId: foreignCall }, t.admin)).param).toMatchObject({ state: 0, result: 2 });
      await expect.poll(() => other.of(foreignCall).at(-1)?.state, { timeout: 5_000 }).toBe('ended');
    } finally {
      await peer?.close();
      for (const sock of [fleet, robotTopic, other]) sock.ws.close();
      await endLive(ROBOT);
      await setSosMode(ROBOT, 1);
      if (foreign) {
        await endLive(foreign);
        await setSosMode(foreign, 1);
      }
    }
  }, 120_000);

  it('ends an SOS call nobody accepts "no answer" after the ring time-out, once', async () => {
    const fleet = await ringSocket(t.entadmin, 'fleet');
    try {
      await setSosMode(ROBOT, 2);
      const started = Date.now();
      await s.call('simulateSosCall', { robotId: ROBOT }, t.admin);
      await expect.poll(() => fleet.rings.at(-1)?.state, { timeout: 10_000 }).toBe('ringing');
      const callId = fleet.rings.at(-1)!.callId;
      expect(fleet.rings.at(-1)!.video).toBe(true); // default: audio and video
      await expect.poll(() => fleet.of(callId).at(-1)?.state, { timeout: RING_MS + 10_000 }).toBe('ended');
      expect(Date.now() - started).toBeGreaterThanOrEqual(RING_MS - 200);
      expect(fleet.of(callId).map((r) => r.state)).toEqual(['ringing', 'ended']);
      expect((await s.call('getCallInfo', { callId }, t.entadmin)).param).toMatchObject({ callId, direction: 2, state: 0, result: 6, duration: 0 });
      expect(await s.call('callAccept', { callId }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'The call has already ended' });
      // The robot was told: it may ring again at once.
      await s.call('simulateSosCall', { robotId: ROBOT }, t.admin);
      await expect.poll(() => fleet.rings.filter((r) => r.state === 'ringing').length, { timeout: 10_000 }).toBe(2);
      const again = fleet.rings.at(-1)!.callId;
      expect(again).not.toBe(callId);
      // Hanging up a ringing SOS call (rejecting it) ends it for every console.
      expect((await s.call('callHangUp', { callId: again }, t.entadmin)).param).toMatchObject({ state: 0, result: 2 });
      await expect.poll(() => fleet.of(again).at(-1)?.state, { timeout: 5_000 }).toBe('ended');
    } finally {
      fleet.ws.close();
      await endLive(ROBOT);
      await setSosMode(ROBOT, 1);
    }
  }, 60_000);

  it('refuses by role, robot mode and kind and bad input with the exact messages, changing nothing', async () => {
    const fp = await tableHash(s, 'webrtc_logs');
    // SOS mode 1 (rescue sound): pressing the button makes no call.
    await setSosMode(ROBOT, 1);
    expect(await s.call('simulateSosCall', { robotId: ROBOT }, t.admin)).toMatchObject({ statusCode: 200, param: { robotId: ROBOT, mode: 1 } });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await liveCalls(ROBOT)).toEqual([]);
    // simulateSosCall: super administrators only.
    for (const who of ['platform', 'entsuper', 'entadmin', 'monitor'] as const) expect(await s.call('simulateSosCall', { robotId: ROBOT }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    // A rail robot has no interactive subsystem; an offline robot.
    expect(await s.call('simulateSosCall', { robotId: '04TP000001' }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'The dialogue (interactive) subsystem is not online' });
    expect(await s.call('simulateSosCall', { robotId: '03WS000001' }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Robot not online' });
    // callAccept: general users lack robot:call (spec §6).
    expect(await s.call('callAccept', { callId: 'ab'.repeat(16) }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('callAccept', { callId: 'ab'.repeat(16) }, t.monitor, 'ja')).toEqual({ statusCode: 401, statusInfo: '操作する権限がありません！' });
    expect(await s.call('callAccept', { callId: 'ab'.repeat(16) }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'The call does not exist' });
    // Bad input.
    expect(await s.call('callAccept', { callId: 'xyz' }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: callId Unmatched pattern' });
    expect(await s.call('callAccept', {}, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: callId is required' });
    expect((await s.call('callAccept', { callId: 'ab'.repeat(16), extra: 1 }, t.entadmin)).statusCode).toBe(400);
    expect((await s.call('simulateSosCall', { robotId: ROBOT, video: 'yes' }, t.admin)).statusCode).toBe(400);
    expect(await tableHash(s, 'webrtc_logs')).toBe(fp);
    // An outgoing call is not accepted.
    const out = (await s.call('callStart', { robotId: ROBOT, video: false }, t.entadmin)).param.callId as string;
    try {
      expect(await s.call('callAccept', { callId: out }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'This call is not a call from the robot' });
    } finally {
      await s.call('callHangUp', { callId: out }, t.entadmin);
    }
  }, 60_000);
});
