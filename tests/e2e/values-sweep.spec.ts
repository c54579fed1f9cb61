import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';

/**
 * Issue 22 sweep: every schema list page (read from schemas/entities, not a hard-coded list) at
 * 1366×768 as the super admin in English, and a few in Chinese and Japanese, fails on
 * - a cell reading `true` / `false`,
 * - a bare code in a column whose field has x-enum (the raw value where its label belongs),
 * - a column header cut short, a data column lying under the fixed actions column (scrolled fully
 *   right), the actions column or the table's right edge off-screen.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
type Labels = Partial<Record<'en' | 'zh' | 'ja', string>>;
interface Prop { type?: unknown; 'x-enum'?: string; items?: Prop; 'x-hidden'?: boolean; writeOnly?: boolean }
interface Entity { $id: string; 'x-route'?: string; 'x-single'?: boolean; 'x-api'?: { list?: unknown; get?: unknown; set?: unknown }; 'x-list'?: { columns?: string[] }; properties: Record<string, Prop> }
interface EnumFile { $id: string; values: { value: string | number | boolean; key: string; labels: Labels }[] }

const readDir = <T,>(dir: string): T[] =>
  fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, dir, f), 'utf8')) as T);
const ENTITIES = readDir<Entity>('schemas/entities');
const ENUMS = new Map(readDir<EnumFile>('schemas/enums').map((e) => [e.$id, e]));

/** Schema pages that render a list: a route, a list binding, not one-record pages. */
const LIST_PAGES = ENTITIES.filter((e) => e['x-route']?.startsWith('/home/') && e['x-api']?.list && !(e['x-single'] && e['x-api']?.get && e['x-api']?.set)).sort((a, b) =>
  a['x-route']!.localeCompare(b['x-route']!),
);
const columnsOf = (e: Entity) => (e['x-list']?.columns ?? Object.keys(e.properties).filter((k) => !e.properties[k]?.['x-hidden'] && !e.properties[k]?.writeOnly)).filter((c) => e.properties[c]);

/** For a column with x-enum: the raw values that must never show (those not also a label of some value). */
function rawCodes(p: Prop): Set<string> | undefined {
  const id = p['x-enum'];
  const e = id ? ENUMS.get(id) : undefined;
  if (!e) return undefined;
  const labels = new Set(e.values.flatMap((v) => Object.values(v.labels)));
  return new Set(e.values.map((v) => String(v.value)).filter((v) => !labels.has(v)));
}

async function loginIn(page: Page, lang: 'en' | 'zh' | 'ja'): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await page.getByTestId(`lang-${lang}`).click();
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\//);
}

/** Cells looked at (the sweep must have read values, not only empty lists). */
const checkedCells = { n: 0 };

/** Opens a list page and returns what is wrong with its values and columns. */
async function sweep(page: Page, entity: Entity): Promise<string[]> {
  const route = entity['x-route']!;
  // In-app navigation (no reload of the console for each page: the sweep stays within its time budget).
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  const box = page.getByTestId(`entity-table-${entity.$id}`);
  try {
    await expect(box).toBeVisible({ timeout: 15_000 });
    await expect(box.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  } catch {
    return [`${route}: the list did not show`];
  }
  const problems: string[] = [];
  checkedCells.n += await box.locator('.ant-table-tbody tr.ant-table-row > td').count();
  const columns = columnsOf(entity);
  const found = await box.evaluate((root) => {
    const heads = [...root.querySelectorAll<HTMLElement>('.ant-table-header thead th, .ant-table-thead th')].filter((th) => !th.classList.contains('ant-table-cell-scrollbar'));
    const rows = [...root.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
    const cells = rows.map((r) => [...r.querySelectorAll<HTMLElement>(':scope > td')].map((td) => td.innerText.trim()));
    const head = heads.map((th) => ({ text: th.innerText.trim(), cut: th.scrollWidth > th.clientWidth + 1 && !th.classList.contains('ant-table-selection-column'), fixedRight: th.classList.contains('ant-table-cell-fix-right') }));
    return { head, cells };
  });
  // Values: no true / false; no bare code of an x-enum field.
  found.cells.forEach((row, r) =>
    row.forEach((text, c) => {
      if (/^(true|false)$/i.test(text)) problems.push(`${route}: row ${r + 1} column "${found.head[c]?.text ?? c}" reads "${text}"`);
      const name = columns[c];
      const p = name ? entity.properties[name] : undefined;
      const codes = p ? rawCodes(p) : undefined;
      if (codes?.has(text)) problems.push(`${route}: row ${r + 1} column "${found.head[c]?.text}" shows the bare code "${text}"`);
    }),
  );
  for (const h of found.head) if (h.cut) problems.push(`${route}: header "${h.text}" is cut short`);
  // Geometry: the table within the window, the actions column on screen; fully scrolled right, no data column under a fixed one.
  const geometry = await box.evaluate((root) => {
    const body = root.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
    const header = root.querySelector<HTMLElement>('.ant-table-header');
    const rect = (e: Element) => e.getBoundingClientRect();
    const table = rect(root.querySelector('.ant-table')!);
    if (body) {
      body.scrollLeft = body.scrollWidth;
      if (header) header.scrollLeft = header.scrollWidth;
    }
    const ths = [...root.querySelectorAll<HTMLElement>('.ant-table-header thead th, .ant-table-thead th')].filter((th) => !th.classList.contains('ant-table-cell-scrollbar'));
    const fixed = ths.filter((th) => th.classList.contains('ant-table-cell-fix-right'));
    const free = ths.filter((th) => !th.classList.contains('ant-table-cell-fix-right') && !th.classList.contains('ant-table-cell-fix-left'));
    const fixedLeft = fixed.length ? Math.min(...fixed.map((th) => rect(th).left)) : Infinity;
    const under = free.filter((th) => rect(th).right > fixedLeft + 1).map((th) => th.innerText.trim());
    const actions = fixed.at(-1);
    const out = { tableRight: table.right, actions: actions ? { left: rect(actions).left, right: rect(actions).right, text: actions.innerText.trim() } : null, under };
    if (body) {
      body.scrollLeft = 0;
      if (header) header.scrollLeft = 0;
    }
    return out;
  });
  const width = page.viewportSize()!.width;
  if (geometry.tableRight > width + 1) problems.push(`${route}: the table reaches x=${Math.round(geometry.tableRight)}, beyond the window (${width})`);
  if (geometry.actions && (geometry.actions.right > width + 1 || geometry.actions.left < 0)) problems.push(`${route}: the actions column is off-screen (${Math.round(geometry.actions.left)}–${Math.round(geometry.actions.right)})`);
  if (geometry.under.length) problems.push(`${route}: column(s) ${geometry.under.join(', ')} lie under the fixed column`);
  return problems;
}

test.describe('values and columns of every schema list (issue 22)', () => {
  test('every schema list as super admin in English', async ({ page }) => {
    test.setTimeout(240_000);
    expect(LIST_PAGES.length).toBeGreaterThan(30);
    await loginIn(page, 'en');
    const started = Date.now();
    const problems: string[] = [];
    for (const entity of LIST_PAGES) problems.push(...(await sweep(page, entity)));
    expect(checkedCells.n).toBeGreaterThan(500);
    test.info().annotations.push({ type: 'sweep', description: `${LIST_PAGES.length} lists in ${Math.round((Date.now() - started) / 1000)} s` });
    expect(problems).toEqual([]);
  });

  for (const lang of ['zh', 'ja'] as const)
    test(`a few lists in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await loginIn(page, lang);
      const problems: string[] = [];
      for (const id of ['robot', 'env-detection', 'company', 'ai-custom-inspection', 'person-temperature']) {
        const entity = LIST_PAGES.find((e) => e.$id === id);
        expect(entity, id).toBeTruthy();
        problems.push(...(await sweep(page, entity!)));
      }
      expect(problems).toEqual([]);
    });
});
