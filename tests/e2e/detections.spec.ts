import { expect, test } from './fixtures';
import { renderDetectionPicture } from '../../server/simulator/detection-picture';
import { login } from './helpers';
import { faceSheet } from '../helpers/face-sheet';

const row = (name: string, idNumber: string, photo: string) => [name, 'Female', '', 'ID card', idNumber, 'Harbor', '13900139000', 'Clerk', 'Black list', '', photo];
const photos = [1, 2].map((i) => ({ name: `face${i}.png`, mimeType: 'image/png', buffer: renderDetectionPicture('face', 900 + i) }));

test('a face batch with one bad row is refused with the batch error; the fixed batch imports', async ({ page }) => {
  await login(page, 'entsuper');
  await page.goto('/home/faceDetection');
  await expect(page.getByTestId('entity-table-face-entry')).toBeVisible();

  const bad = await faceSheet([row('Sun Li', '11010519491231002X', 'face1.png'), row('Zhou Min', '110105194902310021', 'face2.png')]);
  let chooser = page.waitForEvent('filechooser');
  await page.getByTestId('entity-import-face-entry').click();
  await (await chooser).setFiles([{ name: 'faces.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad }, ...photos]);
  await expect(page.getByTestId('import-error')).toHaveText('Batch error: row 4 failed validation (ID card number: invalid birth date)');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('entity-table-face-entry')).not.toContainText('Sun Li');

  const fixed = await faceSheet([row('Sun Li', '11010519491231002X', 'face1.png'), row('Zhou Min', '11010519491231002X', 'face2.png')]);
  chooser = page.waitForEvent('filechooser');
  await page.getByTestId('entity-import-face-entry').click();
  await (await chooser).setFiles([{ name: 'faces.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fixed }, ...photos]);
  await expect(page.getByText('2 rows imported')).toBeVisible();
  const table = page.getByTestId('entity-table-face-entry');
  await expect(table).toContainText('Sun Li');
  await expect(table).toContainText('Zhou Min');
  await expect(table.getByTestId('image-preview-type').first()).toHaveText('Black list');
});

test('a detection opens in the viewer: picture, previous / next, and its position with the distance', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/plateDetection');
  const table = page.getByTestId('entity-table-plate-detection');
  // The simulator's robots report plates every few seconds; wait for at least two of them
  // (the suite's server may have been running for minutes and hold many).
  await expect(async () => {
    await page.getByRole('button', { name: 'reload' }).click();
    expect(await table.locator('[data-testid^="detection-open-"]').count()).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 45_000 });

  await table.locator('[data-testid^="detection-open-"]').first().click();
  const viewer = page.getByTestId('detection-viewer');
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId('detection-viewer-counter')).toHaveText(/^1 \/ ([2-9]|[1-9]\d+)$/);
  const picture = page.getByTestId('detection-viewer-picture');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  const firstTitle = await page.getByTestId('detection-viewer-title').textContent();
  await expect(page.getByTestId('detection-viewer-prev')).toBeDisabled();

  await page.getByTestId('detection-viewer-next').click();
  await expect(page.getByTestId('detection-viewer-counter')).toHaveText(/^2 \//);
  await expect(page.getByTestId('detection-viewer-title')).not.toHaveText(firstTitle ?? '');

  await page.getByTestId('detection-viewer-mode').getByText('Position').click();
  const position = page.getByTestId('detection-position');
  await expect(position).toBeVisible();
  await expect(page.getByTestId('detection-distance')).toHaveText(/^Distance from start to end: \d+\.\d m$/);
  await expect(position.locator('svg line')).toHaveCount(1);
  await expect(position).toContainText('Start GPS');
  await expect(position).toContainText('End GPS');

  await page.getByTestId('detection-viewer-prev').click();
  await expect(page.getByTestId('detection-viewer-counter')).toHaveText(/^1 \//);
  await expect(page.getByTestId('detection-viewer-title')).toHaveText(firstTitle ?? '');
  await page.getByTestId('detection-viewer-mode').getByText('Picture').click();
  await expect(picture).toBeVisible();

  // The orbit: every record of the page where it was seen, in time order.
  await page.getByTestId('detection-viewer-mode').getByText('Orbit').click();
  await expect(page.getByTestId('detection-orbit-length')).toHaveText(/^\d+ sightings, \d+\.\d m in all$/);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The heat of the list by weekday and hour.
  await page.getByTestId('entity-heat-plate-detection').click();
  await expect(page.getByTestId('heat-grid')).toContainText(/\d+ records/);
});

test('environment readings are charted with their thresholds', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/envDetection');
  const table = page.getByTestId('entity-table-env-detection');
  await expect(async () => {
    await page.getByRole('button', { name: 'reload' }).click();
    await expect(table.locator('[data-testid^="detection-open-"]').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByTestId('entity-chart-env-detection').click();
  const chart = page.getByTestId('detection-chart');
  await expect(chart).toContainText('Smoke (ppm)');
  await expect(chart.getByTestId('chart-threshold-smoke')).toContainText('Threshold 300');
  await expect(chart.getByTestId('chart-smoke').locator('circle')).not.toHaveCount(0);
});
