import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
let admin: string;
let operator: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  operator = await s.login('operator');
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: '01WR000001' }, admin)).param?.videoOnline !== 1; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

describe('cameras: stream address, push-video, parameters, definition', () => {
  it('gives the live stream path of a camera, its codec and whether the robot has a central control', async () => {
    expect((await s.call('reqVideoStream', { robotId: '01WR000001', cameraId: 0 }, operator)).param).toEqual({
      robotId: '01WR000001',
      cameraId: 0,
      path: '/live/01WR000001/front',
      definition: 2,
      codec: 'h264',
      centralControl: false,
    });
    expect((await s.call('reqVideoStream', { robotId: '03WS000001', cameraId: 0 }, operator)).statusInfo).toBe('Robot not online');
    // The demo gives PatrolA2 a central control; the robot setting video.videoCodec 2 makes its streams H.265.
    expect((await s.call('setRobotParam', { robotId: '01WR000002', params: { video: { videoCodec: 2 } } }, admin)).statusCode).toBe(200);
    expect((await s.call('reqVideoStream', { robotId: '01WR000002', cameraId: 1 }, operator)).param).toMatchObject({ codec: 'h265', centralControl: true, definition: 2 });
    expect((await s.call('setRobotParam', { robotId: '01WR000002', params: { video: { videoCodec: 1 } } }, admin)).statusCode).toBe(200);
  });

  it('gives a wall its stream addresses in one call, each camera answered or refused on its own', async () => {
    const answer = await s.call(
      'reqVideoStreams',
      {
        cameras: [
          { robotId: '01WR000001', cameraId: 0 },
          { robotId: '01WR000001', cameraId: 4, definition: 3 },
          { robotId: '03WS000001', cameraId: 0 },
          { robotId: 'NO-SUCH-ROBOT', cameraId: 1 },
        ],
      },
      operator,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.param.streams).toEqual([
      (await s.call('reqVideoStream', { robotId: '01WR000001', cameraId: 0 }, operator)).param,
      { robotId: '01WR000001', cameraId: 4, path: '/live/01WR000001/infrared', definition: 3, codec: 'h264', centralControl: false },
      { robotId: '03WS000001', cameraId: 0, statusCode: 400, statusInfo: 'Robot not online' },
      { robotId: 'NO-SUCH-ROBOT', cameraId: 1, statusCode: 404, statusInfo: (await s.call('reqVideoStream', { robotId: 'NO-SUCH-ROBOT', cameraId: 1 }, operator)).statusInfo },
    ]);
    // In the caller's language, like any answer.
    const ja = await s.call('reqVideoStreams', { cameras: [{ robotId: '03WS000001', cameraId: 0 }] }, operator, 'ja');
    expect(ja.param.streams[0].statusInfo).toBe((await s.call('reqVideoStream', { robotId: '03WS000001', cameraId: 0 }, operator, 'ja')).statusInfo);
  });

  it('refuses a stream list that is empty, too long or malformed, and callers without a valid token', async () => {
    const cams = (n: number) => Array.from({ length: n }, (_, i) => ({ robotId: '01WR000001', cameraId: i % 5 }));
    expect((await s.call('reqVideoStreams', { cameras: cams(16) }, operator)).param.streams).toHaveLength(16);
    const tooMany = await s.call('reqVideoStreams', { cameras: cams(17) }, operator);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.statusInfo).toBe('Validation failed: cameras is out of range');
    expect((await s.call('reqVideoStreams', { cameras: [] }, operator)).statusCode).toBe(400);
    expect((await s.call('reqVideoStreams', { cameras: [{ robotId: '01WR000001', cameraId: 5 }] }, operator)).statusCode).toBe(400);
    expect((await s.call('reqVideoStreams', { cameras: [{ robotId: '01WR000001' }] }, operator)).statusCode).toBe(400);
    expect((await s.call('reqVideoStreams', { cameras: cams(1) }, 'not-a-token')).statusCode).toBe((await s.call('reqVideoStream', cams(1)[0], 'not-a-token')).statusCode);
  });

  it('reads the parameter set with the spec defaults and sets one parameter at a time within its range', async () => {
    const params = (await s.call('camParamGet', { robotId: '01WR000001', cameraId: 0 }, admin)).param;
    expect(params).toMatchObject({ BrightnessLevel: '50', ShutterLevel: '1/100', beginTime: '06:00', endTime: '18:00' });
    expect((await s.call('camParamSet', { robotId: '01WR000001', cameraId: 0, BrightnessLevel: '70' }, admin)).param.BrightnessLevel).toBe('70');
    expect((await s.call('camParamSet', { robotId: '01WR000001', cameraId: 0, NightToDayFilterLevel: '8' }, admin)).statusInfo).toBe(
      'Camera parameter NightToDayFilterLevel: value 8 is not allowed',
    );
    expect((await s.call('camParamSet', { robotId: '01WR000001', cameraId: 0, ShutterLevel: '1/300' }, admin)).statusCode).toBe(400);
    expect((await s.call('camParamSet', { robotId: '01WR000001', cameraId: 0, BrightnessLevel: '1', ContrastLevel: '2' }, admin)).statusInfo).toBe(
      'Set exactly one camera parameter at a time',
    );
    expect((await s.call('camParamGet', { robotId: '01WR000001', cameraId: 0 }, admin)).param.BrightnessLevel).toBe('70');
  });

  it('refuses video settings to general users (spec §6) but lets them watch and switch', async () => {
    expect(await s.call('camParamSet', { robotId: '01WR000001', cameraId: 0, BrightnessLevel: '10' }, operator)).toEqual({
      statusCode: 401,
      statusInfo: 'Insufficient permissions to operate!',
    });
    expect((await s.call('camParamGet', { robotId: '01WR000001', cameraId: 0 }, admin)).param.BrightnessLevel).toBe('70');
    expect((await s.call('videoParamNew', { robotId: '01WR000001', index: 0, sharpness: 3 }, operator)).statusCode).toBe(200);
    expect((await s.call('videoParamNew', { robotId: '01WR000001', index: 0, sharpness: 4 }, operator)).statusInfo).toBe('The original definition needs a central control');
    expect((await s.call('videoParamNew', { robotId: '01WR000002', index: 0, sharpness: 4 }, operator)).statusCode).toBe(200);
  });

  it('pushes push-video flag and definition changes to subscribers', async () => {
    const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, operator);
    const got: any[] = [];
    ws.on('message', (d) => {
      const frame = JSON.parse(d.toString());
      got.push(...(frame.type === 'batch' ? frame.pushes : [frame]));
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'robot/01WR000002' }));
    await new Promise((r) => setTimeout(r, 300));
    expect((await s.call('pushVideo', { robotId: '01WR000002', cameraId: 1, isPushVideo: 0 }, operator)).statusCode).toBe(200);
    await s.call('videoParamNew', { robotId: '01WR000002', index: 1, sharpness: 1 }, operator);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.find((m) => m.event === 'pushVideoFlag')?.data).toEqual({ cameraId: 1, isPushVideo: 0 });
    expect(got.find((m) => m.event === 'videoParamNew')?.data).toEqual({ index: 1, sharpness: 1 });
    ws.close();
    // A console opened later sees the flag in its snapshot.
    const later = authedSocket(`${s.url.replace('http', 'ws')}/ws`, operator);
    const snap = new Promise<any>((resolve) =>
      later.on('message', (d) => {
        const frame = JSON.parse(d.toString());
        for (const m of frame.type === 'batch' ? frame.pushes : [frame]) if (m.event === 'snapshot') resolve(m.data);
      }),
    );
    await new Promise((r) => later.once('open', r));
    later.send(JSON.stringify({ type: 'subscribe', topic: 'robot/01WR000002' }));
    expect((await snap).pushVideo).toEqual({ 1: 0 });
    later.close();
  });
});
