/**
 * Debug settings per company and per robot (issue 19, debugSetting, x-inherit "company"): a
 * robot's effective value is its own, else its company's, else its parent companies', else the
 * default (spec §9: log level error); where each comes from; a robot's own value cleared back to
 * the inherited one; the effective document sent to the robots (setParams) when a company above
 * them changes; queryThresh and systemState judge by it; refusals with the exact message and
 * nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const PLATFORM = 1; // FleetPlatform
const HARBOR = 2; // HarborSecurity, under FleetPlatform
const A1 = '01WR000001'; // PatrolA1, HarborSecurity, online
const EAST_ROBOT = '04WR000003'; // EastPatrol, HarborEast
const METRO_ROBOT = '05WV000001'; // MetroColdChain

/** setParams the robots were sent (the gateway's requests, watched by swapping the service's method). */
const sent: { robotId: string; params: { schema: string; params: Record<string, Record<string, number>> } }[] = [];

const hashes = async () => [await tableHash(s, 'company_settings'), await tableHash(s, 'robot_settings')].join(' ');
const waitOnline = async (robotId: string) => {
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId }, t.admin)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
};

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  await waitOnline(A1);
  await waitOnline(EAST_ROBOT);
  const gateway = s.server.services.gateway!;
  const request = gateway.request.bind(gateway);
  gateway.request = ((robotId: string, action: string, params?: unknown) => {
    if (action === 'setParams') sent.push({ robotId, params: params as (typeof sent)[number]['params'] });
    return request(robotId, action as never, params as never);
  }) as typeof gateway.request;
});
afterAll(async () => s?.close());

describe('debugSetting per company and per robot', () => {
  it('starts from the defaults everywhere (spec §9: log level error), each marked "default"', async () => {
    const company = await s.call('getCompanyDebugSetting', { companyId: HARBOR }, t.admin);
    expect(company.statusCode).toBe(200);
    expect(company.param).toMatchObject({ companyId: HARBOR, own: {}, updatedAt: null, params: { logs: { robotLevel: 1 }, thresholds: { cpuPercent: 90 } } });
    expect(company.param.sources['logs.robotLevel']).toEqual({ from: 'default' });
    const robot = await s.call('getDebugSetting', { robotId: A1 }, t.platform);
    expect(robot.param).toMatchObject({ robotId: A1, own: {}, params: { logs: { robotLevel: 1 }, telemetry: { healthSeconds: 5 } } });
    expect(Object.values(robot.param.sources).every((x) => (x as { from: string }).from === 'default')).toBe(true);
  });

  it('a company value reaches the robots of the company and its subsidiaries, each told its effective document', async () => {
    sent.length = 0;
    const parent = await s.call('setCompanyDebugSetting', { companyId: PLATFORM, params: { thresholds: { latencyMs: 800 } } }, t.admin);
    expect(parent.statusCode).toBe(200);
    const saved = await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: { logs: { robotLevel: 3 }, thresholds: { cpuPercent: 70 } } }, t.platform);
    expect(saved.param).toMatchObject({ companyId: HARBOR, own: { logs: { robotLevel: 3 }, thresholds: { cpuPercent: 70 } }, params: { logs: { robotLevel: 3, nodeLevel: 1 }, thresholds: { cpuPercent: 70, latencyMs: 800 } } });
    expect(saved.param.sources['thresholds.latencyMs']).toEqual({ from: 'company', companyId: PLATFORM, companyName: 'FleetPlatform' });
    expect(saved.param.sources['thresholds.cpuPercent']).toEqual({ from: 'company', companyId: HARBOR, companyName: 'HarborSecurity' });

    // HarborEast's robot inherits from HarborSecurity (its parent) and FleetPlatform.
    const east = await s.call('getDebugSetting', { robotId: EAST_ROBOT }, t.admin);
    expect(east.param.params.logs.robotLevel).toBe(3);
    expect(east.param.sources['logs.robotLevel']).toEqual({ from: 'company', companyId: HARBOR, companyName: 'HarborSecurity' });
    expect(east.param.sources['logs.nodeLevel']).toEqual({ from: 'default' });
    // MetroColdChain only gets FleetPlatform's.
    const metro = await s.call('queryThresh', { robotId: METRO_ROBOT }, t.admin);
    expect(metro.param).toMatchObject({ logLevel: 'error', thresholds: { cpuPercent: 90, latencyMs: 800 } });
    expect((await s.call('queryThresh', { robotId: A1 }, t.admin)).param).toMatchObject({ logLevel: 'info', thresholds: { cpuPercent: 70, latencyMs: 800 } });

    // The online robots below HarborSecurity were sent their effective documents.
    const toA1 = sent.filter((x) => x.robotId === A1).at(-1);
    expect(toA1?.params).toMatchObject({ schema: 'debug-setting', params: { logs: { robotLevel: 3 }, thresholds: { cpuPercent: 70, latencyMs: 800 } } });
    expect(sent.some((x) => x.robotId === EAST_ROBOT && x.params.params.logs!.robotLevel === 3)).toBe(true);
    expect(sent.some((x) => x.robotId === METRO_ROBOT && x.params.params.logs!.robotLevel === 3)).toBe(false);
  });

  it('a robot overrides a field, and its override cleared goes back to the inherited value', async () => {
    sent.length = 0;
    const own = await s.call('setDebugSetting', { robotId: A1, params: { logs: { robotLevel: 4 }, telemetry: { statusHz: 2 } } }, t.admin);
    expect(own.statusCode).toBe(200);
    expect(own.param).toMatchObject({ robotId: A1, own: { logs: { robotLevel: 4 }, telemetry: { statusHz: 2 } }, params: { logs: { robotLevel: 4 }, thresholds: { cpuPercent: 70 } } });
    expect(own.param.sources['logs.robotLevel']).toEqual({ from: 'robot' });
    expect(own.param.sources['thresholds.cpuPercent']).toEqual({ from: 'company', companyId: HARBOR, companyName: 'HarborSecurity' });
    expect(sent.at(-1)).toMatchObject({ robotId: A1, params: { params: { logs: { robotLevel: 4 }, telemetry: { statusHz: 2 }, thresholds: { cpuPercent: 70 } } } });

    // A later company change does not override the robot's own value, but reaches what it inherits.
    await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: { logs: { robotLevel: 2 }, thresholds: { cpuPercent: 75 } } }, t.admin);
    expect((await s.call('queryThresh', { robotId: A1 }, t.admin)).param).toMatchObject({ logLevel: 'debug', thresholds: { cpuPercent: 75 } });

    const cleared = await s.call('setDebugSetting', { robotId: A1, params: {}, clear: ['logs.robotLevel'] }, t.admin);
    expect(cleared.param.own).toEqual({ telemetry: { statusHz: 2 } });
    expect(cleared.param.params.logs.robotLevel).toBe(2);
    expect(cleared.param.sources['logs.robotLevel']).toEqual({ from: 'company', companyId: HARBOR, companyName: 'HarborSecurity' });
    expect((await s.call('queryThresh', { robotId: A1 }, t.admin)).param.logLevel).toBe('warn');

    // A company's own value cleared: its robots inherit the parent's (or the default).
    const back = await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: {}, clear: ['thresholds.cpuPercent'] }, t.admin);
    expect(back.param.own).toEqual({ logs: { robotLevel: 2 } });
    expect(back.param.sources['thresholds.cpuPercent']).toEqual({ from: 'default' });
    expect((await s.call('queryThresh', { robotId: EAST_ROBOT }, t.admin)).param.thresholds.cpuPercent).toBe(90);
  });

  it('refuses enterprise admins, general users, unknown companies and bad input with the exact message, nothing changed', async () => {
    const before = await hashes();
    for (const who of ['entsuper', 'entadmin', 'monitor'] as const) {
      expect(await s.call('getCompanyDebugSetting', { companyId: HARBOR }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: { logs: { robotLevel: 4 } } }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('setDebugSetting', { robotId: A1, params: {}, clear: ['telemetry.statusHz'] }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect(await s.call('getCompanyDebugSetting', { companyId: 999 }, t.admin)).toEqual({ statusCode: 404, statusInfo: 'Company not found' });
    expect(await s.call('setCompanyDebugSetting', { companyId: 999, params: { logs: { robotLevel: 2 } } }, t.admin)).toEqual({ statusCode: 404, statusInfo: 'Company not found' });
    expect(await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: { thresholds: { cpuPercent: 5 } } }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: CPU (%) is out of range' });
    expect(await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: { logs: { robotLevel: 9 } } }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Robot application has a value that is not allowed' });
    expect(await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: { logs: { colour: 1 } } }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Unknown field logs.colour' });
    expect(await s.call('setCompanyDebugSetting', { companyId: HARBOR, params: {}, clear: ['logs.nothing'] }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Unknown field logs.nothing' });
    expect(await s.call('setDebugSetting', { robotId: A1, params: {}, clear: ['thresholds'] }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Unknown field thresholds' });
    expect((await s.call('setCompanyDebugSetting', { companyId: 'x', params: {} }, t.admin)).statusCode).toBe(400);
    expect(await hashes()).toBe(before);
  });
});
