import { expect, test } from './fixtures';
import { login } from './helpers';

test('robotSetting needs a robot; with one chosen in the tree a changed parameter is saved and kept', async ({ page }) => {
  await login(page, 'admin');

  // No robot selected yet: the spec's tip, which leads to robot management.
  await page.goto('/home/robotSetting');
  await expect(page.getByTestId('robot-required-tip')).toBeVisible();
  await page.getByTestId('robot-required-ok').click();
  await expect(page).toHaveURL(/\/home\/robotManage$/);

  // Choose a robot in telecontrol's tree, then open the settings from the menu.
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.getByTestId('menu-robotSetting').click();
  await expect(page).toHaveURL(/\/home\/robotSetting$/);
  const form = page.getByTestId('settings-form-robot-setting');
  await expect(page.getByTestId('settings-robot-robot-setting')).toContainText('01WR000001');
  await expect(page.getByTestId('settings-updated-robot-setting')).toHaveText('Not saved yet: these are the defaults');

  // Boot time equal to shutdown time: refused beside the field, nothing saved.
  await page.getByTestId('settings-robot-setting-group-schedule').click();
  await form.getByLabel('Boot time', { exact: true }).fill('22:00:00');
  await page.getByTestId('settings-save-robot-setting').click();
  await expect(form).toContainText('Boot time and Shutdown time must differ');
  await form.getByLabel('Boot time', { exact: true }).fill('06:30:00');

  // A number in another group.
  await page.getByTestId('settings-robot-setting-group-audio').click();
  const volume = form.getByLabel('Master volume', { exact: true });
  await expect(volume).toHaveValue('100');
  await volume.fill('55');
  await page.getByTestId('settings-save-robot-setting').click();
  await expect(page.getByText('Robot settings saved')).toBeVisible();
  await expect(page.getByTestId('settings-updated-robot-setting')).toContainText('Last saved');

  // Reloaded: the robot is still selected and the saved values are shown.
  await page.reload();
  await page.getByTestId('settings-robot-setting-group-audio').click();
  await expect(form.getByLabel('Master volume', { exact: true })).toHaveValue('55');
  await page.getByTestId('settings-robot-setting-group-schedule').click();
  await expect(form.getByLabel('Boot time', { exact: true })).toHaveValue('06:30:00');
});

test('an emptied number falls back to its minimum (spec §5)', async ({ page }) => {
  await login(page, 'entsuper');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  await page.goto('/home/robotSetting');
  await page.getByTestId('settings-robot-setting-group-interaction').click();
  const field = page.getByTestId('settings-form-robot-setting').getByLabel('Chat timeout (s)', { exact: true });
  await expect(field).toHaveValue('5');
  await field.fill('');
  await field.blur();
  await expect(field).toHaveValue('1');
});
