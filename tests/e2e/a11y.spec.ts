/**
 * Accessibility (issue 22): axe-core's WCAG 2 A and AA rules on the login page, telecontrol,
 * company management, map management and the video wall in both skins, in English. A violation
 * fails with its rule, impact and the elements it names.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { login } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations of the page as it is now (the rule id, impact and at most five targets each). */
async function violations(page: Page, exclude: string[] = []): Promise<string[]> {
  // Colours as they settle, not halfway through a transition (a button that had just been enabled
  // on the dark video wall was once read mid-fade, at too little contrast, and passed on retry).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const e of exclude) builder = builder.exclude(e);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Opens a page in a skin (kept in local storage, as the skin switch keeps it). */
async function open(page: Page, path: string, skin: 'light' | 'dark' = 'light') {
  await page.evaluate((s) => localStorage.setItem('fc.skin', JSON.stringify(s)), skin);
  await page.goto(path);
}

test.describe('axe-core WCAG 2 A/AA', () => {
  test.setTimeout(100_000);

  test('login page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('telecontrol with a robot chosen', async ({ page }) => {
    await login(page, 'admin');
    await open(page, '/home/telecontrol');
    await page.getByTestId('robot-tree').getByText('PatrolA1').click();
    await expect(page.getByTestId('robot-status-label')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('company management', async ({ page }) => {
    await login(page, 'admin');
    await open(page, '/home/companyManage');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('map management', async ({ page }) => {
    await login(page, 'admin');
    await open(page, '/home/mapManage');
    await expect(page.getByTestId('map-table').locator('.ant-table-row').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  // The video wall is another helper's (plugins/video-wall): its violations are reported, not fixed here.
  for (const skin of ['light', 'dark'] as const) {
    test(`video wall (${skin} skin)`, async ({ page }) => {
      await login(page, 'operator');
      await open(page, '/home/videoPandect', skin);
      await expect(page.getByTestId('video-wall')).toBeVisible();
      expect(await violations(page), `video wall, ${skin}`).toEqual([]);
    });
  }
});
