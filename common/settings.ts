/**
 * Settings documents (schemas/settings): one document per robot, an object of groups whose
 * leaves carry defaults and limits. The server and the console build defaults, merge saved
 * values and check the cross-field rules (`x-differs-from`) the same way, with these helpers.
 */
import { formatMessage, type MessageKey } from './messages';
import type { Lang } from './protocol';

/** A node of a settings schema: a group (with properties) or a leaf. */
export interface SettingsNode {
  type?: string | string[];
  properties?: Record<string, SettingsNode>;
  default?: unknown;
  'x-labels'?: Partial<Record<Lang, string>>;
  /** The sibling property whose value this one must not equal (spec §5: boot and shutdown times must differ). */
  'x-differs-from'?: string;
  [keyword: string]: unknown;
}

/** A settings document (groups of values). */
export type SettingsDoc = Record<string, unknown>;

/** A rule broken by a document: where, and the message in the caller's language. */
export interface CrossFieldError {
  path: string[];
  key: MessageKey;
  vars: Record<string, string>;
  message: string;
}

const isGroup = (node: SettingsNode | undefined): node is SettingsNode & { properties: Record<string, SettingsNode> } =>
  Boolean(node && node.properties && typeof node.properties === 'object');

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The whole document of defaults (every group present, leaves without a default left out). */
export function settingsDefaults(node: SettingsNode): SettingsDoc {
  const out: SettingsDoc = {};
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (isGroup(child)) out[key] = settingsDefaults(child);
    else if (child.default !== undefined) out[key] = structuredClone(child.default);
  }
  return out;
}

/**
 * `over` laid over `base`, group by group, keeping only the properties the schema declares:
 * a property removed from the schema disappears and a new one takes its default from `base`.
 */
export function mergeSettings(node: SettingsNode, base: unknown, over: unknown): SettingsDoc {
  const b = isPlainObject(base) ? base : {};
  const o = isPlainObject(over) ? over : {};
  const out: SettingsDoc = {};
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (isGroup(child)) out[key] = mergeSettings(child, b[key], o[key]);
    else if (o[key] !== undefined) out[key] = o[key];
    else if (b[key] !== undefined) out[key] = b[key];
  }
  return out;
}

function labelOf(node: SettingsNode | undefined, key: string, lang: Lang): string {
  const labels = node?.['x-labels'];
  return labels?.[lang] ?? labels?.en ?? key;
}

/** The cross-field rules a document breaks (`x-differs-from`), each at the property carrying the rule. */
export function crossFieldErrors(node: SettingsNode, doc: unknown, lang: Lang, at: string[] = []): CrossFieldError[] {
  const values = isPlainObject(doc) ? doc : {};
  const out: CrossFieldError[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (isGroup(child)) {
      out.push(...crossFieldErrors(child, values[key], lang, [...at, key]));
      continue;
    }
    const other = child['x-differs-from'];
    if (typeof other !== 'string' || values[key] === undefined || values[key] !== values[other]) continue;
    const vars = { field: labelOf(child, key, lang), other: labelOf(node.properties?.[other], other, lang) };
    out.push({ path: [...at, key], key: 'mustDiffer', vars, message: formatMessage('mustDiffer', lang, vars) });
  }
  return out;
}

/** Every leaf path of a settings schema (for counting and for walking a form). */
export function settingsLeaves(node: SettingsNode, at: string[] = []): string[][] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => (isGroup(child) ? settingsLeaves(child, [...at, key]) : [[...at, key]]));
}
