/**
 * nodeLog (issue 19): a simulated robot really uploads its node logs (one file per node service,
 * into the blob store, robot_logs rows); the files are listed, read on the server with paging,
 * search and level filter, downloaded and deleted; the upload's time-out (robot-reported and
 * server-read), cancel, refusals (role, company, offline robot) and bad input with nothing changed.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_LOG_UPLOAD_PATH } from '../../common/events/node-log';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitRobotJob, type RobotJob } from '../helpers/robot-job';
import { NO_PERMISSION, loginAll, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ROBOT = '01WR000001'; // PatrolA1, HarborSecurity, online
const STATIC = '03WS000001'; // LobbyStatic: static, switched off in the demo
const OTHER = '05WV000001'; // MetroColdChain: not in HarborSecurity's tree
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type LogFile = { id: number; robotId: string; logType: number; fileName: string; fileSize: number; fileUrl: string; status: number; jobId: string };

const waitJob = (done: (job: RobotJob) => boolean) => waitRobotJob(s, t.admin, ROBOT, done);

let files: LogFile[] = [];

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, t.admin)).param?.online !== 1; i++) await sleep(200);
});
afterAll(async () => s?.close());

describe('nodeLog: upload', () => {
  it('the robot uploads one log per node service with live progress; they are listed for the robot', async () => {
    const up = await s.call('logUpload', { robotId: ROBOT }, t.entadmin);
    expect(up.statusCode).toBe(200);
    expect(up.param.job).toMatchObject({ kind: 'logUpload', stage: 'upload', state: 'running' });
    const progress = new Set<number>();
    const job = await waitJob((j) => (progress.add(j.progress), j.state !== 'running'));
    expect(job).toMatchObject({ state: 'done', progress: 100 });
    // Progress moved through intermediate values (paced upload), not straight to 100.
    expect([...progress].some((p) => p > 0 && p < 100)).toBe(true);

    const list = await s.call('getNodeLogs', { robotId: ROBOT }, t.entadmin);
    expect(list.statusCode).toBe(200);
    files = (list.param.logs as LogFile[]).filter((f) => f.jobId === job.jobId);
    // robot-core, video-service, interaction, navigation, chassis-driver → log types 1-5.
    expect(files.map((f) => f.logType).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const f of files) {
      expect(f).toMatchObject({ robotId: ROBOT, status: 2 });
      expect(f.fileName).toMatch(new RegExp(`^${ROBOT}-[a-z-]+-\\d{8}-\\d{6}\\.log$`));
      expect(f.fileSize).toBeGreaterThan(10_000);
    }
    // logManage lists the same rows.
    const manage = await s.call('getLogs', { robotId: ROBOT }, t.admin);
    expect(JSON.stringify(manage.param)).toContain(files[0]!.fileName);

    // Download: the file as the robot wrote it.
    const res = await fetch(`${s.url}${files[0]!.fileUrl}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBe(files[0]!.fileSize);
    expect(text.split('\n')[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} (DEBUG|INFO |WARN |ERROR) \[[a-z-]+\] /);
  });

  it('reads a file on the server: pages, text search, level filter, counts', async () => {
    const core = files.find((f) => f.logType === 1)!;
    const all = await s.call('getLogLines', { id: core.id }, t.entadmin);
    expect(all.statusCode).toBe(200);
    expect(all.param.total).toBeGreaterThanOrEqual(300);
    expect(all.param.matched).toBe(all.param.total);
    expect(all.param.lines).toHaveLength(200);
    expect(all.param.lines[0]).toMatchObject({ n: 1 });
    const counts = all.param.levelCounts as Record<'DEBUG' | 'INFO' | 'WARN' | 'ERROR', number>;
    expect(counts.INFO).toBeGreaterThan(0);
    expect(counts.ERROR + counts.WARN + counts.INFO + counts.DEBUG).toBeLessThanOrEqual(all.param.total);

    const page = await s.call('getLogLines', { id: core.id, offset: 250, limit: 20 }, t.entadmin);
    expect(page.param.lines.map((l: { n: number }) => l.n)).toEqual(Array.from({ length: 20 }, (_, i) => 251 + i));

    const errors = await s.call('getLogLines', { id: core.id, levels: ['ERROR'] }, t.entadmin);
    expect(errors.param.matched).toBeGreaterThanOrEqual(counts.ERROR);
    // Error lines and their stack-trace continuation lines only.
    for (const l of errors.param.lines as { level: string | null; text: string }[]) expect(l.level === 'ERROR' || l.text.startsWith('    at ')).toBe(true);

    const search = await s.call('getLogLines', { id: core.id, search: 'HEARTBEAT', levels: ['INFO', 'WARN'] }, t.entadmin);
    expect(search.param.matched).toBeGreaterThan(0);
    for (const l of search.param.lines as { level: string; text: string }[]) {
      expect(l.text.toLowerCase()).toContain('heartbeat');
      expect(['INFO', 'WARN']).toContain(l.level);
    }
  });

  it('a second upload while one runs is refused; cancel stops it before every file is in', async () => {
    const up = await s.call('logUpload', { robotId: ROBOT }, t.admin);
    expect(up.statusCode).toBe(200);
    expect((await s.call('logUpload', { robotId: ROBOT }, t.admin)).statusInfo).toBe('The robot is already running an upgrade or a log upload; wait for it to finish');
    const c = await s.call('cancelFtpMission', { robotId: ROBOT }, t.admin);
    expect(c.statusCode).toBe(200);
    expect(c.param.job).toMatchObject({ jobId: up.param.job.jobId, state: 'cancelled' });
    await sleep(2500);
    const logs = (await s.call('getNodeLogs', { robotId: ROBOT }, t.admin)).param.logs as LogFile[];
    expect(logs.filter((f) => f.jobId === up.param.job.jobId).length).toBeLessThan(5);
    expect((await s.call('getSoftwareJob', { robotId: ROBOT }, t.admin)).param.job.state).toBe('cancelled');
    expect((await s.call('cancelFtpMission', { robotId: ROBOT }, t.admin)).statusInfo).toBe('The robot has no running log upload to cancel');
  });

  it('an upload that stalls times out: "Log upload time-out"', async () => {
    expect((await s.call('simulateLogStall', { robotId: ROBOT }, t.admin)).statusCode).toBe(200);
    const up = await s.call('logUpload', { robotId: ROBOT }, t.admin);
    const job = await waitJob((j) => j.jobId === up.param.job.jobId && j.state !== 'running');
    expect(job).toMatchObject({ state: 'timeout', message: 'logUploadTimeout' });
    expect(job.progress).toBeGreaterThanOrEqual(40);
    expect(job.progress).toBeLessThan(100);
  });

  it('an upload the robot stops reporting reads as timed out once LOG_UPLOAD_TIMEOUT_S has passed', async () => {
    await s.server.services.db.query(`UPDATE robot_jobs SET state = 'running', kind = 'logUpload', "updatedAt" = now() - interval '121 seconds' WHERE "robotId" = $1`, [ROBOT]);
    const job = (await s.call('getSoftwareJob', { robotId: ROBOT }, t.admin)).param.job;
    expect(job).toMatchObject({ state: 'timeout', message: 'logUploadTimeout' });
    await s.server.services.db.query(`UPDATE robot_jobs SET state = 'timeout' WHERE "robotId" = $1`, [ROBOT]);
  });
});

describe('nodeLog: refusals and bad input', () => {
  it('roles, companies and an offline robot', async () => {
    expect((await s.call('getNodeLogs', { robotId: ROBOT }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('getLogLines', { id: files[0]!.id }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('logUpload', { robotId: ROBOT }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('simulateLogStall', { robotId: ROBOT }, t.entadmin)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('getNodeLogs', { robotId: OTHER }, t.entadmin)).statusInfo).toBe('Robot not found');
    expect((await s.call('logUpload', { robotId: OTHER }, t.entadmin)).statusInfo).toBe('Robot not found');
    expect((await s.call('logUpload', { robotId: STATIC }, t.admin)).statusInfo).toBe('Robot not online');
    expect((await s.call('logUpload', { robotId: STATIC }, t.admin, 'zh')).statusInfo).toBe('机器人不在线');
    // delLog is logManage's: spec §6 blocks that page (robotLog) for enterprise roles.
    expect((await s.call('delLog', { id: files[0]!.id }, t.entadmin)).statusInfo).toBe(NO_PERMISSION);
  });

  it('bad input: the exact message, nothing changed', async () => {
    const before = await tableHash(s, 'robot_logs');
    const cases: [unknown, string][] = [
      [{ id: 0 }, 'Validation failed: Log file is out of range'],
      [{ id: files[0]!.id, levels: ['FATAL'] }, 'Validation failed: Levels has a value that is not allowed'],
      [{ id: files[0]!.id, limit: 501 }, 'Validation failed: Lines is out of range'],
    ];
    for (const [param, message] of cases) expect((await s.call('getLogLines', param, t.admin)).statusInfo).toBe(message);
    expect((await s.call('getLogLines', { id: 999_999 }, t.admin)).statusInfo).toBe('Record not found');
    expect((await s.call('getNodeLogs', { robotId: '' }, t.admin)).statusCode).not.toBe(200);

    // An upload without the robot's key is refused and stores nothing.
    const form = new FormData();
    form.set('robotId', ROBOT);
    form.set('uploadKey', 'not-the-key');
    form.set('node', 'robot-core');
    form.set('file', new Blob(['2026-01-01 00:00:00.000 INFO  [robot-core] forged\n']), 'robot-core.log');
    const forged = (await (await fetch(`${s.url}${NODE_LOG_UPLOAD_PATH}`, { method: 'POST', body: form })).json()) as { statusInfo: string };
    expect(forged.statusInfo).toBe('This log upload is not expected (unknown robot or upload key)');
    expect(await tableHash(s, 'robot_logs')).toBe(before);
  });

  it('delLog (after confirmation in the page) removes the row and its file', async () => {
    const f = files[4]!;
    const key = (await s.server.services.db.query<{ fileKey: string }>('SELECT "fileKey" FROM robot_logs WHERE id = $1', [f.id]))[0]!.fileKey;
    const file = s.server.services.blobs.pathOf(key);
    expect(fs.existsSync(file)).toBe(true);
    expect((await s.call('delLog', { id: f.id }, t.admin)).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(((await s.call('getNodeLogs', { robotId: ROBOT }, t.admin)).param.logs as LogFile[]).some((x) => x.id === f.id)).toBe(false);
    expect((await s.call('getLogLines', { id: f.id }, t.admin)).statusInfo).toBe('Record not found');
  });
});
