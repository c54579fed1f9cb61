import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { login } from './helpers';

/** The low-code proof: one JSON file in the data folder becomes a working screen, no rebuild, no restart. */
test('a schema file dropped into the running server becomes a menu entry with list, create, edit and delete', async ({ page }) => {
  const dir = path.join(process.env.FC_E2E_DATA_DIR!, 'schemas', 'entities');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'visitor.schema.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      $id: 'visitor',
      'x-labels': { en: 'Visitor', zh: '访客', ja: '来訪者' },
      'x-route': '/home/visitorLog',
      'x-menu': { group: 'admin', icon: 'IdcardOutlined', order: 90, labels: { en: 'Visitors', zh: '访客登记', ja: '来訪者記録' } },
      'x-scope': 'company',
      'x-api': { list: { event: 'queryVisitors' }, create: { event: 'addVisitor' }, update: { event: 'modifyVisitor' }, delete: { event: 'deleteVisitor' } },
      'x-access': { read: 'visitor:read', create: 'visitor:create', update: 'visitor:update', delete: 'visitor:delete' },
      'x-list': { columns: ['name', 'phone'], filters: ['name'] },
      type: 'object',
      required: ['name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string', format: 'basic-text', minLength: 1, maxLength: 16, 'x-labels': { en: 'Name', zh: '姓名', ja: '氏名' } },
        phone: { type: 'string', format: 'phone', 'x-labels': { en: 'Phone', zh: '电话', ja: '電話' } },
      },
    }),
  );
  try {
    await login(page, 'admin');
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('side-menu')).toContainText('Visitors', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByTestId('side-menu').getByText('Visitors').click();
    await expect(page).toHaveURL(/\/home\/visitorLog$/);

    // Server-side rule in the browser: a bad phone is refused with the spec's message.
    await page.getByTestId('entity-create-visitor').click();
    const form = page.getByTestId('entity-form-visitor');
    await form.getByLabel('Name').fill('LiLei');
    await form.getByLabel('Phone').fill('12345');
    await page.getByTestId('entity-submit-visitor').click();
    await expect(form).toContainText('Mobile phone number entered incorrectly');
    await form.getByLabel('Phone').fill('13812345678');
    await page.getByTestId('entity-submit-visitor').click();
    await expect(form).toBeHidden();
    const table = page.getByTestId('entity-table-visitor');
    await expect(table).toContainText('LiLei');

    await page.getByTestId('entity-edit-visitor').first().click();
    await form.getByLabel('Name').fill('HanMeimei');
    await page.getByTestId('entity-submit-visitor').click();
    await expect(table).toContainText('HanMeimei');

    await page.getByTestId('entity-delete-visitor').first().click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(table).not.toContainText('HanMeimei');
  } finally {
    fs.rmSync(file, { force: true });
  }
});
