import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let operator: string;
beforeAll(async () => {
  s = await startTestServer();
  operator = await s.login('operator');
  // Wait for the simulated robots to come online.
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: '01WR000002' }, operator)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

const status = async (robotId: string) => (await s.call('reqRobotStatus', { robotId }, operator)).param;
async function until(robotId: string, ok: (r: any) => boolean, ms = 10_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const r = await status(robotId);
    if (ok(r) || Date.now() > end) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('robot control over MQTT', () => {
  it('go-charge is accepted and the robot seeks the charger, then charges', async () => {
    expect(await s.call('robotAction', { robotId: '01WR000002', action: 5 }, operator)).toMatchObject({ statusCode: 200, param: { result: 'accepted' } });
    expect((await until('01WR000002', (r) => r.status === 8 || r.status === 3)).status).toBeOneOf([8, 3]);
    expect((await until('01WR000002', (r) => r.status === 3)).status).toBe(3);
  });

  it('emergency stop blocks navigation with the spec message, release lifts it', async () => {
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 1 }, operator)).statusCode).toBe(200);
    expect((await until('01WR000001', (r) => r.status === 6)).emergencyButtonStatus).toBe(1);
    expect(await s.call('robotAction', { robotId: '01WR000001', action: 2 }, operator)).toEqual({
      statusCode: 400,
      statusInfo: 'Navigation task blocked: check the position and release the emergency stop',
    });
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 0 }, operator)).statusCode).toBe(200);
    expect((await s.call('robotAction', { robotId: '01WR000001', action: 2 }, operator)).statusCode).toBe(200);
  });

  it('answers no charger, offline and out-of-scope robots with clear messages', async () => {
    const admin = await s.login('admin');
    await until('04WR000003', (r) => r.online === 1);
    expect((await s.call('robotAction', { robotId: '04WR000003', action: 5 }, admin)).statusInfo).toBe('No charger set for this robot');
    expect((await s.call('robotAction', { robotId: '03WS000001', action: 5 }, admin)).statusInfo).toBe('Robot not online');
    expect((await s.call('robotAction', { robotId: '05WV000001', action: 5 }, operator)).statusInfo).toBe('Robot not found');
  });

  it('records commands in the operation log', async () => {
    const rows = await s.server.services.db.query<{ event: string; username: string }>('SELECT "event", "username" FROM operation_log WHERE "event" = $1', ['robotAction']);
    expect(rows.some((r) => r.username === 'operator')).toBe(true);
  });
});
