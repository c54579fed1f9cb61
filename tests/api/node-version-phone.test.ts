/**
 * Issue 19, nodeVersion and phone: the robotJob realtime push of an upgrade's stages;
 * uploadMoveProgram on the large-file address (answer, listed as a program on the server, issued to
 * the robot, deleted; refusals; a streamed body just over 1 GB refused with nothing left behind);
 * app packages (queryApk / addApk / deleteApk, the content check of an .apk, the public
 * newest-package routes the login page uses) and phone client logs (POST /api/phone/log, getPhoneLog, deletePhoneLog), closed to the
 * enterprise roles (spec §6).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip } from '../helpers/crafted-zip';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitRobotJob, type RobotJob } from '../helpers/robot-job';
import { authedSocket } from '../helpers/socket-auth';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ROBOT = '01WR000002';
const OTHER_COMPANY_ROBOT = '05WV000001';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const GB = 1024 * 1024 * 1024;

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, t.admin)).param?.online !== 1; i++) await sleep(200);
});
afterAll(async () => s?.close());

/** Files of the uploads folder that a refused upload could have left: partial ones, and any of `size` bytes or more than 100 MB. */
const leftovers = (size: number) =>
  storedFiles().filter((f) => f.includes(`${path.sep}.partial${path.sep}`) || [size].includes(fs.statSync(f).size) || fs.statSync(f).size > 100 * 1024 * 1024);

/** Every file under the data folder's uploads (partial files included). */
const storedFiles = () => {
  const root = path.join(s.dir, 'uploads');
  const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return fs.existsSync(root) ? walk(root) : [];
};

async function uploadProgram(param: unknown, body: Buffer, token: string = t.admin): Promise<any> {
  const form = new FormData();
  form.append('param', JSON.stringify(param));
  form.append('file', new Blob([new Uint8Array(body)]), 'program.bin');
  const res = await fetch(`${s.url}/api/largeFile/uploadMoveProgram`, { method: 'POST', headers: { ...(token ? { token } : {}), 'accept-language': 'en' }, body: form });
  return res.json();
}

const waitJob = (done: (job: RobotJob) => boolean) => waitRobotJob(s, t.admin, ROBOT, done);

describe('nodeVersion: live progress on the robotJob topic', () => {
  it('pushes each stage of an upgrade to a subscribed console until done; a general user cannot subscribe', async () => {
    const ws = authedSocket(s.url.replace('http', 'ws') + '/ws', t.entadmin);
    const pushes: { stage: string; state: string; robotId: string; progress: number }[] = [];
    const frames: any[] = [];
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      const all = m.type === 'batch' ? m.pushes : [m];
      for (const p of all) {
        frames.push(p);
        if (p.type === 'push' && p.topic === 'robotJob' && p.event === 'robotJob') pushes.push(p.data);
      }
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'robotJob' }));
    for (let i = 0; i < 50 && !frames.some((f) => f.event === 'snapshot' && f.topic === 'robotJob'); i++) await sleep(100);
    expect(frames.some((f) => f.event === 'snapshot' && f.topic === 'robotJob')).toBe(true);

    const up = await s.call('softwareUpdate', { robotId: ROBOT, name: 'interaction', version: '1.3.0' }, t.entadmin);
    expect(up.statusCode).toBe(200);
    await waitJob((j) => j.state !== 'running');
    // The last push may trail the stored job (on PostgreSQL it crosses the cluster bus).
    for (let i = 0; i < 50 && !pushes.some((p) => p.robotId === ROBOT && p.state !== 'running'); i++) await sleep(100);
    ws.close();
    const mine = pushes.filter((p) => p.robotId === ROBOT);
    expect(new Set(mine.map((p) => p.stage))).toEqual(new Set(['download', 'unpack', 'install', 'restart']));
    expect(mine.at(-1)).toMatchObject({ state: 'done', stage: 'restart', progress: 100 });

    const monitor = authedSocket(s.url.replace('http', 'ws') + '/ws', t.monitor);
    const errors: string[] = [];
    monitor.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === 'error') errors.push(m.message);
    });
    await new Promise((r) => monitor.once('open', r));
    monitor.send(JSON.stringify({ type: 'subscribe', topic: 'robotJob' }));
    for (let i = 0; i < 50 && errors.length === 0; i++) await sleep(100);
    monitor.close();
    expect(errors).toEqual(['cannot subscribe to robotJob']);
  });
});

describe('uploadMoveProgram on the large-file address', () => {
  it('the large-file address and the app build address are in /config.json', async () => {
    const config = await (await fetch(`${s.url}/config.json`)).json();
    expect(config.largeFileUrl).toBe(s.url);
    expect(config.appBuildUrl).toBe(`${s.url}/api/app/latest/download`);
  });

  it('stores a program, lists it as on the server, issues it to the robot through the stages, deletes it', async () => {
    const body = Buffer.alloc(300_000, 3);
    const r = await uploadProgram({ robotId: ROBOT, name: 'dock-moves', version: '1.2.0' }, body);
    expect(r).toEqual({ statusCode: 200, statusInfo: 'Success', param: { robotId: ROBOT, name: 'dock-moves', version: '1.2.0', size: 300_000 } });
    const listed = await s.call('getServicePack', { robotId: ROBOT }, t.admin);
    expect(listed.param.programs).toContainEqual({ name: 'dock-moves', version: '1.2.0', size: 300_000, installed: false, onServer: true });
    // The stored file is what was sent.
    const row = (await s.server.services.db.query<{ url: string }>('SELECT url FROM move_programs WHERE "robotId" = $1', [ROBOT]))[0]!;
    expect(Buffer.from(await (await fetch(`${s.url}${row.url}`)).arrayBuffer()).equals(body)).toBe(true);

    const issued = await s.call('issueServicePack', { robotId: ROBOT, name: 'dock-moves' }, t.admin);
    expect(issued.param.job).toMatchObject({ kind: 'servicePack', state: 'running', stage: 'download', target: 'dock-moves' });
    expect((await s.call('cancelFtpMission', { robotId: ROBOT }, t.admin)).statusInfo).toBe('Upgrade running cannot be cancelled');
    expect(await waitJob((j) => j.state !== 'running')).toMatchObject({ state: 'done', stage: 'restart' });
    const after = await s.call('getServicePack', { robotId: ROBOT }, t.admin);
    expect(after.param.programs).toContainEqual({ name: 'dock-moves', version: '1.2.0', size: 300_000, installed: true });

    const del = await s.call('deleteProgram', { robotId: ROBOT, name: 'dock-moves' }, t.admin);
    expect(del).toMatchObject({ statusCode: 200, param: { robotId: ROBOT, name: 'dock-moves' } });
    const gone = await s.call('getServicePack', { robotId: ROBOT }, t.admin);
    expect(gone.param.programs.map((p: { name: string }) => p.name)).not.toContain('dock-moves');
    expect(await rowCount(s, 'move_programs')).toBe(0);
    expect(storedFiles().some((f) => f.endsWith(path.basename(row.url)))).toBe(false);
  });

  it('refuses without a token, without the permission, for a robot out of scope and with a bad param; nothing kept', async () => {
    const body = Buffer.alloc(77_777, 1);
    expect(await uploadProgram({ robotId: ROBOT, name: 'x' }, body, '')).toMatchObject({ statusCode: 403, statusInfo: 'Login expired, please log in again' });
    expect(await uploadProgram({ robotId: ROBOT, name: 'x' }, body, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await uploadProgram({ robotId: OTHER_COMPANY_ROBOT, name: 'x' }, body, t.entadmin)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    const bad = await uploadProgram({ robotId: ROBOT, name: 'bad name!' }, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.statusInfo).toMatch(/^Validation failed: /);
    expect(await rowCount(s, 'move_programs')).toBe(0);
    expect(leftovers(77_777)).toEqual([]);
  });

  it('refuses a streamed (chunked) program just over 1 GB with the exact message and leaves nothing behind', async () => {
    const boundary = 'fcboundary7MA4YWxkTrZu0gW';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="param"\r\n\r\n${JSON.stringify({ robotId: ROBOT, name: 'huge' })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(4 * 1024 * 1024, 0x5a);
    let left = GB + 1;
    async function* parts() {
      yield head;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
      }
      yield tail;
    }
    const answer = await new Promise<any>((resolve, reject) => {
      const req = http.request(`${s.url}/api/largeFile/uploadMoveProgram`, {
        method: 'POST',
        headers: { token: t.admin, 'accept-language': 'en', 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      Readable.from(parts()).on('error', () => undefined).pipe(req);
    });
    expect(answer).toEqual({ statusCode: 400, statusInfo: 'The file is too large (at most 1 GB)' });
    expect(await rowCount(s, 'move_programs')).toBe(0);
    for (let i = 0; i < 20 && leftovers(GB + 1).length; i++) await sleep(100);
    expect(leftovers(GB + 1)).toEqual([]);
  }, 240_000);
});

describe('phone: app packages and phone client logs', () => {
  // A minimal package: a zip holding a manifest and compiled code, as the server checks.
  const APK = craftZip([
    { name: 'AndroidManifest.xml', data: Buffer.alloc(1200, 3) },
    { name: 'classes.dex', data: Buffer.concat([Buffer.from('dex\n035\0'), Buffer.alloc(4000, 9)]) },
    { name: 'res/layout/main.xml', data: Buffer.alloc(300, 5) },
  ]);
  async function uploadFile(name: string, body: Buffer, token = t.admin) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)]), name);
    return (await (await fetch(`${s.url}/api/upload?kind=file`, { method: 'POST', headers: { token }, body: form })).json()).data as { url: string; name: string; size: number };
  }

  it('adds a package, lists it, serves the newest publicly, refuses what is not an .apk, deletes it', async () => {
    expect(await (await fetch(`${s.url}/api/app/latest`)).json()).toEqual({ latest: null });
    const missing = await fetch(`${s.url}/api/app/latest/download`, { headers: { 'accept-language': 'en' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404, message: 'No app package has been uploaded yet' });

    const f = await uploadFile('fleet-2.1.0.apk', APK);
    const added = await s.call('addApk', { version: '2.1.0', description: 'Faster video', fileUrl: f.url, fileName: f.name, fileSize: 1 }, t.admin);
    expect(added.statusCode).toBe(200);
    const list = await s.call('queryApk', {}, t.platform);
    expect(list.param.list[0]).toMatchObject({ version: '2.1.0', description: 'Faster video', fileName: 'fleet-2.1.0.apk', fileSize: APK.length, uploader: 'admin' });

    const latest = await (await fetch(`${s.url}/api/app/latest`)).json();
    expect(latest.latest).toMatchObject({ version: '2.1.0', fileName: 'fleet-2.1.0.apk', fileSize: APK.length, url: '/api/app/latest/download' });
    const dl = await fetch(`${s.url}/api/app/latest/download`);
    expect(dl.headers.get('content-type')).toBe('application/vnd.android.package-archive');
    expect(dl.headers.get('content-disposition')).toBe('attachment; filename="fleet-2.1.0.apk"');
    expect(Buffer.from(await dl.arrayBuffer()).equals(APK)).toBe(true);

    const before = await tableHash(s, 'app_packages');
    const txt = await uploadFile('notes.txt', Buffer.from('hello world '.repeat(10)));
    const refused = await s.call('addApk', { version: '2.2.0', fileUrl: txt.url, fileName: txt.name }, t.admin);
    expect(refused).toEqual({ statusCode: 400, statusInfo: 'The app package must be an .apk file' });
    const badVersion = await s.call('addApk', { version: 'two point two', fileUrl: f.url, fileName: 'a.apk' }, t.admin);
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.statusInfo).toMatch(/^Validation failed: /);
    expect(await tableHash(s, 'app_packages')).toBe(before);

    const id = list.param.list[0].id;
    expect((await s.call('deleteApk', { id }, t.admin)).statusCode).toBe(200);
    expect((await s.call('queryApk', {}, t.admin)).param.list).toEqual([]);
    expect(await (await fetch(`${s.url}/api/app/latest`)).json()).toEqual({ latest: null });
    expect((await fetch(`${s.url}${f.url}`)).status).toBe(404);
  });

  it('refuses a renamed text file and a zip without a manifest by content, keeping no row', async () => {
    const before = await tableHash(s, 'app_packages');
    const rows = await rowCount(s, 'app_packages');
    const cases = [
      { name: 'fleet-3.0.0.apk', body: Buffer.from('this is only a text file, renamed\n'.repeat(20)) },
      { name: 'fleet-3.0.1.apk', body: craftZip([{ name: 'classes.dex', data: Buffer.alloc(3000, 7) }, { name: 'assets/readme.txt', data: Buffer.alloc(100, 65) }]) },
      { name: 'fleet-3.0.2.apk', body: craftZip([{ name: 'AndroidManifest.xml', data: Buffer.alloc(800, 4) }]) },
    ];
    for (const [i, c] of cases.entries()) {
      const f = await uploadFile(c.name, c.body);
      expect(storedFiles().some((p) => p.endsWith(path.basename(f.url)))).toBe(true);
      const refused = await s.call('addApk', { version: `3.0.${i}`, fileUrl: f.url, fileName: f.name, fileSize: c.body.length }, t.admin);
      expect(refused).toEqual({ statusCode: 400, statusInfo: 'The file is not an Android app package (an .apk holds AndroidManifest.xml and classes.dex)' });
      // The upload itself stays, as any refused upload does: a refusal never deletes a stored file (the URL may name any).
      expect(storedFiles().some((p) => p.endsWith(path.basename(f.url)))).toBe(true);
    }
    const zh = await uploadFile('fleet-3.0.9.apk', Buffer.from('纯文本'.repeat(50)));
    expect(await s.call('addApk', { version: '3.0.9', fileUrl: zh.url, fileName: zh.name }, t.admin, 'zh')).toEqual({
      statusCode: 400,
      statusInfo: '该文件不是安卓应用安装包（.apk 应包含 AndroidManifest.xml 和 classes.dex）',
    });
    expect(await rowCount(s, 'app_packages')).toBe(rows);
    expect(await tableHash(s, 'app_packages')).toBe(before);
    expect((await s.call('queryApk', {}, t.admin)).param.list.map((p: { version: string }) => p.version)).not.toContain('3.0.0');
  });

  it('the enterprise roles and general users are refused app packages and phone logs (spec §6)', async () => {
    const before = `${await tableHash(s, 'app_packages')}:${await tableHash(s, 'phone_logs')}`;
    for (const who of [t.entsuper, t.entadmin, t.monitor]) {
      expect(await s.call('queryApk', {}, who)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call('getPhoneLog', {}, who)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call('addApk', { version: '9.9.9', fileUrl: '/uploads/2026-11/abc.apk', fileName: 'a.apk' }, who)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call('deletePhoneLog', { id: 1 }, who)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    }
    expect(`${await tableHash(s, 'app_packages')}:${await tableHash(s, 'phone_logs')}`).toBe(before);
  });

  it('a phone client uploads its log; administrators list and delete it', async () => {
    const form = new FormData();
    form.append('phoneModel', 'Pixel 8');
    form.append('appVersion', '2.1.0');
    form.append('file', new Blob([Buffer.from('2026-11-28 10:00:01 INFO app started\n')]), 'app.log');
    const up = await (await fetch(`${s.url}/api/phone/log`, { method: 'POST', headers: { token: t.monitor }, body: form })).json();
    expect(up.code).toBe(0);
    const noToken = await (await fetch(`${s.url}/api/phone/log`, { method: 'POST', headers: { 'accept-language': 'en' }, body: form })).json();
    expect(noToken).toEqual({ code: 403, message: 'Login expired, please log in again' });

    const list = await s.call('getPhoneLog', {}, t.admin);
    expect(list.param.list).toHaveLength(1);
    expect(list.param.list[0]).toMatchObject({ username: 'monitor', phoneModel: 'Pixel 8', appVersion: '2.1.0', fileName: 'app.log', fileSize: 37 });
    expect(await (await fetch(`${s.url}${list.param.list[0].fileUrl}`)).text()).toBe('2026-11-28 10:00:01 INFO app started\n');
    expect((await s.call('deletePhoneLog', { id: list.param.list[0].id }, t.platform)).statusCode).toBe(200);
    expect((await s.call('getPhoneLog', {}, t.admin)).param.list).toEqual([]);
  });
});
