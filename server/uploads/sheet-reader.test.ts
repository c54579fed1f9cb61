import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { craftZip, repeatedDeflate } from '../../tests/helpers/crafted-zip';
import { readFirstSheet, SHEET_LIMITS, WorkbookUnreadableError } from './sheet-reader';
import { ZipTooLargeError, ZipUnreadableError } from './zip-reader';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-sheet-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const save = (data: Buffer | Uint8Array) => {
  const file = path.join(dir, `f${n++}.xlsx`);
  fs.writeFileSync(file, data);
  return file;
};

/** Rows as [number, values without the empty slot 0]. */
async function rowsOf(file: string, limits = SHEET_LIMITS): Promise<[number, unknown[]][]> {
  const rows: [number, unknown[]][] = [];
  await readFirstSheet(file, limits, (num, values) => void rows.push([num, values.slice(1)]));
  return rows;
}

/** The workbook re-zipped entry by entry, `change` swapping an entry for a crafted one. */
async function rezip(body: Buffer, change: (name: string, data: Buffer) => Parameters<typeof craftZip>[0][number] | undefined): Promise<Buffer> {
  const zip = await JSZip.loadAsync(body);
  const files = Object.values(zip.files).filter((e) => !e.dir);
  return craftZip(await Promise.all(files.map(async (e) => {
    const data = await e.async('nodebuffer');
    return change(e.name, data) ?? { name: e.name, data };
  })));
}

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const other = wb.addWorksheet('Other');
  other.addRow(['not', 'this', 'one']);
  const first = wb.addWorksheet('First');
  first.addRow(['Name', 'When', 'Count']);
  first.addRow(['Ann', new Date('2026-03-04T05:06:07Z'), 3]);
  first.addRow([]);
  first.addRow([{ richText: [{ text: 'Bo' }, { text: 'b' }] }, null, 4.5]);
  // "First" is the first tab though it was written second (sheet2.xml).
  Object.assign(first, { orderNo: 0 });
  Object.assign(other, { orderNo: 1 });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('readFirstSheet: the first tab of an .xlsx, row by row', () => {
  // Rich text runs come with `font: null` from the streaming reader and without it from the other: compare their text.
  const plain = (rows: [number, unknown[]][]) =>
    rows.map(([num, values]) => [num, values.map((v) => (v && typeof v === 'object' && 'richText' in v ? (v.richText as { text: string }[]).map((r) => r.text).join('') : v))]);

  it('gives the rows the non-streaming reader gives, of the first tab, with shared strings, rich text, dates and numbers', async () => {
    const body = await workbook();
    const dom = new ExcelJS.Workbook();
    await dom.xlsx.load(body as unknown as ArrayBuffer);
    expect(dom.worksheets[0]!.name).toBe('First');
    const expected: [number, unknown[]][] = [];
    dom.worksheets[0]!.eachRow((row, num) => void expected.push([num, (row.values as unknown[]).slice(1)]));
    const rows = await rowsOf(save(body));
    expect(plain(rows.filter(([, v]) => v.length > 0))).toEqual(plain(expected));
    expect(rows[1]).toEqual([2, ['Ann', new Date('2026-03-04T05:06:07Z'), 3]]);
  });

  it('stops where the caller throws, with the caller’s error', async () => {
    const seen: number[] = [];
    const stop = new Error('enough');
    await expect(readFirstSheet(save(await workbook()), SHEET_LIMITS, (num) => {
      seen.push(num);
      if (num === 2) throw stop;
    })).rejects.toBe(stop);
    expect(seen).toEqual([1, 2]);
  });

  it('answers false for a zip without a workbook, and refuses what is not a zip', async () => {
    const zip = new JSZip();
    zip.file('a.txt', 'hello');
    expect(await readFirstSheet(save(await zip.generateAsync({ type: 'nodebuffer' })), SHEET_LIMITS, () => undefined)).toBe(false);
    const err = await readFirstSheet(save(Buffer.from('name,sex\n')), SHEET_LIMITS, () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkbookUnreadableError);
    expect((err as WorkbookUnreadableError).reason).toBeInstanceOf(ZipUnreadableError);
  });

  it('stops a sheet that inflates to more than it declares at the first byte too many', async () => {
    const body = await rezip(await workbook(), (name, data) =>
      name === 'xl/worksheets/sheet2.xml' ? { name, deflated: repeatedDeflate(0x20, 3 * 1024, data), declaredSize: data.length } : undefined,
    );
    const err = await rowsOf(save(body)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkbookUnreadableError);
    expect((err as WorkbookUnreadableError).reason).toBeInstanceOf(ZipTooLargeError);
  });

  it('stops an honest bomb at the inflate limit, and refuses shared strings declared beyond the part limit', async () => {
    const bomb = await rezip(await workbook(), (name, data) =>
      name === 'xl/worksheets/sheet2.xml' ? { name, deflated: repeatedDeflate(0x20, 64, data), declaredSize: data.length + 64 * 1024 * 1024 } : undefined,
    );
    const err = await rowsOf(save(bomb), { maxInflatedBytes: 8 * 1024 * 1024, maxPartBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect((err as WorkbookUnreadableError).reason).toBeInstanceOf(ZipTooLargeError);
    const strings = await rezip(await workbook(), (name, data) =>
      name === 'xl/sharedStrings.xml' ? { name, deflated: repeatedDeflate(0x20, 2, data), declaredSize: data.length + 2 * 1024 * 1024 } : undefined,
    );
    await expect(rowsOf(save(strings), { maxInflatedBytes: 8 * 1024 * 1024, maxPartBytes: 1024 * 1024 })).rejects.toBeInstanceOf(WorkbookUnreadableError);
    expect(await rowsOf(save(strings))).toContainEqual([1, ['Name', 'When', 'Count']]);
  });
});
