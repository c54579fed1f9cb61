/**
 * Online debugging, debug settings and the remote terminal (issue 19): every event's answer from
 * the simulated robot over MQTT, its refusals by role and robot kind with the exact message, bad
 * input with the exact message and nothing changed, and the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ROBOT = '01WR000001'; // PatrolA1, HarborSecurity, online
const STATIC = '03WS000001'; // LobbyStatic, a static robot (type 4)
const OTHER = '05WV000001'; // MetroColdChain: not in HarborSecurity's tree
const NO_PERMISSION = 'Insufficient permissions to operate!';

const logRows = async (event: string) =>
  s.server.services.db.query<{ username: string; param: unknown; statusCode: number }>('SELECT username, param, "statusCode" FROM operation_log WHERE event = $1 ORDER BY id', [event]);

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, t.admin)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

describe('onlineDebug: debug, walk and static parameters', () => {
  it('reads the parameters from the robot, sets some and reads them back from the robot', async () => {
    const debug = await s.call('getDebugParam', { robotId: ROBOT }, t.admin);
    expect(debug.statusCode).toBe(200);
    // Spec §9: default log level error.
    expect(debug.param).toEqual({ robotId: ROBOT, params: { logLevel: 'error', diagnosticsInterval: 5, recordBag: false, verboseNavigation: false, logRetentionDays: 7 } });
    const set = await s.call('debugParam', { robotId: ROBOT, params: { logLevel: 'debug', diagnosticsInterval: 12 } }, t.admin);
    expect(set.param.params).toMatchObject({ logLevel: 'debug', diagnosticsInterval: 12 });
    expect((await s.call('getDebugParam', { robotId: ROBOT }, t.entsuper)).param.params).toMatchObject({ logLevel: 'debug', diagnosticsInterval: 12, recordBag: false });

    expect((await s.call('getWalkParam', { robotId: ROBOT }, t.admin)).param.params).toEqual({ maxLinearSpeed: 0.8, maxAngularSpeed: 1, acceleration: 0.5, obstacleDistance: 0.6, inflationRadius: 0.35 });
    expect((await s.call('walkParam', { robotId: ROBOT, params: { maxLinearSpeed: 1.2 } }, t.entadmin)).param.params.maxLinearSpeed).toBe(1.2);
    expect((await s.call('getWalkParam', { robotId: ROBOT }, t.admin)).param.params.maxLinearSpeed).toBe(1.2);

    expect((await s.call('getStaticParam', { robotId: ROBOT }, t.admin)).param.params.robotWidth).toBe(626);
    expect((await s.call('setStaticParam', { robotId: ROBOT, params: { robotWidth: 685, laserOffsetY: -20 } }, t.admin)).param.params).toMatchObject({ robotWidth: 685, laserOffsetY: -20 });
    expect((await s.call('getStaticParam', { robotId: ROBOT }, t.admin)).param.params).toMatchObject({ robotWidth: 685, laserOffsetY: -20, wheelDiameter: 200 });

    // Each set is in the operation log with who and what.
    const rows = await logRows('setStaticParam');
    expect(rows.at(-1)).toMatchObject({ username: 'admin', statusCode: 200, param: { robotId: ROBOT, params: { robotWidth: 685, laserOffsetY: -20 } } });
    expect((await logRows('walkParam')).at(-1)).toMatchObject({ username: 'entadmin', statusCode: 200 });
  });

  it('refuses values outside the schema with the exact message and changes nothing', async () => {
    const before = (await s.call('getDebugParam', { robotId: ROBOT }, t.admin)).param.params;
    const bad = await s.call('debugParam', { robotId: ROBOT, params: { logLevel: 'verbose' } }, t.admin);
    expect([bad.statusCode, bad.statusInfo]).toEqual([400, 'Validation failed: Log level has a value that is not allowed']);
    const range = await s.call('debugParam', { robotId: ROBOT, params: { diagnosticsInterval: 0, logLevel: 'info' } }, t.admin);
    expect([range.statusCode, range.statusInfo]).toEqual([400, 'Validation failed: Diagnostics interval (s) is out of range']);
    const unknown = await s.call('walkParam', { robotId: ROBOT, params: { turbo: true } }, t.admin);
    expect([unknown.statusCode, unknown.statusInfo]).toEqual([400, 'Validation failed: Unknown field params.turbo']);
    const empty = await s.call('setStaticParam', { robotId: ROBOT, params: {} }, t.admin);
    expect(empty.statusCode).toBe(400);
    const type = await s.call('setStaticParam', { robotId: ROBOT, params: { robotWidth: 'wide' } }, t.admin);
    expect([type.statusCode, type.statusInfo]).toEqual([400, 'Validation failed: Robot width (mm) has the wrong type']);
    expect((await s.call('getDebugParam', { robotId: ROBOT }, t.admin)).param.params).toEqual(before);
    expect((await s.call('getStaticParam', { robotId: ROBOT }, t.admin)).param.params.robotWidth).toBe(685);
  });

  it('refuses general users, robots outside the caller’s companies, static robots’ walk parameters and offline robots', async () => {
    for (const event of ['getDebugParam', 'getWalkParam', 'getStaticParam']) {
      const r = await s.call(event, { robotId: ROBOT }, t.monitor);
      expect([r.statusCode, r.statusInfo]).toEqual([401, NO_PERMISSION]);
    }
    const m = await s.call('debugParam', { robotId: ROBOT, params: { logLevel: 'warn' } }, t.monitor);
    expect(m.statusInfo).toBe(NO_PERMISSION);
    const other = await s.call('getDebugParam', { robotId: OTHER }, t.entadmin);
    expect([other.statusCode, other.statusInfo]).toEqual([404, 'Robot not found']);
    const walk = await s.call('getWalkParam', { robotId: STATIC }, t.admin);
    expect([walk.statusCode, walk.statusInfo]).toEqual([400, 'Static robots have no walk parameters']);
    expect((await s.call('walkParam', { robotId: STATIC, params: { maxLinearSpeed: 1 } }, t.admin)).statusInfo).toBe('Static robots have no walk parameters');
    expect((await s.call('walkParam', { robotId: STATIC, params: { maxLinearSpeed: 1 } }, t.admin, 'zh')).statusInfo).toBe('固定式机器人没有行走参数');
    // The demo keeps its static robot switched off.
    const off = await s.call('getStaticParam', { robotId: STATIC }, t.admin);
    expect([off.statusCode, off.statusInfo]).toEqual([400, 'Robot not online']);
  });
});

describe('onlineDebug: diagnostic actions, restore, power off / reboot', () => {
  it('runs a self check and the other diagnostic actions, each logged', async () => {
    const check = await s.call('fDebug', { robotId: ROBOT, action: 'selfCheck' }, t.admin);
    expect(check.statusCode).toBe(200);
    expect(check.param.report.action).toBe('selfCheck');
    expect(check.param.report.items.map((i: { item: string }) => i.item)).toEqual(['battery', 'emergencyStop', 'cameras', 'storage', 'chassis']);
    expect((await s.call('fDebug', { robotId: ROBOT, action: 'clearFaults' }, t.entsuper)).param.report).toEqual({ action: 'clearFaults', ok: true, items: [{ item: 'clearFaults', ok: true, detail: 'done' }] });
    const bad = await s.call('fDebug', { robotId: ROBOT, action: 'selfDestruct' }, t.admin);
    expect([bad.statusCode, bad.statusInfo]).toEqual([400, 'Validation failed: Action has a value that is not allowed']);
    expect((await s.call('fDebug', { robotId: ROBOT, action: 'selfCheck' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await logRows('fDebug')).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('restores the robot’s app and powers off / reboots it; refusals and bad input', async () => {
    expect((await s.call('restoreAPP', { robotId: ROBOT }, t.admin)).param).toEqual({ robotId: ROBOT, version: 'robot-app 3.8.2' });
    expect((await s.call('remotePoweroffReboot', { robotId: ROBOT, type: 1 }, t.admin)).param).toEqual({ robotId: ROBOT, type: 1 });
    const bad = await s.call('remotePoweroffReboot', { robotId: ROBOT, type: 2 }, t.admin);
    expect([bad.statusCode, bad.statusInfo]).toEqual([400, 'Validation failed: Operation has a value that is not allowed']);
    expect((await s.call('remotePoweroffReboot', { robotId: ROBOT, type: 1 }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('restoreAPP', { robotId: OTHER }, t.entadmin)).statusInfo).toBe('Robot not found');
    expect((await s.call('remotePoweroffReboot', { robotId: STATIC, type: 0 }, t.admin)).statusInfo).toBe('Robot not online');
    expect((await logRows('remotePoweroffReboot')).map((r) => [r.username, (r.param as { type: number }).type, r.statusCode])).toEqual([['admin', 1, 200]]);
    expect((await logRows('restoreAPP')).length).toBe(1);
  });
});

describe('debugSetting and queryThresh', () => {
  it('keeps log levels, thresholds and telemetry rates per robot (spec §9 default: error); queryThresh reads them', async () => {
    const got = await s.call('getDebugSetting', { robotId: ROBOT }, t.admin);
    expect(got.param.params.logs).toMatchObject({ robotLevel: 1, nodeLevel: 1 });
    expect((await s.call('queryThresh', { robotId: ROBOT }, t.admin)).param).toEqual({
      robotId: ROBOT,
      logLevel: 'error',
      thresholds: { cpuPercent: 90, memoryPercent: 90, diskPercent: 90, temperatureC: 75, latencyMs: 500 },
    });
    const saved = await s.call('setDebugSetting', { robotId: ROBOT, params: { logs: { robotLevel: 3 }, thresholds: { cpuPercent: 80 } } }, t.platform);
    expect(saved.statusCode).toBe(200);
    expect((await s.call('queryThresh', { robotId: ROBOT }, t.admin)).param).toMatchObject({ logLevel: 'info', thresholds: { cpuPercent: 80, diskPercent: 90 } });
    // Another robot keeps its own document.
    expect((await s.call('queryThresh', { robotId: '01WR000002' }, t.admin)).param.thresholds.cpuPercent).toBe(90);
  });

  it('refuses enterprise admins and general users, and bad values with nothing changed', async () => {
    for (const token of [t.entadmin, t.entsuper, t.monitor]) {
      expect((await s.call('getDebugSetting', { robotId: ROBOT }, token)).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('setDebugSetting', { robotId: ROBOT, params: { thresholds: { cpuPercent: 70 } } }, token)).statusInfo).toBe(NO_PERMISSION);
    }
    const bad = await s.call('setDebugSetting', { robotId: ROBOT, params: { thresholds: { cpuPercent: 5 } } }, t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.statusInfo).toMatch(/CPU \(%\)/);
    expect((await s.call('queryThresh', { robotId: ROBOT }, t.admin)).param.thresholds.cpuPercent).toBe(80);
    expect((await s.call('queryThresh', { robotId: ROBOT }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
  });
});

describe('terminal (terminalSharing)', () => {
  it('opens a session on the robot’s restricted shell, runs commands, audits each and closes', async () => {
    const open = await s.call('terminalSharing', { robotId: ROBOT, op: 'open' }, t.admin);
    expect(open.statusCode).toBe(200);
    expect(open.param.prompt).toBe(`${ROBOT}$ `);
    const sessionId = open.param.sessionId as string;
    const status = await s.call('terminalSharing', { robotId: ROBOT, op: 'exec', sessionId, line: 'status' }, t.admin);
    expect(status.param.output).toContain(`robot      ${ROBOT} (type 1)`);
    expect(status.param.output).toMatch(/battery\s+\d+%/);
    expect((await s.call('terminalSharing', { robotId: ROBOT, op: 'exec', sessionId, line: 'df' }, t.admin)).param.output).toContain('Filesystem');
    expect((await s.call('terminalSharing', { robotId: ROBOT, op: 'exec', sessionId, line: 'rm -rf /' }, t.admin)).param.output).toBe('rm: command not permitted (type help)');
    expect((await s.call('terminalSharing', { robotId: ROBOT, op: 'close', sessionId }, t.admin)).param).toMatchObject({ sessionId, closed: true });
    const after = await s.call('terminalSharing', { robotId: ROBOT, op: 'exec', sessionId, line: 'status' }, t.admin);
    expect([after.statusCode, after.statusInfo]).toEqual([400, 'The terminal session has ended (idle time-out or closed); open a new one']);
    const lines = (await logRows('terminalSharing')).map((r) => (r.param as { line?: string }).line ?? (r.param as { op: string }).op);
    // Refused calls are not recorded (the registry logs what was done).
    expect(lines).toEqual(['open', 'status', 'df', 'rm -rf /', 'close']);
  });

  it('is for super admins only, not for static robots, and refuses bad input', async () => {
    for (const token of [t.platform, t.entsuper, t.entadmin, t.monitor]) {
      const r = await s.call('terminalSharing', { robotId: ROBOT, op: 'open' }, token);
      expect([r.statusCode, r.statusInfo]).toEqual([401, NO_PERMISSION]);
    }
    const st = await s.call('terminalSharing', { robotId: STATIC, op: 'open' }, t.admin);
    expect([st.statusCode, st.statusInfo]).toEqual([400, 'Static robots have no terminal']);
    expect((await s.call('terminalSharing', { robotId: STATIC, op: 'open' }, t.admin, 'ja')).statusInfo).toBe('固定式ロボットにはターミナルがありません');
    const noSession = await s.call('terminalSharing', { robotId: ROBOT, op: 'exec', line: 'status' }, t.admin);
    expect([noSession.statusCode, noSession.statusInfo]).toEqual([400, 'Give the terminal session and the command line']);
    const op = await s.call('terminalSharing', { robotId: ROBOT, op: 'sudo' }, t.admin);
    expect([op.statusCode, op.statusInfo]).toEqual([400, 'Validation failed: Operation has a value that is not allowed']);
    const long = await s.call('terminalSharing', { robotId: ROBOT, op: 'exec', sessionId: 't-0123456789abcdef', line: 'x'.repeat(201) }, t.admin);
    expect([long.statusCode, long.statusInfo]).toEqual([400, 'Validation failed: Command must be at most 200 characters']);
    const unknownSession = await s.call('terminalSharing', { robotId: ROBOT, op: 'exec', sessionId: 't-0123456789abcdef', line: 'status' }, t.admin);
    expect(unknownSession.statusInfo).toBe('The terminal session has ended (idle time-out or closed); open a new one');
  });
});
