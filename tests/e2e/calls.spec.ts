/**
 * Issue 21: calls with robots in Chromium with fake media devices (microphone and camera): the
 * simulated robots are real WebRTC peers (server/simulator/sim-call.ts) that answer with a VP8
 * clip and an Opus tone and count the audio they receive.
 */
import { expect, test, type Page } from './fixtures';
import { CHROMIUM_ARGS } from '../helpers/chromium';
import { callEvent, login, tokenOf } from './helpers';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
  viewport: { width: 1366, height: 768 },
});
test.setTimeout(120_000);

async function openRobot(page: Page, robotName: string) {
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText(robotName).click();
  await expect(page.getByTestId('call-panel')).toBeVisible();
}

const callIdOf = async (page: Page) => (await page.getByTestId('call-panel').getAttribute('data-call-id')) ?? '';

test('a video call: on call, the robot video plays, the robot hears the console; hang up is logged with its duration', async ({ page }) => {
  await login(page, 'admin');
  const token = await tokenOf(page, 'admin');
  await openRobot(page, 'PatrolA1');
  await page.getByTestId('call-video-start').click();
  await expect(page.getByTestId('call-state')).toHaveAttribute('data-phase', 'onCall', { timeout: 40_000 });
  const callId = await callIdOf(page);
  expect(callId).toMatch(/^[0-9a-f]{16,64}$/);
  // Frames advance in the page.
  const video = page.getByTestId('call-video');
  await expect(video).toBeVisible();
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(t0 + 0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  // The robot receives the console's (fake) microphone.
  await expect.poll(async () => (await callEvent(page, 'getCallInfo', { callId }, token)).param?.robotAudioPackets ?? 0, { timeout: 20_000 }).toBeGreaterThan(10);
  await expect(page.getByTestId('call-duration')).toHaveText(/^00:0[1-9]|^00:[1-5]\d/);
  // Mute toggles the microphone.
  await page.getByTestId('call-mute').click();
  await expect(page.getByTestId('call-mute')).toHaveAttribute('data-muted', '1');
  // Everything of the telecontrol screen stays in view at 1366×768.
  for (const id of ['video-player', 'emergency-button', 'call-hangup']) {
    const box = (await page.getByTestId(id).first().boundingBox())!;
    expect(box.y + box.height, id).toBeLessThanOrEqual(768);
  }
  await page.getByTestId('call-hangup').click();
  await expect(page.getByTestId('call-result')).toHaveAttribute('data-kind', 'hangUp');
  const info = (await callEvent(page, 'getCallInfo', { callId }, token)).param;
  expect(info).toMatchObject({ callId, robotId: '01WR000001', state: 0, result: 2, direction: 1, video: true });
  expect(info.duration).toBeGreaterThanOrEqual(1);
  // The call log lists it.
  await page.goto('/home/webrtcLog');
  await expect(page.locator('.ant-table-row').filter({ hasText: 'PatrolA1' }).filter({ hasText: 'Hang up' }).first()).toBeVisible();
});

test('a busy robot answers "In conversation"; an offline robot is refused "Robot not online"', async ({ page }) => {
  await login(page, 'admin');
  const token = await tokenOf(page, 'entadmin');
  // Another console has a call with PatrolA2 waiting.
  const other = await callEvent(page, 'callStart', { robotId: '01WR000002', video: false }, token);
  expect(other.statusCode).toBe(200);
  try {
    await openRobot(page, 'PatrolA2');
    await page.getByTestId('call-voice').click();
    await expect(page.getByTestId('call-result')).toHaveAttribute('data-kind', 'busy', { timeout: 20_000 });
    await expect(page.getByTestId('call-result')).toContainText('In conversation');
  } finally {
    await callEvent(page, 'callHangUp', { callId: other.param.callId }, token);
  }
  await openRobot(page, 'LobbyStatic');
  await expect(page.getByTestId('call-voice')).toHaveAttribute('data-blocked', '1');
  await page.getByTestId('call-voice').click();
  await expect(page.getByTestId('call-result')).toContainText('Robot not online', { timeout: 20_000 });
});

test('switching robot mid-call asks first, then ends the call', async ({ page }) => {
  await login(page, 'admin');
  const token = await tokenOf(page, 'admin');
  await openRobot(page, 'PatrolA1');
  await page.getByTestId('call-voice').click();
  await expect(page.getByTestId('call-state')).toHaveAttribute('data-phase', 'onCall', { timeout: 40_000 });
  const callId = await callIdOf(page);
  // Keep calling: the robot stays selected.
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'End the call with PatrolA1?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep calling' }).click();
  await expect(page.getByTestId('call-state')).toHaveAttribute('data-phase', 'onCall');
  expect((await callEvent(page, 'getCallInfo', { callId }, token)).param.state).toBe(2);
  // End the call: the switch goes on and the call is over.
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  await dialog.getByRole('button', { name: 'End call' }).click();
  await expect(page.getByTestId('robot-status-panel')).toContainText('01WR000002');
  await expect.poll(async () => (await callEvent(page, 'getCallInfo', { callId }, token)).param.state).toBe(0);
  expect((await callEvent(page, 'getCallInfo', { callId }, token)).param.result).toBe(2);
});

test("the browser's Back button and a reload ask before a call ends", async ({ page }) => {
  await login(page, 'admin');
  const token = await tokenOf(page, 'admin');
  // Telecontrol is opened through the menu, so Back stays inside the console (one document).
  await page.goto('/home/webrtcLog');
  await expect(page.locator('.ant-table')).toBeVisible();
  await page.getByRole('menuitem', { name: /Telecontrol/ }).click();
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.getByTestId('call-voice').click();
  await expect(page.getByTestId('call-state')).toHaveAttribute('data-phase', 'onCall', { timeout: 40_000 });
  const callId = await callIdOf(page);
  // A reload asks the browser's "Leave site?" question; staying keeps the call.
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.type());
    void d.dismiss();
  });
  await page.evaluate(() => setTimeout(() => location.reload(), 0));
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await expect(page.getByTestId('call-state')).toHaveAttribute('data-phase', 'onCall');
  // Back asks "End the call with PatrolA1?"; keeping the call stays on telecontrol.
  const dialog = page.getByRole('dialog').filter({ hasText: 'End the call with PatrolA1?' });
  await page.evaluate(() => history.back());
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep calling' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home\/telecontrol$/);
  await expect(page.getByTestId('call-state')).toHaveAttribute('data-phase', 'onCall');
  expect((await callEvent(page, 'getCallInfo', { callId }, token)).param.state).toBe(2);
  // Back again, ending the call: the page goes back and the call is over.
  await page.evaluate(() => history.back());
  await dialog.getByRole('button', { name: 'End call' }).click();
  await expect(page).toHaveURL(/\/home\/webrtcLog$/);
  await expect.poll(async () => (await callEvent(page, 'getCallInfo', { callId }, token)).param.state).toBe(0);
  expect((await callEvent(page, 'getCallInfo', { callId }, token)).param.result).toBe(2);
});

test('an SOS remote call from the robot rings the console and can be accepted', async ({ page }) => {
  page.on('console', (m) => m.type() === 'error' && console.log('page:', m.text()));
  await login(page, 'admin');
  const token = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'serverMediaOption', { robotId: '01WR000001', mode: 2 }, token)).statusCode).toBe(200);
  // The ring overlay's fleet subscription is up (its snapshot arrived) before the robot presses its button:
  // on a loaded machine the page's socket opened 8 s after the page (a fixed 5 s wait missed the ring).
  const fleetSubscribed = page
    .waitForEvent('websocket')
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"topic":"fleet","event":"snapshot"'), timeout: 60_000 }));
  await page.goto('/home/robotManage');
  await fleetSubscribed;
  expect((await callEvent(page, 'simulateSosCall', { robotId: '01WR000001', video: true }, token)).param).toMatchObject({ mode: 2 });
  await expect(page.locator('[data-testid="sos-call-ring"][data-robot="01WR000001"][data-state="ringing"]')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('sos-call-accept').click();
  await expect(page).toHaveURL(/\/home\/telecontrol/);
  await expect(page.getByTestId('call-state')).toHaveAttribute('data-phase', 'onCall', { timeout: 40_000 });
  const callId = await callIdOf(page);
  expect((await callEvent(page, 'getCallInfo', { callId }, token)).param).toMatchObject({ robotId: '01WR000001', direction: 2, state: 2 });
  await page.getByTestId('call-hangup').click();
  await expect(page.getByTestId('call-result')).toHaveAttribute('data-kind', 'hangUp');
  await callEvent(page, 'serverMediaOption', { robotId: '01WR000001', mode: 1 }, token);
});
