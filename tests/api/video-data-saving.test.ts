/**
 * Spec §9 data-saving modes (issue 17): always push, push only when viewed (the default), push
 * during patrol. The test plays robot 01WR000002 itself over MQTT (telemetry every second, answers
 * videoPush and pushes an FLV header to the ingest address it is given), so what the server asks
 * of the robot is seen exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MqttClient } from 'mqtt';
import { MqttTopics, type RobotTelemetry } from '../../common/protocol';
import { startTestServer, type TestServer } from '../helpers/test-server';

const ROBOT = '01WR000002'; // HarborSecurity (company 2)
const HARBOR = 2;

let s: TestServer;
let robot: MqttClient;
let status = 0;
let beat: NodeJS.Timeout;
const t: Record<string, string> = {};
/** Commands the robot got, in order: action and camera. */
const commands: { action: string; cameraId: number; at: number }[] = [];
/** Open pushes by camera (the robot's ingest sockets). */
const pushes = new Map<number, WebSocket>();

const FLV_HEADER = Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]);

const telemetry = (): RobotTelemetry => ({ robotId: ROBOT, status, online: 1, videoOnline: 1, interactOnline: 1, battery: 80, emergencyButtonStatus: 0, interactionState: 0, t: Date.now() });

beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  for (const u of ['entsuper', 'monitor']) t[u] = await s.login(u);
  robot = await s.mqtt();
  await robot.subscribeAsync(MqttTopics.command(ROBOT));
  robot.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString()) as { id: string; action: string; params?: { cameraId?: number; url?: string } };
    if (cmd.action !== 'videoPush' && cmd.action !== 'videoPushStop') return;
    const cameraId = Number(cmd.params?.cameraId);
    commands.push({ action: cmd.action, cameraId, at: Date.now() });
    void robot.publishAsync(MqttTopics.reply(ROBOT), JSON.stringify({ id: cmd.id, result: 'accepted' }));
    if (cmd.action === 'videoPush') {
      const ws = new WebSocket(new URL(cmd.params!.url!, s.url.replace('http', 'ws')));
      ws.on('open', () => ws.send(FLV_HEADER));
      pushes.set(cameraId, ws);
    } else {
      pushes.get(cameraId)?.close();
      pushes.delete(cameraId);
    }
  });
  const report = () => void robot.publishAsync(MqttTopics.status(ROBOT), JSON.stringify(telemetry()));
  report();
  beat = setInterval(report, 1_000);
  for (let i = 0; i < 100 && !s.server.services.fleet.get(ROBOT)?.online; i++) await new Promise((r) => setTimeout(r, 50));
});
afterAll(async () => {
  clearInterval(beat);
  for (const ws of pushes.values()) ws.close();
  await robot?.endAsync(true);
  await s?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `check` holds (the leader looks every 2 s; a push lingers 3 s after it is released). */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms; commands: ${JSON.stringify(commands.map((c) => `${c.action}:${c.cameraId}`))}`);
    await sleep(100);
  }
}
const since = (t0: number, action: string) => commands.filter((c) => c.at >= t0 && c.action === action).map((c) => c.cameraId).sort();
const setCompany = (dataSavingMode: number) => s.call('setCompanyParam', { companyId: HARBOR, dataSavingMode }, t.entsuper);
const setRobot = (dataSavingMode: unknown) => s.call('setRobotParam', { robotId: ROBOT, params: { network: { dataSavingMode } } }, t.entsuper);

describe('data-saving modes decide what a robot pushes although nobody watches', () => {
  it('by default (push only when viewed) nothing is pushed without a viewer', async () => {
    expect((await s.call('getCompanyParam', { companyId: HARBOR }, t.entsuper)).param.dataSavingMode).toBe(2);
    expect((await s.call('getRobotParam', { robotId: ROBOT }, t.entsuper)).param.params.network.dataSavingMode).toBe(0);
    await sleep(5_000);
    expect(commands).toEqual([]);
  });

  it("always push: the company's mode makes every camera push, once for the whole server", async () => {
    const t0 = Date.now();
    expect((await setCompany(1)).statusCode).toBe(200);
    await until(() => since(t0, 'videoPush').length === 5);
    expect(since(t0, 'videoPush')).toEqual([0, 1, 2, 3, 4]);
    // Held, not asked again while the pushes stay up.
    await sleep(4_500);
    expect(since(t0, 'videoPush')).toEqual([0, 1, 2, 3, 4]);
    expect(since(t0, 'videoPushStop')).toEqual([]);
  });

  it("the robot's own mode wins over its company's: push only when viewed stops the pushes", async () => {
    const t0 = Date.now();
    expect((await setRobot(2)).statusCode).toBe(200);
    await until(() => since(t0, 'videoPushStop').length === 5);
    expect(since(t0, 'videoPushStop')).toEqual([0, 1, 2, 3, 4]);
  });

  it('push during patrol: pushes while the robot navigates (status 2), stops after', async () => {
    expect((await setRobot(3)).statusCode).toBe(200);
    await sleep(4_500);
    const idle = Date.now();
    await sleep(3_000);
    expect(since(idle, 'videoPush')).toEqual([]);
    const t0 = Date.now();
    status = 2;
    await until(() => since(t0, 'videoPush').length === 5);
    const t1 = Date.now();
    status = 0;
    await until(() => since(t1, 'videoPushStop').length === 5);
    expect(since(t1, 'videoPushStop')).toEqual([0, 1, 2, 3, 4]);
  }, 30_000);

  it('a mode outside the list is refused with the schema message and nothing changes; general users may not set it', async () => {
    expect(await setRobot(4)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Data-saving mode has a value that is not allowed' });
    expect(await setCompany(0)).toEqual({ statusCode: 400, statusInfo: expect.stringContaining('Data-saving mode') });
    expect((await s.call('getRobotParam', { robotId: ROBOT }, t.entsuper)).param.params.network.dataSavingMode).toBe(3);
    expect((await s.call('getCompanyParam', { companyId: HARBOR }, t.entsuper)).param.dataSavingMode).toBe(1);
    expect(await s.call('setRobotParam', { robotId: ROBOT, params: { network: { dataSavingMode: 1 } } }, t.monitor)).toEqual({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
  });
});
