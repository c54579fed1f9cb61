import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { MqttTopics, PUSH_EVENTS } from '../../common/protocol';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

/** Every push of spec §4 reaches a subscribed console: from the simulated robots, from a robot speaking MQTT, from operators' calls. */
let s: TestServer;
let operator: string;
let admin: string;
let robot: MqttClient;
beforeAll(async () => {
  s = await startTestServer();
  operator = await s.login('operator');
  admin = await s.login('admin');
  // 03WS000001 is not played by the simulator: this test speaks for it, as a real robot would.
  robot = await s.mqtt(undefined, { clientId: 'test-robot-03WS000001' });
});
afterAll(async () => {
  await robot?.endAsync(true);
  await s?.close();
});

async function console_(topic: string) {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, operator);
  const got: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    for (const m of frame.type === 'batch' ? frame.pushes : [frame]) {
      got.push(m);
      for (const w of [...waiters]) {
        if (!w.pred(m)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  await new Promise((r) => ws.once('open', r));
  const next = (pred: (m: any) => boolean, ms = 10_000) =>
    new Promise<any>((resolve, reject) => {
      const found = got.find(pred);
      if (found) return resolve(found);
      const t = setTimeout(() => reject(new Error('no such push')), ms);
      waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  ws.send(JSON.stringify({ type: 'subscribe', topic }));
  const snapshot = await next((m) => m.event === 'snapshot');
  return { ws, got, next, snapshot };
}

const pushOf = (event: string, topic?: string) => (m: any) => m.type === 'push' && m.event === event && (!topic || m.topic === topic);

describe('realtime pushes (spec §4)', () => {
  it('lists exactly the pushes of the spec, then the alarm, map, patrol, robot job, SOS call and task pushes', () => {
    expect([...PUSH_EVENTS]).toEqual(['status', 'interactionState', 'gps', 'pushVideoFlag', 'mapChange', 'nameChange', 'videoParamNew', 'VideoHeart', 'VideoErrorReport', 'pushVideo', 'videoUrlChange', 'alarm', 'alarmChange', 'mapProgress', 'mapSync', 'naviProgress', 'robotJob', 'callRing', 'taskChanged']);
  });

  it('relays a robot’s interaction state, map change and camera error report from MQTT', async () => {
    const c = await console_('robot/03WS000001');
    const mapId = c.snapshot.data.mapId as number;
    const telemetry = { robotId: '03WS000001', status: 0, online: 1, videoOnline: 1, interactOnline: 1, battery: 80, emergencyButtonStatus: 0, interactionState: 2, t: Date.now() };
    robot.publish(MqttTopics.status('03WS000001'), JSON.stringify(telemetry));
    expect((await c.next(pushOf('interactionState'))).data).toEqual({ interactionState: 2 });
    robot.publish(MqttTopics.gps('03WS000001'), JSON.stringify({ robotId: '03WS000001', x: 1000, y: 2000, theta: 0, latitude: 31.2, longitude: 121.4, mapId: mapId + 1, t: Date.now() }));
    expect((await c.next(pushOf('mapChange'))).data).toEqual({ mapId: mapId + 1 });
    robot.publish(MqttTopics.video('03WS000001'), JSON.stringify({ kind: 'error', cameraId: 1, code: 4403 }));
    expect((await c.next(pushOf('VideoErrorReport'))).data).toEqual({ cameraId: 1, code: 4403 });
    robot.publish(MqttTopics.video('03WS000001'), JSON.stringify({ kind: 'error', cameraId: 9, code: 4403 }));
    robot.publish(MqttTopics.video('03WS000001'), JSON.stringify({ kind: 'heart', cameras: [{ cameraId: 0, status: 1 }] }));
    expect((await c.next(pushOf('VideoHeart'))).data).toEqual({ cameras: [{ cameraId: 0, status: 1 }] });
    // The report for a camera that does not exist was dropped, not relayed.
    expect(c.got.filter(pushOf('VideoErrorReport'))).toHaveLength(1);
    c.ws.close();
  });

  it('pushes the simulated cameras’ heartbeat and the confirmation of push-video', async () => {
    const c = await console_('robot/01WR000002');
    const heart = await c.next(pushOf('VideoHeart'));
    expect(heart.data.cameras).toHaveLength(5);
    expect(heart.data.cameras[0]).toEqual({ cameraId: 0, status: 1 });
    expect((await s.call('pushVideo', { robotId: '01WR000002', cameraId: 2, isPushVideo: 0 }, operator)).statusCode).toBe(200);
    expect((await c.next(pushOf('pushVideoFlag'))).data).toEqual({ cameraId: 2, isPushVideo: 0 });
    expect((await c.next(pushOf('pushVideo'))).data).toEqual({ cameraId: 2, isPushVideo: 0 });
    c.ws.close();
  });

  it('pushes the new stream address when the definition changes', async () => {
    const c = await console_('robot/01WR000001');
    expect((await s.call('videoParamNew', { robotId: '01WR000001', index: 0, sharpness: 1 }, operator)).statusCode).toBe(200);
    expect((await c.next(pushOf('videoParamNew'))).data).toEqual({ index: 0, sharpness: 1 });
    expect((await c.next(pushOf('videoUrlChange'))).data).toEqual({ cameraId: 0, path: '/live/01WR000001/front', definition: 1 });
    c.ws.close();
  });

  it('pushes a rename by an administrator to fleet subscribers', async () => {
    const c = await console_('fleet');
    const id = (await s.call('reqRobotBasicInfo', { robotId: '01WR000001' }, admin)).param.list[0].id;
    expect((await s.call('modifyRobot', { id, robotName: 'PatrolRenamed' }, admin)).statusCode).toBe(200);
    const push = await c.next(pushOf('nameChange', 'robot/01WR000001'));
    expect(push.data).toEqual({ robotName: 'PatrolRenamed' });
    expect((await s.call('reqRobotStatus', { robotId: '01WR000001' }, operator)).param.robotName).toBe('PatrolRenamed');
    c.ws.close();
  });

  it('sends fleet subscribers a fresh snapshot when a robot is added to their company tree', async () => {
    const c = await console_('fleet');
    const companyId = (await s.server.services.db.query<{ id: number }>(`SELECT id FROM companies WHERE name = 'HarborSecurity'`))[0]!.id;
    expect((await s.call('addRobot', { robotId: '31WR000001', robotName: 'NewPatrol', companyId: Number(companyId) }, admin)).statusCode).toBe(200);
    const snap = await c.next((m) => m.topic === 'fleet' && m.event === 'snapshot' && m.data.some((r: { robotId: string }) => r.robotId === '31WR000001'));
    expect(snap.data.find((r: { robotId: string }) => r.robotId === '31WR000001')).toMatchObject({ robotName: 'NewPatrol', online: 0 });
    c.ws.close();
  });
});
