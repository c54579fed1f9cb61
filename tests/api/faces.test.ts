import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDetectionPicture } from '../../server/simulator/detection-picture';
import { craftZip, repeatedDeflate } from '../helpers/crafted-zip';
import { FACE_SHEET_EXAMPLE, FACE_SHEET_HEADER, faceSheet } from '../helpers/face-sheet';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
});
afterAll(async () => s?.close());

const photo = (seed: number) => renderDetectionPicture('face', seed);

/** Uploads face photos as the form does; their urls. */
async function photos(n: number, seed = 1): Promise<string[]> {
  const form = new FormData();
  for (let i = 0; i < n; i++) form.append('file', new Blob([new Uint8Array(photo(seed + i))]), `p${i}.png`);
  const res = (await (await fetch(`${s.url}/api/upload?kind=image`, { method: 'POST', headers: { token: t.entsuper }, body: form })).json()) as { data: { files: { url: string }[] } };
  return res.data.files.map((f) => f.url);
}

const storedFiles = () => {
  const root = path.join(s.dir, 'uploads');
  const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return fs.existsSync(root) ? walk(root).length : 0;
};

const person = { name: 'Li Wei', gender: 1, nation: 'Han', idType: 1, idNumber: '11010519491231002X', workCompany: 'Harbor Security', phone: '13800138000', jobTitle: 'Guard', entryType: 2, remark: 'Night shift' };

describe('face library (faceDetection): entries and the rules of spec §5', () => {
  it('adds a person with every field and lists them', async () => {
    const urls = await photos(2);
    const made = await s.call('importFaceInfo', { ...person, pictureUrl: urls.join(',') }, t.entsuper);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ ...person, pictureUrl: urls.join(','), companyId: 2 });
    const page = await s.call('reqFaceImportInfoPaging', { name: 'Li' }, t.entadmin);
    expect(page.param.total).toBe(1);
    // A work number is not an ID card: any number passes.
    expect((await s.call('importFaceInfo', { ...person, name: '王芳', gender: 2, idType: 3, idNumber: 'W0042', pictureUrl: urls[0] }, t.entsuper)).statusCode).toBe(200);
    // General users see the library but do not change it.
    expect((await s.call('reqFaceImportInfoPaging', {}, t.monitor)).param.total).toBe(2);
    expect(await s.call('importFaceInfo', { ...person, pictureUrl: urls[0] }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
  });

  it('shows ID numbers whole only to those who administer the library; others read them masked and find them only by the whole number (issue 22)', async () => {
    const numbers = async (token: string, filter: Record<string, unknown> = {}) =>
      ((await s.call('reqFaceImportInfoPaging', { name: 'Li', ...filter }, token)).param.list as { idNumber: string }[]).map((r) => r.idNumber);
    expect(await numbers(t.entadmin)).toEqual(['11010519491231002X']);
    expect(await numbers(t.monitor)).toEqual(['110***********002X']);
    // A part would spell the number out digit by digit: only the whole value finds it (any case).
    expect(await numbers(t.monitor, { idNumber: '1101' })).toEqual([]);
    expect(await numbers(t.monitor, { idNumber: '11010519491231002x' })).toEqual(['110***********002X']);
    expect(await numbers(t.entadmin, { idNumber: '1101' })).toEqual(['11010519491231002X']);
    // The export is masked the same way.
    const res = await fetch(`${s.url}/api/export`, { method: 'POST', headers: { token: t.monitor, 'content-type': 'application/json' }, body: JSON.stringify({ entity: 'face-entry', param: { name: 'Li' }, lang: 'en' }) });
    const book = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(book).not.toContain('11010519491231002X');
  });

  it('refuses each broken rule with its message and changes nothing', async () => {
    const [url] = await photos(1, 50);
    const ok = { ...person, pictureUrl: url };
    const before = await tableHash(s, 'face_entries');
    const refused = async (param: Record<string, unknown>, lang = 'en') => (await s.call('importFaceInfo', param, t.entsuper, lang)).statusInfo;
    const { name: _n, ...noName } = ok;
    const { gender: _g, ...noGender } = ok;
    const { pictureUrl: _p, ...noPhoto } = ok;
    expect(await refused(noName)).toBe('Validation failed: Name is required');
    expect(await refused(noGender)).toBe('Validation failed: Sex is required');
    expect(await refused(noGender, 'zh')).toBe('校验失败：性别不能为空');
    expect(await refused(noPhoto)).toBe('Validation failed: Face photos is required');
    expect(await refused({ ...ok, pictureUrl: '' })).toBe('Please add a face photo before submitting');
    expect(await refused({ ...ok, name: 'Li3 Wei' })).toBe('Validation failed: Name: Chinese or English words only');
    expect(await refused({ ...ok, phone: '12345' })).toBe('Validation failed: Phone: Mobile phone number entered incorrectly');
    expect(await refused({ ...ok, pictureUrl: (await photos(10, 60)).join(',') })).toBe('At most 9 faces per person: over the limit or not the same person');
    expect(await refused({ ...ok, pictureUrl: 'https://elsewhere.example/face.png' })).toBe('Face photos must be pictures uploaded to this console');
    expect(await refused({ ...ok, idNumber: '1101051949123100' })).toBe('ID card number: 18 characters (or 15 for an old card)');
    expect(await refused({ ...ok, idNumber: '11010519491231002Y' })).toBe('ID card number: wrong format');
    expect(await refused({ ...ok, idNumber: '99010519491231002X' })).toBe('ID card number: unknown region code');
    expect(await refused({ ...ok, idNumber: '110105194902310021' })).toBe('ID card number: invalid birth date');
    expect(await refused({ ...ok, idNumber: '110105194902310021' }, 'ja')).toBe('身分証番号の生年月日が正しくありません');
    expect(await tableHash(s, 'face_entries')).toBe(before);
  });

  it('keeps at least one original face on edit, and at most 9', async () => {
    const [a, b] = await photos(2, 100);
    const id = (await s.call('importFaceInfo', { ...person, name: 'Zhao Lei', pictureUrl: `${a},${b}` }, t.entsuper)).param.id;
    const before = await tableHash(s, 'face_entries');
    const fresh = await photos(2, 200);
    expect((await s.call('modifyFaceInfo', { id, pictureUrl: fresh.join(',') }, t.entsuper)).statusInfo).toBe('Keep at least one original face');
    expect((await s.call('modifyFaceInfo', { id, pictureUrl: [a, ...(await photos(9, 300))].join(',') }, t.entsuper)).statusInfo).toBe(
      'At most 9 faces per person: over the limit or not the same person',
    );
    expect((await s.call('modifyFaceInfo', { id, idNumber: '11010519491231002' }, t.entsuper)).statusInfo).toBe('ID card number: 18 characters (or 15 for an old card)');
    expect(await tableHash(s, 'face_entries')).toBe(before);
    const kept = await s.call('modifyFaceInfo', { id, pictureUrl: [b, ...fresh].join(',') }, t.entsuper);
    expect(kept.param.pictureUrl).toBe([b, ...fresh].join(','));
  });
});


const good = (name: string, file: string, idNumber = '11010519491231002X'): (string | number)[] => [name, 'Female', '', 'ID card', idNumber, 'Harbor', '13900139000', 'Clerk', 'Black list', '', file];

async function batch(files: { name: string; body: Buffer }[], token = t.entsuper, lang = 'en'): Promise<{ code: number; message: string; data?: { imported: number } }> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.body)]), f.name);
  return (await fetch(`${s.url}/api/faces/import?lang=${lang}`, { method: 'POST', headers: { token }, body: form })).json() as never;
}

describe('face batch import (Excel or zip, spec §5/§8/§9)', () => {
  it('offers a template whose example row must stay', async () => {
    const res = await fetch(`${s.url}/api/faces/template?lang=zh`, { headers: { token: t.entsuper } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues() as unknown[][];
    expect(rows[1]!.slice(1, 3)).toEqual(['姓名', '性别']);
    expect(rows[2]![1]).toBe('示例');
  });

  it('imports nothing when one row is bad, naming the row; then all rows once it is fixed', async () => {
    const before = await tableHash(s, 'face_entries');
    const filesBefore = storedFiles();
    const pics = [1, 2, 3].map((i) => ({ name: `f${i}.png`, body: photo(400 + i) }));
    const bad = await faceSheet([good('Sun Li', 'f1.png'), good('Zhou Min', 'f2.png, f3.png'), good('Wu Qiang', 'f3.png', '110105194902310021')]);
    expect(await batch([{ name: 'faces.xlsx', body: bad }, ...pics])).toEqual({ code: 400, message: 'Batch error: row 5 failed validation (ID card number: invalid birth date)' });
    expect(await tableHash(s, 'face_entries')).toBe(before);
    expect(storedFiles()).toBe(filesBefore);
    const fixed = await faceSheet([good('Sun Li', 'f1.png'), good('Zhou Min', 'f2.png, f3.png'), good('Wu Qiang', 'f3.png')]);
    expect(await batch([{ name: 'faces.xlsx', body: fixed }, ...pics])).toEqual({ code: 0, message: 'Success', data: { imported: 3 } });
    const zhou = (await s.call('reqFaceImportInfoPaging', { name: 'Zhou Min' }, t.entsuper)).param.list[0];
    expect(zhou).toMatchObject({ gender: 2, entryType: 2, idType: 1, phone: '13900139000', companyId: 2 });
    expect(zhou.pictureUrl.split(',')).toHaveLength(2);
    expect((await fetch(`${s.url}${zhou.pictureUrl.split(',')[0]}`)).headers.get('content-type')).toBe('image/png');
  });

  it('imports a zip holding the sheet and the photos', async () => {
    const zip = new JSZip();
    zip.file('list/faces.xlsx', await faceSheet([good('Qian Hao', 'a.png'), good('Feng Yu', 'b.png')]));
    zip.file('list/photos/a.png', photo(501));
    zip.file('list/photos/b.png', photo(502));
    const body = await zip.generateAsync({ type: 'nodebuffer' });
    expect(await batch([{ name: 'faces.zip', body }])).toEqual({ code: 0, message: 'Success', data: { imported: 2 } });
  });

  it('answers each batch error with its message and imports nothing', async () => {
    const before = await tableHash(s, 'face_entries');
    const pic = { name: 'x.png', body: photo(600) };
    const xlsx = (body: Buffer) => ({ name: 'faces.xlsx', body });
    expect(await batch([xlsx(await faceSheet([['Ma Jun', '', '', 'ID card', '11010519491231002X', '', '', '', '', '', 'x.png']])), pic])).toEqual({
      code: 400,
      message: 'Batch error: row 3 is missing information (Sex)',
    });
    expect((await batch([xlsx(await faceSheet([['Ma Jun', '', '', 'ID card', '11010519491231002X', '', '', '', '', '', 'x.png']])), pic], t.entsuper, 'zh')).message).toBe(
      '批量导入错误：第3行缺少信息（性别）',
    );
    expect(await batch([xlsx(await faceSheet([good('Ma Jun', 'x.png')], { example: false })), pic])).toEqual({
      code: 400,
      message: 'Batch error: wrong format; the example row of the template must not be deleted',
    });
    expect(await batch([xlsx(await faceSheet([good('Ma Jun', 'missing.png')])), pic])).toEqual({
      code: 400,
      message: 'Batch error: row 3 has a content error: photo "missing.png" is not in the batch or is not a PNG/JPEG picture',
    });
    expect(await batch([xlsx(await faceSheet([good('Ma Jun', 'x.png')], { header: ['Name', 'Sex', 'Shoe size'] })), pic])).toEqual({
      code: 400,
      message: 'Batch error: wrong format; unknown column "Shoe size"',
    });
    const many = Array.from({ length: 501 }, (_, i) => good(`Person ${String.fromCharCode(65 + (i % 26))}`, 'x.png'));
    expect(await batch([xlsx(await faceSheet(many)), pic])).toEqual({ code: 400, message: 'Batch error: more than 500 entries in one batch' });
    expect(await batch([{ name: 'faces.xlsx', body: Buffer.from('name,sex\nMa Jun,1\n') }, pic])).toEqual({ code: 400, message: 'Batch error: the data cannot be read' });
    expect(await batch([{ name: 'faces.zip', body: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]) }])).toEqual({
      code: 400,
      message: 'Batch error: the data cannot be read',
    });
    expect(await batch([{ name: 'faces.pdf', body: Buffer.from('%PDF-1.4\n') }, pic])).toEqual({
      code: 400,
      message: 'Batch error: wrong format; upload the template (.xlsx) or a .zip of it, with the photos it names',
    });
    const fiftyOne = Array.from({ length: 51 }, (_, i) => ({ name: `p${i}.png`, body: photo(700 + i) }));
    expect(await batch([xlsx(await faceSheet([good('Ma Jun', 'p0.png')])), ...fiftyOne.slice(0, 50)])).toEqual({ code: 400, message: 'At most 50 files at once' });
    expect(await batch([xlsx(await faceSheet([good('Ma Jun', 'x.png')])), pic], t.monitor)).toEqual({ code: 401, message: NO_PERMISSION });
    expect(await tableHash(s, 'face_entries')).toBe(before);
    expect(await rowCount(s, 'face_entries')).toBeGreaterThan(0);
  });
});

describe('face batch limits (issue 18): refused while reading, in little memory', () => {
  const tmpFiles = () => (fs.existsSync(path.join(s.dir, 'tmp')) ? fs.readdirSync(path.join(s.dir, 'tmp')) : []);

  it('refuses a zip whose directory declares small sizes but that inflates to more than the limit, and changes nothing', async () => {
    const before = await tableHash(s, 'face_entries');
    const filesBefore = storedFiles();
    // A good batch, but b.png, declared as 1,000 bytes in its local header and in the central
    // directory, inflates to 3 GiB: more than the whole batch may hold (the deflate stream is ~3 MB).
    const body = craftZip([
      { name: 'faces.xlsx', data: await faceSheet([good('Lin Bo', 'a.png'), good('Gao Yan', 'b.png')]) },
      { name: 'a.png', data: photo(800) },
      { name: 'b.png', deflated: repeatedDeflate(0, 3 * 1024), declaredSize: 1000 },
    ]);
    const refused = { code: 400, message: 'Batch error: the .zip unpacks to more than it declares or to more than 2.25 GB in all' };
    expect(await batch([{ name: 'faces.zip', body }])).toEqual(refused);
    expect((await batch([{ name: 'faces.zip', body }], t.entsuper, 'zh')).message).toBe('批量导入错误：.zip解压后的大小超过其声明的大小或总计超过2.25 GB');
    // The same lie about the sheet.
    const sheetLie = craftZip([
      { name: 'faces.xlsx', deflated: repeatedDeflate(0, 3 * 1024), declaredSize: 4096 },
      { name: 'a.png', data: photo(801) },
    ]);
    expect(await batch([{ name: 'faces.zip', body: sheetLie }])).toEqual(refused);
    expect(await tableHash(s, 'face_entries')).toBe(before);
    expect(storedFiles()).toBe(filesBefore);
    expect(tmpFiles()).toEqual([]);
  });

  it('stops a sheet of 20,000 people at the first row beyond the batch limit and imports nothing', async () => {
    const before = await tableHash(s, 'face_entries');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('faces');
    ws.addRow(FACE_SHEET_HEADER);
    ws.addRow(FACE_SHEET_EXAMPLE);
    for (let i = 0; i < 20_000; i++) ws.addRow(good(`Person ${String.fromCharCode(65 + (i % 26))}`, 'x.png'));
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await batch([{ name: 'faces.xlsx', body }, { name: 'x.png', body: photo(802) }])).toEqual({ code: 400, message: 'Batch error: more than 500 entries in one batch' });
    expect(await tableHash(s, 'face_entries')).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });
});
