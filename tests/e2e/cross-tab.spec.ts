import { expect, test, type Page } from './fixtures';
import { login } from './helpers';

/** The page's background as the skin paints it (the layout behind the content). */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor);
const LIGHT_DARK = (c: string) => {
  const [r, g, b] = c.match(/\d+/g)!.map(Number);
  return (r! + g! + b!) / 3 > 128 ? 'light' : 'dark';
};

test('the skin and the language chosen in one tab apply in the other tabs at once, without a reload', async ({ page }) => {
  await login(page, 'entadmin');
  await expect(page).toHaveURL(/\/home\/telecontrol/);
  // A second tab of the same browser.
  const other = await page.context().newPage();
  await other.goto('/home/telecontrol');
  await expect(other.getByTestId('skin-switch')).toHaveAttribute('aria-checked', 'false');
  expect(LIGHT_DARK(await background(other))).toBe('light');
  let reloads = 0;
  other.on('load', () => reloads++);

  // Dark in the first tab (in front; the second waits behind it, as a tab does): the second wears it
  // (its colours, not only its switch).
  await page.bringToFront();
  await page.getByTestId('skin-switch').click();
  expect(LIGHT_DARK(await background(page))).toBe('dark');
  await expect(other.getByTestId('skin-switch')).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => background(other).then(LIGHT_DARK)).toBe('dark');
  await expect.poll(() => background(other)).toBe(await background(page));
  // And back to light from the second tab.
  await other.bringToFront();
  await other.getByTestId('skin-switch').click();
  await expect.poll(() => background(page).then(LIGHT_DARK)).toBe('light');
  await expect(page.getByTestId('skin-switch')).toHaveAttribute('aria-checked', 'false');

  // The language: Japanese, then Chinese, chosen in the first tab, switch the second tab's texts.
  await page.bringToFront();
  for (const [lang, menu] of [['ja', '遠隔操作'], ['zh', '远程控制'], ['en', 'Telecontrol']] as const) {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId(`lang-${lang}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(other.locator('html')).toHaveAttribute('lang', lang);
    await expect(other.getByTestId('menu-telecontrol')).toContainText(menu);
  }
  // The second tab keeps the language over a reload (its own session took it).
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-ja').click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'ja');
  expect(reloads).toBe(0);
  await other.reload();
  await expect(other.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(other.getByTestId('skin-switch')).toHaveAttribute('aria-checked', 'false');
  await other.close();
});

test('a logout in one tab brings the other tabs of that session to the login page at once; a tab with its own session stays', async ({ page }) => {
  await login(page, 'admin');
  // A second tab of the same browser with the same session in its own sessionStorage, as a duplicated tab
  // (or one whose session was written again, by a language change) holds it.
  const same = await page.context().newPage();
  await same.goto('/home/companyManage');
  await expect(same.getByTestId('entity-table-company')).toContainText('HarborSecurity');
  await same.evaluate(() => sessionStorage.setItem('fc.session', localStorage.getItem('fc.session')!));
  let reloads = 0;
  same.on('load', () => reloads++);
  // A third tab logs in on its own, as another user.
  const own = await page.context().newPage();
  await login(own, 'entadmin');
  const ownToken = await own.evaluate(() => (JSON.parse(sessionStorage.getItem('fc.session') ?? '{}') as { token?: string }).token);

  await page.bringToFront();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  // The second tab is at the login page without anyone touching it or reloading it; its session is gone.
  await expect(same).toHaveURL(/\/$/);
  await expect(same.getByTestId('login-submit')).toBeVisible();
  // Told nothing about an expired login: the session was ended on purpose, not by the server's refusal.
  await expect(same.getByText('Login expired, please log in again')).toHaveCount(0);
  expect(reloads).toBe(0);
  expect(await same.evaluate(() => sessionStorage.getItem('fc.session'))).toBeNull();
  // The third tab keeps its own session and goes on working.
  await own.bringToFront();
  await expect(own).toHaveURL(/\/home\//);
  expect(await own.evaluate(() => (JSON.parse(sessionStorage.getItem('fc.session') ?? '{}') as { token?: string }).token)).toBe(ownToken);
  await own.goto('/home/userManage');
  await expect(own.getByTestId('entity-table-user')).toBeVisible();
  await same.close();
  await own.close();
});
