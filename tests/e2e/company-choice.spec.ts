/** Issue 22: a super admin chooses the company of a new building and of a map upload (a subsidiary's included). */
import { expect, test } from './fixtures';
import { chooseOption, login } from './helpers';

test('map management: the super admin adds a building for a subsidiary and uploads for it from its buildings only', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await page.goto('/home/mapManage');
  await page.getByRole('tab', { name: 'Buildings' }).click();
  await page.getByTestId('building-add').click();
  const picker = page.getByTestId('building-company');
  await expect(picker).toBeVisible();
  await chooseOption(page, picker, 'HarborEast');
  await page.getByTestId('building-name').fill('EastGate');
  await page.getByTestId('building-region').fill('EastPort');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const row = page.getByTestId('building-table').locator('tr', { hasText: 'EastGate' });
  await expect(row).toContainText('HarborEast');

  // The upload dialog: the building list is the chosen company's.
  await page.getByRole('tab', { name: 'Maps' }).click();
  await page.getByTestId('map-upload').click();
  const dialog = page.getByTestId('map-upload-dialog');
  await chooseOption(page, dialog.getByTestId('map-upload-company'), 'HarborEast');
  await dialog.getByTestId('map-upload-building').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: 'EastGate' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'HQ' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await chooseOption(page, dialog.getByTestId('map-upload-company'), 'HarborSecurity');
  await dialog.getByTestId('map-upload-building').click();
  await expect(options.filter({ hasText: 'HQ' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'EastGate' })).toHaveCount(0);
});

test('map management: an enterprise admin chooses between its company and its subsidiary', async ({ page }) => {
  await login(page, 'entadmin');
  await page.goto('/home/mapManage');
  await page.getByRole('tab', { name: 'Buildings' }).click();
  await page.getByTestId('building-add').click();
  await chooseOption(page, page.getByTestId('building-company'), 'HarborEast');
  await expect(page.getByTestId('building-company')).toContainText('HarborEast');
});
