import { expect, test } from './fixtures';
import { login } from './helpers';

test('history video: a recorded clip is exported with progress, plays, and is listed in video playback', async ({ page }) => {
  await login(page, 'admin');
  // Needs a robot: the tip first.
  await page.goto('/home/historyVideo');
  await expect(page.getByTestId('robot-required-tip')).toBeVisible();

  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.getByTestId('menu-historyVideo').click();
  await expect(page).toHaveURL(/\/home\/historyVideo$/);
  await expect(page.getByTestId('history-video')).toContainText('01WR000001');
  // Today is marked as recorded; pick the newest day with clips (today, or the day before just after midnight).
  await expect(page.getByTestId('history-video-calendar').locator('[data-recorded="yes"]').first()).toBeVisible();
  const clips = page.getByTestId('history-video-clips');
  let exportButton = clips.getByTestId(/^history-video-export-\d+$/).last();
  if (!(await exportButton.waitFor({ timeout: 5_000 }).then(() => true, () => false))) {
    await page.getByTestId('history-video-calendar').locator('[data-recorded="yes"]').last().click();
    exportButton = clips.getByTestId(/^history-video-export-\d+$/).last();
  }
  await exportButton.click();
  const dialog = page.getByTestId('history-video-export-dialog');
  await expect(dialog).toContainText('At most 30 minutes within the clip');
  await page.getByTestId('history-video-export-ok').click();
  await expect(dialog).toBeHidden();

  // Uploading with progress, then ready to play.
  const item = page.getByTestId('history-video-exports').locator('[data-testid^="history-video-exports-"]').first();
  await expect(item).toContainText('Uploading');
  await expect(item.locator('.ant-progress')).toBeVisible();
  await expect(item).toContainText('Ready', { timeout: 20_000 });
  await item.getByRole('button', { name: 'Play' }).click();
  const video = page.getByTestId('history-video-player');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
  // The dialog's close button (Escape only reaches the dialog once it holds the focus).
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(video).toBeHidden();

  // The export is listed in video playback, and plays there too.
  await page.getByTestId('menu-videoPlayback').click();
  const table = page.getByTestId('video-playback-table');
  await expect(table).toContainText('01WR000001');
  await expect(table).toContainText('Ready');
  await table.getByRole('button', { name: 'Play' }).first().click();
  await expect(page.getByTestId('history-video-player')).toBeVisible();
});

test('history video: an export can be cancelled, and a general user may browse but not export', async ({ page, browser }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.getByTestId('menu-historyVideo').click();
  const clips = page.getByTestId('history-video-clips');
  let exportButton = clips.getByTestId(/^history-video-export-\d+$/).last();
  if (!(await exportButton.waitFor({ timeout: 5_000 }).then(() => true, () => false))) {
    await page.getByTestId('history-video-calendar').locator('[data-recorded="yes"]').last().click();
    exportButton = clips.getByTestId(/^history-video-export-\d+$/).last();
  }
  await exportButton.click();
  await page.getByTestId('history-video-export-ok').click();
  // The export dialog closes first (on a loaded machine its closing OK button is still there for a while).
  await expect(page.getByTestId('history-video-export-dialog')).toBeHidden();
  const item = page.getByTestId('history-video-exports').locator('[data-testid^="history-video-exports-"]').first();
  await item.getByRole('button', { name: 'Cancel export' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
  await expect(item).toContainText('Cancelled');
  await expect(item.getByRole('button', { name: 'Play' })).toHaveCount(0);

  // A general user sees the days and clips, with no export button (the server refuses it too: tests/api).
  const other = await (await browser.newContext()).newPage();
  await login(other, 'monitor');
  await other.goto('/home/telecontrol');
  await other.getByTestId('robot-tree').getByText('PatrolA1').click();
  await other.getByTestId('menu-historyVideo').click();
  await expect(other.getByTestId('history-video-clips').locator('tbody tr').first()).toBeVisible();
  await expect(other.getByTestId('history-video-calendar').locator('[data-recorded="yes"]').first()).toBeVisible();
  await expect(other.getByTestId(/^history-video-export-\d+$/)).toHaveCount(0);
});
