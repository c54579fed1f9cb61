import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rest, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let metroGroupId: number;
let northId: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  metroGroupId = (await rest(s, 'POST', '/robot/group', t.admin, { name: 'ColdFleet', companyId: 3, robotIds: ['05WV000001'] })).data.id;
});
afterAll(async () => s?.close());

describe('groupManage over the REST calls of spec §7', () => {
  it('creates a group in the caller company (POST /robot/group) and lists it paged (GET /robot/group/list)', async () => {
    const made = await rest(s, 'POST', '/robot/group', t.entsuper, { name: 'NorthPatrol', robotIds: ['01wr000001'] });
    expect(made).toMatchObject({ code: 0, message: 'Success', data: { name: 'NorthPatrol', companyId: 2, robotIds: ['01WR000001'] } });
    northId = made.data.id;
    await rest(s, 'POST', '/robot/group', t.entadmin, { name: 'EastRail', companyId: 4 });
    await rest(s, 'POST', '/robot/group', t.entadmin, { name: 'FireTeam', robotIds: ['02WF000001', '02WF000001'] });
    const page = await rest(s, 'GET', '/robot/group/list?pageNum=1&pageSize=2', t.entsuper);
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(3);
    expect(page.data.list).toHaveLength(2);
    const filtered = await rest(s, 'GET', '/robot/group/list?pageNum=1&pageSize=10&name=north', t.entsuper);
    expect(filtered.data.list.map((g: { name: string }) => g.name)).toEqual(['NorthPatrol']);
    expect((await rest(s, 'GET', '/robot/group/list?pageNum=1&pageSize=10', t.admin)).data.total).toBe(4);
    const fire = (await rest(s, 'GET', '/robot/group/list?name=FireTeam', t.entsuper)).data.list[0];
    expect(fire.robotIds).toEqual(['02WF000001']);
  });

  it('refuses bad input and robots outside the caller tree with the exact message, writing nothing', async () => {
    const before = await tableHash(s, 'robot_groups');
    expect(await rest(s, 'POST', '/robot/group', t.entsuper, { name: '' })).toEqual({ code: 400, message: 'Validation failed: Name is required' });
    expect((await rest(s, 'POST', '/robot/group', t.entsuper, { name: 'Bad<name>' })).message).toBe('Validation failed: Name: Illegal characters in the text');
    expect(await rest(s, 'POST', '/robot/group', t.entsuper, { name: 'Mixed', robotIds: ['01WR000002', '05WV000001'] })).toEqual({ code: 401, message: NO_PERMISSION });
    expect(await rest(s, 'POST', '/robot/group', t.entsuper, { name: 'Ghost', robotIds: ['99XX000000'] })).toEqual({ code: 404, message: 'Robot 99XX000000 not found' });
    expect(await rest(s, 'POST', '/robot/group', t.entsuper, { name: 'Elsewhere', companyId: 3 })).toEqual({ code: 401, message: NO_PERMISSION });
    expect(await tableHash(s, 'robot_groups')).toBe(before);
  });

  it('keeps names unique within a company; another company may reuse one', async () => {
    const before = await tableHash(s, 'robot_groups');
    expect(await rest(s, 'POST', '/robot/group', t.entadmin, { name: 'northpatrol' })).toEqual({ code: 409, message: 'Name "northpatrol" already exists' });
    expect((await rest(s, 'POST', '/robot/group', t.entadmin, { name: 'northpatrol' }, 'zh')).message).toBe('分组名称"northpatrol"已存在');
    expect(await tableHash(s, 'robot_groups')).toBe(before);
    expect((await rest(s, 'POST', '/robot/group', t.admin, { name: 'NorthPatrol', companyId: 3 })).code).toBe(0);
  });

  it('updates over PUT /robot/group', async () => {
    const changed = await rest(s, 'PUT', '/robot/group', t.entsuper, { id: northId, name: 'NorthPatrolA' });
    expect(changed).toMatchObject({ code: 0, data: { id: northId, name: 'NorthPatrolA', robotIds: ['01WR000001'] } });
  });

  it('lists linkable robots, links robots of the caller tree and reads them back', async () => {
    const harbor = await rest(s, 'GET', '/robot/common/getRobotByCompanyId?companyId=2', t.entsuper);
    expect(harbor.data.map((r: { robotId: string }) => r.robotId)).toEqual(['01WR000001', '01WR000002', '02WF000001', '03WS000001']);
    expect((await rest(s, 'GET', '/robot/common/getRobotByCompanyId', t.entsuper)).data).toHaveLength(6);
    expect(await rest(s, 'GET', '/robot/common/getRobotByCompanyId?companyId=3', t.entsuper)).toEqual({ code: 401, message: NO_PERMISSION });
    const linked = await rest(s, 'POST', '/robot/group/relRobot', t.entsuper, { groupId: northId, robotIds: ['01WR000002', '04wr000003'] });
    expect(linked).toMatchObject({ code: 0, data: { groupId: northId, robotIds: ['01WR000002', '04WR000003'] } });
    expect((await rest(s, 'GET', `/robot/group/getAssociatedRobotIds?groupId=${northId}`, t.entadmin)).data).toEqual(['01WR000002', '04WR000003']);
    expect((await rest(s, 'GET', `/robot/group/getAssociatedRobotIds?groupId=${metroGroupId}`, t.entadmin)).message).toBe('Record not found');
  });

  it('refuses linking robots of another company, or to another company group, and changes nothing', async () => {
    const before = await tableHash(s, 'robot_groups');
    expect(await rest(s, 'POST', '/robot/group/relRobot', t.entsuper, { groupId: northId, robotIds: ['01WR000001', '06LK000001'] })).toEqual({
      code: 401,
      message: NO_PERMISSION,
    });
    expect(await rest(s, 'POST', '/robot/group/relRobot', t.entsuper, { groupId: metroGroupId, robotIds: ['01WR000001'] })).toEqual({ code: 404, message: 'Record not found' });
    expect(await rest(s, 'POST', '/robot/group/relRobot', t.entsuper, { groupId: northId })).toEqual({ code: 400, message: 'Validation failed: Robots is required' });
    expect((await rest(s, 'PUT', '/robot/group', t.entsuper, { id: metroGroupId, name: 'Mine' })).message).toBe('Record not found');
    expect((await rest(s, 'POST', `/robot/group/delete?groupId=${metroGroupId}`, t.entadmin)).message).toBe('Record not found');
    expect(await tableHash(s, 'robot_groups')).toBe(before);
  });

  it('lets general users read groups only', async () => {
    expect((await rest(s, 'GET', '/robot/group/list?pageNum=1&pageSize=10', t.monitor)).data.total).toBe(3);
    expect((await rest(s, 'GET', `/robot/group/getAssociatedRobotIds?groupId=${northId}`, t.monitor)).code).toBe(0);
    const before = await tableHash(s, 'robot_groups');
    expect(await rest(s, 'POST', '/robot/group', t.monitor, { name: 'OpGroup' })).toEqual({ code: 401, message: NO_PERMISSION });
    expect((await rest(s, 'PUT', '/robot/group', t.monitor, { id: northId, name: 'OpGroup' })).message).toBe(NO_PERMISSION);
    expect((await rest(s, 'POST', '/robot/group/relRobot', t.monitor, { groupId: northId, robotIds: [] })).message).toBe(NO_PERMISSION);
    expect((await rest(s, 'POST', `/robot/group/delete?groupId=${northId}`, t.monitor)).message).toBe(NO_PERMISSION);
    expect(await tableHash(s, 'robot_groups')).toBe(before);
  });

  it('deletes over POST /robot/group/delete?groupId=', async () => {
    const n = await rowCount(s, 'robot_groups');
    expect(await rest(s, 'POST', `/robot/group/delete?groupId=${northId}`, t.entsuper)).toEqual({ code: 0, message: 'Success', data: { id: northId } });
    expect(await rowCount(s, 'robot_groups')).toBe(n - 1);
    expect((await rest(s, 'GET', `/robot/group/getAssociatedRobotIds?groupId=${northId}`, t.entsuper)).message).toBe('Record not found');
  });
});
