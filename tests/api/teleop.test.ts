import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let operator: string;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  operator = await s.login('operator');
  admin = await s.login('admin');
  for (const id of ['01WR000001', '01WR000002', '02WF000001', '04TP000001', '04WR000003']) await until(id, (r) => r.online === 1);
});
afterAll(async () => s?.close());

const status = async (robotId: string) => (await s.call('reqRobotStatus', { robotId }, operator)).param;
async function until(robotId: string, ok: (r: any) => boolean, ms = 10_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const r = await status(robotId);
    if (ok(r) || Date.now() > end) return r;
    await new Promise((res) => setTimeout(res, 150));
  }
}
/** Puts a robot into the operator's hands: stopped, idle, not in auto mode. */
async function hold(robotId: string) {
  expect((await s.call('robotAction', { robotId, action: 10 }, operator)).statusCode).toBe(200);
  await until(robotId, (r) => r.status === 0);
}
const act = (robotId: string, action: number, params?: object, token = operator) => s.call('robotAction', { robotId, action, ...(params ? { params } : {}) }, token);

describe('telecontrol rules enforced by the server', () => {
  it('emergency stop blocks moving controls with their messages; stop and release still work; nothing changes', async () => {
    await hold('01WR000001');
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 1 }, operator)).statusCode).toBe(200);
    await until('01WR000001', (r) => r.status === 6);
    expect((await act('01WR000001', 4)).statusInfo).toBe('The emergency stop is pressed: release it first');
    expect((await act('01WR000001', 6)).statusInfo).toBe('Navigation task blocked: check the position and release the emergency stop');
    expect((await s.call('manualCharging', { robotId: '01WR000001', status: 1 }, operator)).statusInfo).toBe('The emergency stop is pressed: release it first');
    expect((await s.call('lifterControl', { robotId: '01WR000001', direction: 'up', distance: 100 }, operator)).statusInfo).toBe('The emergency stop is pressed: release it first');
    expect((await status('01WR000001')).status).toBe(6);
    expect((await act('01WR000001', 7, { direction: 'left' })).statusCode).toBe(200);
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 0 }, operator)).statusCode).toBe(200);
    expect((await until('01WR000001', (r) => r.status === 0)).emergencyButtonStatus).toBe(0);
  });

  it('charging blocks navigation and hand control; manual charging starts and stops', async () => {
    await hold('01WR000002');
    expect((await s.call('manualCharging', { robotId: '01WR000002', status: 1 }, operator)).statusCode).toBe(200);
    await until('01WR000002', (r) => r.status === 22);
    expect((await act('01WR000002', 2)).statusInfo).toBe('The robot is charging: stop charging first');
    expect((await act('01WR000002', 4)).statusInfo).toBe('The robot is charging: stop charging first');
    expect((await act('01WR000002', 5)).statusInfo).toBe('The robot is charging: stop charging first');
    expect((await s.call('manualCharging', { robotId: '01WR000002', status: 0 }, operator)).statusCode).toBe(200);
    await until('01WR000002', (r) => r.status === 0);
  });

  it('navigation blocks hand control and reset position', async () => {
    await hold('01WR000002');
    expect((await act('01WR000002', 2)).statusCode).toBe(200);
    await until('01WR000002', (r) => r.status === 2);
    expect((await act('01WR000002', 4)).statusInfo).toBe('The robot is navigating: stop the task first');
    expect((await act('01WR000002', 0)).statusInfo).toBe('The robot is navigating: stop the task first');
    await hold('01WR000002');
  });

  it('hangs up a remote call before a broadcast and says so', async () => {
    await hold('01WR000001');
    expect((await act('01WR000001', 9, { call: 1 })).statusCode).toBe(200);
    await until('01WR000001', (r) => r.interactionState === 2);
    const answer = await act('01WR000001', 3, { text: 'Please keep the exit clear' });
    expect(answer).toMatchObject({ statusCode: 200, param: { result: 'accepted', hungUp: true } });
    expect((await until('01WR000001', (r) => r.interactionState === 0)).interactionState).toBe(0);
    expect((await act('01WR000001', 3, {})).statusInfo).toBe('text is required');
  });

  it('the robot kind decides what is offered', async () => {
    await hold('04TP000001');
    expect((await act('04TP000001', 2)).statusInfo).toBe('This robot does not support the command');
    expect((await act('04TP000001', 9, { call: 1 })).statusInfo).toBe('This robot does not support the command');
    expect((await s.call('fireControl', { robotId: '01WR000001', operation: 1 }, operator)).statusInfo).toBe('This robot does not support the command');
    expect((await s.call('lifterControl', { robotId: '02WF000001', direction: 'up' }, operator)).statusInfo).toBe('This robot does not support the command');
    expect((await act('03WS000001', 10)).statusInfo).toBe('Robot not online');
  });

  it('fire robots spray and aim the nozzle; the status becomes fire-fighting', async () => {
    await hold('02WF000001');
    expect((await s.call('fireControl', { robotId: '02WF000001', operation: 1 }, operator)).param).toMatchObject({ result: 'accepted', data: { spraying: true } });
    await until('02WF000001', (r) => r.status === 21);
    expect((await s.call('fireControl', { robotId: '02WF000001', operation: 2 }, operator)).param.data).toMatchObject({ pitch: 5 });
    expect((await s.call('fireControl', { robotId: '02WF000001', operation: 9 }, operator)).statusCode).toBe(400);
    expect((await s.call('fireControl', { robotId: '02WF000001', operation: 0 }, operator)).statusCode).toBe(200);
    await until('02WF000001', (r) => r.status === 0);
  });

  it('manual charging without a charger gives the spec error', async () => {
    await hold('04WR000003');
    expect((await s.call('manualCharging', { robotId: '04WR000003', status: 1 }, admin)).statusInfo).toBe('No charger set for this robot');
    expect((await status('04WR000003')).status).toBe(0);
  });

  it('lifter over REST: POST /robot/common/lifter/{direction}?distance=', async () => {
    await hold('04TP000001');
    const post = async (q: string) => (await fetch(`${s.url}/robot/common/lifter/${q}`, { method: 'POST', headers: { token: operator } })).json();
    expect(await post('up?distance=200&robotId=04TP000001')).toMatchObject({ code: 0, data: { result: 'accepted', data: { height: 200 } } });
    expect(await post('down?distance=50&robotId=04TP000001')).toMatchObject({ code: 0, data: { data: { height: 150 } } });
    expect((await post('up?distance=5000&robotId=04TP000001')).code).toBe(400);
    expect((await post('sideways?robotId=04TP000001')).code).toBe(400);
    expect(await post('stop?robotId=04TP000001')).toMatchObject({ code: 0, data: { data: { height: 150 } } });
  });

  it('zoom, focus and presets: digits only, 2/45/49 reserved, go to a set preset only', async () => {
    const lens = (event: string, Action: number, preset?: string) => s.call(event, { robotId: '01WR000001', cameraId: 0, Action, ...(preset !== undefined ? { preset } : {}) }, operator);
    expect((await lens('cameraZoom', 16)).param.data).toMatchObject({ zoom: 2 });
    expect((await lens('cameraZoom', 68)).statusCode).toBe(200);
    expect((await lens('cameraZoom', 65)).statusCode).toBe(400);
    expect((await lens('cameraFocus', 66)).param.data).toMatchObject({ focus: 55 });
    expect((await lens('cameraFocus', 129, '45')).statusInfo).toBe('Presets 2, 45 and 49 are reserved');
    expect((await lens('cameraFocus', 129, '2')).statusInfo).toBe('Presets 2, 45 and 49 are reserved');
    expect((await lens('cameraFocus', 129, '4a')).statusInfo).toBe('Preset: digits only');
    expect((await lens('cameraFocus', 129, '256')).statusInfo).toBe('Preset: a number from 1 to 255');
    expect((await lens('cameraFocus', 130, '8')).statusInfo).toBe('This preset has not been set on the camera');
    expect((await lens('cameraFocus', 129, '7')).param.data.presets).toEqual([7]);
    expect((await lens('cameraFocus', 130, '7')).statusCode).toBe(200);
  });

  it('media play needs a media entry the caller may see', async () => {
    const media = await s.call('addMediaEntry', { name: 'Welcome', type: 'audio' }, await s.login('entadmin'));
    expect(media.statusCode).toBe(200);
    await hold('01WR000002');
    expect((await act('01WR000002', 1, { mediaId: media.param.id })).param).toMatchObject({ result: 'accepted' });
    expect((await act('01WR000002', 1, { mediaId: 999_999 })).statusInfo).toBe('Media entry not found');
    const other = await s.call('addMediaEntry', { name: 'PlatformOnly', type: 'audio' }, admin);
    expect((await act('01WR000002', 1, { mediaId: other.param.id })).statusInfo).toBe('Media entry not found');
  });
});
