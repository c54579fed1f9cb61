import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip, repeatedDeflate } from '../helpers/crafted-zip';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Robots');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function importFile(entity: string, body: Uint8Array | Blob, token = admin): Promise<any> {
  const form = new FormData();
  form.append('file', body instanceof Blob ? body : new Blob([new Uint8Array(body)]), 'robots.xlsx');
  const res = await fetch(`${s.url}/api/import?entity=${entity}&lang=en`, { method: 'POST', headers: { token }, body: form });
  return res.json();
}

const robots = async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM robots'))[0]!.n;

describe('import from Excel', () => {
  it('imports rows by label, turning company names and enum labels back into values', async () => {
    const before = await robots();
    const r = await importFile('robot', await xlsx([['Serial number', 'Name', 'Company', 'Region'], ['11WR000001', 'ImportA', 'HarborSecurity', 'NorthCampus'], ['12TP000001', 'ImportB', 'HarborEast', 'EastPort']]));
    expect(r).toEqual({ code: 0, message: 'Success', data: { imported: 2 } });
    expect(await robots()).toBe(before + 2);
    const b = (await s.call('reqRobotBasicInfo', { robotId: '12TP000001' }, admin)).param.list[0];
    expect(b).toMatchObject({ robotName: 'ImportB', robotType: 5, companyId: 4 });
  });

  it('imports nothing when one row is bad, and names the row and the rule', async () => {
    const before = await robots();
    const r = await importFile('robot', await xlsx([['Serial number', 'Name', 'Company'], ['13WR000001', 'GoodOne', 'HarborSecurity'], ['AB', 'BadSerial', 'HarborSecurity']]));
    expect(r).toEqual({
      code: 400,
      message: 'Row 3: Serial number: 10 letters and digits, the first two numeric. Nothing was imported.',
    });
    expect(await robots()).toBe(before);
  });

  it('refuses unknown columns, empty sheets, non-Excel files and callers without the right', async () => {
    expect((await importFile('robot', await xlsx([['Serial number', 'Colour'], ['14WR000001', 'red']]))).message).toBe('File format error: unknown column "Colour"');
    expect((await importFile('robot', await xlsx([['Serial number']]))).message).toBe('File format error: the sheet has no data rows');
    expect((await importFile('robot', new TextEncoder().encode('not,an,excel,file\n'.repeat(10)))).message).toBe('Wrong file format: xlsx, zip expected');
    const operator = await s.login('monitor');
    expect((await importFile('robot', await xlsx([['Serial number'], ['15WR000001']]), operator)).code).toBe(401);
  });
});

describe('import limits (issue 18): refused while reading, in little memory', () => {
  it('stops a 100,000-row workbook at the first row beyond the limit and imports nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-import-rows-'));
    try {
      // Written as Excel does (sheet before shared strings), streamed to disk: ~3 MB, nothing large in the repository.
      const file = path.join(dir, 'robots.xlsx');
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
      const ws = wb.addWorksheet('Robots');
      ws.addRow(['Serial number', 'Name', 'Company']).commit();
      for (let i = 0; i < 100_000; i++) ws.addRow([`${10 + (i % 80)}WR${String(i).padStart(6, '0')}`, `Bulk ${i}`, 'HarborSecurity']).commit();
      await wb.commit();
      const before = await robots();
      expect(await importFile('robot', await fs.openAsBlob(file))).toEqual({ code: 400, message: 'At most 5000 rows can be imported at once' });
      expect(await robots()).toBe(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a workbook whose sheet inflates to more than its directory declares, and imports nothing', async () => {
    // A valid one-row workbook, its sheet followed by 64 MiB of spaces but declared at its real size.
    const zip = await JSZip.loadAsync(await xlsx([['Serial number', 'Name', 'Company'], ['16WR000001', 'Liar', 'HarborSecurity']]));
    const entries = await Promise.all(
      Object.values(zip.files)
        .filter((e) => !e.dir)
        .map(async (e) => {
          const data = await e.async('nodebuffer');
          return e.name === 'xl/worksheets/sheet1.xml' ? { name: e.name, deflated: repeatedDeflate(0x20, 64, data), declaredSize: data.length } : { name: e.name, data };
        }),
    );
    const before = await robots();
    expect(await importFile('robot', new Uint8Array(craftZip(entries)))).toEqual({ code: 400, message: 'File format error: the file is not a readable Excel workbook' });
    expect(await robots()).toBe(before);
  });
});
