import { expect, test, type Locator, type Page } from './fixtures';
import { callEvent, login, releaseAlarms, tokenOf } from './helpers';

// Issue 22: overviews that work on a wall, the robot tree's hierarchy, alarm pop-ups that block no work, the robot switcher.
test.use({ viewport: { width: 1366, height: 768 } });

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
const intersects = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const indent = (row: Locator) => row.locator('.ant-tree-indent-unit').count();

test('robot tree: subsidiaries under their parent, robots under their company, coloured by state, searchable', async ({ page }) => {
  await login(page, 'entsuper');
  await page.goto('/home/telecontrol');
  const tree = page.getByTestId('robot-tree');
  const row = (text: string) => tree.locator('.ant-tree-treenode').filter({ has: page.getByText(text, { exact: true }) });
  await expect(row('HarborSecurity')).toBeVisible();
  await expect(row('HarborEast')).toBeVisible();
  // HarborEast is a child of HarborSecurity (one level deeper), its robot deeper still.
  const parent = await indent(row('HarborSecurity'));
  expect(await indent(row('HarborEast'))).toBe(parent + 1);
  expect(await indent(row('EastPatrol'))).toBeGreaterThan(parent + 1);
  // Every robot carries its state group (the legend's colour).
  const states = await tree.locator('[data-robot-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
  expect(states.length).toBeGreaterThan(3);
  for (const s of states) expect(['alert', 'working', 'charging', 'idle', 'offline']).toContain(s);
  // Search keeps the path to what matches.
  await tree.getByRole('searchbox').fill('EastPatrol');
  await expect(row('EastPatrol')).toBeVisible();
  await expect(row('HarborEast')).toBeVisible();
  await expect(tree.getByText('PatrolA1', { exact: true })).toHaveCount(0);
});

test('navigation overview: robot names never overlap, robots carry their state and heading', async ({ page }) => {
  await login(page, 'entadmin');
  await page.goto('/home/navPandect');
  await expect(page.getByTestId('robot-state-legend')).toBeVisible();
  const panels = page.getByTestId('nav-pandect').locator('[data-testid^="overview-map-"]');
  await expect(panels.first()).toBeVisible();
  await expect(page.getByTestId('overview-label-01WR000001')).toBeVisible();
  for (let i = 0; i < (await panels.count()); i++) {
    const labels = panels.nth(i).locator('[data-testid^="overview-label-"] rect');
    const boxes = await Promise.all((await labels.all()).map(boxOf));
    for (let a = 0; a < boxes.length; a++) for (let b = a + 1; b < boxes.length; b++) expect(intersects(boxes[a]!, boxes[b]!), `labels ${a} and ${b} of map ${i}`).toBe(false);
  }
  const robot = page.getByTestId('overview-robot-01WR000001');
  await expect(robot).toHaveAttribute('data-state', /^(alert|working|charging|idle|offline)$/);
  await expect(robot).toHaveAttribute('data-heading', /^-?\d+$/);
});

async function expectFilled(page: Page, height: number) {
  const area = page.getByTestId('monitor-overview-area');
  await expect(area).toBeVisible();
  for (const id of ['overview-main-map', 'overview-robot-list', 'status-distribution', 'live-alarms']) {
    const b = await boxOf(page.getByTestId(id));
    expect(b.y + b.height, id).toBeLessThanOrEqual(height + 1);
  }
  // The regions reach the bottom of the window (no empty lower part) and the page does not scroll.
  const map = await boxOf(page.getByTestId('overview-main-map'));
  expect(map.y + map.height).toBeGreaterThan(height - 60);
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId('overview-robot-list').locator('[data-robot-id]').first()).toBeVisible();
}

test('monitor overview fills the window at 1366×768 in the console and at 1920×1080 full page', async ({ page }) => {
  await login(page, 'entadmin');
  await page.goto('/home/monitorOverview');
  await expectFilled(page, 768);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/monitorOverview');
  await expectFilled(page, 1080);
});

test('dashboard: a general user gets the default view and the settings drawer stays closed', async ({ page }) => {
  // The default view is that of a company without a configuration (another test's may be left after a failure).
  await callEvent(page, 'delMonitoringConfig', {}, await tokenOf(page, 'entadmin'));
  await login(page, 'monitor');
  await page.goto('/home/dashboard');
  await expect(page.getByTestId('dashboard-default')).toBeVisible();
  await expect(page.getByTestId('dashboard-camera-0')).toBeVisible();
  await expect(page.locator('[data-testid^="overview-map-"]').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-config')).toHaveCount(0);
});

test('video wall: 16 tiles inside the window at 1366×768, frame statistics off by default', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/home/videoPandect');
  await page.getByTestId('video-wall-layout').getByText('16 tiles').click();
  const tiles = page.locator('[data-testid^="video-wall-tile-"][data-state]');
  await expect(tiles).toHaveCount(16);
  for (const tile of await tiles.all()) {
    const b = await boxOf(tile);
    expect(b.y + b.height).toBeLessThanOrEqual(768);
    expect(b.x + b.width).toBeLessThanOrEqual(1366);
  }
  await expect(page.locator('[data-testid^="video-wall-tile-stats-"]')).toHaveCount(0);
});

/**
 * The page's controls that lie under the open alarm pop-ups, or under the counter the stack shows.
 * The same controls as the stack's own rule (plugins/alarms/popup-spot.ts): buttons, links, fields,
 * sliders, tabs, tree and menu items, visible and not in a dialog.
 */
const underPopups = (page: Page) =>
  page.evaluate(() => {
    const stack = document.querySelector('[data-testid="alarm-stack"]');
    if (!stack) return [];
    const shown = stack.getAttribute('data-collapsed') === '1' ? stack.querySelectorAll('[data-testid="alarm-stack-counter"]') : stack.querySelectorAll('[data-testid^="alarm-popup-"][data-level]');
    const cards = [...shown].map((e) => e.getBoundingClientRect());
    const controls = document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="slider"], [role="switch"], [role="checkbox"], [role="radio"], [role="tab"], [role="combobox"], [role="treeitem"], [role="menuitem"]');
    return [...controls]
      .filter((el) => !stack.contains(el) && !el.closest('.ant-modal-root, [aria-hidden="true"], [inert]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        if (r.width < 2 || r.height < 2 || st.visibility === 'hidden' || st.pointerEvents === 'none' || Number(st.opacity) === 0) return false;
        return cards.some((b) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
  });

test('alarm pop-ups hide no control of the page (else they show their counter), collapse by hand, and processing confirms', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  await login(page, 'entadmin');
  await page.goto('/home/robotManage');
  const create = page.getByTestId('entity-create-robot');
  await expect(create).toBeVisible();
  await expect(page.getByTestId('link-state')).toHaveAttribute('data-status', 'connected');
  const codes = [301, 306, 307];
  for (const code of codes) expect((await callEvent(page, 'simulateAlarm', { robotId: '01WR000001', code }, admin)).statusCode).toBe(200);
  const stack = page.getByTestId('alarm-stack');
  await expect(stack).toHaveAttribute('data-count', '3');
  // Wherever the stack stands (bottom right, bottom left, or its counter), no control lies under it.
  await expect.poll(() => underPopups(page)).toEqual([]);
  const controls = [create, page.getByRole('button', { name: 'Export' }).first(), page.getByRole('button', { name: 'Import' }).first(), page.locator('.fc-shell-header')];
  for (const p of await stack.locator('[data-testid^="alarm-popup-"][data-level]').all()) for (const c of controls) expect(intersects(await boxOf(p), await boxOf(c))).toBe(false);
  // With no clear place it shows its counter; a click opens the pop-ups anyway.
  if ((await stack.getAttribute('data-collapsed')) === '1') {
    await expect(page.getByTestId('alarm-stack-counter')).toHaveText('3 new alarms');
    await page.getByTestId('alarm-stack-counter').click();
  }
  // Two open, the third counted.
  await expect(stack.locator('[data-testid^="alarm-popup-"][data-level]')).toHaveCount(2);
  await expect(page.getByTestId('alarm-stack-more')).toContainText('1 more alarm');
  // Collapsed by hand to a counter, opened again.
  await page.getByTestId('alarm-stack-collapse').click();
  await expect(page.getByTestId('alarm-stack-counter')).toHaveText('3 new alarms');
  await page.getByTestId('alarm-stack-counter').click();
  await expect(stack).toHaveAttribute('data-collapsed', '0');

  // Process: the result, then a confirmation of what will be saved, then the server's answer.
  const popup = stack.locator('[data-testid^="alarm-popup-"][data-level]').first();
  await popup.getByTestId('alarm-popup-process').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Process alarm · PatrolA1' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('alarm-process-result').fill('Checked on camera');
  await dialog.getByTestId('alarm-process-submit').click();
  await expect(dialog.getByTestId('alarm-process-confirm-text')).toContainText('of PatrolA1 as Processed?');
  await dialog.getByTestId('alarm-process-back').click();
  await expect(dialog.getByTestId('alarm-process-result')).toHaveValue('Checked on camera');
  await dialog.getByTestId('alarm-process-submit').click();
  await dialog.getByTestId('alarm-process-confirm').click();
  await expect(dialog).toContainText('The alarm is processed');
  await dialog.getByTestId('alarm-process-done').click();
  await expect(stack).toHaveAttribute('data-count', '2');

  // Released, so no console opened next shows them.
  await releaseAlarms(page, admin, '01WR000001', codes);
  await expect(stack).toHaveCount(0);
});

test('telecontrol at 1366×768: an alarm never covers the robot control panel; where it finds no clear place its counter opens the pop-up', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'entadmin');
  await page.goto('/home/telecontrol');
  // The tree narrowed to the robot (other tests add companies and robots): the space below it is free,
  // as on a site with a short tree; how a long tree leaves no place is the counter's case.
  await page.getByTestId('robot-tree').locator('input').first().fill('PatrolA1');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
  await expect(page.getByTestId('link-state')).toHaveAttribute('data-status', 'connected');
  expect((await callEvent(page, 'simulateAlarm', { robotId: '01WR000001', code: 306 }, admin)).statusCode).toBe(200);
  const stack = page.getByTestId('alarm-stack');
  await expect(stack).toHaveAttribute('data-count', '1');
  // The pop-up stands where it covers no control (below the robot tree); with the tree folded, controls
  // run from edge to edge: no place is clear, so the counter shows, in a corner clear of controls.
  await expect(stack).toHaveAttribute('data-spot', 'left');
  await expect.poll(() => underPopups(page)).toEqual([]);
  await page.getByTestId('robot-tree-toggle').click();
  await expect(stack).toHaveAttribute('data-spot', 'counter');
  await expect(page.getByTestId('alarm-stack-counter')).toHaveText('1 new alarm');
  await expect.poll(() => underPopups(page)).toEqual([]);
  await page.getByTestId('emergency-button').scrollIntoViewIfNeeded();
  expect(intersects(await boxOf(page.getByTestId('emergency-button')), await boxOf(page.getByTestId('alarm-stack-counter')))).toBe(false);
  // Opened on purpose, the pop-up stays open where it covers least.
  await page.getByTestId('alarm-stack-counter').click();
  await expect(stack.locator('[data-testid^="alarm-popup-"][data-level]')).toHaveCount(1);
  await expect(stack).toHaveAttribute('data-collapsed', '0');
  await expect(stack).toContainText('Alarm: the robot fell over');
  await releaseAlarms(page, admin, '01WR000001', [306]);
  await expect(stack).toHaveCount(0);
  // The tree unfolded again for the next tests (the choice is remembered).
  await page.getByTestId('robot-tree-toggle').click();
  await expect(page.getByTestId('robot-tree-toggle')).toHaveAttribute('data-folded', '0');
});

test('robot-required page: the tip dialog offers a robot switcher, and the page header keeps one', async ({ page }) => {
  await login(page, 'entadmin');
  await page.evaluate(() => (localStorage.removeItem('fc.robotSelection'), sessionStorage.removeItem('fc.robotSelection')));
  await page.goto('/home/energyConsumption');
  await expect(page.getByTestId('robot-required-tip')).toBeVisible();
  await page.getByTestId('robot-required-switcher').click();
  await page.keyboard.type('PatrolA1');
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: 'PatrolA1' }).first().click();
  await expect(page.getByTestId('robot-required-tip')).toHaveCount(0);
  await expect(page).toHaveURL(/\/home\/energyConsumption$/);
  const bar = page.getByTestId('robot-switcher');
  await expect(bar).toContainText('PatrolA1');
  await bar.click();
  await page.keyboard.type('PatrolA2');
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: 'PatrolA2' }).first().click();
  await expect(bar).toContainText('PatrolA2');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fc.robotSelection') ?? '{}').robotId)).toBe('01WR000002');
});
