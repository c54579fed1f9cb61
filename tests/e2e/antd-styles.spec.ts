import { expect, test, type Page } from './fixtures';
import { login } from './helpers';

/**
 * antd's styles made at build time (vite.config.ts antdStaticStyles, scripts/antd-styles.ts): a
 * console page takes its components' styles from the remembered skin's file instead of making them,
 * and a skin switch either way (to a skin whose file is not loaded) still styles every component.
 */

/** antd <style> elements the browser made for buttons (none when the file holds them). */
const madeButtonStyles = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('style')].filter((s) => /\.ant-btn[{.:\s,]/.test(s.textContent ?? '')).length);
const colourOf = (page: Page, selector: string, property: 'backgroundColor' | 'fontWeight') =>
  page.evaluate(([sel, prop]) => getComputedStyle(document.querySelector(sel!)!)[prop as 'backgroundColor'], [selector, property] as const);
const isDark = (rgb: string) => {
  const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
  return (r! + g! + b!) / 3 < 128;
};
const BRAND = 'rgb(22, 104, 220)';

test("console pages draw antd's components from the skin's build-time styles; a skin switch either way keeps them styled", async ({ page }) => {
  // The login page only prefetches the file (it draws a few components; the console's next load uses it).
  await page.goto('/');
  await expect(page.locator('link[rel="prefetch"][href*="/assets/antd-light-"]')).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/antd-"]')).toHaveCount(0);

  await login(page, 'admin');
  await page.goto('/home/companyManage');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/antd-light-"]')).toHaveCount(1);
  expect(await madeButtonStyles(page)).toBe(0);
  expect(await colourOf(page, '.ant-btn-primary', 'backgroundColor')).toBe(BRAND);
  expect(await colourOf(page, '.ant-table-thead th', 'fontWeight')).toBe('600');

  // Dark, switched on the page: its styles are not in the loaded file, so antd makes them.
  await page.getByTestId('skin-switch').click();
  await expect.poll(() => colourOf(page, '.ant-layout', 'backgroundColor').then(isDark)).toBe(true);
  // (antd eases colours over 0.2 s)
  await expect.poll(() => colourOf(page, '.ant-table-thead th', 'backgroundColor').then(isDark)).toBe(true);
  expect(await madeButtonStyles(page)).toBeGreaterThan(0);

  // A load in the dark skin takes the dark file.
  await page.reload();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/antd-dark-"]')).toHaveCount(1);
  expect(await madeButtonStyles(page)).toBe(0);
  expect(isDark(await colourOf(page, '.ant-layout', 'backgroundColor'))).toBe(true);
  expect(isDark(await colourOf(page, '.ant-table-thead th', 'backgroundColor'))).toBe(true);

  // Back to light from there: made in the browser, the same colours as from the file.
  await page.getByTestId('skin-switch').click();
  await expect.poll(() => colourOf(page, '.ant-layout', 'backgroundColor').then(isDark)).toBe(false);
  await expect.poll(() => colourOf(page, '.ant-btn-primary', 'backgroundColor')).toBe(BRAND);
  await expect.poll(() => colourOf(page, '.ant-table-thead th', 'backgroundColor').then(isDark)).toBe(false);
  expect(await colourOf(page, '.ant-table-thead th', 'fontWeight')).toBe('600');
});
