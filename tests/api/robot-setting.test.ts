/**
 * robotSetting (issue 3): the robot parameter document of schemas/settings/robot-setting over
 * getRobotParam / setRobotParam — defaults, saving, the schema's limits and cross-field rule with
 * the catalogue messages, roles and company scope (each refusal changes nothing), the operation
 * log, and the parameters sent to an online robot over MQTT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttTopics, type RobotTelemetry } from '../../common/protocol';
import { settingsLeaves } from '../../common/settings';
import { startTestServer, type TestServer } from '../helpers/test-server';

const NO_PERMISSION = 'Insufficient permissions to operate!';
const ROBOT = '01WR000001'; // HarborSecurity
const METRO_ROBOT = '05WV000001'; // MetroColdChain

let s: TestServer;
const t: Record<string, string> = {};
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  for (const u of ['admin', 'platform', 'entsuper', 'entadmin', 'monitor']) t[u] = await s.login(u);
});
afterAll(async () => s?.close());

/** A fingerprint of robot_settings: changes if any row is added, removed or altered. */
async function settingsHash(): Promise<string> {
  const rows = await s.server.services.db.query<{ n: number; h: string | null }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM robot_settings x`,
  );
  return `${rows[0]!.n}:${rows[0]!.h}`;
}

const defaults = () => s.server.services.schemas.settings.get('robot-setting')!.defaults as Record<string, Record<string, unknown>>;
const set = (params: unknown, who = 'entsuper', robotId = ROBOT, lang = 'en') => s.call('setRobotParam', { robotId, params }, t[who], lang);
const get = (who = 'entsuper', robotId = ROBOT) => s.call('getRobotParam', { robotId }, t[who]);

describe('robotSetting over getRobotParam / setRobotParam', () => {
  it('serves the settings schema, over 200 fields, and answers the defaults for a robot never saved', async () => {
    const body = (await (await fetch(`${s.url}/api/schemas`)).json()) as { settings: { $id: string; properties: Record<string, unknown> }[] };
    const schema = body.settings.find((x) => x.$id === 'robot-setting')!;
    expect(schema).toMatchObject({ 'x-route': '/home/robotSetting', 'x-requires-robot': true, 'x-api': { get: { event: 'getRobotParam' }, set: { event: 'setRobotParam' } } });
    expect(settingsLeaves(schema as never).length).toBeGreaterThanOrEqual(200);

    const a = await get();
    expect(a).toMatchObject({ statusCode: 200, param: { robotId: ROBOT, updatedAt: null } });
    expect(a.param.params).toEqual(defaults());
    // Spec §9 and §5 values.
    expect(a.param.params.video).toMatchObject({ mainStreamBitrate: 2048, defaultDefinition: 2 });
    expect(a.param.params.collision).toMatchObject({ collisionMode: 1, safeModeStopSeconds: 30, faultAfterCollisions: 3 });
    expect(a.param.params.environmentThresholds.smokeThreshold).toBe(300);
    expect(a.param.params.interaction).toMatchObject({ chatTimeout: 5, greetingTimeout: 3, sosMode: 1 });
    expect(a.param.params.audio.masterVolume).toBe(100);
  });

  it('stores what is set; get answers it over the defaults; the change is in the operation log', async () => {
    const saved = await set({ battery: { lowBatteryLevel: 25 }, interaction: { chatTimeout: 9, greetingTimeout: 1 }, schedule: { bootTime: '06:30:00' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.param.params.battery).toEqual({ ...defaults().battery, lowBatteryLevel: 25 });
    expect(saved.param.params.interaction).toMatchObject({ chatTimeout: 9, greetingTimeout: 1 });
    expect(saved.param.params.video).toEqual(defaults().video);
    expect(saved.param.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await get('entadmin');
    expect(again.param.params).toEqual(saved.param.params);
    expect(again.param.updatedAt).toBe(saved.param.updatedAt);

    // A later set keeps what it does not name.
    const second = await set({ video: { mainStreamBitrate: 512, subStreamBitrate: 64 } }, 'admin');
    expect(second.param.params.video).toMatchObject({ mainStreamBitrate: 512, subStreamBitrate: 64 });
    expect(second.param.params.battery.lowBatteryLevel).toBe(25);
    expect((await get('monitor')).param.params).toEqual(second.param.params);

    const log = await s.server.services.db.query<{ username: string; before: any; result: any }>(
      'SELECT "username", "before", "result" FROM operation_log WHERE "event" = $1 ORDER BY id',
      ['setRobotParam'],
    );
    expect(log.map((r) => r.username)).toEqual(['entsuper', 'admin']);
    expect(log[1]!.before.video.mainStreamBitrate).toBe(2048);
    expect(log[1]!.result.params.video.mainStreamBitrate).toBe(512);
  });

  it('refuses values outside the schema with the exact message, naming the field by its label; nothing changes', async () => {
    const before = await settingsHash();
    const refused = async (params: unknown, statusInfo: string, lang = 'en') => expect(await set(params, 'entsuper', ROBOT, lang)).toEqual({ statusCode: 400, statusInfo });
    await refused({ interaction: { chatTimeout: 10 } }, 'Validation failed: Chat timeout (s) is out of range');
    await refused({ interaction: { greetingTimeout: 0 } }, '校验失败：迎宾超时(秒)超出范围', 'zh');
    await refused({ lights: { headlightBrightness: 101 } }, 'Validation failed: Headlight brightness is out of range');
    await refused({ video: { nightToDayFilterLevel: 8 } }, 'Validation failed: Night-to-day filter level is out of range');
    await refused({ video: { mainStreamBitrate: 4096 } }, 'Validation failed: Main stream bitrate has a value that is not allowed');
    await refused({ video: { subStreamBitrate: '128' } }, 'Validation failed: Sub stream bitrate has the wrong type');
    await refused({ schedule: { bootTime: '7:00' } }, 'Validation failed: Boot time: Enter a time as HH:mm:ss (for example 07:30:00)');
    await refused({ battery: { turbo: true } }, 'Validation failed: Unknown field battery.turbo');
    await refused({ battery: 5 }, 'Validation failed: Battery and charging has the wrong type');
    await refused({ colour: 'red' }, 'Validation failed: Unknown field colour');
    expect(await s.call('setRobotParam', { robotId: ROBOT }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Parameters is required' });
    expect(await settingsHash()).toBe(before);
  });

  it('refuses a boot time equal to the shutdown time (spec §5), in the caller language; nothing changes', async () => {
    const before = await settingsHash();
    expect(await set({ schedule: { bootTime: '22:00:00' } })).toEqual({ statusCode: 400, statusInfo: 'Boot time and Shutdown time must differ' });
    expect((await set({ schedule: { bootTime: '08:00:00', shutdownTime: '08:00:00' } }, 'admin', ROBOT, 'ja')).statusInfo).toBe('起動時刻と停止時刻は異なる値にしてください');
    expect((await set({ schedule: { shutdownTime: '06:30:00' } }, 'admin', ROBOT, 'zh')).statusInfo).toBe('开机时间与关机时间不能相同');
    expect(await settingsHash()).toBe(before);
    // Moving both at once is fine.
    expect((await set({ schedule: { bootTime: '22:00:00', shutdownTime: '23:00:00' } })).param.params.schedule).toMatchObject({ bootTime: '22:00:00', shutdownTime: '23:00:00' });
  });

  it('lets a general user read but not set; keeps enterprise roles to their company tree; nothing changes', async () => {
    expect((await get('monitor')).statusCode).toBe(200);
    const before = await settingsHash();
    expect(await set({ audio: { masterVolume: 10 } }, 'monitor')).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    for (const who of ['entsuper', 'entadmin']) {
      expect(await get(who, METRO_ROBOT)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await set({ audio: { masterVolume: 10 } }, who, METRO_ROBOT)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    }
    expect(await get('monitor', METRO_ROBOT)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await get('admin', '09XX000009')).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect(await set({ audio: { masterVolume: 10 } }, 'admin', '09XX000009')).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect(await settingsHash()).toBe(before);
    // The platform tier reaches every company.
    expect((await set({ audio: { masterVolume: 10 } }, 'platform', METRO_ROBOT)).param.params.audio.masterVolume).toBe(10);
    expect((await get('entsuper')).param.params.audio.masterVolume).toBe(100);
  });

  it('sends the saved parameters to an online robot over MQTT', async () => {
    const robot = await s.mqtt();
    try {
      const telemetry: RobotTelemetry = { robotId: '01WR000002', status: 0, online: 1, videoOnline: 0, interactOnline: 0, battery: 90, emergencyButtonStatus: 0, interactionState: 0, t: Date.now() };
      await robot.subscribeAsync(MqttTopics.command('01WR000002'));
      const command = new Promise<any>((resolve) => robot.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
      await robot.publishAsync(MqttTopics.status('01WR000002'), JSON.stringify(telemetry));
      for (let i = 0; i < 50 && !s.server.services.fleet.get('01WR000002')?.online; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await set({ obstacle: { obstacleMode: 2 } }, 'entsuper', '01WR000002')).statusCode).toBe(200);
      const sent = await command;
      expect(sent).toMatchObject({ action: 'setParams', params: { schema: 'robot-setting', params: { obstacle: { obstacleMode: 2 } } } });
      expect(sent.params.params.battery).toEqual(defaults().battery);
    } finally {
      await robot.endAsync(true);
    }
  });

  it('registers the events of a settings schema dropped into the data folder, without a restart', async () => {
    const dir = path.join(s.dir, 'schemas', 'settings');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'lamp-setting.schema.json');
    const lamp = {
      $id: 'lamp-setting',
      type: 'object',
      'x-requires-robot': true,
      'x-api': { get: { event: 'getLampParam' }, set: { event: 'setLampParam' } },
      'x-access': { read: 'robot:read', update: 'robot:update' },
      properties: { lamp: { type: 'object', properties: { level: { type: 'integer', minimum: 0, maximum: 7, default: 3, 'x-labels': { en: 'Lamp level' } } } } },
    };
    fs.writeFileSync(file, JSON.stringify(lamp));
    expect(await s.server.services.live!.reload()).toBe(true);
    expect((await get()).statusCode).toBe(200);
    expect((await s.call('getLampParam', { robotId: ROBOT }, t.entsuper)).param).toEqual({ robotId: ROBOT, params: { lamp: { level: 3 } }, updatedAt: null });
    expect((await s.call('setLampParam', { robotId: ROBOT, params: { lamp: { level: 8 } } }, t.entsuper)).statusInfo).toBe('Validation failed: Lamp level is out of range');
    expect((await s.call('setLampParam', { robotId: ROBOT, params: { lamp: { level: 6 } } }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('setLampParam', { robotId: ROBOT, params: { lamp: { level: 6 } } }, t.entsuper)).param.params).toEqual({ lamp: { level: 6 } });
    // A bad file is refused naming it; the previous set stays in force.
    fs.writeFileSync(file, JSON.stringify({ ...lamp, 'x-api': { get: { event: 'getRobotParam' }, set: { event: 'setLampParam' } } }));
    expect(await s.server.services.live!.reload()).toBe(false);
    expect(s.server.services.live!.lastError).toContain('lamp-setting.schema.json: operation "getRobotParam" is already bound by');
    expect((await s.call('getLampParam', { robotId: ROBOT }, t.entsuper)).param.params).toEqual({ lamp: { level: 6 } });
    // Removed: its events go with it; robot-setting's stay.
    fs.rmSync(file);
    expect(await s.server.services.live!.reload()).toBe(true);
    expect((await s.call('getLampParam', { robotId: ROBOT }, t.entsuper)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(200);
  });
});
