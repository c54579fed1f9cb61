/** Issue 19: a user sends a suggestion from the header; a platform admin handles it; a behaviour alarm rule is added, raises an alarm and it is processed. */
import { expect, test } from './fixtures';
import { callEvent, chooseOption, login, tokenOf } from './helpers';

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

test('a behaviour rule added for a robot turns its recognised behaviour into an alarm at the rule’s level, processed after a confirmation', async ({ page }) => {
  const admin = await tokenOf(page, 'admin');
  await login(page, 'entadmin');
  await expect(page.getByTestId('link-state')).toHaveAttribute('data-status', 'connected');
  await page.goto('/home/actAlarm');
  await page.getByTestId('entity-create-act-alarm').click();
  const form = page.getByTestId('entity-form-act-alarm');
  await chooseOption(page, form.getByLabel('Behaviour'), 'Climbing');
  await chooseOption(page, form.getByLabel('Alarm level'), 'Level 3');
  await chooseOption(page, form.getByLabel('Company'), 'HarborSecurity');
  await form.getByLabel('Robots').click();
  await page.locator('.ant-select-dropdown:visible').getByText('PatrolA2 (01WR000002)').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('entity-submit-act-alarm').click();
  await expect(form).toBeHidden();
  const rule = page.getByTestId('entity-table-act-alarm').locator('tr', { hasText: 'Climbing' });
  await expect(rule).toContainText('Level 3');
  await expect(rule).toContainText('01WR000002');

  // The robot recognises the behaviour (the simulated robot reports it on its detection topic, as a robot does).
  await page.goto('/home/telecontrol');
  expect((await callEvent(page, 'simulateBehaviour', { robotId: '01WR000002', action: 'climbing' }, admin)).statusCode).toBe(200);
  const popup = page.locator('[data-testid^="alarm-popup-"]').filter({ hasText: 'PatrolA2' }).filter({ hasText: 'Behaviour: climbing' });
  await expect(popup).toBeVisible({ timeout: 20_000 });
  await expect(popup).toContainText('Level 3');

  await popup.getByTestId('alarm-popup-process').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Process alarm · PatrolA2' });
  await dialog.getByTestId('alarm-process-result').fill('Guard sent, person came down');
  await dialog.getByTestId('alarm-process-submit').click();
  await expect(dialog.getByTestId('alarm-process-confirm-text')).toContainText('Mark the alarm “Behaviour: climbing” of PatrolA2 as Processed?');
  await dialog.getByTestId('alarm-process-confirm').click();
  await expect(dialog).toContainText('The alarm is processed');
  await dialog.getByTestId('alarm-process-done').click();

  await page.getByTestId('menu-alarmManage').click();
  const row = page.locator('tr').filter({ hasText: 'Behaviour: climbing' }).first();
  await expect(row).toContainText('PatrolA2');
  await expect(row).toContainText('Processed');
  await expect(row).toContainText('Guard sent, person came down');
});
