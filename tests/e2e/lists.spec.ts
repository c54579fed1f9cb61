import { expect, test } from './fixtures';
import { login } from './helpers';

// Its first attempt failed in two full runs (the header did not follow the column picker): keep a trace when it fails.
test.use({ trace: 'retain-on-failure' });

test('generated lists: the column picker hides a column and remembers it; bulk delete asks first and removes only the chosen rows', async ({ page, request }) => {
  const call = async (event: string, param: unknown, token?: string) =>
    (await (await request.post('/api/interface', { data: { event, param, token, protocolVersion: '1.0.3' } })).json()) as { statusCode: number; param: any };
  const token = (await call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' })).param.token;
  // A retry starts from the same rows: what an earlier attempt left of this module goes first.
  for (const r of (await call('queryDataDict', { pageNum: 1, pageSize: 50, moduleName: 'bulkcheck' }, token)).param.list as { id: number }[])
    expect((await call('delDataDict', { id: r.id }, token)).statusCode).toBe(200);
  for (const key of ['alpha', 'beta', 'gamma']) expect((await call('addDataDict', { moduleName: 'bulkcheck', key, name: `Name ${key}`, value: `v-${key}` }, token)).statusCode).toBe(200);

  await login(page, 'admin');
  await page.goto('/home/dataDict');
  const table = page.getByTestId('entity-table-data-dict');
  await expect(table.locator('thead')).toContainText('Value');
  await page.getByTestId('entity-columns-data-dict').click();
  await page.getByTestId('column-toggle-value').click();
  await expect(table.locator('thead')).not.toContainText('Value');
  await page.reload();
  await expect(table.locator('tbody')).toContainText('alpha');
  await expect(table.locator('thead')).not.toContainText('Value');
  await page.getByTestId('entity-columns-data-dict').click();
  await page.getByTestId('column-reset-data-dict').click();
  await expect(table.locator('thead')).toContainText('Value');
  await page.keyboard.press('Escape');

  const row = (key: string) => table.locator('tr').filter({ has: page.getByText(key, { exact: true }) });
  await row('alpha').locator('.ant-checkbox-input').check();
  await row('beta').locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('bulk-bar-data-dict')).toContainText('2 selected');
  // Cancel first: nothing is deleted.
  await page.getByTestId('entity-bulk-delete-data-dict').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('Delete 2 records?');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row('alpha')).toBeVisible();
  await page.getByTestId('entity-bulk-delete-data-dict').click();
  await page.getByTestId('bulk-delete-ok-data-dict').click();
  await expect(page.getByText('2 records deleted')).toBeVisible();
  await expect(row('alpha')).toHaveCount(0);
  await expect(row('beta')).toHaveCount(0);
  await expect(row('gamma')).toBeVisible();
  const left = (await call('queryDataDict', { moduleName: 'bulkcheck' }, token)).param.list.map((r: { key: string }) => r.key);
  expect(left).toEqual(['gamma']);
});
