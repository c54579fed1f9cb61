/**
 * Issue 18: robots authenticate to the embedded broker with their own accounts, and may publish
 * only their own topics and subscribe only to their own commands; anonymous clients are refused.
 * (The same rules on Mosquitto, through its dynamic-security plugin, are proven in tests/cluster.)
 */
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttTopics } from '../../common/protocol';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

/** Tries to connect; resolves to 'connected' or the broker's refusal. */
const attempt = (options: mqtt.IClientOptions) =>
  new Promise<string>((resolve) => {
    const c = mqtt.connect(s.server.mqttUrl, { ...options, reconnectPeriod: 0, connectTimeout: 5_000 });
    c.on('connect', () => {
      c.end(true);
      resolve('connected');
    });
    c.on('error', (err) => {
      c.end(true);
      resolve(err.message);
    });
  });

const telemetry = (status: number) => JSON.stringify({ status, online: 1, videoOnline: 0, interactOnline: 0, battery: 77, emergencyButtonStatus: 0, interactionState: 0, t: Date.now() });

describe('MQTT accounts', () => {
  it('refuses anonymous clients, unknown robots and wrong passwords', async () => {
    expect(await attempt({})).toBe('Connection refused: Bad username or password');
    expect(await attempt({ username: '01WR000001', password: 'guess' })).toBe('Connection refused: Bad username or password');
    expect(await attempt({ username: 'fleet-console', password: 'guess' })).toBe('Connection refused: Bad username or password');
    const { password } = await s.credentialsOf('01WR000001');
    expect(await attempt({ username: '01WR000001', password })).toBe('connected');
    expect(await attempt({ username: '01WR000002', password })).toBe('Connection refused: Bad username or password');
  });

  it('a robot publishes only its own topics and subscribes only to its own commands', async () => {
    const robot = await s.mqtt('03WS000001');
    try {
      // Its own telemetry arrives.
      await robot.publishAsync(MqttTopics.status('03WS000001'), telemetry(3));
      await expect.poll(() => s.server.services.fleet.get('03WS000001')?.status, { timeout: 5_000 }).toBe(3);
      // Another robot's commands, or every robot's: refused (the broker grants them the failure code 128).
      await expect(robot.subscribeAsync(MqttTopics.command('01WR000001'))).rejects.toThrow('Subscribe error');
      await expect(robot.subscribeAsync('fleet/robots/#')).rejects.toThrow('Subscribe error');
      const [own] = await robot.subscribeAsync(MqttTopics.command('03WS000001'), { qos: 1 });
      expect(own!.qos).toBe(1);
    } finally {
      robot.end(true);
    }
    // Another robot's topic: the broker drops the publisher, and the other robot's state is untouched.
    const before = s.server.services.fleet.get('01WR000002')?.status;
    const forger = await s.mqtt('03WS000001', { reconnectPeriod: 0 });
    const dropped = new Promise<void>((resolve) => forger.on('close', () => resolve()));
    forger.publish(MqttTopics.status('01WR000002'), telemetry(6));
    forger.publish(MqttTopics.alarm('01WR000002'), JSON.stringify({ code: 306, state: 1, t: Date.now() }), { qos: 1 });
    await dropped;
    forger.end(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.server.services.fleet.get('01WR000002')?.status).toBe(before);
    expect((await s.server.services.db.query(`SELECT 1 FROM alarms WHERE "robotId" = '01WR000002' AND code = 306`)).length).toBe(0);
  });

  it('an administrator resets a robot\'s secret: shown once, the old one stops working, a connected robot is dropped; the log keeps no secret', async () => {
    const old = await s.credentialsOf('04WR000003');
    const robot = await mqtt.connectAsync(s.server.mqttUrl, { username: old.username, password: old.password, reconnectPeriod: 0 });
    const dropped = new Promise<void>((resolve) => robot.on('close', () => resolve()));
    const reset = await s.call<{ robotId: string; username: string; password: string }>('resetRobotCredentials', { robotId: '04WR000003' }, admin);
    expect(reset.statusCode).toBe(200);
    expect(reset.param).toMatchObject({ robotId: '04WR000003', username: '04WR000003' });
    expect(reset.param!.password).toMatch(/^[\w-]{32}$/);
    await dropped;
    expect(await attempt({ username: '04WR000003', password: old.password })).toBe('Connection refused: Bad username or password');
    expect(await attempt({ username: '04WR000003', password: reset.param!.password })).toBe('connected');
    const log = await s.server.services.db.query<{ result: { password: string } }>(`SELECT result FROM operation_log WHERE event = 'resetRobotCredentials' ORDER BY id DESC LIMIT 1`);
    expect(log[0]!.result.password).toBe('***');
  });

  it('a robot of another company tree cannot be reset, and nothing changes', async () => {
    const entadmin = await s.login('entadmin');
    const { password } = await s.credentialsOf('06LK000001');
    const refused = await s.call('resetRobotCredentials', { robotId: '06LK000001' }, entadmin);
    expect(refused).toMatchObject({ statusCode: 404 });
    expect(await attempt({ username: '06LK000001', password })).toBe('connected');
  });
});
