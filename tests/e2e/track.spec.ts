import { expect, test, type Page } from './fixtures';
import { chooseOption, login } from './helpers';

const ROBOT_LABEL = 'RailInspect1 (04TP000001)';

async function pick(page: Page, select: string, option: string) {
  await chooseOption(page, page.getByTestId(select), option, { exact: false });
}

/** Adds an option to a multiple Select (the list stays open; the caller closes it). */
async function pickMany(page: Page, select: string, option: string) {
  await page.getByTestId(select).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test('track robot area: admin runs a daily inspection task, reads its report, handles a warning', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await page.goto('/trackrobot');
  await expect(page).toHaveURL(/\/trackrobot\/control$/);
  // The area lives in the console's shell: its pages are entries of the main menu (issue 22).
  await expect(page.getByTestId('company-name')).toBeVisible();
  for (const child of ['control', 'task', 'task-report', 'warning-rule', 'warning', 'map']) await expect(page.getByTestId('side-menu').getByTestId(`menu-${child}`)).toBeVisible();
  await expect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toHaveAttribute('data-testid', 'menu-control');
  // No track robot chosen yet: the tip dialog (spec §2) offers one.
  await expect(page.getByTestId('track-robot-tip')).toBeVisible();
  await pick(page, 'track-robot-tip-select', ROBOT_LABEL);
  await expect(page.getByTestId('track-robot-tip')).toBeHidden();
  await expect(page.getByTestId('track-status')).toHaveText('Idle');
  await expect(page.getByTestId('track-position')).toHaveAttribute('data-position', '0');
  // The camera view plays; a snapshot is stored on the server (uploadSnapPictures).
  await expect(page.getByTestId('track-camera').locator('video')).toBeVisible();
  await expect.poll(() => page.getByTestId('track-camera').locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await page.getByTestId('track-snapshot').click();
  await expect(page.getByText('Snapshot saved')).toBeVisible();
  await expect(page.getByTestId('track-snap-link')).toHaveAttribute('href', /\/uploads\/track\/\w+\.png$/);

  // A warning rule the readings will trigger (temperatures are well above 1 °C).
  await page.getByTestId('side-menu').getByTestId('menu-warning-rule').click();
  await page.getByTestId('track-add-rule').click();
  await page.getByTestId('track-form-ok').click();
  await expect(page.getByText('Rule name is required')).toBeVisible();
  await expect(page.getByText('Check item is required')).toBeVisible();
  await page.getByLabel('Rule name').fill('Hot cabinet');
  await pick(page, 'track-rule-item', 'Temperature');
  await page.getByLabel('Value', { exact: true }).fill('1');
  await page.getByTestId('track-form-ok').click();
  await expect(page.getByTestId('track-rule-table').getByText('Hot cabinet')).toBeVisible();
  await expect(page.getByTestId('track-rule-table').getByText('Temperature > 1')).toBeVisible();

  // An inspection point with an action, then a daily task over it.
  await page.getByTestId('side-menu').getByTestId('menu-task').click();
  await page.getByTestId('track-add-point').click();
  await page.getByLabel('Name').fill('Cabinet A');
  await page.getByLabel('Robot position').fill('16');
  await page.getByLabel('PTZ rotate').fill('45');
  await page.getByTestId('track-action-temperature').click();
  await page.getByTestId('track-form-ok').click();
  await expect(page.getByTestId('track-point-table').getByText('Cabinet A')).toBeVisible();

  await page.getByTestId('track-add-task').click();
  await page.getByTestId('track-form-ok').click();
  await expect(page.getByText('Execution time is required')).toBeVisible();
  await expect(page.getByText('Choose at least one inspection point with an action')).toBeVisible();
  await page.getByLabel('Name').fill('Daily sweep');
  await page.getByLabel('Execution time').click();
  // Later today (the server runs a daily task whose time has passed today at once): an hour from now, at most 23:59:00.
  const later = new Date(Math.min(Date.now() + 3_600_000, new Date().setHours(23, 59, 0, 0)));
  const runTime = [later.getHours(), later.getMinutes(), later.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  await page.getByLabel('Execution time').fill(runTime);
  await page.keyboard.press('Enter');
  await pickMany(page, 'track-task-points', 'Cabinet A');
  await page.keyboard.press('Escape');
  await page.getByTestId('track-form-ok').click();
  const row = page.getByTestId('track-task-table').locator('tr', { hasText: 'Daily sweep' });
  await expect(row).toContainText(runTime);
  await expect(row).toContainText('Daily');
  await expect(row).toContainText('Waiting');

  // Run it and watch the robot move along the rail.
  await row.getByRole('button', { name: 'Run' }).click();
  await expect(row).toContainText('Inspecting');
  await page.getByTestId('side-menu').getByTestId('menu-control').click();
  await expect(page.getByTestId('track-status')).toHaveText('Running');
  await expect(page.getByTestId('track-current-task')).toHaveText('Daily sweep');
  await expect.poll(async () => Number(await page.getByTestId('track-position').getAttribute('data-position'))).toBeGreaterThan(0);
  await expect(page.getByTestId('track-position')).toHaveAttribute('data-position', '16', { timeout: 30_000 });
  await page.getByTestId('side-menu').getByTestId('menu-task').click();
  await expect(page.getByTestId('track-task-table').locator('tr', { hasText: 'Daily sweep' })).toContainText('Finished', { timeout: 30_000 });

  // Its report: the point's picture and reading; export to a file.
  await page.getByTestId('side-menu').getByTestId('menu-task-report').click();
  const report = page.getByTestId('track-report-table').locator('tr', { hasText: 'Daily sweep' });
  await expect(report).toContainText('Finished');
  await report.getByRole('button', { name: 'Detail' }).click();
  const item = page.getByTestId('track-report-item');
  await expect(item).toContainText('Cabinet A · 16 m');
  await expect(item).toContainText(/Temperature \d+(\.\d)?°C/);
  await expect(item.locator('img')).toHaveAttribute('src', /\/uploads\/track\/\w+\.svg$/);
  await page.keyboard.press('Escape');
  const download = page.waitForEvent('download');
  await page.getByTestId('track-export-report').click();
  expect((await download).suggestedFilename()).toBe('inspection-results-04TP000001.xlsx');

  // The rule raised a warning; handle it.
  await page.getByTestId('side-menu').getByTestId('menu-warning').click();
  const warning = page.getByTestId('track-warning-table').locator('tr', { hasText: 'Hot cabinet' });
  await expect(warning).toContainText('Cabinet A');
  await expect(warning).toContainText('Not handled');
  await warning.getByRole('button', { name: 'Handle' }).click();
  await page.getByTestId('track-deal-submit').click();
  await expect(page.getByText('Handling result is required')).toBeVisible();
  await page.getByTestId('track-deal-input').fill('Fan replaced');
  await page.getByTestId('track-deal-submit').click();
  await expect(warning).toContainText('Handled');
  await warning.getByRole('button', { name: 'Detail' }).click();
  await expect(page.getByTestId('track-warning-detail')).toContainText('Fan replaced');
  await expect(page.getByTestId('track-warning-detail')).toContainText('admin');
});

test('track robot area: a run is paused, resumed and terminated from the task list', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/trackrobot/task');
  await pick(page, 'track-robot-tip-select', ROBOT_LABEL);
  await page.getByTestId('track-add-point').click();
  await page.getByLabel('Name').fill('Far end');
  await page.getByLabel('Robot position').fill('48');
  await page.getByTestId('track-form-ok').click();
  await page.getByTestId('track-add-task').click();
  await page.getByLabel('Name').fill('Long haul');
  await page.getByLabel('Instant').check();
  // An instant task runs when started: no execution time or period to give (issue 22).
  await expect(page.getByTestId('track-task-instant-hint')).toBeVisible();
  await expect(page.getByLabel('Execution time')).toHaveCount(0);
  await expect(page.getByTestId('track-task-period')).toHaveCount(0);
  await pickMany(page, 'track-task-points', 'Far end');
  await page.keyboard.press('Escape');
  await page.getByTestId('track-form-ok').click();
  const row = page.getByTestId('track-task-table').locator('tr', { hasText: 'Long haul' });
  await expect(row).toContainText('Instant');
  await expect(row).toContainText('On demand');
  await expect(row).not.toContainText('Daily');
  // One "Actions" column per table (the points' column is "Inspection actions").
  await expect(page.getByTestId('track-point-table').getByRole('columnheader', { name: 'Actions', exact: true })).toHaveCount(1);
  await row.getByRole('button', { name: 'Run' }).click();
  await expect(row).toContainText('Inspecting');
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText('Paused');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row).toContainText('Inspecting');
  await row.getByRole('button', { name: 'Terminate' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row).toContainText('Terminated');
  await page.getByTestId('side-menu').getByTestId('menu-task-report').click();
  await expect(page.getByTestId('track-report-table').locator('tr', { hasText: 'Long haul' })).toContainText('Terminated');
});

test('track robot area: track maps are created with labels, uploaded, exported and deleted after confirmation', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/trackrobot/map');
  await pick(page, 'track-robot-tip-select', ROBOT_LABEL);
  await expect(page.getByTestId('track-map-table')).toContainText('No track maps yet');
  await page.getByTestId('track-add-map').click();
  await page.getByTestId('track-form-ok').click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill('Tunnel');
  await page.getByRole('button', { name: 'Add label' }).click();
  await page.getByPlaceholder('Label').fill('Gate');
  await page.getByPlaceholder('Robot position').fill('3');
  await page.getByTestId('track-form-ok').click();
  const row = page.getByTestId('track-map-table').locator('tr', { hasText: 'Tunnel' });
  await expect(row).toContainText('Gate · 3 m');
  await expect(row).toContainText('50 m');

  await row.getByRole('button', { name: 'Upload' }).click();
  await page.getByTestId('track-map-file').setInputFiles({ name: 'tunnel.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ length: 42, labels: [{ name: 'Pump', position: 20 }] })) });
  await expect(row).toContainText('Pump · 20 m');
  await expect(row).toContainText('42 m');
  await expect(row).toContainText('tunnel.json');
  await row.getByRole('button', { name: 'Upload' }).click();
  await page.getByTestId('track-map-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('nope') });
  await expect(page.getByText('Wrong file format: JSON track map (length, labels) expected')).toBeVisible();
  await expect(row).toContainText('42 m');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('Tunnel.json');

  // The map's labels are drawn along the rail on the control page.
  await page.getByTestId('side-menu').getByTestId('menu-control').click();
  await expect(page.getByTestId('track-rail-label')).toHaveText('▲ Pump');

  await page.getByTestId('side-menu').getByTestId('menu-map').click();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('track-map-table')).toContainText('No track maps yet');
});

test('track robot area: a general user lands on /404 and the track calls are refused', async ({ page }) => {
  await login(page, 'monitor');
  await page.goto('/trackrobot');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/trackrobot/task');
  await expect(page).toHaveURL(/\/404$/);
  const answers = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('fc.session') ?? '{}').token as string;
    const call = async (method: string, path: string, body?: unknown) =>
      (await fetch(path, { method, headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })).json();
    return [
      await call('GET', '/robot/track/current/status/04TP000001'),
      await call('POST', '/robot/track/remoteControl/04TP000001', { command: 'forward' }),
      await call('GET', '/robot/track/inspectTask/04TP000001'),
      await call('GET', '/robot/track/inspectResult/04TP000001/export'),
    ];
  });
  for (const a of answers) expect(a).toEqual({ code: 401, message: 'Insufficient permissions to operate!' });
});
