/**
 * Issue 20: the robot's own picture (snapPictures) as a user meets it: taken from telecontrol,
 * shown at once as a thumbnail that opens large, named by its camera; listed under Snapped
 * pictures with its thumbnail and camera name (not the number 0-4).
 */
import { expect, test } from './fixtures';
import { login } from './helpers';

test('robot picture: taken with the Back camera, shown as a thumbnail that opens large, and listed under Snapped pictures by camera name', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
  await page.getByTestId('camera-switch').getByText('Back', { exact: true }).click();
  await page.getByTestId('robot-snap').hover();
  await expect(page.getByRole('tooltip', { name: /^Robot picture: the robot takes/ })).toBeVisible();
  await page.getByTestId('robot-snap').click();
  await expect(page.getByText('The robot took a picture with the Back camera; it is kept under Snapped pictures')).toBeVisible();
  // The button's tooltip closes on click (it stayed over the presets dialog beside it before).
  await expect(page.getByRole('tooltip', { name: /^Robot picture: the robot takes/ })).toBeHidden();
  const last = page.getByTestId('robot-snap-last');
  await expect(last).toHaveAttribute('data-camera', '1');
  const thumb = last.locator('img');
  await expect(thumb).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await thumb.click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await expect(page.getByTestId('robot-snap-preview-caption')).toHaveText('Back camera · robot picture');
  const src = await thumb.getAttribute('src');

  // Snapped pictures: the newest row is this picture, with its thumbnail and the camera's name.
  await page.goto('/home/snapPicture');
  const table = page.getByTestId('entity-table-snap-picture');
  const row = table.locator('tbody tr', { has: page.locator(`img[src="${src}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Back');
  await expect(row).toContainText('PatrolA1');
});
