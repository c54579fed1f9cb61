import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { MqttTopics, type RobotAlarmReport } from '../../common/protocol';
import type { RobotCommand, RobotReply } from '../../common/robot-actions';
import { FleetSimulator } from '../../server/simulator/simulator';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

/**
 * Issue 4: the simulator's believable state as the console receives it — environment readings in
 * the status push (robots with environment-detection modules only), and the initialising status
 * (10) a robot shows for a few seconds when it starts, only when episodes are on.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => {
  await s?.close();
});

/** The status pushes of one robot's realtime topic. */
async function statusPushes(robotId: string) {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, admin);
  const got: any[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    for (const m of frame.type === 'batch' ? frame.pushes : [frame]) if (m.type === 'push' && m.event === 'status') got.push(m.data);
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'subscribe', topic: `robot/${robotId}` }));
  return { ws, got };
}

const loop: [number, number][] = [
  [0, 0],
  [20, 0],
  [20, 10],
];

describe('the simulator (issue 4)', () => {
  it('a robot with environment modules reports drifting readings in its status push; one without reports none', async () => {
    const withEnv = await statusPushes('01WR000001');
    const without = await statusPushes('01WR000002');
    const sim = new FleetSimulator(s.server.mqttUrl, 200, 0);
    await sim.start([
      { robotId: '01WR000001', robotType: 1, mapId: 1, loop, environment: true },
      { robotId: '01WR000002', robotType: 1, mapId: 1, loop },
    ], s.credentialsOf);
    try {
      await expect.poll(() => withEnv.got.filter((d) => d.env).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      await expect.poll(() => without.got.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await sim.stop();
      withEnv.ws.close();
      without.ws.close();
    }
    const env = withEnv.got.find((d) => d.env).env;
    expect(Object.keys(env).sort()).toEqual(['humidity', 'hydrogenFluoride', 'methane', 'pm25', 'smoke', 'temperature']);
    for (const v of Object.values(env)) expect(typeof v).toBe('number');
    expect(env.temperature).toBeGreaterThan(5);
    expect(env.temperature).toBeLessThan(40);
    expect(without.got.some((d) => 'env' in d)).toBe(false);
    // The server keeps the latest readings for the robot's status.
    expect((await s.call('reqRobotStatus', { robotId: '01WR000001' }, admin)).param.env).toEqual(expect.objectContaining({ humidity: expect.any(Number) }));
  }, 30_000);

  it('with episodes on, a robot shows initialising (10) for a few seconds at start, then its own status; off, never', async () => {
    const on = await statusPushes('04WR000003');
    const off = await statusPushes('05WV000001');
    // Episodes on, but so rare that none but the start's initialising happens during the test.
    const withEpisodes = new FleetSimulator(s.server.mqttUrl, 200, 0, 0, '', 1e12);
    const without = new FleetSimulator(s.server.mqttUrl, 200, 0);
    await withEpisodes.start([{ robotId: '04WR000003', robotType: 1, mapId: 3, loop }], s.credentialsOf);
    await without.start([{ robotId: '05WV000001', robotType: 2, mapId: 4, loop }], s.credentialsOf);
    try {
      await expect.poll(() => on.got.some((d) => d.status === 10), { timeout: 5_000 }).toBe(true);
      await expect.poll(() => on.got.at(-1)?.status, { timeout: 15_000 }).not.toBe(10);
      await expect.poll(() => off.got.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      await withEpisodes.stop();
      await without.stop();
      on.ws.close();
      off.ws.close();
    }
    expect(off.got.some((d) => d.status === 10)).toBe(false);
  }, 40_000);

  it('collisions follow the robot\'s collision mode: normal stops until reset; safe resumes by itself and faults after 3 in a row', async () => {
    const normal = '01WR000001';
    const safe = '01WR000002';
    const client: MqttClient = await s.mqtt(undefined, { clientId: `test-collisions-${Date.now()}` });
    const alarms: RobotAlarmReport[] = [];
    await client.subscribeAsync(MqttTopics.alarmWildcard);
    client.on('message', (topic, payload) => {
      if (topic.endsWith('/alarm')) alarms.push(JSON.parse(payload.toString()) as RobotAlarmReport);
    });
    const pushes: Record<string, Awaited<ReturnType<typeof statusPushes>>> = { [normal]: await statusPushes(normal), [safe]: await statusPushes(safe) };
    const sim = new FleetSimulator(s.server.mqttUrl, 200, 0);
    await sim.start([
      { robotId: normal, robotType: 1, mapId: 1, loop, settings: { collision: { collisionMode: 1 } } },
      // Safe mode with a 1 s stop (the settings allow 5 s and more; the robot takes what it is given).
      { robotId: safe, robotType: 1, mapId: 1, loop, settings: { collision: { collisionMode: 2, safeModeStopSeconds: 1, faultAfterCollisions: 3, collisionWindowSeconds: 60 } } },
    ], s.credentialsOf);
    const collide = async (robotId: string) => {
      const id = `c-${Date.now()}-${Math.random()}`;
      await client.subscribeAsync(MqttTopics.reply(robotId));
      const replied = new Promise<void>((resolve) => client.on('message', (_t, p) => (JSON.parse(p.toString()) as RobotReply).id === id && resolve()));
      client.publish(MqttTopics.command(robotId), JSON.stringify({ id, action: 'simulateCollision', t: Date.now() } satisfies RobotCommand));
      await replied;
    };
    const last = (robotId: string) => pushes[robotId]!.got.at(-1)?.status;
    const codes = (robotId: string, state: 'raise' | 'clear') => alarms.filter((a) => a.robotId === robotId && a.state === state).map((a) => a.code);
    try {
      await expect.poll(() => last(normal), { timeout: 5_000 }).toBeDefined();
      // Normal mode: stopped (alarm pause 14), collision alarm 301, driving refused, until resetPosition.
      await collide(normal);
      await expect.poll(() => last(normal), { timeout: 5_000 }).toBe(14);
      expect(codes(normal, 'raise')).toEqual([301]);
      const go = await s.call('robotAction', { robotId: normal, action: 2 }, admin);
      expect(go).toEqual({ statusCode: 400, statusInfo: 'The command cannot be issued in this state' });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(last(normal)).toBe(14);
      expect((await s.call('robotAction', { robotId: normal, action: 0 }, admin)).statusCode).toBe(200);
      await expect.poll(() => last(normal), { timeout: 5_000 }).not.toBe(14);
      await expect.poll(() => codes(normal, 'clear'), { timeout: 5_000 }).toEqual([301]);

      // Safe mode: stops, resumes by itself; the 3rd consecutive collision is a fault (4, code 322) until reset.
      await collide(safe);
      await expect.poll(() => last(safe), { timeout: 5_000 }).toBe(14);
      await expect.poll(() => last(safe), { timeout: 5_000 }).not.toBe(14);
      await collide(safe);
      await expect.poll(() => codes(safe, 'clear').length, { timeout: 5_000 }).toBe(2);
      await collide(safe);
      await expect.poll(() => last(safe), { timeout: 5_000 }).toBe(4);
      expect(codes(safe, 'raise')).toEqual([301, 301, 301, 322]);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(last(safe)).toBe(4);
      expect((await s.call('robotAction', { robotId: safe, action: 0 }, admin)).statusCode).toBe(200);
      await expect.poll(() => last(safe), { timeout: 5_000 }).not.toBe(4);
      await expect.poll(() => codes(safe, 'clear').slice(2).sort(), { timeout: 5_000 }).toEqual([301, 322]);
    } finally {
      await sim.stop();
      await client.endAsync(true);
      for (const p of Object.values(pushes)) p.ws.close();
    }
  }, 60_000);
});
