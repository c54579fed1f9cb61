import { expect, type Locator, type Page } from '@playwright/test';
import { PROTOCOL_VERSION } from '../../common/protocol';

/** Logs in through the login screen (the server runs with CAPTCHA=off, so any code passes). */
export async function login(page: Page, username: string, password = 'demo1234'): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\//);
}

/**
 * Picks an option of a single antd Select (or TreeSelect) and checks that it took. Under load a click can
 * land while a dialog or the list is still animating in, and a list from an earlier pick may still be
 * fading out, so it waits for no list to show, then opens, clicks and checks again until the choice shows.
 * `trigger` is the Select or anything inside it (its combobox); the Select itself is clicked.
 * `exact: false` matches an option that contains the text.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string, { exact = true } = {}): Promise<void> {
  const lists = page.locator('.ant-select-dropdown:visible');
  const select = trigger.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const item = exact ? lists.getByText(option, { exact: true }) : lists.locator('.ant-select-item-option', { hasText: option });
  await expect(lists).toHaveCount(0, { timeout: 10_000 });
  await expect(async () => {
    if ((await lists.count()) === 0) await select.click({ timeout: 5_000 });
    await item.first().click({ timeout: 3_000 });
    // The choice shows in the Select, unless choosing closed what held it (a dialog that asked for it).
    await expect(lists).toHaveCount(0, { timeout: 3_000 });
    if ((await select.count()) > 0) await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Calls a protocol event over HTTP from the test (the page's cookies are not involved: the token says who). */
export async function callEvent(page: Page, event: string, param: object, token?: string): Promise<{ statusCode: number; statusInfo: string; param?: any }> {
  return (await page.request.post('/api/interface', { data: { event, param, token, protocolVersion: PROTOCOL_VERSION } })).json();
}

/** Logs a demo user in over the protocol and returns the token (CAPTCHA is off on the test server). */
export async function tokenOf(page: Page, username: string): Promise<string> {
  return (await callEvent(page, 'login', { username, password: 'demo1234', codeId: 'x', code: 'x' })).param.token as string;
}

/** Releases a robot's current alarms of the given codes (as `token`'s user) and returns them, so that no console opened next pops them up. */
export async function releaseAlarms(page: Page, token: string, robotId: string, codes: number[]): Promise<{ id: number; code: number }[]> {
  const current = (await callEvent(page, 'getCurrentAlarm', { robotId }, token)).param as { id: number; code: number }[];
  const released = current.filter((a) => codes.includes(a.code));
  for (const a of released) expect((await callEvent(page, 'setAlarmRelease', { id: a.id }, token)).statusCode).toBe(200);
  return released;
}
