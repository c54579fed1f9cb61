import { expect, test } from './fixtures';
import { chooseOption, login } from './helpers';

test('robotManage: the serial number rule shows its message; a good serial gets the type from characters 3-4 and its MQTT account at once', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/robotManage');
  const table = page.getByTestId('entity-table-robot');
  await expect(table).toContainText('PatrolA1');
  await page.getByTestId('entity-create-robot').click();
  const form = page.getByTestId('entity-form-robot');
  await form.getByLabel('Serial number').fill('A1TP000009');
  await form.getByLabel('Name').fill('RailNew');
  await page.getByTestId('entity-submit-robot').click();
  await expect(form).toContainText('10 letters and digits, the first two numeric');
  await form.getByLabel('Serial number').fill('31TP000009');
  // Company is required: pick the first one offered.
  await chooseOption(page, form.getByLabel('Company'), 'HarborEast');
  await page.getByTestId('entity-submit-robot').click();
  await expect(form).toBeHidden();
  // Issue 18: the new robot's MQTT account is made at once and its secret shown once, to copy.
  const account = page.getByTestId('row-action-answer-robotMqttAccount');
  await expect(account).toContainText('The secret is shown only now: copy it into the robot. The console keeps no copy.');
  await expect(page.getByTestId('row-action-answer-robotMqttAccount-username')).toHaveText('31TP000009');
  await expect(page.getByTestId('row-action-answer-robotMqttAccount-password')).toHaveText(/^[\w-]{32}$/);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(account).toBeHidden();
  const row = table.locator('tr', { hasText: '31TP000009' });
  await expect(row).toContainText('Track-mounted inspection');
  await expect(row).toContainText('HarborEast');
});

test('robotManage: a new robot gets its MQTT account from its row (issue 18): confirmed first, the secret shown once to copy', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/robotManage');
  const table = page.getByTestId('entity-table-robot');
  const row = table.locator('tr', { hasText: '31TP000009' });
  await expect(row).toBeVisible();
  await row.getByTestId('row-action-robotMqttAccount').click();
  await expect(page.getByText('Issue a new MQTT secret for this robot? The old one stops working at once; give the robot the new one.')).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  const dialog = page.getByTestId('row-action-answer-robotMqttAccount');
  await expect(dialog).toContainText('The secret is shown only now: copy it into the robot. The console keeps no copy.');
  await expect(page.getByTestId('row-action-answer-robotMqttAccount-username')).toHaveText('31TP000009');
  await expect(page.getByTestId('row-action-answer-robotMqttAccount-password')).toHaveText(/^[\w-]{32}$/);
});

test('companyManage: an enterprise admin may not create companies, an enterprise super admin may', async ({ page }) => {
  await login(page, 'entadmin');
  await page.goto('/home/companyManage');
  await expect(page.getByTestId('entity-table-company')).toContainText('HarborSecurity');
  await expect(page.getByTestId('entity-create-company')).toHaveCount(0);
  await page.getByTestId('logout').click();
  await login(page, 'entsuper');
  await page.goto('/home/companyManage');
  await page.getByTestId('entity-create-company').click();
  await page.getByTestId('entity-form-company').getByLabel('Name', { exact: true }).fill('HarborNorth');
  await page.getByTestId('entity-submit-company').click();
  const row = page.getByTestId('entity-table-company').locator('tr', { hasText: 'HarborNorth' });
  await expect(row).toContainText('HarborSecurity');
  await expect(row).toContainText('3');
});

test('uploads: a logo at or above 0.5 MB is refused with the limit; a small one is stored and shown', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/companyManage');
  await page.getByTestId('entity-create-company').click();
  const form = page.getByTestId('entity-form-company');
  await form.getByLabel('Name', { exact: true }).fill('LogoCo');
  const chooser = form.locator('input[type="file"]').first();
  const png = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 1)]);
  await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(512 * 1024) });
  await expect(form).toContainText('The file is too large (at most 0.5 MB)');
  await chooser.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(4096) });
  await expect(form.locator('img[src^="/uploads/"]')).toBeVisible();
  await page.getByTestId('entity-submit-company').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('entity-table-company')).toContainText('LogoCo');
});

test('companyManage: disabling a company disables its subsidiaries (after confirmation); restore brings them back', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/companyManage');
  const table = page.getByTestId('entity-table-company');
  // A company's own row: its name in the first cell (the parent column names companies too).
  const row = (name: string) => table.locator('tr').filter({ has: page.locator('td:first-child').getByText(name, { exact: true }) });
  await row('HarborSecurity').getByTestId('row-action-disable').click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row('HarborSecurity')).toContainText('Disabled');
  await expect(row('HarborEast')).toContainText('Disabled');
  await expect(row('MetroColdChain')).toContainText('Enabled');
  await row('HarborSecurity').getByTestId('row-action-restore').click();
  await expect(row('HarborEast')).toContainText('Enabled');
});

test('export of the filtered list downloads an Excel file', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/robotManage');
  const download = page.waitForEvent('download');
  await page.getByTestId('entity-export-robot').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('roleManage: a custom role gets permissions from the tree, with plugin permissions listed by themselves; users are linked to it', async ({ page, request }) => {
  // A user of its own, so linking does not move a demo account the other tests log in with.
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; param: any };
  const adminToken = (await call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token;
  expect((await call('addUser', { username: 'nightguard1', name: 'NightGuard', roleId: 5, companyId: 2, password: 'night1234' }, adminToken)).statusCode).toBe(200);
  await login(page, 'admin');
  await page.goto('/home/roleManage');
  // Built-in roles read by their label, not their key.
  await expect(page.getByTestId('entity-table-role').locator('tr', { hasText: 'Platform admin' })).toBeVisible();
  await expect(page.getByTestId('entity-table-role')).not.toContainText('platformAdmin');
  await page.getByTestId('entity-create-role').click();
  const form = page.getByTestId('entity-form-role');
  await form.getByLabel('Name', { exact: true }).fill('NightOps');
  // The role kind defaults to the least powerful tier, general user.
  await expect(form).toContainText('General user');
  const tree = form.getByTestId('permission-tree');
  const check = (label: string) => tree.locator('.ant-tree-treenode').filter({ has: page.getByText(label, { exact: true }) }).locator('.ant-tree-checkbox').click();
  // A general-user role is offered no steering (spec §6) and no page its tier may not open.
  await expect(tree).toContainText('Watch live video');
  await expect(tree).not.toContainText('Steer robots and their cameras');
  await expect(tree).not.toContainText('Companies');
  // Ticking a page ticks what it needs to show its data (telecontrol: its live video).
  await check('Telecontrol');
  const checked = () => form.getByTestId('permission-tree').locator('.ant-tree-treenode-checkbox-checked');
  await expect(checked().filter({ hasText: 'Watch live video' })).toHaveCount(1);
  await page.getByTestId('entity-submit-role').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('entity-table-role').locator('tr', { hasText: 'NightOps' });
  await expect(row).toContainText('General user');
  await row.getByTestId('entity-edit-role').click();
  await expect(checked().filter({ hasText: 'Telecontrol' })).toHaveCount(1);
  await expect(checked().filter({ hasText: 'Watch live video' })).toHaveCount(1);
  await page.locator('.ant-modal-close:visible').click();
  await expect(form).toBeHidden();

  // Link users: nobody holds the new role yet; link nightguard1 and see it listed.
  await row.getByTestId('row-action-linkUsers').click();
  const dialog = page.getByTestId('link-dialog');
  await expect(dialog.getByTestId('link-current')).toContainText('No user holds this role yet');
  await dialog.getByTestId('link-add').click();
  await page.locator('.ant-select-dropdown:visible').getByText('nightguard1', { exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByTestId('link-save').click();
  await expect(page.getByText('1 user(s) linked')).toBeVisible();
  await expect(dialog).toBeHidden();
  await row.getByTestId('row-action-linkUsers').click();
  await expect(dialog.getByTestId('link-current')).toContainText('nightguard1');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The user list shows the custom role by its name, and the user form offers it.
  await page.goto('/home/userManage');
  const userRow = page.getByTestId('entity-table-user').locator('tr').filter({ has: page.locator('td:first-child').getByText('nightguard1', { exact: true }) });
  await expect(userRow).toContainText('NightOps');
});

test('at the maximum company layer the company selector is hidden and the own company is used', async ({ page, request }) => {
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; param: any };
  const admin = (await call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token;
  expect((await call('addUser', { username: 'eastadmin1', name: 'EastAdmin', roleId: 4, companyId: 4, password: 'east1234' }, admin)).statusCode).toBe(200);
  await login(page, 'eastadmin1', 'east1234');
  await page.goto('/home/userManage');
  await page.getByTestId('entity-create-user').click();
  await expect(page.getByTestId('entity-form-user').getByTestId('company-picker-fixed')).toHaveValue('HarborEast');
});

test('users: disable and enable from the list; a user changes their own password (wrong old password refused)', async ({ page, request }) => {
  await login(page, 'admin');
  await page.goto('/home/userManage');
  const row = page.getByTestId('entity-table-user').locator('tr').filter({ has: page.locator('td:first-child').getByText('platform', { exact: true }) });
  await row.getByTestId('row-action-disable').click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row).toContainText('Disabled');
  await row.getByTestId('row-action-enable').click();
  await expect(row).toContainText('Enabled');

  // A user of their own, so the demo accounts keep their passwords for the other tests.
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; param: any };
  const admin = (await call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token;
  expect((await call('addUser', { username: 'pwuser01', name: 'PwUser', roleId: 5, companyId: 2, password: 'start1234' }, admin)).statusCode).toBe(200);
  await page.getByTestId('logout').click();
  await login(page, 'pwuser01', 'start1234');
  await page.getByTestId('user-menu').click();
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Old password').fill('wrong1234');
  await form.getByLabel('New password', { exact: true }).fill('fresh1234');
  await form.getByLabel('Confirm new password').fill('fresh1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The old password is wrong');
  await form.getByLabel('Old password').fill('start1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
});

test('groupManage over REST: a group with linked robots is created, listed and deleted', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/groupManage');
  await page.getByTestId('entity-create-group').click();
  const form = page.getByTestId('entity-form-group');
  await form.getByLabel('Name', { exact: true }).fill('NightPatrol');
  await chooseOption(page, form.getByLabel('Company'), 'HarborSecurity');
  await form.getByLabel('Robots').click();
  const menu = page.locator('.ant-select-dropdown:visible');
  await menu.getByText('PatrolA1 (01WR000001)').click();
  await menu.getByText('PatrolA2 (01WR000002)').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('entity-submit-group').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('entity-table-group').locator('tr', { hasText: 'NightPatrol' });
  await expect(row).toContainText('01WR000001');
  await row.getByTestId('entity-delete-group').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('entity-table-group')).not.toContainText('NightPatrol');
});

test('companySetting: one form per company; a change is saved for the chosen company and kept after a reload', async ({ page, request }) => {
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; param: any };
  const adminToken = (await call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token;
  expect((await call('addEmailGroup', { name: 'MetroAlarms', addresses: ['alarms@metro.example.com'], companyId: 3 }, adminToken)).statusCode).toBe(200);
  await login(page, 'admin');
  await page.goto('/home/companySetting');
  const pageCard = page.getByTestId('single-page-company-setting');
  await chooseOption(page, pageCard.getByTestId('single-subject-company-setting'), 'MetroColdChain');
  const form = page.getByTestId('entity-form-company-setting');
  await chooseOption(page, form.getByRole('combobox', { name: 'SOS mode' }), 'Remote call');
  await chooseOption(page, form.getByRole('combobox', { name: 'Alarm e-mail group' }), 'MetroAlarms');
  await page.getByTestId('entity-submit-company-setting').click();
  await expect(page.getByText('Company settings saved')).toBeVisible();
  // The server holds it: read back over the protocol, then in the page after a reload.
  expect((await call('getCompanyParam', { companyId: 3 }, adminToken)).param).toMatchObject({ companyId: 3, sosMode: 2 });
  await page.reload();
  await chooseOption(page, pageCard.getByTestId('single-subject-company-setting'), 'MetroColdChain');
  await expect(form).toContainText('Remote call');
  await expect(form).toContainText('MetroAlarms');
});

test('versionManage: a version file is uploaded with progress; its name and size fill in and the list shows them', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/versionManage');
  await page.getByTestId('entity-create-version-info').click();
  const form = page.getByTestId('entity-form-version-info');
  await form.getByLabel('Project', { exact: true }).fill('NaviCore');
  await form.getByLabel('Version', { exact: true }).fill('V9.1');
  await chooseOption(page, form.getByRole('combobox', { name: 'Type' }), 'Patch');
  await form.locator('input[type="file"]').first().setInputFiles({ name: 'navicore-9.1.patch', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3000, 7) });
  await expect(form.getByLabel('File name', { exact: true })).toHaveValue('navicore-9.1.patch');
  await expect(form.getByLabel('File size (bytes)', { exact: true })).toHaveValue('3000');
  await page.getByTestId('entity-submit-version-info').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('entity-table-version-info').locator('tr', { hasText: 'V9.1' });
  await expect(row).toContainText('navicore-9.1.patch');
});

test('batteryManagement: a charge SOC table is read from a CSV file (a bad line is named), saved, shown in the list, and the battery is bound to a robot', async ({ page, request }) => {
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; param: any };
  const token = (await call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token;
  const battery = (await call('addBatteryModel', { model: 'LFP48V60', capacity: 60000 }, token)).param;
  await login(page, 'admin');
  await page.goto('/home/batteryManagement');
  const row = page.getByTestId('entity-table-battery-model').locator('tr', { hasText: 'LFP48V60' });
  await row.getByTestId('row-action-uploadChargeSoc').click();
  const dialog = page.getByTestId('action-form-uploadChargeSoc');
  const chooser = dialog.locator('input[type="file"]');
  await chooser.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('voltage,soc\n44.0,0\n46.5,abc\n') });
  await expect(dialog).toContainText('Line 3: a number is expected');
  await chooser.setInputFiles({ name: 'soc.csv', mimeType: 'text/csv', buffer: Buffer.from('voltage,soc\n44.0,0\n48.0,50\n52.5,100\n') });
  await expect(dialog).toContainText('3 rows');
  await page.getByTestId('action-form-submit-uploadChargeSoc').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('3 ×');
  expect((await call('getSocData', { batteryId: battery.id }, token)).param.chargeSoc).toEqual([
    { voltage: 44, soc: 0 },
    { voltage: 48, soc: 50 },
    { voltage: 52.5, soc: 100 },
  ]);

  await row.getByTestId('row-action-bindRobot').click();
  const bind = page.getByTestId('action-form-bindRobot');
  await chooseOption(page, bind.getByRole('combobox'), 'PatrolA1 (01WR000001)');
  await page.getByTestId('action-form-submit-bindRobot').click();
  await expect(bind).toBeHidden();
  expect((await call('getSocData', { robotId: '01WR000001' }, token)).param).toMatchObject({ robotId: '01WR000001', batteryId: battery.id, model: 'LFP48V60' });
});
