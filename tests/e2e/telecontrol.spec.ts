import { expect, test, type Page } from './fixtures';
import { chooseOption, login } from './helpers';

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

test('telecontrol: the front camera plays live (currentTime advances) and the camera switch changes the stream', async ({ page }) => {
  await openRobot(page, 'operator', 'PatrolA2');
  const player = page.getByTestId('video-player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const video = page.getByTestId('video-player-video');
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t0 + 1);
  await expect(page.getByTestId('camera-codec')).toHaveAttribute('data-codec', 'h264');
  await page.getByTestId('camera-switch').getByText('Infrared').click();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
});

test('telecontrol: definition (original only with a central control), push-video switch and snapshot upload', async ({ page }) => {
  await openRobot(page, 'operator', 'PatrolA2');
  const player = page.getByTestId('video-player');
  const definition = page.getByTestId('camera-definition');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(definition).toContainText('SD');
  // PatrolA2 has a central control: "Original" is offered; the videoParamNew push shows it, the player reloads.
  await chooseOption(page, definition, 'Original');
  await expect(page.locator('.ant-message')).toContainText('Definition set to Original');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });

  // Push off: the robot's flag (pushVideoFlag) turns the switch off and the player shows no data with a hint.
  const push = page.getByTestId('camera-push-switch');
  await push.click();
  await expect(push).toHaveAttribute('data-on', '0');
  await expect(player).toHaveAttribute('data-state', 'nodata');
  await expect(page.getByTestId('video-player-hint')).toContainText('does not push');
  await push.click();
  await expect(push).toHaveAttribute('data-on', '1');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });

  // The snapshot is downloaded and added to Snapped pictures.
  await page.getByTestId('snapshot').click();
  await expect(page.locator('.ant-message')).toContainText('Snapshot saved and added to Snapped pictures');
  // The console uploads JPEG; the simulator's own snap detections are PNG.
  const snaps = (await callAs(page, 'snapPictureQuery', { robotId: '01WR000002', pageNum: 1, pageSize: 100 })).param.list as { pictureUrl: string; cameraId: number }[];
  expect(snaps.some((r) => r.cameraId === 0 && /^\/uploads\/.+\.jpg$/.test(r.pictureUrl))).toBe(true);

  // PatrolA1 has none: three definitions only.
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await definition.click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['HD', 'SD', 'Smooth']);
  await page.keyboard.press('Escape');
});
