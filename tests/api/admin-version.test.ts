import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
});
afterAll(async () => s?.close());

const version = {
  projectName: 'NaviCore',
  version: 'V2.1.0',
  type: 'software',
  date: '2025-03-01',
  description: 'Lift support, faster relocalisation.',
  fileName: 'navicore-2.1.0.tar.gz',
  fileSize: 1048576,
};

describe('versionManage over queryVersionInfo/addVersionInfo/modifyVersionInfo/delVersionInfo', () => {
  it('adds versions with the caller as uploader and lists them paged', async () => {
    const made = await s.call('addVersionInfo', { ...version, uploader: 'someoneelse' }, t.admin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ ...version, uploader: 'admin', fileUrl: null });
    const patch = await s.call('addVersionInfo', { projectName: 'NaviCore', version: 'V2.1.1', type: 'patch' }, t.platform);
    expect(patch.param).toMatchObject({ uploader: 'platform', date: new Date().toISOString().slice(0, 10) });
    await s.call('addVersionInfo', { projectName: 'ChassisFw', version: '7.4', type: 'firmware', date: '2024-12-24' }, t.admin);
    const page = await s.call('queryVersionInfo', { pageNum: 1, pageSize: 2 }, t.admin);
    expect(page.param.total).toBe(3);
    expect(page.param.list).toHaveLength(2);
    const navi = await s.call('queryVersionInfo', { pageNum: 1, pageSize: 10, projectName: 'navi', sortField: 'version', sortOrder: 'ascend' }, t.platform);
    expect(navi.param.list.map((v: { version: string }) => v.version)).toEqual(['V2.1.0', 'V2.1.1']);
    expect((await s.call('queryVersionInfo', { type: 'firmware' }, t.admin)).param.total).toBe(1);
  });

  it('refuses bad input with the exact message and writes nothing', async () => {
    const before = await tableHash(s, 'software_versions');
    expect(await s.call('addVersionInfo', { ...version, version: 'V3', type: 'driver' }, t.admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Type has a value that is not allowed',
    });
    expect((await s.call('addVersionInfo', { ...version, version: 'V3', date: '2025-02-30' }, t.admin)).statusInfo).toBe('Validation failed: Date: enter a date as YYYY-MM-DD');
    expect((await s.call('addVersionInfo', { ...version, version: 'V3', fileSize: -1 }, t.admin)).statusInfo).toBe('Validation failed: File size (bytes) is out of range');
    expect((await s.call('addVersionInfo', { ...version, projectName: undefined }, t.admin)).statusInfo).toBe('Validation failed: Project is required');
    expect(await tableHash(s, 'software_versions')).toBe(before);
  });

  it('stores a version with its uploaded file; a file address that is not an upload of this server is refused with nothing written', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('#!/bin/sh\necho patch\n'))]), 'patch-2.2.sh');
    const up = await (await fetch(`${s.url}/api/upload?kind=file`, { method: 'POST', headers: { token: t.admin, 'accept-language': 'en' }, body: form })).json();
    expect(up).toMatchObject({ code: 0, data: { name: 'patch-2.2.sh', size: 21 } });
    const made = await s.call('addVersionInfo', { projectName: 'NaviCore', version: 'V2.2', type: 'patch', fileUrl: up.data.url, fileName: up.data.name, fileSize: up.data.size }, t.admin);
    expect(made.param).toMatchObject({ fileUrl: up.data.url, fileName: 'patch-2.2.sh', fileSize: 21 });
    expect(await (await fetch(`${s.url}${up.data.url}`)).text()).toBe('#!/bin/sh\necho patch\n');
    const before = await tableHash(s, 'software_versions');
    expect(await s.call('addVersionInfo', { projectName: 'NaviCore', version: 'V2.3', type: 'patch', fileUrl: 'http://elsewhere.example.com/x.bin' }, t.admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: File: Upload the file here: only files uploaded to this console are accepted',
    });
    expect(await tableHash(s, 'software_versions')).toBe(before);
  });

  it('keeps a version number unique within a project (case-insensitively)', async () => {
    const before = await tableHash(s, 'software_versions');
    expect(await s.call('addVersionInfo', { ...version, projectName: 'navicore', version: 'v2.1.0' }, t.platform)).toEqual({
      statusCode: 409,
      statusInfo: 'Version "v2.1.0" of project "navicore" already exists',
    });
    const patch = (await s.call('queryVersionInfo', { version: 'V2.1.1' }, t.admin)).param.list[0];
    expect((await s.call('modifyVersionInfo', { id: patch.id, version: 'V2.1.0' }, t.admin)).statusCode).toBe(409);
    expect(await tableHash(s, 'software_versions')).toBe(before);
  });

  it('updates (the uploader stays) and deletes', async () => {
    const row = (await s.call('queryVersionInfo', { version: 'V2.1.0' }, t.admin)).param.list[0];
    const changed = await s.call('modifyVersionInfo', { id: row.id, description: 'Hotfix included', date: '2025-03-02' }, t.platform);
    expect(changed.param).toMatchObject({ id: row.id, description: 'Hotfix included', date: '2025-03-02', uploader: 'admin' });
    expect((await s.call('modifyVersionInfo', { id: row.id, date: 'yesterday' }, t.platform)).statusInfo).toBe('Validation failed: Date: enter a date as YYYY-MM-DD');
    const n = await rowCount(s, 'software_versions');
    expect(await s.call('delVersionInfo', { id: row.id }, t.platform)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: row.id } });
    expect(await rowCount(s, 'software_versions')).toBe(n - 1);
  });

  it('refuses enterprise roles and general users (spec §6: versionManage is blocked for them); nothing changes', async () => {
    const row = (await s.call('queryVersionInfo', { pageNum: 1, pageSize: 1 }, t.admin)).param.list[0];
    const before = await tableHash(s, 'software_versions');
    for (const who of ['entsuper', 'entadmin', 'monitor'] as const) {
      expect(await s.call('queryVersionInfo', {}, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('addVersionInfo', { ...version, version: `V9-${who}` }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('modifyVersionInfo', { id: row.id, description: 'x' }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('delVersionInfo', { id: row.id }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect(await tableHash(s, 'software_versions')).toBe(before);
  });
});
