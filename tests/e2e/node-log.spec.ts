/**
 * nodeLog (issue 19): the super admin asks a simulated robot for its node logs and watches the upload
 * to done; the robot-core log is read in the viewer with text search and a level filter, then deleted
 * after its confirmation. The enterprise admin may open the page (spec §6 does not block nodeLog) but
 * has no delete (robotLog is logManage's, blocked for enterprise roles). Every file uploaded here is
 * deleted before the test ends.
 */
import { expect, test, type Page } from './fixtures';
import { callEvent, login, tokenOf } from './helpers';

const ROBOT = '01WR000001';
const ROBOT_NAME = 'PatrolA1';
type LogFile = { id: number; fileName: string; logType: number; jobId: string };

/** Chooses the robot in the page's switcher (a fresh browser has none selected). */
async function chooseRobot(page: Page): Promise<void> {
  const switcher = page.getByTestId('node-log-robot');
  await expect(page.getByTestId('node-log-no-robot').locator('.ant-empty-description')).toHaveText('Choose a robot above to see its node logs.');
  // Under load the list may still be animating in when clicked: open, search, pick, and check again until it took.
  const option = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: ROBOT_NAME }).first();
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await switcher.click({ timeout: 5_000 });
    await switcher.locator('input').fill(ROBOT_NAME, { timeout: 3_000 });
    await option.click({ timeout: 3_000 });
    await expect(switcher).toContainText(ROBOT_NAME, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('node-log-no-robot')).toHaveCount(0);
}

test('nodeLog: a robot uploads its node logs with progress to done; a log is read with search and level filter, then deleted after confirmation', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(page, 'admin');
  const before = new Set(((await callEvent(page, 'getNodeLogs', { robotId: ROBOT }, token)).param.logs as LogFile[]).map((f) => f.id));
  let jobId = '';
  try {
    await login(page, 'admin');
    await page.goto('/home/nodeLog');
    await expect(page.getByTestId('node-log')).toBeVisible();
    await chooseRobot(page);

    // Ask for the logs: the job shows live, running, then done at 100 %.
    await page.getByTestId('node-log-ask').click();
    const state = page.getByTestId('node-log-job-state');
    await expect(state).toHaveAttribute('data-kind', 'logUpload');
    await expect(state).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(state).toHaveText('Log upload: Done');
    const progress = page.getByTestId('node-log-progress');
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(progress).toHaveClass(/ant-progress-status-success/);
    await expect(page.getByTestId('node-log-ask')).toBeEnabled();
    jobId = ((await callEvent(page, 'getSoftwareJob', { robotId: ROBOT }, token)).param.job as { jobId: string }).jobId;

    // One file per node service (log types 1-5) is listed for the robot.
    const uploaded = ((await callEvent(page, 'getNodeLogs', { robotId: ROBOT }, token)).param.logs as LogFile[]).filter((f) => f.jobId === jobId);
    expect(uploaded.map((f) => f.logType).sort()).toEqual([1, 2, 3, 4, 5]);
    const core = uploaded.find((f) => f.logType === 1)!;
    expect(core.fileName).toMatch(new RegExp(`^${ROBOT}-robot-core-\\d{8}-\\d{6}\\.log$`));
    const table = page.getByTestId('node-log-table');
    const coreRow = table.locator('tr.ant-table-row', { hasText: core.fileName });
    await expect(coreRow).toContainText('System (robot-core)');
    for (const f of uploaded) await expect(table.getByTestId(`node-log-view-${f.id}`)).toBeVisible();

    // The viewer: lines with their count.
    await page.getByTestId(`node-log-view-${core.id}`).click();
    const viewer = page.getByTestId('node-log-viewer');
    await expect(viewer.locator('.ant-drawer-title')).toHaveText(core.fileName);
    const matched = viewer.getByTestId('node-log-matched');
    await expect(matched).toHaveAttribute('data-total', /^\d+$/);
    const total = Number(await matched.getAttribute('data-total'));
    expect(total).toBeGreaterThanOrEqual(300);
    await expect(matched).toHaveText(`${total} of ${total} lines`);
    const lines = viewer.getByTestId('node-log-lines').locator('tr.ant-table-row code');
    await expect(lines).toHaveCount(100);
    await expect(lines.first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} (DEBUG|INFO |WARN |ERROR) \[robot-core\] /);

    // Search: only lines holding the text (any case), fewer than all.
    const search = viewer.getByTestId('node-log-search');
    await search.fill('heartbeat');
    await search.press('Enter');
    await expect(matched).not.toHaveAttribute('data-matched', String(total));
    const found = Number(await matched.getAttribute('data-matched'));
    expect(found).toBeGreaterThan(0);
    await expect(matched).toHaveText(`${found} of ${total} lines`);
    await expect(lines).toHaveCount(Math.min(found, 100));
    for (const text of await lines.allInnerTexts()) expect(text.toLowerCase()).toContain('heartbeat');

    // Cleared: every line again.
    await search.fill('');
    await search.press('Enter');
    await expect(matched).toHaveText(`${total} of ${total} lines`);

    // Level filter: warnings only (their count is in the option's label).
    const levels = viewer.getByTestId('node-log-levels');
    const warnOption = levels.locator('label', { hasText: /^Warning \(\d+\)$/ });
    await expect(warnOption).toBeVisible();
    const warnings = Number((/\((\d+)\)/.exec(await warnOption.innerText()) ?? [])[1]);
    expect(warnings).toBeGreaterThan(0);
    await warnOption.click();
    await expect(matched).toHaveText(`${warnings} of ${total} lines`);
    await expect(lines).toHaveCount(Math.min(warnings, 100));
    expect(new Set(await lines.evaluateAll((codes) => codes.map((c) => c.getAttribute('data-level'))))).toEqual(new Set(['WARN']));
    expect(new Set(await viewer.getByTestId('node-log-lines').locator('tr.ant-table-row .ant-tag').allInnerTexts())).toEqual(new Set(['WARN']));
    await viewer.locator('.ant-drawer-close').click();
    await expect(viewer).toBeHidden();

    // The enterprise admin opens the page (spec §6 does not block nodeLog) and sees the files, without delete.
    const ent = await (await browser.newContext()).newPage();
    await login(ent, 'entadmin');
    await ent.goto('/home/nodeLog');
    await expect(ent).toHaveURL(/\/home\/nodeLog$/);
    await chooseRobot(ent);
    await expect(ent.getByTestId(`node-log-view-${core.id}`)).toBeVisible();
    await expect(ent.getByTestId('node-log-ask')).toBeVisible();
    await expect(ent.getByTestId(`node-log-delete-${core.id}`)).toHaveCount(0);
    await ent.context().close();

    // Delete after its confirmation: the row is gone, and so is the file on the server.
    await page.getByTestId(`node-log-delete-${core.id}`).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText(`Delete ${core.fileName}? The file is removed from the server.`);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`${core.fileName} deleted`)).toBeVisible();
    await expect(coreRow).toHaveCount(0);
    await expect(page.getByTestId(`node-log-view-${core.id}`)).toHaveCount(0);
    expect((await callEvent(page, 'getLogLines', { id: core.id }, token)).statusInfo).toBe('Record not found');
  } finally {
    // Nothing uploaded here stays for later specs.
    for (const f of (await callEvent(page, 'getNodeLogs', { robotId: ROBOT }, token)).param.logs as LogFile[]) {
      if (!before.has(f.id)) expect((await callEvent(page, 'delLog', { id: f.id }, token)).statusCode).toBe(200);
    }
  }
});
