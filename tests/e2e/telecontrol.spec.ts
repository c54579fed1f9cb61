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
  // A zoom answers the whole lens; the pan after it answers pan and tilt only, and the zoom stays shown (issue 22).
  await page.getByTestId('ptz-zoomIn').click();
  await expect(page.getByTestId('lens-state')).toContainText(/Zoom \d+×/);
  await page.getByTestId('ptz').focus();
  await page.keyboard.down('ArrowRight');
  await page.keyboard.up('ArrowRight');
  await expect(page.getByTestId('lens-state')).toContainText('pan 5°');
  await expect(page.getByTestId('lens-state')).toContainText(/Zoom \d+×/);
  await expect(page.getByTestId('lens-state')).not.toContainText('—');
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
  // The single large view plays the camera's main stream (issue 22: wall tiles the 640×360 sub stream).
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([1280, 720]);
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

test.describe('at the tablet size 1366×768 (issue 22)', () => {
  const viewport = { width: 1366, height: 768 };
  test.use({ viewport });

  /** Each element lies wholly inside the window, the page not scrolled. */
  async function expectOnScreen(page: Page, testIds: string[]) {
    await expect(async () => {
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const id of testIds) {
        const box = await page.getByTestId(id).first().boundingBox();
        expect(box, id).not.toBeNull();
        expect(box!.x, `${id} left`).toBeGreaterThanOrEqual(0);
        expect(box!.y, `${id} top`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${id} right`).toBeLessThanOrEqual(viewport.width);
        expect(box!.y + box!.height, `${id} bottom`).toBeLessThanOrEqual(viewport.height);
      }
    }).toPass({ timeout: 10_000 });
  }

  test('telecontrol: the video, the PTZ pad, the emergency stop and the robot state are on screen as the robot is picked', async ({ page }) => {
    await openRobot(page, 'operator', 'PatrolA1');
    await expect(page.getByTestId('ptz')).toBeVisible();
    await expectOnScreen(page, ['video-player', 'ptz', 'emergency-button', 'robot-status-label', 'robot-battery', 'robot-online']);
    // Folding the tree gives the camera its width; everything stays on screen, and the choice is kept.
    const before = (await page.getByTestId('video-player').boundingBox())!;
    await page.getByTestId('robot-tree-toggle').click();
    await expect(page.getByTestId('robot-tree')).toHaveCount(0);
    await expect.poll(async () => (await page.getByTestId('video-player').boundingBox())!.width).toBeGreaterThan(before.width + 100);
    await expectOnScreen(page, ['video-player', 'ptz', 'emergency-button', 'robot-status-label']);
    await page.reload();
    await expect(page.getByTestId('robot-tree-toggle')).toHaveAttribute('data-folded', '1');
    await page.getByTestId('robot-tree-toggle').click();
    await expect(page.getByTestId('robot-tree')).toBeVisible();
  });

  test('telecontrol: a monitoring user sees the video and the state on screen, and View only', async ({ page }) => {
    await login(page, 'monitor');
    await page.goto('/home/telecontrol');
    await page.getByTestId('robot-tree').getByText('PatrolA1').click();
    await expect(page.getByTestId('telecontrol-view-only')).toBeVisible();
    await expectOnScreen(page, ['video-player', 'robot-status-label', 'robot-battery', 'telecontrol-view-only']);
  });

  test('track control: the live video, the motion controls with their stop and the state are on screen', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/trackrobot/control');
    await chooseOption(page, page.getByTestId('track-robot-tip-select'), 'RailInspect1 (04TP000001)', { exact: false });
    await expect(page.getByTestId('track-status')).toBeVisible();
    await expect(page.getByTestId('track-camera-player')).toBeVisible();
    await expectOnScreen(page, ['track-camera-player', 'track-status', 'track-position', 'track-remote-backward', 'track-remote-stop', 'track-remote-forward', 'track-remote-goTo', 'track-pitch-apply', 'track-lift-apply']);
  });
});
