/**
 * Issue 19: the software and phone events refuse the roles spec §6 keeps out, with the exact
 * message and code and nothing changed: no row, no file, no command sent to any robot, the robot's
 * programs and last job as they were.
 * - General users (monitor, role 5) hold neither software nor phone permissions (and are refused
 *   every robot command by the general-user rule); the custom Operator role (an enterprise-admin tier
 *   narrowed to watching and steering) holds neither either: 401 "Insufficient permissions to operate!".
 * - Enterprise roles (entsuper 3, entadmin 4) are blocked from the phone page (roles.json denies
 *   phone:*) and from simulating (system:*): 401 as above. nodeVersion is not in spec §6's
 *   enterprise-blocked list (versionManage is; docs/protocol.md "Route choice"): they keep
 *   software:*, but only for the robots of their own company tree (another's: 404 "Robot not found").
 * uploadMoveProgram on the large-file address is refused the same way, before a byte is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import type mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip } from '../helpers/crafted-zip';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>> & { operator: string };
let watcher: mqtt.MqttClient;
const commands: { topic: string; action: string }[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** HarborSecurity's robot (the enterprise roles' and the operator's own) and MetroColdChain's (outside their tree). */
const OWN = '01WR000001';
const OTHER = '06LK000001';
/** A robot outside the caller's tree is answered as unknown (its existence is not told). */
const NOT_IN_TREE = 'Robot not found';
/** A program uploaded to the server for each robot, and an app package and a phone log, that refusals must leave alone. */
const PROGRAM = 'dock-moves';
let apkId = 0;
let phoneLogId = 0;

async function uploadProgram(robotId: string, token: string): Promise<{ statusCode: number; statusInfo: string }> {
  const form = new FormData();
  form.append('param', JSON.stringify({ robotId, name: PROGRAM, version: '2.0.0' }));
  form.append('file', new Blob([new Uint8Array(Buffer.alloc(120_000, 7))]), 'dock-moves.bin');
  return (await fetch(`${s.url}/api/largeFile/uploadMoveProgram`, { method: 'POST', headers: { token, 'accept-language': 'en' }, body: form })).json();
}

/** Every file under the data folder's uploads but the live robots' detection pictures (.png, made all the time). */
const storedFiles = () => {
  const walk = (d: string): string[] => (fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)])) : []);
  return walk(path.join(s.dir, 'uploads'))
    .filter((f) => !f.endsWith('.png'))
    .sort();
};
/** Tables the live simulated robots change all the time (their status, their detections): left out of the comparison. */
const LIVE_TABLES = ['robots', 'detections'];

/** What a refusal must not change: every schema table, the software tables, the stored files, both robots' programs and jobs. */
async function state(): Promise<string> {
  const fingerprint = (await s.fingerprint())
    .split(',')
    .filter((part) => !LIVE_TABLES.includes(part.split(':')[0]!))
    .join(',');
  const tables = await Promise.all(['move_programs', 'robot_jobs', 'app_packages', 'phone_logs', 'node_log_uploads', 'robot_logs'].map((x) => tableHash(s, x)));
  const robots = await Promise.all(
    [OWN, OTHER].map(async (robotId) => {
      const packs = (await s.call('getServicePack', { robotId }, t.admin)).param;
      const softwares = (await s.call('getSoftwares', { robotId }, t.admin)).param;
      return JSON.stringify({ packs, softwares });
    }),
  );
  return JSON.stringify({ fingerprint, tables, files: storedFiles(), robots });
}

beforeAll(async () => {
  // No random simulated alarms: one landing in the alarms table between two looks read as a change.
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = { ...(await loginAll(s)), operator: await s.login('operator') };
  for (const robotId of [OWN, OTHER]) {
    for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId }, t.admin)).param?.online !== 1; i++) await sleep(200);
    expect((await uploadProgram(robotId, t.admin)).statusCode).toBe(200);
  }
  // An app package and a phone client log to be (not) deleted.
  const apk = craftZip([
    { name: 'AndroidManifest.xml', data: Buffer.alloc(1200, 3) },
    { name: 'classes.dex', data: Buffer.concat([Buffer.from('dex\n035\0'), Buffer.alloc(4000, 9)]) },
  ]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(apk)]), 'fleet-2.1.0.apk');
  const f = (await (await fetch(`${s.url}/api/upload?kind=file`, { method: 'POST', headers: { token: t.admin }, body: form })).json()).data;
  expect((await s.call('addApk', { version: '2.1.0', fileUrl: f.url, fileName: f.name }, t.admin)).statusCode).toBe(200);
  apkId = (await s.call('queryApk', {}, t.admin)).param.list[0].id;
  const log = new FormData();
  log.append('phoneModel', 'Pixel 8');
  log.append('appVersion', '2.1.0');
  log.append('file', new Blob([Buffer.from('2026-11-28 10:00:01 INFO app started\n')]), 'app.log');
  expect((await (await fetch(`${s.url}/api/phone/log`, { method: 'POST', headers: { token: t.monitor }, body: log })).json()).code).toBe(0);
  phoneLogId = (await s.call('getPhoneLog', {}, t.admin)).param.list[0].id;
  // Every command the server sends any robot (none may follow a refusal).
  watcher = await s.mqtt(undefined, { clientId: `software-roles-test-${process.pid}` });
  watcher.on('message', (topic, payload) => commands.push({ topic, action: String(JSON.parse(payload.toString()).action) }));
  await watcher.subscribeAsync('fleet/robots/+/command');
});
afterAll(async () => {
  await watcher?.endAsync(true);
  await s?.close();
});

type Call = [string, (robotId: string) => Record<string, unknown>];
/** Every software event (maintenance-software) with a param that would change something if let through. */
const SOFTWARE: Call[] = [
  ['getSoftwares', (robotId) => ({ robotId })],
  ['softwareUpdate', (robotId) => ({ robotId, name: 'robot-core', version: '1.9.0' })],
  ['getServicePack', (robotId) => ({ robotId })],
  ['issueServicePack', (robotId) => ({ robotId, name: PROGRAM })],
  ['issueServicePack', (robotId) => ({ robotId, name: 'sp-2026.11' })],
  ['deleteServicePack', (robotId) => ({ robotId, name: 'sp-2026.10' })],
  ['deleteProgram', (robotId) => ({ robotId, name: PROGRAM })],
  ['deleteProgram', (robotId) => ({ robotId, name: 'patrol-scripts' })],
  ['logUpload', (robotId) => ({ robotId })],
  ['cancelFtpMission', (robotId) => ({ robotId })],
  ['getSoftwareJob', (robotId) => ({ robotId })],
];
const PHONE: [string, () => Record<string, unknown>][] = [
  ['queryApk', () => ({ pageNum: 1, pageSize: 10 })],
  ['addApk', () => ({ version: '9.9.9', fileUrl: '/uploads/2026-11/abc.apk', fileName: 'a.apk' })],
  ['deleteApk', () => ({ id: apkId })],
  ['getPhoneLog', () => ({ pageNum: 1, pageSize: 10 })],
  ['deletePhoneLog', () => ({ id: phoneLogId })],
];
type Who = 'monitor' | 'operator' | 'entsuper' | 'entadmin';
type Case = { who: Who; event: string; param: () => Record<string, unknown>; answer: { statusCode: number; statusInfo: string } };
const refused = { statusCode: 401, statusInfo: NO_PERMISSION };
const unknownRobot = { statusCode: 404, statusInfo: NOT_IN_TREE };

const cases: Case[] = [
  ...(['monitor', 'operator'] as const).flatMap((who) => SOFTWARE.map(([event, param]) => ({ who, event, param: () => param(OWN), answer: refused }))),
  ...(['monitor', 'operator', 'entsuper', 'entadmin'] as const).flatMap((who) => PHONE.map(([event, param]) => ({ who, event, param, answer: refused }))),
  ...(['monitor', 'operator', 'entsuper', 'entadmin'] as const).map((who) => ({ who, event: 'simulateJobStall', param: () => ({ robotId: OWN, stage: 'unpack' }), answer: refused })),
  ...(['entsuper', 'entadmin'] as const).flatMap((who) => SOFTWARE.map(([event, param]) => ({ who, event, param: () => param(OTHER), answer: unknownRobot }))),
];

describe('software and phone events: role refusals (spec §6)', () => {
  it.each(cases)('$who: $event is refused with $answer.statusCode "$answer.statusInfo", nothing changed', async ({ who, event, param, answer }) => {
    const before = await state();
    commands.length = 0;
    expect(await s.call(event, param(), t[who])).toEqual(answer);
    await sleep(100);
    expect(commands).toEqual([]);
    expect(await state()).toBe(before);
  });

  it.each([
    { who: 'monitor' as const, robotId: OWN, answer: refused },
    { who: 'operator' as const, robotId: OWN, answer: refused },
    { who: 'entsuper' as const, robotId: OTHER, answer: unknownRobot },
    { who: 'entadmin' as const, robotId: OTHER, answer: unknownRobot },
  ])('$who: uploadMoveProgram on the large-file address for $robotId is refused with $answer.statusCode, nothing kept', async ({ who, robotId, answer }) => {
    const before = await state();
    commands.length = 0;
    expect(await uploadProgram(robotId, t[who])).toEqual(answer);
    await sleep(100);
    expect(commands).toEqual([]);
    expect(await state()).toBe(before);
  });

  it('the same calls are not refused by role for those who may make them', async () => {
    // Enterprise admins reach their own robots' software; administrators the phone events.
    for (const who of ['entsuper', 'entadmin'] as const) {
      const a = await s.call('getSoftwares', { robotId: OWN }, t[who]);
      expect(a.statusCode).toBe(200);
      expect((await s.call('getServicePack', { robotId: OWN }, t[who])).param.programs).toContainEqual({ name: PROGRAM, version: '2.0.0', size: 120_000, installed: false, onServer: true });
    }
    expect((await s.call('queryApk', { pageNum: 1, pageSize: 10 }, t.platform)).param.list.map((p: { id: number }) => p.id)).toEqual([apkId]);
    expect((await s.call('getPhoneLog', { pageNum: 1, pageSize: 10 }, t.admin)).param.list.map((p: { id: number }) => p.id)).toEqual([phoneLogId]);
    // The uploaded programs are still on the server, the robots' own programs untouched.
    for (const robotId of [OWN, OTHER]) {
      const programs = (await s.call('getServicePack', { robotId }, t.admin)).param.programs;
      expect(programs).toEqual(expect.arrayContaining([{ name: 'patrol-scripts', version: '1.0.0', size: 2_400_000, installed: true }, { name: PROGRAM, version: '2.0.0', size: 120_000, installed: false, onServer: true }]));
    }
  });
});
