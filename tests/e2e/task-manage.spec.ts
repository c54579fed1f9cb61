/**
 * taskManage (issue 19): the enterprise admin's list holds the tasks of his company tree (the demo's
 * track inspections and explanation tour; not MetroColdChain's patrols and ads) with kind, state, robot,
 * company, next and last run; the kind filter narrows it; a track inspection is started (the simulated
 * rail robot really moves) and stopped after its confirmation. The demo's own track tasks have no
 * inspection points, so the test adds its own point and task over the API and removes them, the run's
 * result too, and drives the rail robot back to its start (track.spec.ts expects it there).
 */
import { expect, test, type Page } from './fixtures';
import { chooseOption, login, tokenOf } from './helpers';

const RAIL = '04TP000001';
const TASK = 'E2E rail check';
const POINT = 'E2E far cabinet';

/** A REST call of the track robot area as `token`'s user: the answer's `{ code, message, data }`. */
async function rest(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, token: string, body?: object): Promise<{ code: number; message: string; data?: any }> {
  return (await page.request.fetch(path, { method, headers: { token }, ...(body ? { data: body } : {}) })).json();
}

test('taskManage: the company tree’s tasks with kind, state, robot and runs; filtered by kind; a track inspection is started, runs on the robot, and is stopped', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(page, 'entadmin');
  const point = await rest(page, 'POST', `/robot/track/inspectPoint/${RAIL}`, token, { name: POINT, position: 50, actions: ['photo'] });
  expect(point.code).toBe(0);
  const task = await rest(page, 'POST', `/robot/track/inspectTask/${RAIL}`, token, { name: TASK, type: 1, enabled: true, pointIds: [point.data.id] });
  expect(task.code).toBe(0);
  const key = `track-${task.data.id}`;
  try {
    await login(page, 'entadmin');
    await page.goto('/home/taskManage');
    await expect(page.getByTestId('task-manage')).toBeVisible();
    const table = page.getByTestId('task-manage-table');
    await expect(table.locator('thead th')).toHaveText(['Kind', 'Name', 'State', 'Robot', 'Company', 'Next run', 'Last run', 'Actions']);
    const rows = table.locator('tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    const allCount = await rows.count();
    // Another company tree's tasks are not listed (MetroColdChain's demo patrols and ads).
    await expect(table).not.toContainText('Cold store night round');
    await expect(table).not.toContainText('Cold chain safety notice');

    // By kind: track inspections only, the demo's and this test's.
    await chooseOption(page, page.getByTestId('task-manage-kind'), 'Track inspection');
    await expect.poll(async () => [...new Set(await table.locator('tr.ant-table-row td:first-child').allInnerTexts())]).toEqual(['Track inspection']);
    const names = await table.locator('tr.ant-table-row td:nth-child(2)').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Cabinet row sweep', 'Weekly rail survey', TASK]));
    expect(names.length).toBeLessThanOrEqual(allCount);
    const sweep = rows.filter({ hasText: 'Cabinet row sweep' });
    await expect(sweep.locator('td')).toHaveText(['Track inspection', 'Cabinet row sweep', 'Stopped', 'RailInspect1', 'HarborEast', '—', '—', 'Start']);

    // The new task: stopped, never run.
    const row = page.getByTestId(`task-manage-row-${key}`);
    await expect(row).toHaveAttribute('data-state', 'idle');
    await expect(row.locator('td')).toHaveText(['Track inspection', TASK, 'Stopped', 'RailInspect1', 'HarborEast', '—', '—', 'Start']);

    // Start: running, with a last run; the rail robot really runs it.
    await page.getByTestId(`task-manage-start-${key}`).click();
    await expect(page.getByText(`${TASK} started`)).toBeVisible();
    await expect(row).toHaveAttribute('data-state', 'running');
    await expect(row.locator('td').nth(2)).toHaveText('Running');
    await expect(row.locator('td').nth(6)).toHaveText(/\d/);
    await expect(page.getByTestId(`task-manage-start-${key}`)).toHaveCount(0);
    await expect
      .poll(async () => {
        const s = (await rest(page, 'GET', `/robot/track/current/status/${RAIL}`, token)).data as { trackStatus: number; position: number; taskName: string | null };
        return s.trackStatus === 1 && s.taskName === TASK && s.position > 0;
      })
      .toBe(true);

    // Stop, after its confirmation: terminated, startable again.
    await page.getByTestId(`task-manage-stop-${key}`).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText(`Stop ${TASK}?`);
    await confirm.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByText(`${TASK} stopped`)).toBeVisible();
    await expect(row).toHaveAttribute('data-state', 'terminated');
    await expect(row.locator('td').nth(2)).toHaveText('Terminated');
    await expect(page.getByTestId(`task-manage-start-${key}`)).toBeVisible();
    await expect(page.getByTestId(`task-manage-stop-${key}`)).toHaveCount(0);
    await expect.poll(async () => ((await rest(page, 'GET', `/robot/track/current/status/${RAIL}`, token)).data as { trackStatus: number }).trackStatus).toBe(0);
  } finally {
    // Leave the rail robot and its tasks as they were: no run, back at the rail's start, nothing added.
    const now = (await rest(page, 'GET', `/robot/track/current/status/${RAIL}`, token)).data as { taskName: string | null };
    if (now.taskName === TASK) await rest(page, 'POST', `/robot/track/inspectTask/${RAIL}/${task.data.id}/terminate`, token);
    expect((await rest(page, 'POST', `/robot/track/remoteControl/${RAIL}`, token, { command: 'reset' })).code).toBe(0);
    await expect
      .poll(async () => {
        const s = (await rest(page, 'GET', `/robot/track/current/status/${RAIL}`, token)).data as { trackStatus: number; position: number };
        return `${s.trackStatus} ${s.position}`;
      }, { timeout: 60_000 })
      .toBe('0 0');
    const results = (await rest(page, 'GET', `/robot/track/inspectResult/${RAIL}?taskName=${encodeURIComponent(TASK)}`, token)).data as { list: { id: number; taskName: string }[] };
    for (const r of results.list.filter((x) => x.taskName === TASK)) expect((await rest(page, 'DELETE', `/robot/track/inspectResult/${RAIL}/${r.id}`, token)).code).toBe(0);
    expect((await rest(page, 'DELETE', `/robot/track/inspectTask/${RAIL}/${task.data.id}`, token)).code).toBe(0);
    expect((await rest(page, 'DELETE', `/robot/track/inspectPoint/${RAIL}/${point.data.id}`, token)).code).toBe(0);
  }
});
