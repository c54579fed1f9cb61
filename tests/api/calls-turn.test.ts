/**
 * Issue 21: calls through the TURN server (Debian's coturn, scripts/turn.ts). The server is given
 * TURN_URL and TURN_SECRET (a secret made for this run) and hands out short-lived TURN REST
 * credentials: in /config.json to a caller with a session, in the callStart answer, and to the robot
 * with its callOffer. Then a call where both peers use relayed candidates only (the test's werift
 * console peer with iceTransportPolicy 'relay', the simulated robot switched to relay only): media
 * flows through coturn. Spec §7: extra ICE servers without credentials get default credentials.
 *
 * Skips (saying so) only when /usr/bin/turnserver is absent; .ci/run installs coturn.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { startTurn, turnInstalled, type RunningTurn } from '../../scripts/turn';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll } from './admin-support';

const HAVE_TURN = turnInstalled();
if (!HAVE_TURN) console.warn('calls-turn.test.ts SKIPPED: coturn is not installed (/usr/bin/turnserver; apt-get install -y coturn, as .ci/run does)');

let s: TestServer;
let turn: RunningTurn;
let t: Awaited<ReturnType<typeof loginAll>>;
let dir = '';
const ROBOT = '01WR000001';
const EXTRA_TURN = 'turn:turn-extra.example.net:3478';

const hmac = (secret: string, username: string) => crypto.createHmac('sha1', secret).update(username).digest('base64');
const candidateTypes = (sdp: string) => [...sdp.matchAll(/^a=candidate:.* typ (\w+)/gm)].map((m) => m[1]);
const configJson = async (token?: string) =>
  (await fetch(`${s.url}/config.json`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then((r) => r.json())) as { iceServers: { urls: string | string[]; username?: string; credential?: string }[] };

beforeAll(async () => {
  if (!HAVE_TURN) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-turn-'));
  turn = await startTurn({ dir });
  s = await startTestServer({ ...turn.env, ICE_SERVERS: `stun:127.0.0.1:${turn.port},${EXTRA_TURN}`, TURN_TTL_SECONDS: '600' });
  t = await loginAll(s);
  for (let i = 0; i < 100 && (await s.call('reqRobotStatus', { robotId: ROBOT }, t.entadmin)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
}, 180_000);
afterAll(async () => {
  await s?.close();
  await turn?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!HAVE_TURN)(HAVE_TURN ? 'calls through coturn (issue 21)' : 'calls through coturn (SKIPPED: coturn is not installed)', () => {
  it('hands out TURN REST credentials (expiry:userId, HMAC-SHA1 of the run\'s secret) to sessions only; extra ICE servers get them too', async () => {
    // Without a session: STUN only (a TURN server without credentials would break the browser's peer connection).
    expect((await configJson()).iceServers).toEqual([{ urls: `stun:127.0.0.1:${turn.port}` }]);
    expect((await configJson('not-a-token')).iceServers).toEqual([{ urls: `stun:127.0.0.1:${turn.port}` }]);
    const userId = (await s.server.services.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'entadmin'`))[0]!.id;
    const servers = (await configJson(t.entadmin)).iceServers;
    expect(servers.map((x) => x.urls)).toEqual([turn.env.TURN_URL.split(','), `stun:127.0.0.1:${turn.port}`, EXTRA_TURN]);
    const own = servers[0]!;
    const [expiry, user] = own.username!.split(':');
    expect(user).toBe(String(userId));
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(540);
    expect(Number(expiry) - Date.now() / 1000).toBeLessThanOrEqual(601);
    expect(own.credential).toBe(hmac(turn.env.TURN_SECRET, own.username!));
    // The extra TURN server had no credentials: it gets this user's.
    expect(servers[2]).toEqual({ urls: EXTRA_TURN, username: own.username, credential: own.credential });
    // The secret itself is never handed out.
    expect(JSON.stringify(await configJson(t.admin))).not.toContain(turn.env.TURN_SECRET);
  });

  it('a call with relay-only ICE on both sides: media flows through coturn', async () => {
    await s.server.services.gateway!.request(ROBOT, 'simulateCallMode', { mode: 'normal', relay: true });
    const start = await s.call('callStart', { robotId: ROBOT, video: true }, t.entadmin);
    expect(start.statusCode).toBe(200);
    const { callId, iceServers } = start.param as { callId: string; iceServers: { urls: string | string[]; username?: string; credential?: string }[] };
    expect(iceServers[0]).toMatchObject({ urls: turn.env.TURN_URL.split(',') });
    const pc = new RTCPeerConnection({ iceServers: iceServers as never, iceTransportPolicy: 'relay' });
    const audio = pc.addTransceiver('audio', { direction: 'sendrecv' });
    pc.addTransceiver('video', { direction: 'recvonly' });
    const received = { audio: 0, video: 0 };
    for (const tr of pc.getTransceivers()) tr.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => void received[track.kind as 'audio' | 'video']++));
    let seq = 1;
    const timer = setInterval(() => {
      void audio.sender.sendRtp(new RtpPacket(new RtpHeader({ sequenceNumber: seq++, timestamp: seq * 960, payloadType: 111 }), Buffer.alloc(40, 0xf8))).catch(() => undefined);
    }, 20);
    try {
      await pc.setLocalDescription(await pc.createOffer());
      if (pc.iceGatheringState !== 'complete') await Promise.race([pc.iceGatheringStateChange.watch((st) => st === 'complete'), new Promise((r) => setTimeout(r, 10_000))]);
      const offer = pc.localDescription!.sdp;
      // Only relayed candidates, allocated on coturn's relay addresses.
      expect(candidateTypes(offer).length).toBeGreaterThan(0);
      expect(new Set(candidateTypes(offer))).toEqual(new Set(['relay']));
      const sig = await s.call('callSignal', { callId, kind: 'offer', data: offer }, t.entadmin);
      expect(sig).toMatchObject({ statusCode: 200, param: { kind: 'answer', state: 2 } });
      // The robot was given TURN credentials too and gathered relayed candidates only.
      expect(new Set(candidateTypes(sig.param.data))).toEqual(new Set(['relay']));
      await pc.setRemoteDescription({ type: 'answer', sdp: sig.param.data });
      let info: any;
      for (const until = Date.now() + 30_000; Date.now() < until; ) {
        info = (await s.call('getCallInfo', { callId }, t.entadmin)).param;
        if (received.video > 10 && received.audio > 10 && info.robotAudioPackets > 10) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(received.video).toBeGreaterThan(10);
      expect(received.audio).toBeGreaterThan(10);
      expect(info.robotAudioPackets).toBeGreaterThan(10);
      expect((await s.call('callHangUp', { callId }, t.entadmin)).param).toMatchObject({ state: 0, result: 2 });
      // coturn's own log: allocations of both users, each with its TURN REST username.
      const log = fs.readFileSync(turn.logFile, 'utf8');
      expect(log).toMatch(/user <\d+:robot-01WR000001>: incoming packet ALLOCATE processed, success/);
      expect(log).toMatch(new RegExp(`user <\\d+:${(iceServers[0]!.username ?? '').split(':')[1]}>: incoming packet ALLOCATE processed, success`));
    } finally {
      clearInterval(timer);
      await pc.close();
      await s.server.services.gateway!.request(ROBOT, 'simulateCallMode', { mode: 'normal', relay: false });
    }
  }, 60_000);
});
