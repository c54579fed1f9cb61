/**
 * Issue 20: the robot's named PTZ presets (getPTZParam / setPTZParam) in telecontrol, as a user
 * meets them in Chromium: the list with names, save the current position under a number and a
 * name, go to it, remove it; 2, 45 and 49 are refused with the spec's message and nothing stored.
 */
import { expect, test } from './fixtures';
import { callEvent, login, tokenOf } from './helpers';

test('named presets: listed from the robot, saved under a name, recalled; 45 refused with the exact message', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  // A known start: the robot keeps one named preset (asked until the simulated robot is online: this spec may run first).
  await expect.poll(async () => (await callEvent(page, 'setPTZParam', { robotId: '01WR000001', presets: [{ id: 7, name: 'Gate' }] }, admin)).statusInfo, { timeout: 30_000 }).toBe('Success');
  await login(page, 'operator');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();

  await page.getByTestId('ptz-presets').click();
  const dialog = page.getByTestId('ptz-presets-dialog');
  await expect(page.locator('.ant-modal-title')).toHaveText('Presets of the robot · Front camera');
  await expect(dialog.getByTestId('ptz-preset-7')).toContainText('Gate');

  // Reserved: refused by the robot's list with the spec's message; nothing stored.
  await dialog.getByTestId('ptz-preset-number').fill('45');
  await dialog.getByTestId('ptz-preset-name').fill('Lobby');
  await dialog.getByTestId('ptz-preset-save').click();
  await expect(dialog.getByTestId('ptz-preset-error')).toHaveText('Presets 2, 45 and 49 are reserved');
  expect((await callEvent(page, 'getPTZParam', { robotId: '01WR000001' }, admin)).param.presets).toEqual([{ id: 7, name: 'Gate' }]);

  // Letters do not enter the number.
  await dialog.getByTestId('ptz-preset-number').fill('');
  await dialog.getByTestId('ptz-preset-number').pressSequentially('1a2');
  await expect(dialog.getByTestId('ptz-preset-number')).toHaveValue('12');
  await dialog.getByTestId('ptz-preset-save').click();
  await expect(page.getByText('Preset 12 “Lobby” saved')).toBeVisible();
  await expect(dialog.getByTestId('ptz-preset-12')).toContainText('Lobby');
  await expect(dialog.getByTestId('ptz-preset-error')).toHaveCount(0);
  expect((await callEvent(page, 'getPTZParam', { robotId: '01WR000001' }, admin)).param.presets).toEqual(
    expect.arrayContaining([{ id: 7, name: 'Gate' }, { id: 12, name: 'Lobby' }]),
  );

  // Go to it: the camera knows its position (set by the save).
  await dialog.getByTestId('ptz-preset-go-12').click();
  await expect(page.getByText('Go to preset 12 Lobby: accepted by the robot')).toBeVisible();

  // Remove, confirmed first.
  await dialog.getByTestId('ptz-preset-remove-7').click();
  await expect(page.getByText('Remove preset 7 “Gate” from the robot\'s list?')).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByTestId('ptz-preset-7')).toHaveCount(0);
  expect((await callEvent(page, 'getPTZParam', { robotId: '01WR000001' }, admin)).param.presets).toEqual([{ id: 12, name: 'Lobby' }]);

  // Reopened: read from the robot again.
  await page.locator('.ant-modal-close').click();
  await expect(page.getByTestId('ptz-presets-dialog')).toHaveCount(0);
  await page.getByTestId('ptz-presets').click();
  await expect(page.getByTestId('ptz-presets-dialog').getByTestId('ptz-preset-12')).toContainText('Lobby');
  await callEvent(page, 'setPTZParam', { robotId: '01WR000001', presets: [] }, admin);
});
