/**
 * Bench: imports refuse what is too large while reading it, in little memory (issue 18, point 5).
 * Real server in-process on a fresh PGlite, simulator off. Posts a ~7.5 MB workbook of 100,000 rows to
 * `/api/import?entity=robot` (refused at row 5,001 of data) and a face batch zip whose directory
 * declares 1,000 bytes for an entry that inflates to 3 GiB to `/api/faces/import`, sampling the
 * process's RSS every 20 ms during each request.
 * Budget: RSS growth < 100 MB per request. Printed beside the reference of the same run: the same
 * workbook read fully with ExcelJS's non-streaming `readFile` (what the import did before), and JSZip
 * inflating a 256 MiB lie (the face import before; the 3 GiB one would take the process down).
 * BENCH_IMPORTS_REFERENCE=0 skips the references (the workbook one costs ~400 MB and 6–10 s here).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PROTOCOL_VERSION } from '../common/protocol';
import { startServer } from '../server/app';
import { loadConfig } from '../server/config';
import { renderDetectionPicture } from '../server/simulator/detection-picture';
import { craftZip, repeatedDeflate } from '../tests/helpers/crafted-zip';
import { machineLine } from './support/machine';
import { waitForServerQuiet } from './support/server';

const ROWS = 100_000;
const BUDGET_GROWTH_MB = 100;
const LIE_MIB = 3 * 1024;
const REFERENCE_LIE_MIB = 256;
const REFERENCE = process.env.BENCH_IMPORTS_REFERENCE !== '0';

interface Measured<T> {
  value: T;
  ms: number;
  growthMb: number;
}

/** Runs `fn`, sampling this process's RSS every 20 ms: the time it took and the peak growth over the RSS at its start. */
async function measured<T>(fn: () => Promise<T>): Promise<Measured<T>> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    const ms = performance.now() - t0;
    sample();
    return { value, ms, growthMb: (peak - base) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

/** A workbook of robots as Excel writes it (sheet before shared strings), 9 columns, ~75 bytes a row once zipped: about 7.5 MB. */
async function writeWorkbook(file: string): Promise<void> {
  let seed = 7;
  const word = (n: number) => {
    let s = '';
    while (s.length < n) s += (seed = (seed * 48271) % 2147483647).toString(36);
    return s.slice(0, n);
  };
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('Robots');
  ws.addRow(['Serial number', 'Name', 'Company', 'Region', 'Map', 'Infrared', 'Modules', 'Function template', 'Central control serial']).commit();
  for (let i = 0; i < ROWS; i++) {
    ws.addRow([`${10 + (i % 80)}WR${String(i).padStart(6, '0')}`, word(8), 'HarborSecurity', word(10), 1 + (i % 4), i % 3, '1, 2', 1 + (i % 7), word(7)]).commit();
  }
  await wb.commit();
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-imports-bench-'));
  const workbook = path.join(dir, 'robots.xlsx');
  await writeWorkbook(workbook);
  const photo = renderDetectionPicture('face', 1);
  const sheet = new ExcelJS.Workbook();
  const ws = sheet.addWorksheet('faces');
  ws.addRow(['Name', 'Sex', 'ID type', 'Certificate number', 'Photo files']);
  ws.addRow(['Example', 'Male', 'ID card', '11010519491231002X', 'example-1.jpg']);
  ws.addRow(['Lin Bo', 'Male', 'ID card', '11010519491231002X', 'a.png, b.png']);
  const sheetBody = Buffer.from(await sheet.xlsx.writeBuffer());
  const lyingZip = (mib: number) =>
    craftZip([
      { name: 'faces.xlsx', data: sheetBody },
      { name: 'a.png', data: photo },
      { name: 'b.png', deflated: repeatedDeflate(0x20, mib), declaredSize: 1000 },
    ]);
  const zipBody = lyingZip(LIE_MIB);

  const server = await startServer(
    loadConfig({ ...process.env, DATA_DIR: dir, PORT: '0', MQTT_PORT: '0', CAPTCHA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'error', SIM_ALARM_MINUTES: '0' }, process.cwd()),
  );
  try {
    // The first start seeds the demo and tiles its maps in a worker of this process: let that finish first.
    await waitForServerQuiet({ child: { pid: process.pid } } as Parameters<typeof waitForServerQuiet>[0]);
    const login = async (username: string) => {
      const res = await fetch(`${server.url}/api/interface`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'login', param: { username, password: 'demo1234', codeId: 'x', code: 'x' }, protocolVersion: PROTOCOL_VERSION }),
      });
      return ((await res.json()) as { param: { token: string } }).param.token;
    };
    const admin = await login('admin');
    const entsuper = await login('entsuper');
    const post = async (url: string, token: string, name: string, body: Blob) => {
      const form = new FormData();
      form.append('file', body, name);
      return (await (await fetch(`${server.url}${url}`, { method: 'POST', headers: { token }, body: form })).json()) as { code: number; message: string };
    };
    const importWorkbook = async () => post('/api/import?entity=robot&lang=en', admin, 'robots.xlsx', await fs.openAsBlob(workbook));
    const importZip = async () => post('/api/faces/import?lang=en', entsuper, 'faces.zip', new Blob([new Uint8Array(zipBody)]));
    // Warm the code paths once (module loading and JIT are not what is measured).
    await importWorkbook();
    await importZip();

    const rows = await measured(importWorkbook);
    const zip = await measured(importZip);
    const met = (m: Measured<unknown>) => (m.growthMb < BUDGET_GROWTH_MB ? 'MET' : 'NOT MET');
    console.log(machineLine());
    console.log(
      `imports: ${ROWS.toLocaleString('en')}-row workbook (${mb(fs.statSync(workbook).size)}) → "${rows.value.message}" in ${secs(rows.ms)}, ` +
        `RSS +${rows.growthMb.toFixed(0)} MB (budget < ${BUDGET_GROWTH_MB} MB)   ${met(rows)}`,
    );
    console.log(
      `imports: face zip (${mb(zipBody.length)}) declaring 1,000 bytes for an entry of ${LIE_MIB / 1024} GiB → "${zip.value.message}" in ${secs(zip.ms)}, ` +
        `RSS +${zip.growthMb.toFixed(0)} MB (budget < ${BUDGET_GROWTH_MB} MB)   ${met(zip)}`,
    );
    if (REFERENCE) {
      const full = await measured(async () => {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile(workbook);
        return wb.worksheets[0]!.rowCount;
      });
      console.log(`reference: ExcelJS readFile of the same workbook (the import before) read ${full.value.toLocaleString('en')} rows in ${secs(full.ms)}, RSS +${full.growthMb.toFixed(0)} MB`);
      const small = lyingZip(REFERENCE_LIE_MIB);
      const jszip = await measured(async () => {
        const z = await JSZip.loadAsync(small);
        return z.file('b.png')!.async('nodebuffer').then(
          (b) => `inflated ${mb(b.length)}`,
          (e: Error) => `inflated it all, then: ${e.message}`,
        );
      });
      console.log(`reference: JSZip on a ${REFERENCE_LIE_MIB} MiB lie (the face import before, whose size guard trusted the directory) ${jszip.value} in ${secs(jszip.ms)}, RSS +${jszip.growthMb.toFixed(0)} MB`);
    }
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
