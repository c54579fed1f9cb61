import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../lazy-packages';
import { isFolder, ZipReader, type InflateBudget, type ZipEntry } from './zip-reader';

/** The workbook cannot be read: not an .xlsx, broken, or its parts unpack to more than allowed. */
export class WorkbookUnreadableError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** How much of a workbook may be unpacked to read it. */
export interface SheetLimits {
  /** Most bytes all the parts read may unpack to, counted as they are inflated (the sheet only as far as it is read). */
  maxInflatedBytes: number;
  /** Most bytes the shared-string table (held in memory while the sheet is read) and each other small part may declare. */
  maxPartBytes: number;
}

/** Generous for any workbook a 5,000-row import comes in; only a bomb gets near them. */
export const SHEET_LIMITS: SheetLimits = { maxInflatedBytes: 256 * 1024 * 1024, maxPartBytes: 32 * 1024 * 1024 };

/** Most entries an .xlsx may have (its parts, pictures …). */
const MAX_WORKBOOK_ENTRIES = 10_000;

/**
 * Reads the first worksheet (in tab order) of the .xlsx at `file` row by row with ExcelJS's streaming
 * reader, calling `onRow` with each row's number and values (ExcelJS's `row.values`: index 1 is column
 * A). `onRow` stops the read by throwing: its error comes out as is, and nothing more is inflated.
 * Returns false when the workbook has no worksheet. Any other failure is a WorkbookUnreadableError.
 *
 * Why the workbook is repacked on its way to ExcelJS: ExcelJS's reader inflates parts blindly with
 * unzipper (a lying directory or a bomb would run until the disk or the CPU gives up) and, when the
 * sheet comes before the shared strings in the zip (as Excel writes them), copies the whole sheet to a
 * temporary file it only removes at exit when reading stops early. So the entries are inflated here
 * (yauzl, sizes verified, bytes counted against the limits) and handed over as a stored zip holding only
 * what the reader needs, in the order it needs it — relationships, workbook, shared strings, styles,
 * then the sheets — so the sheet is parsed straight from the stream and reading stops at the row the
 * caller refuses.
 */
export async function readFirstSheet(file: string, limits: SheetLimits, onRow: (number: number, values: unknown[]) => void | Promise<void>): Promise<boolean> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(file);
  } catch (err) {
    throw new WorkbookUnreadableError(err);
  }
  const source = new PassThrough();
  const caller: { threw: boolean; error: unknown } = { threw: false, error: undefined };
  let pumping: Promise<void> = Promise.resolve();
  try {
    const { entries, complete } = await zip.entries({ max: MAX_WORKBOOK_ENTRIES, scanMax: MAX_WORKBOOK_ENTRIES + 1, keep: (e) => !isFolder(e) });
    if (!complete) throw new Error('too many entries');
    const parts = pickParts(entries, limits);
    let fail: (err: unknown) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (fail = reject));
    failed.catch(() => undefined);
    pumping = writeStoredZip(zip, parts, source, { left: limits.maxInflatedBytes }).catch((err) => fail(err));
    const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(source, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    const firstId = () => (reader.model as { sheets?: { id?: number }[] } | undefined)?.sheets?.[0]?.id;
    const sheets = reader[Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([sheets.next(), failed]);
      if (next.done) return false;
      const ws = next.value as unknown as ExcelJS.stream.xlsx.WorksheetReader & { id?: number; name?: string };
      // A sheet the workbook names (ws.name is set then) but that is not its first tab is skipped unread.
      if (ws.name !== undefined && firstId() !== undefined && ws.id !== firstId()) continue;
      const rows = ws[Symbol.asyncIterator]();
      for (;;) {
        const row = await Promise.race([rows.next(), failed]);
        if (row.done) return true;
        try {
          await onRow(row.value.number, (row.value.values as unknown[]) ?? []);
        } catch (error) {
          Object.assign(caller, { threw: true, error });
          throw error;
        }
      }
    }
  } catch (err) {
    if (caller.threw && caller.error === err) throw err;
    throw new WorkbookUnreadableError(err);
  } finally {
    source.destroy();
    await pumping;
    zip.close();
  }
}

type Part = { name: string; entry: ZipEntry } | { name: string; data: Buffer };

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const RELS = 'xl/_rels/workbook.xml.rels';
const BOOK = 'xl/workbook.xml';
const STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
/** Stands in for a missing shared-string table: with none, ExcelJS would copy the sheet to a temporary file. */
const EMPTY_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');

/** The parts ExcelJS's reader uses, in the order it can parse them without a temporary file. */
function pickParts(entries: ZipEntry[], limits: SheetLimits): Part[] {
  const byName = new Map(entries.map((e) => [e.fileName, e] as const));
  const rels = byName.get(RELS);
  const book = byName.get(BOOK);
  // Without these two ExcelJS finds no worksheet (as its non-streaming reader does): nothing to send.
  if (!rels || !book) return [];
  const small = [rels, book, byName.get(STRINGS), byName.get(STYLES)].filter((e): e is ZipEntry => e !== undefined);
  for (const e of small) if (e.uncompressedSize > limits.maxPartBytes) throw new Error(`${e.fileName} is too large`);
  const sheets = entries
    .filter((e) => SHEET.test(e.fileName))
    .sort((a, b) => Number(SHEET.exec(a.fileName)![1]) - Number(SHEET.exec(b.fileName)![1]));
  for (const e of sheets) if (e.uncompressedSize >= 0xffffffff) throw new Error(`${e.fileName} is too large`);
  const strings = byName.get(STRINGS);
  return [
    { name: RELS, entry: rels },
    { name: BOOK, entry: book },
    strings ? { name: STRINGS, entry: strings } : { name: STRINGS, data: EMPTY_STRINGS },
    ...(byName.has(STYLES) ? [{ name: STYLES, entry: byName.get(STYLES)! }] : []),
    ...sheets.map((e) => ({ name: e.fileName, entry: e })),
  ];
}

/**
 * Writes the parts to `out` as a zip of stored (uncompressed) entries, inflating each from the
 * source zip as `out` asks for more. Stops quietly once `out` is destroyed.
 */
async function writeStoredZip(zip: ZipReader, parts: Part[], out: PassThrough, budget: InflateBudget): Promise<void> {
  const write = async (chunk: Buffer) => {
    if (out.destroyed) throw new Error('closed');
    if (!out.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => (out.off('drain', done), out.off('close', done), resolve());
        out.on('drain', done);
        out.on('close', done);
      });
    }
  };
  try {
    for (const part of parts) {
      const size = 'data' in part ? part.data.length : part.entry.uncompressedSize;
      const crc = 'data' in part ? 0 : part.entry.crc32;
      await write(localHeader(part.name, size, crc));
      if ('data' in part) await write(part.data);
      else for await (const chunk of await zip.open(part.entry, budget)) await write(chunk as Buffer);
    }
    // An empty end-of-central-directory record: ExcelJS's unzipper stops there.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    await write(end);
    out.end();
  } catch (err) {
    if (out.destroyed) return; // the reader stopped: nothing more is wanted
    throw err;
  }
}

/** A zip local file header of a stored entry of `size` bytes with a UTF-8 name. */
function localHeader(name: string, size: number, crc: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4); // version needed
  h.writeUInt16LE(0x0800, 6); // flags: UTF-8 name, sizes known up front
  h.writeUInt16LE(0, 8); // stored
  h.writeUInt32LE(0, 10); // time and date
  h.writeUInt32LE(crc >>> 0, 14);
  h.writeUInt32LE(size, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(nameBytes.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, nameBytes]);
}
