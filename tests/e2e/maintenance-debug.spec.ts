import { expect, test } from './fixtures';
import { callEvent, login, tokenOf } from './helpers';

const ROBOT = '01WR000001';

test('onlineDebug: a walk parameter read from the robot is changed and read back; reboot after a confirmation', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.goto('/home/onlineDebug');
  await expect(page.getByTestId('online-debug-robot')).toContainText(ROBOT);
  // The debug parameters as the robot answers them (spec §9: log level error by default).
  await expect(page.getByTestId('online-debug-form-debug')).toBeVisible();

  await page.getByTestId('online-debug-tab-walk').click();
  const form = page.getByTestId('online-debug-form-walk');
  const speed = form.getByLabel('Maximum speed (m/s)', { exact: true });
  await expect(speed).toHaveValue(/\d/);
  await speed.fill('1.3');
  await page.getByTestId('online-debug-save-walk').click();
  await expect(page.getByText('Parameters saved on the robot')).toBeVisible();
  await page.getByTestId('online-debug-reload-walk').click();
  await expect(page.getByTestId('online-debug-form-walk').getByLabel('Maximum speed (m/s)', { exact: true })).toHaveValue('1.3');
  const token = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'getWalkParam', { robotId: ROBOT }, token)).param.params.maxLinearSpeed).toBe(1.3);

  // Out of range: the field keeps to the schema's maximum; reading again shows the robot's value, nothing was sent.
  const field = page.getByTestId('online-debug-form-walk').getByLabel('Maximum speed (m/s)', { exact: true });
  await field.fill('9');
  await field.blur();
  await expect(field).toHaveValue('2');
  await page.getByTestId('online-debug-reload-walk').click();
  await expect(page.getByTestId('online-debug-form-walk').getByLabel('Maximum speed (m/s)', { exact: true })).toHaveValue('1.3');
  expect((await callEvent(page, 'getWalkParam', { robotId: ROBOT }, token)).param.params.maxLinearSpeed).toBe(1.3);

  // Reboot asks first; cancelling sends nothing, confirming reboots.
  await page.getByTestId('online-debug-reboot').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Reboot the robot?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByTestId('online-debug-reboot').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reboot' }).click();
  await expect(page.getByText('The robot is rebooting')).toBeVisible();
});

test('terminal: typing status shows the simulated robot’s answer in the terminal', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.goto('/home/terminal');
  await expect(page.getByTestId('terminal-state')).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
  const screen = page.getByTestId('terminal-screen');
  await expect(screen).toContainText('Restricted shell');
  await screen.click();
  await page.keyboard.type('status');
  await page.keyboard.press('Enter');
  await expect(screen).toContainText(`${ROBOT} (type 1)`);
  await expect(screen).toContainText('battery');
  await page.keyboard.type('reboot');
  await page.keyboard.press('Enter');
  await expect(screen).toContainText('reboot: command not permitted');
});

test('debugSetting: a threshold is saved and queryThresh reads it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  await page.goto('/home/debugSetting');
  const form = page.getByTestId('settings-form-debug-setting');
  await expect(page.getByTestId('settings-robot-debug-setting')).toContainText('01WR000002');
  await page.getByTestId('settings-debug-setting-group-thresholds').click();
  const cpu = form.getByLabel('CPU (%)', { exact: true });
  await expect(cpu).toHaveValue('90');
  await cpu.fill('85');
  await page.getByTestId('settings-save-debug-setting').click();
  await expect(page.getByText('Debug settings saved')).toBeVisible();
  const token = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'queryThresh', { robotId: '01WR000002' }, token)).param.thresholds.cpuPercent).toBe(85);
});

test('debugSetting per company: a robot inherits its company’s value; its own override is cleared back to it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('EastPatrol').click();
  await page.goto('/home/debugSetting');
  // HarborSecurity's setting, picked among every company (a super admin), reaches EastPatrol of its subsidiary HarborEast.
  await page.getByTestId('settings-mode-company-debug-setting').click();
  await page.getByTestId('settings-company-picker-debug-setting').click();
  await page.locator('.ant-select-tree-title', { hasText: /^HarborSecurity$/ }).click();
  await expect(page.getByTestId('settings-company-debug-setting')).toHaveText('Company HarborSecurity');
  await expect(page.getByTestId('settings-updated-debug-setting')).toContainText('every value is inherited');
  await page.getByTestId('settings-debug-setting-group-thresholds').click();
  const form = page.getByTestId('settings-form-debug-setting');
  await expect(page.getByTestId('settings-source-thresholds.memoryPercent')).toHaveText('Default');
  await form.getByLabel('Memory (%)', { exact: true }).fill('72');
  await page.getByTestId('settings-save-debug-setting').click();
  await expect(page.getByText('Debug settings saved')).toBeVisible();
  await expect(page.getByTestId('settings-source-thresholds.memoryPercent')).toContainText('Set on this company');

  await page.getByTestId('settings-mode-robot-debug-setting').click();
  await expect(page.getByTestId('settings-robot-debug-setting')).toContainText('04WR000003');
  await page.getByTestId('settings-debug-setting-group-thresholds').click();
  const memory = page.getByTestId('settings-form-debug-setting').getByLabel('Memory (%)', { exact: true });
  await expect(memory).toHaveValue('72');
  await expect(page.getByTestId('settings-source-thresholds.memoryPercent')).toHaveText('From company HarborSecurity');

  // The robot's own value wins until it is cleared back to the inherited one.
  await memory.fill('66');
  await page.getByTestId('settings-save-debug-setting').click();
  await expect(page.getByTestId('settings-source-thresholds.memoryPercent')).toContainText('Set on this robot');
  const token = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'queryThresh', { robotId: '04WR000003' }, token)).param.thresholds.memoryPercent).toBe(66);
  await page.getByTestId('settings-clear-thresholds.memoryPercent').click();
  await expect(page.getByTestId('settings-source-thresholds.memoryPercent')).toHaveText('From company HarborSecurity');
  await expect(page.getByTestId('settings-form-debug-setting').getByLabel('Memory (%)', { exact: true })).toHaveValue('72');
  expect((await callEvent(page, 'queryThresh', { robotId: '04WR000003' }, token)).param.thresholds.memoryPercent).toBe(72);

  // Where a value comes from, in the three languages.
  const source = page.getByTestId('settings-source-thresholds.memoryPercent');
  const texts = { zh: '来自公司 HarborSecurity', ja: '会社 HarborSecurity から継承', en: 'From company HarborSecurity' };
  for (const lang of ['zh', 'ja', 'en'] as const) {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId(`lang-${lang}`).click();
    await expect(source).toHaveText(texts[lang]);
    if (process.env.FC_E2E_SHOTS) await page.screenshot({ path: `${process.env.FC_E2E_SHOTS}/debug-setting-${lang}.png`, fullPage: true });
  }
});
