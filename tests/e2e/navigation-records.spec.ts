import { expect, test } from './fixtures';
import { login } from './helpers';

/**
 * Navigation records (issue 5): a patrol task that ran shows its run under the list's Records
 * action, with the runs per day above it; an ended run can be re-recognised after a confirmation.
 */
test('open the records of a task that ran: its run, the runs per day, and re-recognition', async ({ page, request }) => {
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; statusInfo: string; param: any };
  const token = (await call('login', { username: 'entadmin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token as string;
  // A short corridor (3 points, 2 m) on the first floor, added beside what the map already has.
  const mapId = (await call('queryMap', { mapName: 'HQFloor1' }, token)).param.list[0].mapId as number;
  const existing = (await call('getMapElements', { mapId }, token)).param.elements as unknown[];
  const route = { kind: 101, subKind: 1, name: 'RecordsNook', points: [[80, 160], [100, 160], [120, 160]], props: {} };
  expect((await call('saveMapElements', { mapId, elements: [...existing, route] }, token)).statusCode).toBe(200);
  const task = { name: 'RecordsRound', robotId: '01WR000002', mapId, routeName: 'RecordsNook', count: 1, floor: 1, time: '03:00:00', months: '*', days: '*', weeks: '*', hours: '*', limitTimes: 0 };
  const id = (await call('addNaviTask', task, token)).param.id as number;

  await login(page, 'entadmin');
  await page.goto('/home/navigation');
  const row = page.getByTestId('entity-table-navigation-task').locator('tr', { hasText: 'RecordsRound' });
  // Before any run: the records page says so.
  await row.getByTestId('row-action-naviRecords').click();
  await expect(page).toHaveURL(new RegExp(`/home/naviRecord\\?naviId=${id}$`));
  await expect(page.getByTestId('navi-records')).toContainText('Navigation records · RecordsRound');
  await expect(page.getByTestId('navi-records-table')).toContainText('This task has not run yet');
  await expect(page.getByTestId('navi-records')).toContainText('No runs in these days');

  // Run it now; the simulated robot drives its one lap and the task finishes.
  await page.getByTestId('navi-records-back').click();
  await expect(page).toHaveURL(/\/home\/navigation$/);
  await row.getByTestId('row-action-naviRunNow').click();
  await expect(row).toContainText('Finished', { timeout: 30_000 });

  await row.getByTestId('row-action-naviRecords').click();
  const table = page.getByTestId('navi-records-table');
  const runRow = table.locator('tr.ant-table-row').first();
  await expect(runRow).toContainText('Finished');
  await expect(runRow).toContainText('1 / 1'); // laps
  await expect(runRow).toContainText('3 / 3'); // route points
  await expect(runRow.locator('.ant-tag')).toHaveClass(/ant-tag-success/);
  // Runs per day: today counts one, the chart is drawn.
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByTestId(`navi-records-day-${today}`)).toHaveText('1');
  await expect(page.getByTestId('navi-records-chart').locator('canvas')).toBeVisible();

  // Re-recognise the run's detections, after a confirmation.
  const recordId = (await (await request.get(`/robot/naviRecord/getByNaviId?naviId=${id}`, { headers: { token } })).json()).data[0].id as number;
  await page.getByTestId(`navi-records-rerecog-${recordId}`).click();
  await expect(page.getByText('Re-run recognition of the detections captured during this run?')).toBeVisible();
  await page.getByTestId(`navi-records-rerecog-${recordId}-ok`).click();
  await expect(page.getByText(/detections re-recognised, \d+ changed/)).toBeVisible();
  await expect(runRow).toContainText(/\d+ detections\d{4}-\d{2}-\d{2}/);
});

test('a run that fails shows why: in the navigation list and as a red tag with its reason in the records', async ({ page, request }) => {
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; statusInfo: string; param: any };
  const token = (await call('login', { username: 'entadmin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token as string;
  const mapId = (await call('queryMap', { mapName: 'HQFloor1' }, token)).param.list[0].mapId as number;
  const existing = (await call('getMapElements', { mapId }, token)).param.elements as { name: string }[];
  if (!existing.some((e) => e.name === 'RecordsHall')) {
    const route = { kind: 101, subKind: 1, name: 'RecordsHall', points: [[80, 160], [400, 160]], props: {} };
    expect((await call('saveMapElements', { mapId, elements: [...existing, route] }, token)).statusCode).toBe(200);
  }
  const task = { name: 'FailingRound', robotId: '01WR000002', mapId, routeName: 'RecordsHall', count: 20, floor: 1, time: '03:00:00', months: '*', days: '*', weeks: '*', hours: '*', limitTimes: 0 };
  const id = (await call('addNaviTask', task, token)).param.id as number;
  expect((await call('navigationImmediately', { id }, token)).statusCode).toBe(200);
  // The emergency stop mid-run: the robot ends the run failed.
  expect((await call('emergencyButton', { robotId: '01WR000002', status: 1 }, token)).statusCode).toBe(200);
  try {
    await login(page, 'entadmin');
    await page.goto('/home/navigation');
    const row = page.getByTestId('entity-table-navigation-task').locator('tr', { hasText: 'FailingRound' });
    await expect(row).toContainText('Stopped', { timeout: 20_000 });
    await expect(row.getByTestId('navi-progress')).toHaveText('Last run failed: The robot ended the run with a failure (emergency stop)');
    await row.getByTestId('row-action-naviRecords').click();
    const runRow = page.getByTestId('navi-records-table').locator('tr.ant-table-row').first();
    await expect(runRow.locator('.ant-tag')).toHaveText('Failed');
    // Marked as every abnormal value is (issue 22): the alarm level's tag, red for level 3, with a warning mark.
    await expect(runRow.locator('.ant-tag')).toHaveAttribute('data-severity', '3');
    await expect(runRow.locator('.ant-tag')).toHaveClass(/ant-tag-red/);
    await expect(runRow.locator('.ant-tag .anticon-warning')).toBeVisible();
    await expect(runRow).toContainText('The robot ended the run with a failure (emergency stop)');
    // In Chinese too.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh').click();
    await expect(runRow.locator('.ant-tag')).toHaveText('失败');
    await expect(runRow).toContainText('机器人以失败结束巡逻（急停）');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click();
    await expect(runRow.locator('.ant-tag')).toHaveText('Failed');
  } finally {
    await call('emergencyButton', { robotId: '01WR000002', status: 0 }, token);
  }
});
