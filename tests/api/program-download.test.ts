/**
 * Issue 19: a program uploaded on the large-file address (uploadMoveProgram) is really downloaded
 * by the (simulated) robot when issued: the server stores its SHA-256 while the upload streams in
 * and sends `programInstall {name, version, url, size, sha256}` with the url on its own address;
 * the robot GETs it, counts and hashes the bytes, then unpacks, installs and restarts, and the
 * program shows installed with its version. A file changed on the server after the upload (its
 * stored hash altered, the file corrupted, cut short or gone) fails the job in the download stage
 * with the exact reason, and nothing else changes: the robot keeps its old version.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type MessageKey } from '../../common/messages';
import { MqttTopics } from '../../common/protocol';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitRobotJob, type RobotJob } from '../helpers/robot-job';
import { loginAll, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let watcher: mqtt.MqttClient;
const commands: { action: string; params: Record<string, unknown> }[] = [];
const ROBOT = '01WR000001';
const NAME = 'route-pack';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Two versions of the program: distinct bytes that do not compress to nothing. */
const V1 = Buffer.from(Array.from({ length: 400_000 }, (_, i) => (i * 31 + (i >> 8)) % 256));
const V2 = Buffer.from(Array.from({ length: 650_000 }, (_, i) => (i * 17 + (i >> 5)) % 253));

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, t.admin)).param?.online !== 1; i++) await sleep(200);
  // Watches the commands the server sends the robot (the server's own broker account).
  watcher = await s.mqtt(undefined, { clientId: `program-download-test-${process.pid}` });
  watcher.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
  await watcher.subscribeAsync(MqttTopics.command(ROBOT));
});
afterAll(async () => {
  await watcher?.endAsync(true);
  await s?.close();
});

async function upload(version: string, body: Buffer): Promise<any> {
  const form = new FormData();
  form.append('param', JSON.stringify({ robotId: ROBOT, name: NAME, version }));
  form.append('file', new Blob([new Uint8Array(body)]), 'route-pack.bin');
  return (await fetch(`${s.url}/api/largeFile/uploadMoveProgram`, { method: 'POST', headers: { token: t.admin, 'accept-language': 'en' }, body: form })).json();
}

type Row = { url: string; fileKey: string; size: number; sha256: string | null };
const row = async (): Promise<Row> => (await s.server.services.db.query<Row>('SELECT url, "fileKey", size, sha256 FROM move_programs WHERE "robotId" = $1 AND name = $2', [ROBOT, NAME]))[0]!;
const waitJob = (done: (job: RobotJob) => boolean) => waitRobotJob(s, t.admin, ROBOT, done);
const robotPrograms = async () => (await s.call('getServicePack', { robotId: ROBOT }, t.admin)).param.programs as { name: string; version: string; size: number; installed: boolean; onServer?: boolean }[];
const mine = async () => (await robotPrograms()).filter((p) => p.name === NAME);

/** Issues the program and waits for the job's end. */
async function issue(): Promise<RobotJob> {
  const issued = await s.call('issueServicePack', { robotId: ROBOT, name: NAME }, t.admin);
  expect(issued.statusCode).toBe(200);
  expect(issued.param.job).toMatchObject({ kind: 'servicePack', state: 'running', stage: 'download', target: NAME });
  return waitJob((j) => j.jobId === issued.param.job.jobId && j.state !== 'running');
}

describe('uploadMoveProgram → issueServicePack: the robot downloads the file for real', () => {
  it('stores the SHA-256, sends url/size/sha256 on the server address; the robot downloads, installs, shows the version', async () => {
    expect(await upload('1.0.0', V1)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { robotId: ROBOT, name: NAME, version: '1.0.0', size: V1.length } });
    const r = await row();
    expect(r).toMatchObject({ sha256: sha(V1) });
    expect(Number(r.size)).toBe(V1.length);

    commands.length = 0;
    const seen = new Set<string>();
    const issued = await s.call('issueServicePack', { robotId: ROBOT, name: NAME }, t.admin);
    expect(issued.param.job).toMatchObject({ kind: 'servicePack', state: 'running', stage: 'download', target: NAME, version: '1.0.0' });
    const job = await waitJob((j) => (seen.add(j.stage), j.state !== 'running'));
    expect(job).toMatchObject({ state: 'done', stage: 'restart', progress: 100, version: '1.0.0' });
    expect(job.message).toBeUndefined();
    expect(seen.has('restart')).toBe(true);

    const sent = commands.filter((c) => c.action === 'programInstall');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toEqual({ name: NAME, version: '1.0.0', url: `${s.server.services.url}${r.url}`, size: V1.length, sha256: sha(V1) });
    expect(String(sent[0]!.params.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/\d{4}-\d{2}\/[0-9a-f]+\.bin$/);

    expect(await mine()).toEqual([{ name: NAME, version: '1.0.0', size: V1.length, installed: true }]);
  });

  const REASONS: Record<string, string> = {
    programHashMismatch: 'The downloaded program does not match its SHA-256 checksum',
    programSizeMismatch: 'The downloaded program does not have the expected size',
    programDownloadFailed: 'The robot could not download the program from the server',
  };
  const failures: { what: string; spoil: (r: Row) => Promise<void>; message: string }[] = [
    {
      what: 'its stored hash altered in the database',
      spoil: async () => void (await s.server.services.db.query('UPDATE move_programs SET sha256 = $1 WHERE "robotId" = $2 AND name = $3', ['0'.repeat(64), ROBOT, NAME])),
      message: 'programHashMismatch',
    },
    {
      what: 'the file replaced on disk by other bytes of the same size',
      spoil: async (r) => {
        const corrupt = Buffer.from(V2);
        corrupt[1000] = corrupt[1000]! ^ 0xff;
        fs.writeFileSync(path.join(s.dir, r.fileKey), corrupt);
      },
      message: 'programHashMismatch',
    },
    { what: 'the file cut short on disk', spoil: async (r) => fs.writeFileSync(path.join(s.dir, r.fileKey), V2.subarray(0, 100_000)), message: 'programSizeMismatch' },
    { what: 'the file grown on disk', spoil: async (r) => fs.writeFileSync(path.join(s.dir, r.fileKey), Buffer.concat([V2, Buffer.alloc(10, 1)])), message: 'programSizeMismatch' },
    { what: 'the file gone from the server (404)', spoil: async (r) => s.server.services.blobs.remove(r.fileKey), message: 'programDownloadFailed' },
  ];

  it.each(failures)('a new version with $what: the job fails in the download stage with "$message"; the robot keeps 1.0.0', async ({ spoil, message }) => {
    expect((await upload('1.1.0', V2)).statusCode).toBe(200);
    const r = await row();
    expect(r.sha256).toBe(sha(V2));
    await spoil(r);
    const programsBefore = await tableHash(s, 'move_programs');
    const listBefore = await robotPrograms();

    const job = await issue();
    expect(job).toMatchObject({ kind: 'servicePack', state: 'failed', stage: 'download', target: NAME, version: '1.1.0', message });
    // The console shows the reason in the three languages (common/messages).
    expect(formatMessage(job.message as MessageKey, 'en')).toBe(REASONS[message]);
    expect(formatMessage(job.message as MessageKey, 'zh')).not.toBe(REASONS[message]);
    expect(formatMessage(job.message as MessageKey, 'ja')).not.toBe(REASONS[message]);

    // Nothing else changed: the robot keeps the old version, the uploaded program stays as it was.
    expect(await mine()).toEqual([{ name: NAME, version: '1.0.0', size: V1.length, installed: true }]);
    expect(await robotPrograms()).toEqual(listBefore);
    expect(await tableHash(s, 'move_programs')).toBe(programsBefore);
    // The failed job is answered the same by getSoftwares.
    expect((await s.call('getSoftwares', { robotId: ROBOT }, t.admin)).param.job).toMatchObject({ state: 'failed', stage: 'download', message });
  });

  it('a program stored without a hash (before migration 046) is hashed when issued, then downloads and installs', async () => {
    expect((await upload('1.1.0', V2)).statusCode).toBe(200);
    await s.server.services.db.query('UPDATE move_programs SET sha256 = NULL WHERE "robotId" = $1 AND name = $2', [ROBOT, NAME]);
    commands.length = 0;
    expect(await issue()).toMatchObject({ state: 'done', stage: 'restart', version: '1.1.0' });
    expect((await row()).sha256).toBe(sha(V2));
    expect(commands.find((c) => c.action === 'programInstall')?.params.sha256).toBe(sha(V2));
    expect(await mine()).toEqual([{ name: NAME, version: '1.1.0', size: V2.length, installed: true }]);
  });

  it("a program whose file is gone and has no hash is refused with the exact message; nothing sent, no job", async () => {
    expect((await upload('1.2.0', V1)).statusCode).toBe(200);
    const r = await row();
    await s.server.services.db.query('UPDATE move_programs SET sha256 = NULL WHERE "robotId" = $1 AND name = $2', [ROBOT, NAME]);
    await s.server.services.blobs.remove(r.fileKey);
    const jobBefore = (await s.call('getSoftwareJob', { robotId: ROBOT }, t.admin)).param.job;
    commands.length = 0;
    expect(await s.call('issueServicePack', { robotId: ROBOT, name: NAME }, t.admin)).toEqual({ statusCode: 404, statusInfo: "The program's file is no longer on the server: upload it again" });
    await sleep(300);
    expect(commands.filter((c) => c.action === 'programInstall')).toEqual([]);
    expect((await s.call('getSoftwareJob', { robotId: ROBOT }, t.admin)).param.job).toEqual(jobBefore);
    expect(await mine()).toEqual([{ name: NAME, version: '1.1.0', size: V2.length, installed: true }]);
  });
  it('a job already running refuses the install before the program is hashed: nothing sent, the hash not computed, the job unchanged', async () => {
    expect((await upload('1.3.0', V2)).statusCode).toBe(200);
    await s.server.services.db.query('UPDATE move_programs SET sha256 = NULL WHERE "robotId" = $1 AND name = $2', [ROBOT, NAME]);
    const db = s.server.services.db;
    const saved = (await db.query('SELECT * FROM robot_jobs WHERE "robotId" = $1', [ROBOT]))[0];
    // A running log upload of the robot (as its job report would store it).
    await db.query(
      `INSERT INTO robot_jobs ("robotId","jobId",kind,stage,progress,state,target,version,message,"updatedAt") VALUES ($1,'held-job','logUpload','upload',10,'running','nodeLog','',NULL,now())
       ON CONFLICT ("robotId") DO UPDATE SET "jobId"='held-job',kind='logUpload',stage='upload',progress=10,state='running',target='nodeLog',version='',message=NULL,"updatedAt"=now()`,
      [ROBOT],
    );
    try {
      const jobBefore = (await s.call('getSoftwareJob', { robotId: ROBOT }, t.admin)).param.job;
      expect(jobBefore).toMatchObject({ jobId: 'held-job', state: 'running' });
      commands.length = 0;
      expect(await s.call('issueServicePack', { robotId: ROBOT, name: NAME }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'The robot is already running an upgrade or a log upload; wait for it to finish' });
      await sleep(300);
      expect(commands.filter((c) => c.action === 'programInstall')).toEqual([]);
      // Refused before the file was read: a program without a stored hash still has none.
      expect((await row()).sha256).toBeNull();
      expect((await s.call('getSoftwareJob', { robotId: ROBOT }, t.admin)).param.job).toEqual(jobBefore);
    } finally {
      if (saved) {
        const cols = Object.keys(saved);
        await db.query(`UPDATE robot_jobs SET ${cols.map((c, i) => `"${c}" = $${i + 1}`).join(', ')} WHERE "robotId" = $${cols.length + 1}`, [...cols.map((c) => saved[c]), ROBOT]);
      } else await db.query('DELETE FROM robot_jobs WHERE "robotId" = $1', [ROBOT]);
    }
    // Once the job is over, the same install goes ahead and hashes the file then.
    expect(await issue()).toMatchObject({ state: 'done', stage: 'restart', version: '1.3.0' });
    expect((await row()).sha256).toBe(sha(V2));
  });
});
