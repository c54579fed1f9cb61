import { expect, test, type Locator, type Page } from './fixtures';
import { login } from './helpers';

/** A pointer drag dnd-kit recognises: press, move past its activation distance in steps, release. */
async function drag(page: Page, from: Locator, to: Locator, where: 'center' | 'top' = 'center') {
  await from.scrollIntoViewIfNeeded();
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  const y = where === 'top' ? b.y + 8 : b.y + b.height / 2;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2 + 2, y + 2, { steps: 2 });
  await page.mouse.up();
}

/** Renames the selected field (label and key) in the property panel. */
async function name(page: Page, label: string, key?: string) {
  const panel = page.getByTestId('fd-panel');
  await panel.getByLabel('Label', { exact: true }).fill(label);
  if (key) await panel.getByLabel('Key (data property)').fill(key);
}

test('design a form, preview its rules, save it as a live entity, use its screen, change it without a restart', async ({ page }) => {
  await login(page, 'admin');
  await page.getByTestId('side-menu').getByText('Form designer').click();
  await expect(page).toHaveURL(/\/home\/formDesigner$/);
  // Spec §9: the designer opens in cn (its default locale) whatever the console's language; this test works in en.
  await expect(page.getByTestId('fd-locale')).toHaveAttribute('data-locale', 'cn');
  await page.getByTestId('fd-locale-switch').getByText('EN').click();
  await expect(page.getByTestId('fd-locale')).toHaveAttribute('data-locale', 'en');
  const canvas = page.getByTestId('fd-canvas');

  // Drag an input, a select and a grid from the palette onto the form.
  await drag(page, page.getByTestId('fd-palette-input'), canvas);
  await name(page, 'Code', 'code');
  await expect(page.getByTestId('fd-field-code')).toBeVisible();
  await page.getByTestId('fd-panel').getByLabel('Required').check();
  await page.getByTestId('fd-panel').getByLabel('Pattern (regular expression)').fill('^[A-Z]{3}$');
  await drag(page, page.getByTestId('fd-palette-select'), canvas);
  await expect(page.locator('[data-testid^="fd-field-select_"]')).toBeVisible();
  await name(page, 'Kind', 'kind');
  await drag(page, page.getByTestId('fd-palette-grid'), canvas);
  await name(page, 'Layout');
  // Two fields in the grid, one per column.
  const column = (i: number) => page.locator(`[data-testid^="fd-column-grid_"][data-testid$="-${i}"]`);
  await drag(page, page.getByTestId('fd-palette-number'), column(0));
  await name(page, 'Floors', 'floors');
  await drag(page, page.getByTestId('fd-palette-switch'), column(1));
  await name(page, 'Lift', 'lift');
  await expect(column(0).getByTestId('fd-field-floors')).toBeVisible();
  await expect(column(1).getByTestId('fd-field-lift')).toBeVisible();
  await page.screenshot({ path: 'test-results/form-designer-canvas.png', fullPage: true });

  // Undo and redo the last rename by keyboard-free buttons.
  await page.getByTestId('fd-undo').click();
  await expect(page.getByTestId('fd-field-lift')).toHaveCount(0);
  await page.getByTestId('fd-redo').click();
  await expect(page.getByTestId('fd-field-lift')).toBeVisible();

  // Preview: the spec's messages for required and pattern.
  await page.getByTestId('fd-preview').click();
  const preview = page.getByTestId('fd-preview-form');
  await page.getByTestId('fd-preview-submit').click();
  await expect(preview).toContainText('Code Required');
  await expect(page.getByTestId('fd-preview-result')).toHaveText('Form data validation failed');
  await preview.getByLabel('Code').fill('ab');
  await page.getByTestId('fd-preview-submit').click();
  await expect(preview).toContainText('Code Unmatched pattern');
  await page.screenshot({ path: 'test-results/form-designer-preview.png' });
  await preview.getByLabel('Code').fill('ABC');
  await page.getByTestId('fd-preview-submit').click();
  await expect(page.getByTestId('fd-preview-result')).toHaveText("The data passes the form's rules");
  await page.keyboard.press('Escape');

  // Invalid JSON import shows the parse error and keeps the dialog open.
  await page.getByTestId('fd-import').click();
  await page.getByTestId('fd-import-text').fill('{"list": [');
  await page.getByTestId('fd-import-ok').click();
  await expect(page.getByTestId('fd-import-error')).toContainText('Invalid JSON:');
  await expect(page.getByTestId('fd-import-text')).toBeVisible();
  await page.keyboard.press('Escape');

  // Save into a new entity.
  await page.getByTestId('fd-save').click();
  const save = page.getByTestId('fd-save-form');
  await save.getByLabel('Entity name').fill('site-check');
  await save.getByLabel('Name (English)').fill('Site checks');
  await page.getByTestId('fd-save-ok').click();
  await expect(page.getByText('Saved revision 1 of site-check; its screen uses it now')).toBeVisible();

  // Its generated screen is in the menu at once; create a record there.
  await page.getByTestId('side-menu').getByText('Site checks').click();
  await expect(page).toHaveURL(/\/home\/siteCheck$/);
  await page.getByTestId('entity-create-site-check').click();
  const form = page.getByTestId('entity-form-site-check');
  // The grid of the design lays the dialog out: its two fields side by side.
  await expect(form.locator('[data-testid^="form-grid-"] > .ant-col-12')).toHaveCount(2);
  await form.getByLabel('Code').fill('abc');
  await page.getByTestId('entity-submit-site-check').click();
  await expect(form).toContainText('Code Unmatched pattern');
  await form.getByLabel('Code').fill('ABC');
  await page.getByTestId('entity-submit-site-check').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('entity-table-site-check')).toContainText('ABC');

  // Change the design (a new required field) and see the screen change, with no restart and no reload.
  // "Design form" on the generated screen opens this entity in the designer.
  await page.getByTestId('entity-design-site-check').click();
  await expect(page).toHaveURL(/\/home\/formDesigner\?schema=site-check$/);
  await expect(page.getByTestId('fd-field-code')).toBeVisible();
  await page.getByTestId('fd-palette-textarea').click();
  await name(page, 'Notes', 'notes');
  await page.getByTestId('fd-save').click();
  await expect(page.getByTestId('fd-revisions')).toContainText('admin');
  await page.getByTestId('fd-save-ok').click();
  await expect(page.getByText('Saved revision 2 of site-check; its screen uses it now')).toBeVisible();
  await page.getByTestId('side-menu').getByText('Site checks').click();
  await page.getByTestId('entity-create-site-check').click();
  await expect(form.getByLabel('Notes')).toBeVisible();
  await form.getByLabel('Code').fill('XYZ');
  await form.getByLabel('Notes').fill('roof access');
  await page.getByTestId('entity-submit-site-check').click();
  await expect(page.getByTestId('entity-table-site-check')).toContainText('XYZ');
});

test('a general user has no designer in the menu and is sent away from its route', async ({ page }) => {
  await login(page, 'monitor');
  await expect(page.getByTestId('side-menu')).not.toContainText('Form designer');
  await page.goto('/home/formDesigner');
  await expect(page.getByTestId('form-designer')).toHaveCount(0);
});
