import { expect, type Page } from '@playwright/test';

/** Logs in through the login screen (the server runs with CAPTCHA=off, so any code passes). */
export async function login(page: Page, username: string, password = 'demo1234'): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\//);
}
