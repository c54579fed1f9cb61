import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let admin: string;
let operator: string;
const ROBOT = '01WR000001';
const pad = (n: number) => String(n).padStart(2, '0');
const month = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  operator = await s.login('monitor');
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, admin)).param?.videoOnline !== 1; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

const records = async () => (await rest('GET', `/robot/avstream/listVideoRecord?robotId=${ROBOT}&pageSize=100`, admin)).data as { list: { id: number; status: string; errorCode: number | null; fileUrl: string | null }[]; total: number };

async function rest(method: string, path: string, token: string) {
  return (await (await fetch(`${s.url}${path}`, { method, headers: { token } })).json()) as { code: number; message: string; data: any };
}

/** The newest day with a clip on camera 0 (today unless it is just after midnight), and that clip. */
async function latestClip() {
  const now = new Date();
  const prev = new Date(now.getFullYear(), now.getMonth() - 1, 15);
  const days = [...(await s.call('reqEnabledDay', { robotId: ROBOT, month: month(prev) }, admin)).param.days, ...(await s.call('reqEnabledDay', { robotId: ROBOT, month: month(now) }, admin)).param.days].reverse();
  for (const day of days) {
    const clips = (await s.call('reqHistoryVideo', { robotId: ROBOT, day, cameraId: 0 }, admin)).param.clips as { startTime: string; stopTime: string }[];
    if (clips.length) return { day, clip: clips[clips.length - 1]! };
  }
  throw new Error('no recorded clip in two months');
}

async function waitFor(id: number, status: string) {
  for (let i = 0; i < 100; i++) {
    const r = (await s.call('videoRecordInfo', { id }, admin)).param;
    if (r.status === status) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`export ${id} never reached ${status}`);
}

describe('history video', () => {
  it('lists the days with recordings and a day clips, as the robot holds them', async () => {
    const now = new Date();
    const days = (await s.call('reqEnabledDay', { robotId: ROBOT, month: month(now) }, operator)).param.days as string[];
    expect(days).toContain(`${month(now)}-${pad(now.getDate())}`);
    const { day, clip } = await latestClip();
    expect(clip.startTime.startsWith(day)).toBe(true);
    expect(new Date(clip.stopTime).getTime() - new Date(clip.startTime).getTime()).toBe(10 * 60_000);
    expect((await s.call('reqHistoryVideo', { robotId: ROBOT, day, cameraId: 3 }, admin)).param.clips).toEqual([]);
    expect((await s.call('reqEnabledDay', { robotId: ROBOT, month: '2026-13x' }, admin)).statusInfo).toBe('Validation failed: Month Unmatched pattern');
  });

  it('exports a clip with progress to the server, then serves it as mp4', async () => {
    const { clip } = await latestClip();
    const stop = new Date(new Date(clip.startTime).getTime() + 2 * 60_000);
    const stopTime = `${clip.startTime.slice(0, 11)}${pad(stop.getHours())}:${pad(stop.getMinutes())}:00`;
    const started = await s.call('videoRecordUpload', { robotId: ROBOT, cameraId: 0, startTime: clip.startTime, stopTime }, admin);
    expect(started.statusCode).toBe(200);
    expect(started.param).toMatchObject({ status: 'uploading', fileUrl: null, robotId: ROBOT, cameraId: 0 });
    // The simulated robot paces its upload: progress is seen part-way.
    let sawProgress = false;
    for (let i = 0; i < 60 && !sawProgress; i++) {
      const r = (await s.call('videoRecordInfo', { id: started.param.id }, admin)).param;
      if (r.status === 'uploading' && r.progress > 0 && r.progress < 100) sawProgress = true;
      else await new Promise((res) => setTimeout(res, 50));
    }
    expect(sawProgress).toBe(true);
    const done = await waitFor(started.param.id, 'uploaded');
    expect(done.progress).toBe(100);
    const file = Buffer.from(await (await fetch(`${s.url}${done.fileUrl}`)).arrayBuffer());
    expect(file.toString('ascii', 4, 8)).toBe('ftyp');
    expect(done.size).toBe(file.length);
    expect((await records()).list.find((r) => r.id === started.param.id)?.status).toBe('uploaded');
  });

  it('cancels an export on both sides: nothing is stored', async () => {
    const { clip } = await latestClip();
    const started = await s.call('videoRecordUpload', { robotId: ROBOT, cameraId: 0, startTime: clip.startTime, stopTime: clip.stopTime }, admin);
    const cancelled = await s.call('cancelVideoRecordUpload', { id: started.param.id }, admin);
    expect(cancelled.param).toMatchObject({ status: 'cancelled', fileUrl: null });
    await new Promise((res) => setTimeout(res, 2_500));
    const r = (await s.call('videoRecordInfo', { id: started.param.id }, admin)).param;
    expect(r).toMatchObject({ status: 'cancelled', fileUrl: null, size: null });
  });

  it('refuses bad ranges, clips the robot no longer holds, strangers and general users with the exact message', async () => {
    const before = await records();
    const { day, clip } = await latestClip();
    expect((await s.call('videoRecordUpload', { robotId: ROBOT, cameraId: 0, startTime: clip.stopTime, stopTime: clip.startTime }, admin)).statusInfo).toBe(
      'The end time must be after the start time, within one day and at most 30 minutes later',
    );
    expect((await s.call('videoRecordUpload', { robotId: ROBOT, cameraId: 0, startTime: `${day}T00:00:00`, stopTime: `${day}T01:00:00` }, admin)).statusInfo).toBe(
      'The end time must be after the start time, within one day and at most 30 minutes later',
    );
    expect((await s.call('videoRecordUpload', { robotId: ROBOT, cameraId: 0, startTime: clip.startTime, stopTime: clip.stopTime }, operator)).statusInfo).toBe('Insufficient permissions to operate!');
    expect((await s.call('videoRecordUpload', { robotId: '03WS000001', cameraId: 0, startTime: clip.startTime, stopTime: clip.stopTime }, admin)).statusInfo).toBe('The video subsystem is not online');
    expect((await records()).total).toBe(before.total);
    // Between two clips: the robot has nothing, the export is recorded as failed with the spec's message.
    const gap = await s.call('videoRecordUpload', { robotId: ROBOT, cameraId: 0, startTime: `${day}T00:20:00`, stopTime: `${day}T00:25:00` }, admin);
    expect(gap.statusInfo).toBe('The video has been deleted on the robot');
    const after = await records();
    expect(after.list[0]).toMatchObject({ status: 'failed', errorCode: 1, fileUrl: null });
    // An upload nobody asked for.
    const form = new FormData();
    form.set('recordId', String(after.list[0]!.id));
    form.set('uploadKey', 'not-the-key');
    form.set('file', new Blob([Buffer.from('0000ftypisom')]), 'x.mp4');
    const res = (await (await fetch(`${s.url}/robot/avstream/videoRecord`, { method: 'POST', body: form })).json()) as { code: number; message: string };
    expect(res).toEqual({ code: 400, message: 'This upload is not expected (unknown or finished export)' });
  });
});
