import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MqttTopics } from '../../common/protocol';
import { parseFlv } from '../../server/features/video/flv';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('operator');
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: '01WR000001' }, token)).param?.videoOnline !== 1; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

/** Opens a single-stream socket; its first message is the token's auth message. */
function open(path: string, as = token): { ws: WebSocket; chunks: Buffer[]; closed: Promise<number> } {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}${path}`, as);
  const chunks: Buffer[] = [];
  ws.on('message', (d) => chunks.push(d as Buffer));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return { ws, chunks, closed };
}

/** The H.264 codec configuration (AVC sequence header: the picture size is in its SPS) of an FLV stream or clip. */
const avcConfig = (flv: Buffer) => parseFlv(flv).headerTags.find((t) => t.type === 9)?.body.toString('hex');
const clipConfig = (file: string) => avcConfig(fs.readFileSync(path.join(process.cwd(), 'assets', 'video', file)));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live camera video over WebSocket', () => {
  it('streams FLV: the header first, then media keeps coming', async () => {
    const { ws, chunks } = open('/live/01WR000001/front');
    // The robot is asked to push, connects and streams: media arrives (a loaded machine may take a few seconds).
    const media = () => chunks.slice(1).reduce((n, c) => n + c.length, 0);
    for (let i = 0; i < 100 && media() <= 5_000; i++) await new Promise((r) => setTimeout(r, 100));
    expect(chunks[0]!.toString('ascii', 0, 3)).toBe('FLV');
    expect(media()).toBeGreaterThan(5_000);
    ws.close();
  });

  it('plays the main stream by default or with ?stream=main, the sub stream (the 640×360 clip) with ?stream=sub', async () => {
    const main = open('/live/01WR000001/back?stream=main');
    const plain = open('/live/01WR000001/back');
    const sub = open('/live/01WR000001/back?stream=sub');
    const bytes = (v: { chunks: Buffer[] }) => v.chunks.reduce((n, c) => n + c.length, 0);
    for (let i = 0; i < 100 && [main, plain, sub].some((v) => bytes(v) <= 2_000); i++) await wait(100);
    expect(clipConfig('back.flv')).not.toBe(clipConfig('back-sub.flv'));
    expect(avcConfig(Buffer.concat(main.chunks))).toBe(clipConfig('back.flv'));
    expect(avcConfig(Buffer.concat(plain.chunks))).toBe(clipConfig('back.flv'));
    expect(avcConfig(Buffer.concat(sub.chunks))).toBe(clipConfig('back-sub.flv'));
    for (const v of [main, plain, sub]) v.ws.close();
  });

  it('refuses a stream other than main or sub with 4400 "stream must be main or sub", asking the robot nothing', async () => {
    for (const query of ['?stream=hd', '?stream=', '?stream=SUB', '?stream=sub&stream=main']) {
      const ws = authedSocket(`${s.url.replace('http', 'ws')}/live/01WR000001/left${query}`, token);
      const chunks: Buffer[] = [];
      ws.on('message', (d) => chunks.push(d as Buffer));
      expect(await new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))).toEqual({ code: 4400, reason: 'stream must be main or sub' });
      expect(chunks).toEqual([]);
    }
    // Still a bad token first: who has no session learns nothing about the stream.
    expect(await open('/live/01WR000001/left?stream=hd', 'bad').closed).toBe(4403);
  });

  it('refuses a bad token, an unknown camera, a robot out of scope and an offline robot', async () => {
    expect(await open('/live/01WR000001/front', 'bad').closed).toBe(4403);
    expect(await open('/live/01WR000001/roof').closed).toBe(4404);
    expect(await open('/live/05WV000001/front').closed).toBe(4404);
    expect(await open('/live/03WS000001/0').closed).toBe(4410);
  });
});

describe('many live cameras over one WebSocket (/live-mux)', () => {
  /** Opens the shared socket; binary messages are split by their 2-byte stream id. */
  async function mux(as = token) {
    const ws = authedSocket(`${s.url.replace('http', 'ws')}/live-mux`, as);
    const bytes = new Map<number, Buffer[]>();
    const closed: { id: number; code: number; reason: string }[] = [];
    ws.on('message', (d, isBinary) => {
      const b = d as Buffer;
      if (!isBinary) return closed.push(JSON.parse(b.toString()) as { id: number; code: number; reason: string });
      const id = b.readUInt16BE(0);
      bytes.set(id, [...(bytes.get(id) ?? []), b.subarray(2)]);
    });
    const shut = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    return { ws, bytes, closed, shut, send: (m: object) => ws.send(JSON.stringify(m)) };
  }
  const total = (chunks: Buffer[] | undefined) => (chunks ?? []).reduce((n, c) => n + c.length, 0);

  it('carries two cameras at once, each its own FLV stream, and stops one on close', async () => {
    const m = await mux();
    m.send({ type: 'open', id: 1, path: '/live/01WR000001/front' });
    m.send({ type: 'open', id: 7, path: '/live/01WR000001/1' });
    await new Promise((r) => setTimeout(r, 1_200));
    for (const id of [1, 7]) {
      expect(m.bytes.get(id)![0]!.toString('ascii', 0, 3)).toBe('FLV');
      expect(total(m.bytes.get(id))).toBeGreaterThan(5_000);
    }
    m.send({ type: 'close', id: 1 });
    await new Promise((r) => setTimeout(r, 300));
    const stopped = total(m.bytes.get(1));
    const running = total(m.bytes.get(7));
    await new Promise((r) => setTimeout(r, 800));
    expect(total(m.bytes.get(1))).toBe(stopped);
    expect(total(m.bytes.get(7))).toBeGreaterThan(running);
    expect(m.closed).toEqual([]);
    m.ws.close();
  });

  it('carries the main and the sub stream of one camera side by side, each its own stream; refuses a bad stream by id', async () => {
    const m = await mux();
    m.send({ type: 'open', id: 1, path: '/live/01WR000001/right?stream=sub' });
    m.send({ type: 'open', id: 2, path: '/live/01WR000001/right' });
    m.send({ type: 'open', id: 3, path: '/live/01WR000001/right?stream=4k' });
    m.send({ type: 'open', id: 4, path: '/live/01WR000001/right?stream=' });
    // `stream` at most once, and nothing but `from` and `stream` after the path.
    m.send({ type: 'open', id: 5, path: '/live/01WR000001/right?stream=sub&stream=sub' });
    m.send({ type: 'open', id: 6, path: '/live/01WR000001/right?quality=sub' });
    for (let i = 0; i < 100 && (total(m.bytes.get(1)) <= 2_000 || total(m.bytes.get(2)) <= 2_000 || m.closed.length < 4); i++) await wait(100);
    expect(avcConfig(Buffer.concat(m.bytes.get(1)!))).toBe(clipConfig('right-sub.flv'));
    expect(avcConfig(Buffer.concat(m.bytes.get(2)!))).toBe(clipConfig('right.flv'));
    expect(m.closed.sort((a, b) => a.id - b.id)).toEqual([
      { type: 'closed', id: 3, code: 4400, reason: 'stream must be main or sub' },
      { type: 'closed', id: 4, code: 4400, reason: 'stream must be main or sub' },
      { type: 'closed', id: 5, code: 4404, reason: 'no such camera' },
      { type: 'closed', id: 6, code: 4404, reason: 'no such camera' },
    ]);
    expect([...m.bytes.keys()].sort()).toEqual([1, 2]);
    // Closing the sub stream leaves the main stream of the same camera playing.
    m.send({ type: 'close', id: 1 });
    await wait(300);
    const running = total(m.bytes.get(2));
    await wait(800);
    expect(total(m.bytes.get(2))).toBeGreaterThan(running);
    m.ws.close();
  });

  it('refuses per stream with the single-stream close codes, and a bad token for the whole socket', async () => {
    const m = await mux();
    m.send({ type: 'open', id: 2, path: '/live/01WR000001/roof' });
    m.send({ type: 'open', id: 3, path: '/live/05WV000001/front' });
    m.send({ type: 'open', id: 4, path: '/live/03WS000001/0' });
    m.send({ type: 'open', id: 5, path: '/elsewhere' });
    // Issue 18: a broken percent-escape once threw out of the handler and ended the process.
    m.send({ type: 'open', id: 6, path: '/live/%E0%A4%A/1' });
    for (let i = 0; i < 50 && m.closed.length < 5; i++) await new Promise((r) => setTimeout(r, 50));
    expect(m.closed.sort((a, b) => a.id - b.id)).toEqual([
      { type: 'closed', id: 2, code: 4404, reason: 'no such camera' },
      { type: 'closed', id: 3, code: 4404, reason: 'no such camera' },
      { type: 'closed', id: 4, code: 4410, reason: 'video offline' },
      { type: 'closed', id: 5, code: 4404, reason: 'no such camera' },
      { type: 'closed', id: 6, code: 4404, reason: 'no such camera' },
    ]);
    expect(m.bytes.size).toBe(0);
    // The socket and the server go on.
    m.send({ type: 'open', id: 8, path: '/live/01WR000001/front' });
    for (let i = 0; i < 50 && total(m.bytes.get(8)) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(total(m.bytes.get(8))).toBeGreaterThan(0);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    m.ws.close();
    const bad = authedSocket(`${s.url.replace('http', 'ws')}/live-mux`, 'bad');
    expect(await new Promise<number>((resolve) => bad.on('close', (code) => resolve(code)))).toBe(4403);
  });
});


type PushCommand = { id: string; action: string; params: { cameraId: number; url: string; stream?: string } };

/**
 * 03WS000001 is not played by the simulator: the test speaks for it, as a real robot would. It
 * accepts every command (kept in `commands`), reports itself online with video, and waits until the
 * server sees its video online.
 */
async function videoRobot(clientSuffix: string) {
  const ROBOT = '03WS000001';
  const robot = await s.mqtt(undefined, { clientId: `test-robot-${ROBOT}-${clientSuffix}` });
  const commands: PushCommand[] = [];
  await robot.subscribeAsync(MqttTopics.command(ROBOT));
  robot.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString());
    commands.push(cmd);
    robot.publish(MqttTopics.reply(ROBOT), JSON.stringify({ id: cmd.id, result: 'accepted' }));
  });
  const telemetry = () => JSON.stringify({ robotId: ROBOT, status: 0, online: 1, videoOnline: 1, interactOnline: 1, battery: 80, emergencyButtonStatus: 0, interactionState: 0, t: Date.now() });
  robot.publish(MqttTopics.status(ROBOT), telemetry());
  const beat = setInterval(() => robot.publish(MqttTopics.status(ROBOT), telemetry()), 500);
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, token)).param?.videoOnline !== 1; i++) await new Promise((r) => setTimeout(r, 100));
  return {
    ROBOT,
    commands,
    stop: async () => {
      clearInterval(beat);
      await robot.endAsync(true);
    },
  };
}

describe('robots push their own video (/ingest)', () => {
  const until = async (check: () => boolean, ms: number) => {
    const t0 = Date.now();
    while (!check()) {
      if (Date.now() - t0 > ms) throw new Error('not in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('asks the robot to push when the first viewer opens, relays it to every viewer, and stops it a few seconds after the last one left', async () => {
    const { ROBOT, commands, stop } = await videoRobot('video');
    try {
      const first = open(`/live/${ROBOT}/left`);
      await until(() => commands.some((c) => c.action === 'videoPush'), 5_000);
      const ask = commands.find((c) => c.action === 'videoPush')!;
      expect(ask.params.cameraId).toBe(2);
      expect(ask.params.url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/ingest/${ROBOT}/left\\?key=[0-9a-f]{32}$`));
      // Only the key handed out opens the ingest.
      const forged = new WebSocket(ask.params.url.replace(/key=[0-9a-f]+$/, `key=${'0'.repeat(32)}`));
      expect(await new Promise((r) => forged.on('close', (code) => r(code)))).toBe(4403);
      // The robot pushes its camera: a whole FLV clip at once (header, codec configuration, frames).
      const push = new WebSocket(ask.params.url);
      const pushClosed = new Promise<number>((r) => push.on('close', (code) => r(code)));
      await new Promise((r) => push.once('open', r));
      push.send(fs.readFileSync(path.join(process.cwd(), 'assets', 'video', 'left.flv')));
      await until(() => first.chunks.reduce((n, c) => n + c.length, 0) > 5_000, 5_000);
      expect(first.chunks[0]!.toString('ascii', 0, 3)).toBe('FLV');
      // A second viewer joins mid-stream: it starts at once from the last key frame; the robot is not asked again.
      const second = open(`/live/${ROBOT}/2`);
      await until(() => second.chunks.length > 0, 5_000);
      expect(second.chunks[0]!.toString('ascii', 0, 3)).toBe('FLV');
      expect(second.chunks[0]!.length).toBeGreaterThan(1_000);
      expect(commands.filter((c) => c.action === 'videoPush')).toHaveLength(1);
      // Both leave: a few seconds later the robot is told to stop and its push is closed.
      first.ws.close();
      second.ws.close();
      await until(() => commands.some((c) => c.action === 'videoPushStop'), 8_000);
      expect(commands.find((c) => c.action === 'videoPushStop')!.params).toEqual({ cameraId: 2, url: ask.params.url });
      expect(await pushClosed).toBe(1000);
    } finally {
      await stop();
    }
  }, 30_000);
});

describe('main and sub stream pushes (issue 22)', () => {
  it('asks the robot for the sub stream with stream "sub", a push and a key of its own beside the main stream; a bad stream asks nothing', async () => {
    const { ROBOT, commands, stop } = await videoRobot('video-sub');
    const pushes = () => commands.filter((c) => c.action === 'videoPush' && c.params.cameraId === 3);
    const until = async (check: () => boolean, ms: number) => {
      const t0 = Date.now();
      while (!check()) {
        if (Date.now() - t0 > ms) throw new Error('not in time');
        await wait(50);
      }
    };
    try {
      // A bad stream is refused before the robot is asked.
      expect(await open(`/live/${ROBOT}/right?stream=low`).closed).toBe(4400);
      await wait(300);
      expect(pushes()).toEqual([]);
      const sub = open(`/live/${ROBOT}/right?stream=sub`);
      await until(() => pushes().length === 1, 5_000);
      const main = open(`/live/${ROBOT}/3`);
      await until(() => pushes().length === 2, 5_000);
      const [askSub, askMain] = pushes() as [(typeof commands)[number], (typeof commands)[number]];
      expect(askSub.params).toEqual({ cameraId: 3, url: expect.stringMatching(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/ingest/${ROBOT}/right\\?key=[0-9a-f]{32}$`)), stream: 'sub' });
      expect(askMain.params).toEqual({ cameraId: 3, url: expect.stringMatching(/key=[0-9a-f]{32}$/) });
      expect(askMain.params.url).not.toBe(askSub.params.url);
      // Each push reaches its own viewers only.
      const pushClip = async (url: string, file: string) => {
        const ws = new WebSocket(url);
        await new Promise((r) => ws.once('open', r));
        ws.send(fs.readFileSync(path.join(process.cwd(), 'assets', 'video', file)));
        return ws;
      };
      const pushedSub = await pushClip(askSub.params.url, 'right-sub.flv');
      const pushedMain = await pushClip(askMain.params.url, 'right.flv');
      await until(() => sub.chunks.length > 0 && main.chunks.length > 0, 5_000);
      expect(avcConfig(Buffer.concat(sub.chunks))).toBe(clipConfig('right-sub.flv'));
      expect(avcConfig(Buffer.concat(main.chunks))).toBe(clipConfig('right.flv'));
      // A second sub viewer joins the sub push: the robot is not asked again.
      const sub2 = open(`/live/${ROBOT}/right?stream=sub`);
      await until(() => sub2.chunks.length > 0, 5_000);
      expect(avcConfig(Buffer.concat(sub2.chunks))).toBe(clipConfig('right-sub.flv'));
      expect(pushes()).toHaveLength(2);
      // The sub viewers leave: only the sub push is stopped, the main one goes on.
      sub.ws.close();
      sub2.ws.close();
      await until(() => commands.some((c) => c.action === 'videoPushStop'), 8_000);
      expect(commands.filter((c) => c.action === 'videoPushStop').map((c) => c.params)).toEqual([{ cameraId: 3, url: askSub.params.url }]);
      await until(() => pushedSub.readyState === WebSocket.CLOSED, 3_000);
      expect(pushedMain.readyState).toBe(WebSocket.OPEN);
      main.ws.close();
      await until(() => commands.filter((c) => c.action === 'videoPushStop').length === 2, 8_000);
      expect(commands.filter((c) => c.action === 'videoPushStop')[1]!.params).toEqual({ cameraId: 3, url: askMain.params.url });
    } finally {
      await stop();
    }
  }, 40_000);
});

describe('video sockets of an ended session', () => {
  it('close with 4403 "session ended" when the session logs out (single and multiplexed)', async () => {
    const own = await s.login('operator');
    const single = open('/live/01WR000001/front', own);
    const mux = authedSocket(`${s.url.replace('http', 'ws')}/live-mux`, own);
    const muxClosed = new Promise<{ code: number; reason: string }>((resolve) => mux.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    await new Promise((r) => mux.once('open', r));
    mux.send(JSON.stringify({ type: 'open', id: 1, path: '/live/01WR000001/back' }));
    await new Promise((r) => setTimeout(r, 800));
    expect(single.chunks.length).toBeGreaterThan(0);
    expect((await s.call('logOut', {}, own)).statusCode).toBe(200);
    expect(await single.closed).toBe(4403);
    expect(await muxClosed).toEqual({ code: 4403, reason: 'session ended' });
    // The other operator's sessions are untouched.
    expect((await s.call('getUser', {}, token)).statusCode).toBe(200);
  });
});
