import { expect, test } from './fixtures';
import { login } from './helpers';

// The front camera playing live (currentTime advances) is in telecontrol.spec.ts, with the camera view's other checks.

test('telecontrol: an offline robot shows "No video"', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('LobbyStatic').click();
  await expect(page.getByTestId('video-player-state')).toHaveText('No video');
});
