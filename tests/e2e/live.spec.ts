import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('telecontrol: the front camera plays live (currentTime advances) and the camera switch changes the stream', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  const player = page.getByTestId('video-player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const video = page.getByTestId('video-player-video');
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t0 + 1);
  await page.getByTestId('camera-switch').getByText('Infrared').click();
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
});

test('telecontrol: an offline robot shows "No video"', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('LobbyStatic').click();
  await expect(page.getByTestId('video-player-state')).toHaveText('No video');
});
