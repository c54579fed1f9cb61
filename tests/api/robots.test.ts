import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

const robots = async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM robots'))[0]!.n;

describe('robotManage', () => {
  it('applies the serial number rule and derives the type from characters 3-4', async () => {
    const before = await robots();
    for (const [serial, name] of [['A1WR000009', 'BadStart'], ['01WR00009', 'TooShort'], ['01WR-00009', 'BadChar']] as const) {
      expect((await s.call('addRobot', { robotId: serial, robotName: name, companyId: 2 }, admin)).statusInfo).toBe(
        'Validation failed: Serial number: 10 letters and digits, the first two numeric',
      );
    }
    expect(await robots()).toBe(before);
    const kinds: Record<string, number> = { '21WR000001': 1, '21WV000001': 2, '21WF000001': 3, '21WS000001': 4, '21TP000001': 5, '21WY000001': 6, '21LK000001': 7, '21ZZ000001': 4 };
    for (const [serial, type] of Object.entries(kinds)) {
      const r = await s.call('addRobot', { robotId: serial.toLowerCase(), robotName: `R${serial.slice(2, 4)}`, companyId: 2, robotType: 1 }, admin);
      expect(r.statusCode, serial).toBe(200);
      expect(r.param).toMatchObject({ robotId: serial, robotType: type });
    }
    expect((await s.call('addRobot', { robotId: '21wr000001', robotName: 'Dup', companyId: 2 }, admin)).statusInfo).toBe('Serial number "21wr000001" already exists');
  });

  it('binds a robot to another company in the caller scope (modifyRobotCompany)', async () => {
    const moved = await s.call('modifyRobotCompany', { robotId: '21WR000001', companyId: 4 }, admin);
    expect(moved.param).toEqual({ robotId: '21WR000001', companyId: 4 });
    const entadmin = await s.login('entadmin');
    expect((await s.call('modifyRobotCompany', { robotId: '21WR000001', companyId: 3 }, entadmin)).statusCode).toBe(401);
    expect((await s.call('modifyRobotCompany', { robotId: '05WV000001', companyId: 2 }, entadmin)).statusInfo).toBe('Robot not found');
    const operator = await s.login('monitor');
    expect((await s.call('modifyRobotCompany', { robotId: '21WR000001', companyId: 2 }, operator)).statusCode).toBe(401);
  });

  it('keeps a robot on maps of its company tree: another tree\'s map is refused, a transfer leaves the old map (issue 22)', async () => {
    const cold = (await s.call('queryMap', { mapName: 'ColdStoreA' }, admin)).param.list[0].mapId as number;
    const list = async () => (await s.call('reqRobotBasicInfo', { robotId: '01WR000001' }, admin)).param.list.find((r: { robotId: string }) => r.robotId === '01WR000001');
    const robot = await list();
    expect(await s.call('modifyRobot', { id: robot.id, mapId: cold }, admin)).toEqual({
      statusCode: 400,
      statusInfo: 'The map is of another company than the robot: a robot uses only maps of its company or its subsidiaries',
    });
    expect((await list()).mapId).toBe(robot.mapId);
    // Moving the robot to another company keeping the old company's map is refused; the explicit transfer detaches it.
    expect((await s.call('modifyRobot', { id: robot.id, companyId: 3 }, admin)).statusInfo).toBe(
      'The map is of another company than the robot: a robot uses only maps of its company or its subsidiaries',
    );
    expect((await list()).companyId).toBe(robot.companyId);
  });

  it('combines a function template with the robot own modules (getRobotFuncConfig)', async () => {
    const t = await s.call('addRobotFuncTemplate', { name: 'GasPatrol', modules: ['methane', 'smoke', 'plateDetect'] }, admin);
    expect(t.statusCode).toBe(200);
    expect((await s.call('addRobotFuncTemplate', { name: 'Bad', modules: ['teleport'] }, admin)).statusInfo).toBe('Validation failed: Modules has a value that is not allowed');
    await s.call('modifyRobot', { id: (await s.call('reqRobotBasicInfo', { robotId: '21WF000001' }, admin)).param.list[0].id, funcTemplateId: t.param.id, modules: ['IDCard'], infraredType: 2 }, admin);
    const cfg = await s.call('getRobotFuncConfig', { robotId: '21WF000001' }, admin);
    expect(cfg.param).toEqual({ robotId: '21WF000001', template: 'GasPatrol', modules: ['IDCard', 'methane', 'smoke', 'plateDetect'], environmentDetection: true, infraredType: 2 });
  });
});
