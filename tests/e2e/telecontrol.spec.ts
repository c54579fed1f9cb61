import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';

/** Calls one event with the page's own session (as the console would). */
async function callAs(page: Page, event: string, param: object): Promise<{ statusCode: number; statusInfo: string; param?: any }> {
  return page.evaluate(
    async ([event, param]) => {
      const token = JSON.parse(localStorage.getItem('fc.session') ?? '{}').token;
      const res = await fetch('/api/interface', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, param, token, protocolVersion: '1.0.3', lang: 'en' }) });
      return res.json();
    },
    [event, param] as const,
  );
}

async function openRobot(page: Page, user: string, robotName: string) {
  await login(page, user);
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText(robotName).click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
}

test('telecontrol: an action is answered by the robot; emergency stop blocks remote control with its message', async ({ page }) => {
  await openRobot(page, 'operator', 'PatrolA1');
  const answer = page.getByTestId('control-answer');
  await page.getByTestId('control-stop').click();
  await expect(answer).toHaveText('Stop: accepted by the robot');
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '0');

  await page.getByTestId('emergency-button').click();
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '6');
  await expect(page.getByTestId('control-telecontrol')).toHaveAttribute('data-blocked', '1');
  await page.getByTestId('control-telecontrol').click();
  await expect(answer).toHaveText('The emergency stop is pressed: release it first');
  await page.getByTestId('control-auto').click();
  await expect(answer).toHaveText('Navigation task blocked: check the position and release the emergency stop');
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '6');

  await page.getByTestId('emergency-button').click();
  await page.getByRole('button', { name: 'Release', exact: true }).click();
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '0');
  await expect(page.getByTestId('control-telecontrol')).toHaveAttribute('data-blocked', '0');
});

test('telecontrol: go charge makes the robot seek its charger, then charge', async ({ page }) => {
  await openRobot(page, 'operator', 'PatrolA2');
  await page.getByTestId('control-stop').click();
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '0');
  await page.getByTestId('control-goCharge').click();
  await expect(page.getByTestId('control-answer')).toHaveText('Go charge: accepted by the robot');
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '3', { timeout: 15_000 });
  await page.getByTestId('control-stop').click();
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '0');
});

test('telecontrol: presets are digits only with 2, 45, 49 reserved; a set preset can be recalled; arrow keys pan', async ({ page }) => {
  await openRobot(page, 'operator', 'PatrolA1');
  const input = page.getByTestId('preset-input');
  await input.fill('45');
  await expect(page.getByTestId('preset-hint')).toHaveText('Presets 2, 45 and 49 are reserved');
  await expect(page.getByTestId('ptz-setPreset')).toBeDisabled();
  await input.fill('4x');
  await expect(page.getByTestId('preset-hint')).toHaveText('Preset: digits only');
  await input.fill('12');
  await page.getByTestId('ptz-setPreset').click();
  await expect(page.locator('.ant-message')).toContainText('Set preset 12: accepted by the robot');
  await input.fill('13');
  await page.getByTestId('ptz-goPreset').click();
  await expect(page.locator('.ant-message')).toContainText('This preset has not been set on the camera');
  await page.getByTestId('ptz').focus();
  await page.keyboard.down('ArrowRight');
  await page.keyboard.up('ArrowRight');
  await expect(page.getByTestId('lens-state')).toContainText('pan 5°');
});

test('camera settings: an admin saves a value that camParamGet then returns', async ({ page }) => {
  await openRobot(page, 'entadmin', 'PatrolA1');
  await page.getByTestId('camera-settings').click();
  const dialog = page.getByRole('dialog');
  const brightness = page.getByTestId('camera-param-BrightnessLevel');
  await expect(brightness).toBeVisible();
  await brightness.fill('63');
  await brightness.press('Tab');
  await page.getByTestId('camera-settings-save').click();
  await expect(page.locator('.ant-message')).toContainText('Camera settings saved');
  expect((await callAs(page, 'camParamGet', { robotId: '01WR000001', cameraId: 0 })).param.BrightnessLevel).toBe('63');
  await expect(dialog).toBeVisible();
  await page.getByRole('button', { name: 'More settings' }).click();
  await expect(page).toHaveURL(/\/home\/robotSetting/);
});

test('camera settings: disabled for a general user, and the server refuses them', async ({ page }) => {
  await openRobot(page, 'operator', 'PatrolA1');
  await expect(page.getByTestId('camera-settings')).toBeDisabled();
  const before = (await callAs(page, 'camParamGet', { robotId: '01WR000001', cameraId: 0 })).param.ContrastLevel;
  expect(await callAs(page, 'camParamSet', { robotId: '01WR000001', cameraId: 0, ContrastLevel: '10' })).toEqual({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
  expect((await callAs(page, 'camParamGet', { robotId: '01WR000001', cameraId: 0 })).param.ContrastLevel).toBe(before);
});
