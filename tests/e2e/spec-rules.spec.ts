/**
 * Issue 20: the spec rules that differed, as a user meets them in Chromium (static-only company,
 * robot fields, face gender, plates, go-charge without a pile, unknown fault codes, time-outs,
 * login expired, re-click, picture and text limits, player volume, form designer locale).
 */
import { expect, test, type Page } from './fixtures';
import { callEvent, chooseOption, login, tokenOf } from './helpers';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (bytes: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(bytes - PNG_HEAD.length, 7)]);

test('a company whose robots are all static has no navigation, map management or energy: not in the menu, /404 by URL', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  const company = await callEvent(page, 'addCompany', { name: 'StaticKiosks', domain: 'kiosks.example.com', robotTypes: [4] }, admin);
  expect(company.statusCode).toBe(200);
  expect((await callEvent(page, 'addRobot', { robotId: '51WS000001', robotName: 'Kiosk1', companyId: company.param.id }, admin)).statusCode).toBe(200);
  expect((await callEvent(page, 'addUser', { username: 'kioskboss', name: 'KioskBoss', roleId: 3, companyId: company.param.id, password: 'kiosk1234' }, admin)).statusCode).toBe(200);

  await login(page, 'kioskboss', 'kiosk1234');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-robotManage')).toBeAttached();
  for (const key of ['navigation', 'mapManage', 'energyConsumption', 'naviRecord']) await expect(menu.getByTestId(`menu-${key}`)).toHaveCount(0);
  for (const path of ['/home/navigation', '/home/mapManage', '/home/energyConsumption', '/home/mapEditor']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
  }
  // A mixed company (HarborSecurity) keeps them.
  await login(page, 'entsuper');
  await expect(page.getByTestId('side-menu').getByTestId('menu-navigation')).toBeAttached();
  await page.goto('/home/mapManage');
  await expect(page).toHaveURL(/\/home\/mapManage$/);
});

test('robotManage: the navigation switch is open by default; map type, building and floor are kept; the name stops at 16 characters', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/robotManage');
  await page.getByTestId('entity-create-robot').click();
  const form = page.getByTestId('entity-form-robot');
  await form.getByLabel('Serial number').fill('51WR000002');
  // Spec §5/§9: a text input stops at its maximum (16) instead of keeping a 17th character and showing an error.
  const name = form.getByLabel('Name', { exact: true });
  await name.pressSequentially('FieldRobot123456X');
  await expect(name).toHaveValue('FieldRobot123456');
  await expect(form).not.toContainText('at most 16');
  await expect(form.getByLabel('Navigation switch')).toBeAttached();
  await expect(form).toContainText('Open');
  await chooseOption(page, form.getByLabel('Company'), 'HarborEast');
  await chooseOption(page, form.getByLabel('Map type'), 'Multi-layer');
  await form.getByLabel('Floor').fill('2');
  await page.getByTestId('entity-submit-robot').click();
  await expect(form).toBeHidden();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  const row = page.getByTestId('entity-table-robot').locator('tr', { hasText: '51WR000002' });
  await expect(row).toContainText('FieldRobot123456');
  await expect(row).toContainText('Open');
  const admin = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'reqRobotBasicInfo', { robotId: '51WR000002' }, admin)).param.list[0]).toMatchObject({ naviSwitch: 1, mapType: 2, floor: 2 });
});

test('a double click on Create sends one request (spec §9: prevent re-click 300 ms)', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/dataDict');
  await page.getByTestId('entity-create-data-dict').click();
  const form = page.getByTestId('entity-form-data-dict');
  await form.getByLabel('Module').fill('reclick');
  await form.getByLabel('Key', { exact: true }).fill('once');
  await form.getByLabel('Name', { exact: true }).fill('Once only');
  await form.getByLabel('Value', { exact: true }).fill('1');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/interface') && r.postDataJSON()?.event === 'addDataDict') sent.push(r.postDataJSON().event);
  });
  await page.getByTestId('entity-submit-data-dict').dblclick();
  await expect(form).toBeHidden();
  await page.waitForTimeout(1000);
  expect(sent).toEqual(['addDataDict']);
  const admin = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'queryDataDict', { moduleName: 'reclick' }, admin)).param.total).toBe(1);
});

test('face library: a photo of exactly 512 KB is taken, one byte more is refused; a gender outside 1 and 2 reads Unknown', async ({ page }) => {
  const token = await tokenOf(page, 'entsuper');
  await login(page, 'entsuper');
  await page.goto('/home/faceDetection');
  await page.getByTestId('entity-create-face-entry').click();
  const form = page.getByTestId('entity-form-face-entry');
  const input = form.locator('[data-testid^="images-"] input[type="file"]').first();
  await input.setInputFiles({ name: 'exact.png', mimeType: 'image/png', buffer: png(512 * 1024) });
  await expect(form.locator('[data-testid^="images-"] img')).toHaveCount(1);
  await expect(form).not.toContainText('The file is too large');
  await input.setInputFiles({ name: 'over.png', mimeType: 'image/png', buffer: png(512 * 1024 + 1) });
  await expect(form).toContainText('The file is too large (at most 0.5 MB)');
  await expect(form.locator('[data-testid^="images-"] img')).toHaveCount(1);
  await page.keyboard.press('Escape');

  const up = await page.request.post('/api/upload?kind=image', { headers: { token }, multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: png(2048) } } });
  const url = (await up.json()).data.url as string;
  expect((await callEvent(page, 'importFaceInfo', { name: 'Zhao Min', gender: 7, idType: 3, idNumber: 'W7777', entryType: 1, pictureUrl: url }, token)).statusCode).toBe(200);
  await page.goto('/home/faceDetection');
  const row = page.getByTestId('entity-table-face-entry').locator('tr', { hasText: 'Zhao Min' });
  await expect(row).toContainText('Unknown');
});

test('license plates list plate type, owner, brand and car colour', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/plateDetection');
  const head = page.getByTestId('entity-table-plate-detection').locator('thead');
  for (const label of ['Plate type', 'Owner', 'Brand', 'Car colour']) await expect(head).toContainText(label);
});

test('go-charge on a map without a charging pile says "No charger set for this robot"', async ({ page }) => {
  await login(page, 'entsuper');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('EastPatrol').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
  await page.getByTestId('control-goCharge').click();
  await expect(page.getByText('No charger set for this robot').first()).toBeVisible();
});

test('alarm management shows an unknown fault code as "robot reported an anomaly, check version info"', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'simulateAlarm', { robotId: '07WY000001', code: 323 }, admin)).statusCode).toBe(200);
  await expect.poll(async () => (await callEvent(page, 'reqAlarmInfos', { robotId: '07WY000001', code: 323 }, admin)).param.total).toBe(1);
  await login(page, 'admin');
  await page.goto('/home/alarmManage');
  const table = page.getByTestId('entity-table-alarm');
  const row = table.locator('tr', { hasText: 'AnbotYOne' }).filter({ hasText: 'The robot reported an anomaly, check the version info' });
  await expect(row.first()).toBeVisible();
  await expect(table).not.toContainText(/^323$/);
});

async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('fc.session') ?? localStorage.getItem('fc.session') ?? '{}').token as string);
}

test('a revoked token returns the console to the login page saying "Login expired, please log in again"', async ({ page }) => {
  await login(page, 'entadmin');
  const token = await sessionToken(page);
  await expect(page.getByTestId('link-state')).toHaveAttribute('data-status', 'connected');
  expect((await callEvent(page, 'logOut', {}, token)).statusCode).toBe(200);
  // The server closes the revoked session's realtime socket: the console returns to the login page by
  // itself (a reload before that would lose the notice, which the login page shows once).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-error')).toHaveText('Login expired, please log in again');
  // An event sent with the revoked token gets the same answer.
  expect(await callEvent(page, 'getUser', {}, token)).toEqual({ statusCode: 403, statusInfo: 'Login expired, please log in again' });
});

test('time-outs: an event held 60 s and a REST call held 30 s show the time-out message under the tip title', async ({ page, context }) => {
  test.setTimeout(180_000);
  await login(page, 'admin');
  // The routes are held in the test only (the server answers as always): no answer ever comes.
  await page.route('**/api/interface', (route) => (route.request().postDataJSON()?.event === 'queryDataDict' ? undefined : route.fallback()));
  const rest = await context.newPage();
  await rest.route('**/robot/group/list**', () => undefined);
  const started = Date.now();
  await page.goto('/home/dataDict');
  await rest.goto('/home/groupManage');
  const restNotice = rest.locator('.ant-notification-notice').filter({ hasText: 'Request timed out, please try again' });
  await expect(restNotice).toBeVisible({ timeout: 45_000 });
  await expect(restNotice).toContainText('Tip');
  expect(Date.now() - started).toBeGreaterThanOrEqual(29_000);
  const eventNotice = page.locator('.ant-notification-notice').filter({ hasText: 'Request timed out, please try again' });
  await expect(eventNotice).toBeVisible({ timeout: 60_000 });
  await expect(eventNotice).toContainText('Tip');
  expect(Date.now() - started).toBeGreaterThanOrEqual(59_000);
});

test('the live player opens at volume 50 with a volume control', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  const player = page.getByTestId('video-player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  const volume = page.getByTestId('video-player-volume');
  await expect(volume).toHaveAttribute('data-volume', '50');
  const video = page.getByTestId('video-player-video');
  expect(await video.evaluate((v: HTMLVideoElement) => v.volume)).toBe(0.5);
  await page.getByTestId('video-player-mute').click();
  await expect(volume).toHaveAttribute('data-muted', 'false');
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await volume.getByRole('slider').focus();
  await page.keyboard.press('ArrowRight');
  await expect(volume).toHaveAttribute('data-volume', '51');
  expect(await video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.51);
});

test('the form designer opens in cn (its default locale) in an English console, and switches to en', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/formDesigner');
  const locale = page.getByTestId('fd-locale');
  await expect(locale).toHaveAttribute('data-locale', 'cn');
  await expect(page.getByTestId('form-designer')).toContainText('表单');
  await page.getByTestId('fd-locale-switch').getByText('EN').click();
  await expect(locale).toHaveAttribute('data-locale', 'en');
  await expect(page.getByTestId('form-designer')).toContainText('Form designer');
  // The console around it stays English.
  await expect(page.getByTestId('side-menu')).toContainText('Robots');
});

test('BMS calibration in telecontrol: refused unless the robot is in emergency stop, accepted in it', async ({ page }) => {
  await login(page, 'entsuper');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
  await page.getByTestId('control-bmsCalibration').click();
  await expect(page.getByText('BMS calibration is only possible while the robot is in emergency stop').first()).toBeVisible();
  await page.getByTestId('emergency-button').click();
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '6');
  await page.getByTestId('control-bmsCalibration').click();
  await expect(page.getByTestId('control-answer')).toHaveText('BMS calibration: accepted by the robot');
  await page.getByTestId('emergency-button').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Release' }).click();
  await expect(page.getByTestId('emergency-button')).toHaveAttribute('data-pressed', '0');
});
