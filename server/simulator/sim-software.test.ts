/**
 * Issue 19: a simulated robot really downloads a program it is told to install (programInstall):
 * a plain HTTP GET, streamed, counted and hashed; only http(s) addresses are accepted; a wrong size,
 * a wrong SHA-256 or a failed GET fail the job in the download stage with the reason, and the
 * robot's programs stay as they were.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimIO, SimRobotView } from './extension';
import { softwareSim } from './sim-software';

const FILE = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251));
const SHA = createHash('sha256').update(FILE).digest('hex');
let base = '';
const hits: string[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/uploads/2026-11/prog.bin') {
      res.writeHead(200, { 'content-length': String(FILE.length) });
      // In a few chunks, as a real server streams it.
      for (let at = 0; at < FILE.length; at += 64 * 1024) res.write(FILE.subarray(at, at + 64 * 1024));
      res.end();
    } else if (req.url === '/uploads/2026-11/moved.bin') {
      res.writeHead(302, { location: '/uploads/2026-11/prog.bin' });
      res.end();
    } else if (req.url === '/uploads/2026-11/cut.bin') {
      // Declares the whole file, sends half of it and hangs up.
      res.writeHead(200, { 'content-length': String(FILE.length) });
      res.write(FILE.subarray(0, FILE.length / 2), () => res.destroy());
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((r) => server.close(() => r())));
afterEach(() => softwareSim.stop?.());

const robot = (robotId: string): SimRobotView => ({ spec: { robotId, robotType: 1, mapId: null, loop: [[0, 0]] }, status: 1, battery: 80, emergency: 0, x: 0, y: 0, theta: 0, call: 0, patrolling: false });

type Report = { stage: string; state: string; progress: number; message?: string; version?: string };

/** Runs the robot's ticks (0.5 s each) until its job ends; returns every `job` report. */
async function runJob(view: SimRobotView, ticks = 200): Promise<Report[]> {
  const reports: Report[] = [];
  const io: SimIO = { publish: (topic, payload) => void (topic === 'job' && reports.push(payload as Report)) };
  for (let i = 0; i < ticks && !reports.some((r) => r.state !== 'running'); i++) {
    await new Promise((r) => setTimeout(r, 20));
    softwareSim.tick!(view, io, 0.5);
  }
  return reports;
}

const install = (view: SimRobotView, params: Record<string, unknown>) =>
  softwareSim.command!(view, { id: 'c1', action: 'programInstall', params: { name: 'dock-moves', version: '2.0.0', ...params } } as never, { publish: () => undefined });

const programs = (view: SimRobotView) => (softwareSim.command!(view, { id: 'c2', action: 'servicePackList', params: {} } as never, { publish: () => undefined }) as { data: { programs: { name: string; version: string }[] } }).data.programs;

describe('simulated robot: programInstall downloads the file for real', () => {
  it('downloads, checks size and SHA-256, then unpacks, installs, restarts; the program is installed with its version', async () => {
    const view = robot('01WR900001');
    hits.length = 0;
    expect(install(view, { url: `${base}/uploads/2026-11/prog.bin`, size: FILE.length, sha256: SHA })).toMatchObject({ data: { jobId: expect.any(String) } });
    const reports = await runJob(view);
    expect(hits).toEqual(['/uploads/2026-11/prog.bin']);
    expect(reports.at(-1)).toMatchObject({ state: 'done', stage: 'restart', progress: 100, version: '2.0.0' });
    // The download stage shows only while bytes are still coming in (on a busy machine, past the first tick): first if at all.
    const stages = [...new Set(reports.map((r) => r.stage))];
    expect(stages.filter((stage) => stage !== 'download')).toEqual(['unpack', 'install', 'restart']);
    expect(stages.indexOf('download')).toBeLessThanOrEqual(0);
    expect(programs(view)).toContainEqual({ name: 'dock-moves', version: '2.0.0', size: FILE.length, installed: true });
  });

  const failures: [string, Record<string, unknown>, string][] = [
    ['another SHA-256', { url: '/uploads/2026-11/prog.bin', size: FILE.length, sha256: 'ab'.repeat(32) }, 'programHashMismatch'],
    ['a smaller size than sent', { url: '/uploads/2026-11/prog.bin', size: FILE.length - 1, sha256: SHA }, 'programSizeMismatch'],
    ['a larger size than sent', { url: '/uploads/2026-11/prog.bin', size: FILE.length + 1, sha256: SHA }, 'programSizeMismatch'],
    ['a 404', { url: '/uploads/2026-11/gone.bin', size: FILE.length, sha256: SHA }, 'programDownloadFailed'],
    ['a redirect (not followed)', { url: '/uploads/2026-11/moved.bin', size: FILE.length, sha256: SHA }, 'programDownloadFailed'],
    ['a connection cut part-way', { url: '/uploads/2026-11/cut.bin', size: FILE.length, sha256: SHA }, 'programDownloadFailed'],
  ];
  it.each(failures)('%s fails the job in the download stage with its reason; the programs stay', async (_what, params, message) => {
    const view = robot('01WR900002');
    const before = programs(view);
    expect(install(view, { ...params, url: `${base}${String(params.url)}` })).toMatchObject({ data: { jobId: expect.any(String) } });
    const reports = await runJob(view);
    expect(reports.at(-1)).toMatchObject({ state: 'failed', stage: 'download', message });
    expect(reports.every((r) => r.stage === 'download')).toBe(true);
    expect(programs(view)).toEqual(before);
  });

  it('a refused connection fails the download', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const view = robot('01WR900003');
    install(view, { url: `http://127.0.0.1:${port}/uploads/x.bin`, size: 10, sha256: SHA });
    expect((await runJob(view)).at(-1)).toMatchObject({ state: 'failed', stage: 'download', message: 'programDownloadFailed' });
  });

  it('accepts only http(s) addresses without credentials, a size and a SHA-256; otherwise refuses and starts nothing', async () => {
    const view = robot('01WR900004');
    hits.length = 0;
    for (const params of [
      { url: 'file:///etc/passwd', size: 10, sha256: SHA },
      { url: 'ftp://127.0.0.1/prog.bin', size: 10, sha256: SHA },
      { url: `${base.replace('http://', 'http://user:pw@')}/uploads/2026-11/prog.bin`, size: FILE.length, sha256: SHA },
      { url: '/uploads/2026-11/prog.bin', size: FILE.length, sha256: SHA },
      { url: `${base}/uploads/2026-11/prog.bin`, size: FILE.length },
      { url: `${base}/uploads/2026-11/prog.bin`, size: -1, sha256: SHA },
      { url: `${base}/uploads/2026-11/prog.bin`, size: FILE.length, sha256: SHA.toUpperCase() },
    ]) {
      expect(install(view, params)).toEqual({ refused: 'unsupported' });
    }
    expect(await runJob(view, 10)).toEqual([]);
    expect(hits).toEqual([]);
  });
});
