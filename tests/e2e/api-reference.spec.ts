import { expect, test } from './fixtures';
import { login } from './helpers';

test('API reference: an administrator browses the generated protocol in the console; enterprise roles do not get it', async ({ page }) => {
  await login(page, 'admin');
  await page.getByTestId('side-menu').getByText('API reference').click();
  await expect(page).toHaveURL(/\/home\/apiReference$/);
  await expect(page.getByTestId('api-reference-openapi')).toHaveAttribute('href', '/api/openapi.json');
  const frame = page.frameLocator('[data-testid="api-reference-frame"]');
  await expect(frame.getByRole('heading', { name: /Fleet Console protocol/ })).toBeVisible({ timeout: 20_000 });
  // Swagger UI's servers list has a name (issue 22, axe select-name: the server's init script gives it one).
  await expect(frame.getByRole('combobox', { name: 'Servers' })).toBeVisible();
  // The maps feature's events, with the catalogue's summary.
  await frame.locator('h3#operations-tag-maps').click();
  const op = frame.locator('#operations-maps-getMapById');
  await expect(op).toContainText('/api/interface#getMapById');
  await expect(op).toContainText('One map (spec §7');

  await page.getByTestId('logout').click();
  await login(page, 'entadmin');
  await expect(page.getByTestId('side-menu').getByText('API reference')).toHaveCount(0);
  await page.goto('/home/apiReference');
  await expect(page.getByTestId('api-reference-page')).toHaveCount(0);
});
