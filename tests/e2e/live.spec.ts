import { expect, test } from './fixtures';
import { callEvent, login, tokenOf } from './helpers';

// The front camera playing live (currentTime advances) is in telecontrol.spec.ts, with the camera view's other checks.

test('telecontrol: an offline robot shows "No video"', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('LobbyStatic').click();
  await expect(page.getByTestId('video-player-state')).toHaveText('No video');
});

test('the robot tree follows the robots’ states as they change, without a refresh', async ({ page }) => {
  // The monitoring user: no call permission, so the tree's own subscription carries the states.
  await login(page, 'monitor');
  await page.goto('/home/telecontrol');
  const robot = page.getByTestId('robot-tree').locator('[data-robot-id="01WR000002"]');
  const row = page.getByTestId('robot-tree').locator('.ant-tree-treenode', { has: page.locator('[data-robot-id="01WR000002"]') });
  await expect(robot).toHaveText('PatrolA2');
  const token = await tokenOf(page, 'entadmin');
  expect((await callEvent(page, 'emergencyButton', { robotId: '01WR000002', status: 1 }, token)).statusCode).toBe(200);
  try {
    await expect(robot).toHaveAttribute('data-state', 'alert', { timeout: 10_000 });
    await expect(row).toContainText('Emergency stop');
  } finally {
    expect((await callEvent(page, 'emergencyButton', { robotId: '01WR000002', status: 0 }, token)).statusCode).toBe(200);
  }
  await expect(robot).not.toHaveAttribute('data-state', 'alert', { timeout: 10_000 });
  await expect(row).not.toContainText('Emergency stop');
});
