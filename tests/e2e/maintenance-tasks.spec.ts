/** Issue 19: a user sends a suggestion from the header; a platform admin handles it; a behaviour alarm rule is added. */
import { expect, test } from './fixtures';
import { login } from './helpers';

test('a general user sends a suggestion and a platform admin sees it as new', async ({ page, browser }) => {
  await login(page, 'monitor');
  await page.getByTestId('send-suggestion').click();
  await page.getByTestId('suggestion-content').fill('E2E: please add a night patrol report');
  await page.locator('#suggestion-send').click();
  await expect(page.getByText('Thank you, your suggestion was sent')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await login(admin, 'platform');
  await admin.goto('/home/suggestion');
  const row = admin.getByRole('row', { name: /E2E: please add a night patrol report/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('New')).toBeVisible();
});

test('the enterprise admin cannot open the suggestion page', async ({ page }) => {
  await login(page, 'entadmin');
  await page.goto('/home/suggestion');
  await expect(page.getByText('E2E: please add a night patrol report')).toHaveCount(0);
});

test('behaviour alarms list opens for the super admin', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/actAlarm');
  await expect(page.getByRole('columnheader', { name: 'Behaviour' })).toBeVisible();
});
