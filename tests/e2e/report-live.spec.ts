/**
 * Issue 22 (dataOutput read 0 alarms this week for PatrolA1 while getSummaryStatistics over the API,
 * same token and period, answered 1): the report kept the figures of when it was first opened (a
 * 30 s cache and no reading again while open), and its robot table counted from UTC midnight (no
 * utcOffset). The page must agree with the API after an alarm, while open and when opened again.
 */
import { expect, test } from './fixtures';
import { callEvent, login, releaseAlarms, tokenOf } from './helpers';

// A browser away from UTC: days begin at its midnight, for the figures and the robot table alike.
test.use({ timezoneId: 'Asia/Tokyo' });

test('the report of the selected robot follows alarms raised while it is open and when it is opened again, and agrees with the API', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  await login(page, 'entsuper');
  const token = await tokenOf(page, 'entsuper');
  await page.getByTestId('robot-tree').getByText('PatrolA1', { exact: true }).click();
  await page.getByTestId('menu-dataOutput').click();
  await expect(page).toHaveURL(/\/home\/dataOutput/);
  const total = page.getByTestId('data-output-stat-total');
  await expect(total).toHaveAttribute('data-value', /^\d+$/);
  const utcOffset = await page.evaluate(() => -new Date().getTimezoneOffset());
  const api = async () => (await callEvent(page, 'getSummaryStatistics', { robotId: '01WR000001', period: 'week', utcOffset }, token)).param.total as number;
  const robotRow = page.getByTestId('data-output-robots').locator('tr.ant-table-row', { hasText: '01WR000001' });
  const shown = async () => Number(await total.getAttribute('data-value'));
  await expect.poll(shown).toBe(await api());
  const before = await shown();

  // Raised while the page is open: the figures and the robot table read it without a reload.
  expect((await callEvent(page, 'simulateAlarm', { robotId: '01WR000001', code: 314 }, admin)).statusCode).toBe(200);
  await expect.poll(api, { timeout: 20_000 }).toBe(before + 1);
  await expect(total).toHaveAttribute('data-value', String(before + 1), { timeout: 20_000 });
  await expect(robotRow.locator('td').last()).toHaveText(String(before + 1));

  // Raised while another page is open, then the report opened again within its former 30 s cache.
  await page.getByTestId('menu-telecontrol').click();
  await expect(page).toHaveURL(/\/home\/telecontrol/);
  expect((await callEvent(page, 'simulateAlarm', { robotId: '01WR000001', code: 315 }, admin)).statusCode).toBe(200);
  await expect.poll(api, { timeout: 20_000 }).toBe(before + 2);
  await page.getByTestId('menu-dataOutput').click();
  await expect(total).toHaveAttribute('data-value', String(before + 2), { timeout: 20_000 });
  await expect(robotRow.locator('td').last()).toHaveText(String(before + 2));

  expect(await releaseAlarms(page, admin, '01WR000001', [314, 315])).toHaveLength(2);
});
