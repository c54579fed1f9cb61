/**
 * Issue 19: the software and phone events refuse the roles spec §6 keeps out, with the exact
 * message and nothing changed. General users (monitor) hold neither software nor phone
 * permissions; enterprise admins (entadmin) are blocked from the phone page (roles.json denies
 * phone:*) and may reach only the robots of their own company tree (another's: "Robot not found").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
});
afterAll(async () => s?.close());

/** HarborSecurity's robot (the enterprise admin's own) and MetroColdChain's (outside his tree). */
const OWN = '01WR000001';
const OTHER = '06LK000001';
/** A robot outside the caller's tree is answered as unknown (its existence is not told). */
const NOT_IN_TREE = 'Robot not found';

const SOFTWARE: [string, (robotId: string) => Record<string, unknown>][] = [
  ['getSoftwares', (robotId) => ({ robotId })],
  ['softwareUpdate', (robotId) => ({ robotId, name: 'robot-core', version: '1.9.0' })],
  ['issueServicePack', (robotId) => ({ robotId, name: 'sp-2026.11' })],
  ['getServicePack', (robotId) => ({ robotId })],
  ['deleteServicePack', (robotId) => ({ robotId, name: 'sp-2026.10' })],
  ['deleteProgram', (robotId) => ({ robotId, name: 'patrol-scripts' })],
];
const PHONE: [string, Record<string, unknown>][] = [
  ['queryApk', { pageNum: 1, pageSize: 10 }],
  ['deleteApk', { id: 1 }],
  ['getPhoneLog', { pageNum: 1, pageSize: 10 }],
  ['deletePhoneLog', { id: 1 }],
];

describe('software and phone events: role refusals (spec §6)', () => {
  const cases: { who: 'monitor' | 'entadmin'; event: string; param: Record<string, unknown>; message: string }[] = [
    ...SOFTWARE.map(([event, param]) => ({ who: 'monitor' as const, event, param: param(OWN), message: NO_PERMISSION })),
    ...PHONE.map(([event, param]) => ({ who: 'monitor' as const, event, param, message: NO_PERMISSION })),
    ...PHONE.map(([event, param]) => ({ who: 'entadmin' as const, event, param, message: NO_PERMISSION })),
    ...SOFTWARE.map(([event, param]) => ({ who: 'entadmin' as const, event, param: param(OTHER), message: NOT_IN_TREE })),
  ];

  it.each(cases)('$who: $event is refused with "$message"', async ({ who, event, param, message }) => {
    const before = await s.fingerprint();
    const a = await s.call(event, param, t[who]);
    expect({ statusCode: a.statusCode === 200 ? 200 : 'refused', statusInfo: a.statusInfo }).toEqual({ statusCode: 'refused', statusInfo: message });
    expect(await s.fingerprint()).toBe(before);
  });

  it('the super admin is not refused by role (the same calls reach the robot check or the list)', async () => {
    expect((await s.call('queryApk', { pageNum: 1, pageSize: 10 }, t.admin)).statusCode).toBe(200);
    expect((await s.call('getPhoneLog', { pageNum: 1, pageSize: 10 }, t.admin)).statusCode).toBe(200);
    const a = await s.call('getSoftwares', { robotId: OWN }, t.entadmin);
    expect(a.statusInfo).not.toBe(NO_PERMISSION);
    expect(a.statusInfo).not.toBe(NOT_IN_TREE);
  });
});
