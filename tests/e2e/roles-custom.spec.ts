/**
 * Issue 22, "Done means": a custom role with ticked pages opens and uses them, and a patrol task
 * with a robot of one company and a map of another is refused in the console with the exact message.
 */
import { expect, test } from './fixtures';
import { callEvent, chooseOption, login, releaseAlarms, tokenOf } from './helpers';

test('a custom role made in the permission tree (Alarm management, Robots) opens both pages for its user, who processes an alarm', async ({ page, browser, baseURL }) => {
  // Two consoles and a role made through the UI: slow on a loaded machine.
  test.setTimeout(240_000);
  const admin = await tokenOf(page, 'admin');
  await login(page, 'admin');
  await page.goto('/home/roleManage');
  await page.getByTestId('entity-create-role').click();
  const form = page.getByTestId('entity-form-role');
  await form.getByLabel('Name', { exact: true }).fill('AlarmDesk');
  // Alarm management is blocked for general users (spec §6): an enterprise admin role.
  await chooseOption(page, form.locator('#root_kind'), 'Enterprise admin');
  // The home page is picked by the page's name (not typed as a path).
  await form.locator('#root_homePage').fill('Alarm');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Alarm management' }).first().click();
  await expect(form.locator('.ant-select', { has: page.locator('#root_homePage') })).toContainText('Alarm management');
  const tree = form.getByTestId('permission-tree');
  const check = (label: string) => tree.locator('.ant-tree-treenode').filter({ has: page.getByText(label, { exact: true }) }).first().locator('.ant-tree-checkbox').click();
  await check('Alarm management');
  await check('Robots');
  // Processing is an action of the page, ticked on its own (a page grants what it needs to show its data).
  const alarmNode = tree.locator('.ant-tree-treenode').filter({ has: page.getByText('Alarm management', { exact: true }) }).first();
  await alarmNode.locator('.ant-tree-switcher').click();
  await tree.locator('.ant-tree-treenode').filter({ hasText: /process/i }).first().locator('.ant-tree-checkbox').click();
  await page.getByTestId('entity-submit-role').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('entity-table-role').locator('tr', { hasText: 'AlarmDesk' });
  await expect(row).toContainText('Enterprise admin');
  // The home page reads by its name in the list.
  await expect(row).toContainText('Alarm management');
  await expect(row).not.toContainText('/home/alarmManage');

  // A user of the role, of the admin's company (over the protocol: the user form is covered by admin.spec.ts).
  const roles = (await (await page.request.get('/robot/authRole/list?pageNum=1&pageSize=100', { headers: { token: admin } })).json()) as { data: { list: { id: number; name: string }[] } };
  const roleId = roles.data.list.find((r) => r.name === 'AlarmDesk')!.id;
  const added = await callEvent(page, 'addUser', { username: 'alarmdesk1', name: 'DeskOne', roleId, companyId: 1, password: 'desk12345' }, admin);
  expect(added.statusCode, added.statusInfo).toBe(200);
  // An alarm of PatrolA1 (HarborSecurity) to process; 313 is raised by no other test.
  expect((await callEvent(page, 'simulateAlarm', { robotId: '01WR000001', code: 313 }, admin)).statusCode).toBe(200);

  const context = await browser.newContext({ baseURL });
  const user = await context.newPage();
  await user.goto('/');
  await user.getByTestId('login-username').fill('alarmdesk1');
  await user.getByTestId('login-password').fill('desk12345');
  await user.getByTestId('login-code').fill('abcd');
  await user.getByTestId('login-submit').click();
  // Its home page (once the session's menu is read: slow on a loaded machine), and both ticked pages in its menu.
  await expect(user).toHaveURL(/\/home\/alarmManage/, { timeout: 60_000 });
  await expect(user.getByTestId('menu-alarmManage')).toBeVisible();
  await expect(user.getByTestId('menu-robotManage')).toBeVisible();
  const alarms = user.getByTestId('entity-table-alarm');
  const alarm = alarms.locator('tr.ant-table-row').filter({ hasText: 'PatrolA1' }).filter({ has: user.getByTestId('row-action-process') }).first();
  await expect(alarm).toBeVisible();
  await alarm.getByTestId('row-action-process').click();
  const dialog = user.locator('.ant-modal:visible');
  await dialog.getByLabel('Result').fill('Checked on camera, false alarm');
  await dialog.getByRole('button', { name: /OK|Save|Submit|Process/ }).last().click();
  // Processing asks for a confirmation naming what will be saved (x-row-actions confirm).
  await dialog.getByTestId('action-form-confirm-process').click();
  await expect(dialog).toBeHidden();
  await expect(alarms.locator('tr.ant-table-row').filter({ hasText: 'Checked on camera, false alarm' }).first()).toContainText('Processed');

  await user.getByTestId('menu-robotManage').click();
  await expect(user).toHaveURL(/\/home\/robotManage/);
  await expect(user.getByTestId('entity-table-robot').locator('tr.ant-table-row').filter({ hasText: 'PatrolA1' })).toBeVisible();
  // No endless spinner and no error on either page.
  await expect(user.locator('.ant-spin-spinning:visible')).toHaveCount(0);
  await expect(user.locator('.ant-result-error, .ant-alert-error')).toHaveCount(0);
  await context.close();
  await releaseAlarms(page, admin, '01WR000001', [313]);
});

test('a patrol task with a robot of one company and a map of another is refused in the form with the exact message; nothing is added', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/navigation');
  await page.getByTestId('entity-create-navigation-task').click();
  const form = page.getByTestId('entity-form-navigation-task');
  await form.getByLabel('Task name').fill('AcrossRound');
  // PatrolA1 is HarborSecurity's; ColdStoreA is MetroColdChain's (with its route ColdLoop).
  await chooseOption(page, form.locator('#root_robotId'), 'PatrolA1');
  await chooseOption(page, form.locator('#root_mapId'), 'ColdStoreA');
  await chooseOption(page, form.locator('#root_routeName'), 'ColdLoop', { exact: false });
  await page.getByTestId('entity-submit-navigation-task').click();
  await expect(form).toContainText('The map is of another company than the robot: a robot uses only maps of its company or its subsidiaries');
  // The form stays open with what was typed; the list has no such task.
  await expect(form.getByLabel('Task name')).toHaveValue('AcrossRound');
  await page.locator('.ant-modal-close:visible').click();
  const discard = page.getByRole('button', { name: /Discard|OK/ });
  if (await discard.isVisible().catch(() => false)) await discard.click();
  await expect(page.getByTestId('entity-table-navigation-task').locator('tr', { hasText: 'AcrossRound' })).toHaveCount(0);
});
