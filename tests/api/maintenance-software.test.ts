/**
 * Software and logs of robots (issue 19): versions, an upgrade through its stages to the end (the
 * version changes on the robot), an upgrade that times out in a stage, a cancel while running
 * refused with the spec §8 message, a log upload cancelled, bad input with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitRobotJob, type RobotJob } from '../helpers/robot-job';
import { loginAll } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ROBOT = '01WR000001';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitJob = (done: (job: RobotJob) => boolean) => waitRobotJob(s, t.admin, ROBOT, done);

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, t.admin)).param?.online !== 1; i++) await sleep(200);
});
afterAll(async () => s?.close());

describe('nodeVersion: upgrades', () => {
  it('upgrades a node service through download, unpack, install, restart; a cancel while running is refused', async () => {
    const list = await s.call('getSoftwares', { robotId: ROBOT }, t.admin);
    expect(list.statusCode).toBe(200);
    expect(list.param.softwares.find((x: { name: string }) => x.name === 'robot-core').version).toBe('1.8.0');

    const up = await s.call('softwareUpdate', { robotId: ROBOT, name: 'robot-core', version: '1.9.0' }, t.admin);
    expect(up.statusCode).toBe(200);
    expect(up.param.job).toMatchObject({ kind: 'upgrade', state: 'running', target: 'robot-core', version: '1.9.0' });
    const cancel = await s.call('cancelFtpMission', { robotId: ROBOT }, t.admin);
    expect(cancel.statusInfo).toBe('Upgrade running cannot be cancelled');
    const again = await s.call('softwareUpdate', { robotId: ROBOT, name: 'firmware', version: '9.9.9' }, t.admin);
    expect(again.statusInfo).toBe('The robot is already running an upgrade or a log upload; wait for it to finish');

    const seen = new Set<string>();
    const job = await waitJob((j) => (seen.add(j.stage), j.state !== 'running'));
    expect(job).toMatchObject({ state: 'done', stage: 'restart' });
    expect(seen.has('restart')).toBe(true);
    const after = await s.call('getSoftwares', { robotId: ROBOT }, t.admin);
    expect(after.param.softwares.find((x: { name: string }) => x.name === 'robot-core').version).toBe('1.9.0');
  });

  it('an upgrade that stalls in a stage times out in that stage', async () => {
    expect((await s.call('simulateJobStall', { robotId: ROBOT, stage: 'unpack' }, t.admin)).statusCode).toBe(200);
    await s.call('softwareUpdate', { robotId: ROBOT, name: 'video-service', version: '2.0.0' }, t.admin);
    const job = await waitJob((j) => j.state !== 'running');
    expect(job).toMatchObject({ state: 'timeout', stage: 'unpack' });
    const v = (await s.call('getSoftwares', { robotId: ROBOT }, t.admin)).param.softwares.find((x: { name: string }) => x.name === 'video-service');
    expect(v.version).toBe('1.4.2');
  });

  it('bad input: the exact message and nothing sent', async () => {
    const bad = await s.call('softwareUpdate', { robotId: ROBOT, name: 'robot core!', version: '1' }, t.admin);
    expect(bad.statusCode).not.toBe(200);
    expect((await s.call('getSoftwareJob', { robotId: ROBOT }, t.admin)).param.job.target).toBe('video-service');
  });
});

describe('nodeLog: log upload', () => {
  it('starts a log upload and cancels it', async () => {
    const up = await s.call('logUpload', { robotId: ROBOT }, t.admin);
    expect(up.param.job).toMatchObject({ kind: 'logUpload', state: 'running' });
    const c = await s.call('cancelFtpMission', { robotId: ROBOT }, t.admin);
    expect(c.param.job.state).toBe('cancelled');
    expect((await s.call('cancelFtpMission', { robotId: ROBOT }, t.admin)).statusInfo).toBe('The robot has no running log upload to cancel');
  });
});
