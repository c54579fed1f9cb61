/**
 * Takes the README's screenshots at 1366×768 (the spec's tablet width) into docs/screenshots.
 * Run with `npm run screenshots` after a change to a main screen; commit the pictures it writes.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

const out = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.jpg`, import.meta.url));

async function loginAs(page: Page, user: string, lang: 'en' | 'zh' | 'ja' = 'en'): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await page.getByTestId(`lang-${lang}`).click();
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\//, { timeout: 60_000 });
}

/** Lets live parts (video, positions, charts) draw, then takes the page as a user sees it. */
async function shoot(page: Page, name: string, settle = 2_500): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(settle);
  await page.mouse.move(1365, 767);
  await page.screenshot({ path: out(name), type: 'jpeg', quality: 80 });
}

test('README screenshots', async ({ page }) => {
  await loginAs(page, 'entadmin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(page.getByTestId('control-panel')).toBeVisible();
  await expect(page.locator('video').first()).toBeVisible();
  await shoot(page, 'telecontrol', 5_000);

  await page.goto('/home/navPandect');
  await shoot(page, 'navigation-overview', 4_000);

  await page.goto('/home/alarmManage');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).first().click({ timeout: 2_000 }).catch(() => undefined);
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  await shoot(page, 'alarm-management');

  await page.goto('/home/videoPandect');
  await shoot(page, 'video-wall', 6_000);

  await page.goto('/home/monitorOverview');
  await shoot(page, 'monitor-overview', 4_000);

  // The same console in Chinese, for a user who only watches and processes alarms.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'monitor', 'zh');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(page.locator('video').first()).toBeVisible();
  await shoot(page, 'telecontrol-monitor-zh', 5_000);
});
