/**
 * Issue 20: telecontrol's SOS mode (serverMediaOption, spec §9: 1 rescue sound, 2 remote call)
 * and SOS button (interactiveSOS) as a user meets them in Chromium.
 */
import { expect, test } from './fixtures';
import { callEvent, chooseOption, login, tokenOf } from './helpers';

test('SOS mode is read from the robot, changed in the select and kept; the SOS button is answered in each mode', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'serverMediaOption', { robotId: '01WR000002', mode: 1 }, admin)).param.mode).toBe(1);
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
  const mode = page.getByTestId('telecontrol-sos-mode');
  await expect(mode).toContainText('Rescue sound');

  // Rescue sound: the robot sounds its alarm.
  await page.getByTestId('telecontrol-sos').click();
  await expect(page.getByText('SOS sent to the robot')).toBeVisible();

  // Remote call: stored on the robot, read back after a reload.
  await chooseOption(page, mode, 'Remote call');
  await expect.poll(async () => (await callEvent(page, 'serverMediaOption', { robotId: '01WR000002' }, admin)).param.mode).toBe(2);
  await page.reload();
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  await expect(page.getByTestId('telecontrol-sos-mode')).toContainText('Remote call');
  await page.getByTestId('telecontrol-sos').click();
  await expect(page.getByText('SOS sent to the robot').last()).toBeVisible();
  // The remote call rings on: hang it up, so later tests find the robot out of a call.
  await page.getByTestId('control-remoteCall').click();
  await expect(page.getByTestId('control-remoteCall')).toHaveCount(0, { timeout: 15_000 });

  // Put it back.
  expect((await callEvent(page, 'serverMediaOption', { robotId: '01WR000002', mode: 1 }, admin)).param.mode).toBe(1);
});

test('an offline robot offers no SOS: the mode and the button are disabled with the reason', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('LobbyStatic').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
  await expect(page.getByTestId('telecontrol-sos')).toBeDisabled();
  await page.getByTestId('telecontrol-sos').hover({ force: true });
  await expect(page.getByText('Robot not online').first()).toBeVisible();
});
