/**
 * Shared checks of the issue 22 sweeps (values-sweep.spec.ts, role-sweep.spec.ts): values shown by
 * their label (no `true` / `false`, no bare code of an x-enum field), columns that fit (no header cut
 * short, no data column under a fixed one, the actions column and the table inside the window) and
 * axe-core's WCAG 2 A / AA rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
type Labels = Partial<Record<'en' | 'zh' | 'ja', string>>;
export interface Prop { type?: unknown; 'x-enum'?: string; items?: Prop; 'x-hidden'?: boolean; writeOnly?: boolean; 'x-labels'?: Record<string, string> }
export interface Entity { $id: string; 'x-route'?: string; 'x-single'?: boolean; 'x-api'?: { list?: unknown; get?: unknown; set?: unknown }; 'x-list'?: { columns?: string[] }; properties: Record<string, Prop> }
interface EnumFile { $id: string; values: { value: string | number | boolean; key: string; labels: Labels }[] }

const readDir = <T,>(dir: string): T[] =>
  fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, dir, f), 'utf8')) as T);
export const ENTITIES = readDir<Entity>('schemas/entities');
const ENUMS = new Map(readDir<EnumFile>('schemas/enums').map((e) => [e.$id, e]));

/** Schema pages that render a list: a route, a list binding, not one-record pages. */
export const LIST_PAGES = ENTITIES.filter((e) => e['x-route']?.startsWith('/home/') && e['x-api']?.list && !(e['x-single'] && e['x-api']?.get && e['x-api']?.set)).sort((a, b) =>
  a['x-route']!.localeCompare(b['x-route']!),
);
export const columnsOf = (e: Entity) => (e['x-list']?.columns ?? Object.keys(e.properties).filter((k) => !e.properties[k]?.['x-hidden'] && !e.properties[k]?.writeOnly)).filter((c) => e.properties[c]);

/** For a column with x-enum: the raw values that must never show (those not also a label of some value). */
export function rawCodes(p: Prop): Set<string> | undefined {
  const id = p['x-enum'];
  const e = id ? ENUMS.get(id) : undefined;
  if (!e) return undefined;
  const labels = new Set(e.values.flatMap((v) => Object.values(v.labels)));
  return new Set(e.values.map((v) => String(v.value)).filter((v) => !labels.has(v)));
}

/**
 * What is wrong with the values and columns of one antd table (`box` holds it). With `entity`, a
 * column of an x-enum field must not show a bare code. Returns the problems and the number of cells read.
 */
export async function tableProblems(page: Page, route: string, box: Locator, entity?: Entity): Promise<{ problems: string[]; cells: number }> {
  const problems: string[] = [];
  const columns = entity ? columnsOf(entity) : [];
  const found = await box.evaluate((root) => {
    const heads = [...root.querySelectorAll<HTMLElement>('.ant-table-header thead th, .ant-table-thead th')].filter((th) => !th.classList.contains('ant-table-cell-scrollbar'));
    const rows = [...root.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
    const cells = rows.map((r) => [...r.querySelectorAll<HTMLElement>(':scope > td')].map((td) => td.innerText.trim()));
    // A header is cut when its content reaches past it or an element inside it overflows (an ellipsis).
    // Not th.scrollWidth: the shadow antd hangs outside the last left-fixed column (a 30 px ::after,
    // translateX(100%)) counts in it, and "Robot" in a 150 px column read as cut short.
    const cutShort = (th: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      const text = range.getBoundingClientRect();
      const box = th.getBoundingClientRect();
      const overflows = [...th.querySelectorAll<HTMLElement>('*')].some((e) => e instanceof HTMLElement && e.scrollWidth > e.clientWidth + 1);
      return overflows || text.right > box.right + 1 || text.left < box.left - 1;
    };
    const head = heads.map((th) => ({ text: th.innerText.trim(), cut: cutShort(th) && !th.classList.contains('ant-table-selection-column'), fixedRight: th.classList.contains('ant-table-cell-fix-right') }));
    return { head, cells };
  });
  found.cells.forEach((row, r) =>
    row.forEach((text, c) => {
      if (/^(true|false)$/i.test(text)) problems.push(`${route}: row ${r + 1} column "${found.head[c]?.text ?? c}" reads "${text}"`);
      // The column's field by its header (a selection column or hidden columns shift the indexes).
      const header = found.head[c]?.text;
      // Any of the entity's fields may be a column (a detection's data fields too); by place only in a table without headers.
      const byHeader = header ? Object.keys(entity?.properties ?? {}).find((k) => Object.values(entity!.properties[k]?.['x-labels'] ?? {}).includes(header)) : undefined;
      const name = byHeader ?? (header ? undefined : columns[c]);
      const p = name ? entity!.properties[name] : undefined;
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
    const tableEl = root.matches('.ant-table') ? root : root.querySelector('.ant-table');
    const table = tableEl ? rect(tableEl) : rect(root);
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
  return { problems, cells: found.cells.reduce((n, r) => n + r.length, 0) };
}

/** `true` / `false` shown as a value in a viewer (descriptions, statistics) anywhere on the page. */
export async function viewerProblems(page: Page, route: string): Promise<string[]> {
  const texts = await page.locator('.ant-descriptions-item-content:visible, .ant-statistic-content-value:visible').allInnerTexts();
  return texts.filter((t) => /^(true|false)$/i.test(t.trim())).map((t) => `${route}: a viewer value reads "${t.trim()}"`);
}

/** Every child of /home that spec §2 names, in its order. */
export const SPEC_SCREENS = [
  'telecontrol', 'navigation', 'taskManage', 'energyConsumption', 'historyVideo', 'AICustomInspection', 'temperatureMonitoring',
  'faceDetection', 'perDetection', 'eventDetection', 'actAlarm', 'thermalImaging', 'personTemperature', 'antiTheftDetection',
  'avManage', 'adService', 'envDetection', 'companyManage', 'roleManage', 'groupManage', 'dataDict', 'plateDetection',
  'robotManage', 'userLog', 'companySetting', 'robotSetting', 'batteryManagement', 'mapManage', 'dataOutput', 'unhandledEvent',
  'alarmManage', 'alarmSetting', 'alarmConfig', 'IDCardDetection', 'emailManage', 'feedback', 'x3Detect', 'snapPicture',
  'videoPlayback', 'customDetection', 'actionReg', 'systemState', 'logManage', 'webrtcLog', 'versionManage', 'phone',
  'debugSetting', 'historyOnline', 'suggestion', 'sensor', 'applicationKey', 'chassisMonitoring', 'chargeMonitoring',
  'terminal', 'operate', 'nodeVersion', 'nodeLog', 'onlineDebug',
] as const;

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's WCAG 2 A / AA violations of the page as it is now (or of the part `include` selects) (rule id, impact and at most five targets each). */
export async function axeViolations(page: Page, exclude: string[] = [], include?: string): Promise<string[]> {
  // options() replaces the whole option object, runOnly included: called after withTags it ran every rule
  // (best practices such as page-has-heading-one and heading-order too), so withTags comes last.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  for (const e of exclude) builder = builder.exclude(e);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`);
}
