import { expect, test } from './fixtures';
import { login } from './helpers';

test('history video: a recording plays from the moment clicked on the day’s timeline, without exporting', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.getByTestId('menu-historyVideo').click();
  // Today's clips (or the day before, just after midnight) as segments over 00:00–24:00.
  const timeline = page.getByTestId('history-video-timeline');
  if (!(await timeline.waitFor({ timeout: 5_000 }).then(() => true, () => false))) await page.getByTestId('history-video-calendar').locator('[data-recorded="yes"]').last().click();
  const segment = timeline.getByTestId('history-video-timeline-segment-0');
  await expect(segment).toBeVisible();

  // Between recordings: said so, nothing plays.
  const bar = timeline.getByTestId('history-video-timeline-bar');
  const box = (await bar.boundingBox())!;
  await bar.click({ position: { x: box.width * (1.5 / 24), y: box.height / 2 } }); // 01:30, clips start every 2 h and last 10 min
  await expect(timeline.getByTestId('history-video-timeline-missing')).toHaveText(/^No recording at 01:\d\d:\d\d$/); // a pixel is about 2.5 min
  await expect(page.getByTestId('history-video-replay-player')).toBeHidden();

  // In a recording: plays from there, the clock shows the recording's time (00:00–00:10 for the first clip).
  const seg = (await segment.boundingBox())!;
  await page.mouse.click(seg.x + 1, seg.y + seg.height / 2);
  const video = page.getByTestId('history-video-replay-player-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  const clock = timeline.getByTestId('history-video-timeline-clock');
  await expect(clock).toContainText(/ 00:0\d:\d\d$/);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(first + 1);

  // By keyboard: a time and Play.
  const picker = timeline.getByTestId('history-video-timeline-time');
  await picker.click();
  await page.keyboard.type('00:05:00');
  await page.keyboard.press('Enter');
  await timeline.getByTestId('history-video-timeline-play').focus();
  await page.keyboard.press('Enter');
  await expect(clock).toContainText(/ 00:05:\d\d$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
});
