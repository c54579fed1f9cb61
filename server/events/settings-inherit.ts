/**
 * Settings documents that inherit (settings schema `x-inherit: "company"`, debugSetting): a robot
 * keeps only the values it overrides (robot_settings), a company only the values it sets itself
 * (company_settings); a field's effective value is the robot's own, else its company's, else the
 * nearest parent company's, else the schema default. Resolved here for one robot, one company or
 * many robots at once, with where each effective value comes from.
 */
import { mergeSettings, settingsLeaves, type SettingsDoc } from '../../common/settings';
import type { SettingSource } from '../../common/events/settings';
import type { SettingsSchema } from '../schemas/loader';
import type { Queryable } from '../store/db';

/** Whether a settings schema's documents inherit from the companies. */
export const inheritsFromCompany = (set: SettingsSchema): boolean => set.schema['x-inherit'] === 'company';

/** A document resolved for a robot or a company. */
export interface ResolvedSettings {
  /** The effective document (every leaf). */
  params: SettingsDoc;
  /** The subject's own values only. */
  own: SettingsDoc;
  /** Where each leaf's effective value comes from, by its dotted path. */
  sources: Record<string, SettingSource>;
}

type Company = { id: number; name: string; parentId: number | null };

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** The value at a leaf path of a document (undefined when absent). */
export function valueAt(doc: unknown, path: readonly string[]): unknown {
  let at: unknown = doc;
  for (const key of path) at = isObject(at) ? at[key] : undefined;
  return at;
}

/** The document without the given leaves (groups left empty are dropped). */
export function withoutLeaves(doc: SettingsDoc, paths: readonly (readonly string[])[]): SettingsDoc {
  const copy = structuredClone(doc);
  for (const path of paths) {
    const chain: Record<string, unknown>[] = [copy];
    for (const key of path.slice(0, -1)) {
      const next = chain[chain.length - 1]![key];
      if (!isObject(next)) break;
      chain.push(next);
    }
    if (chain.length !== path.length) continue;
    delete chain[chain.length - 1]![path[path.length - 1]!];
    // Drop groups the removal emptied, innermost first.
    for (let i = chain.length - 1; i > 0; i--) if (Object.keys(chain[i]!).length === 0) delete chain[i - 1]![path[i - 1]!];
  }
  return copy;
}

/** A subject's own values kept to the schema's fields, without empty groups. */
export function ownValues(set: SettingsSchema, doc: unknown, over?: unknown): SettingsDoc {
  const prune = (d: SettingsDoc): SettingsDoc =>
    Object.fromEntries(
      Object.entries(d)
        .map(([k, v]) => [k, isObject(v) ? prune(v) : v] as const)
        .filter(([, v]) => !(isObject(v) && Object.keys(v).length === 0)),
    );
  return prune(mergeSettings(set.schema, doc, over));
}

/** The company and its parents, nearest first (a broken parent chain stops where it breaks). */
async function chainsOf(db: Queryable, companyIds: readonly number[]): Promise<Map<number, Company[]>> {
  const out = new Map<number, Company[]>();
  if (!companyIds.length) return out;
  const rows = await db.query<{ id: unknown; name: string; parentId: unknown }>(
    `WITH RECURSIVE up(id) AS (SELECT id FROM companies WHERE id = ANY($1::bigint[])
       UNION SELECT c."parentId" FROM companies c JOIN up u ON c.id = u.id WHERE c."parentId" IS NOT NULL)
     SELECT c.id, c."name", c."parentId" FROM companies c JOIN up u ON u.id = c.id`,
    [[...new Set(companyIds)]],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, parentId: r.parentId === null ? null : Number(r.parentId) }]));
  for (const id of companyIds) {
    const chain: Company[] = [];
    for (let c = byId.get(Number(id)); c && !chain.includes(c); c = c.parentId === null ? undefined : byId.get(c.parentId)) chain.push(c);
    out.set(Number(id), chain);
  }
  return out;
}

async function companyDocs(db: Queryable, schemaId: string, ids: readonly number[]): Promise<Map<number, unknown>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ company_id: unknown; params: unknown }>('SELECT company_id, params FROM company_settings WHERE schema_id = $1 AND company_id = ANY($2::bigint[])', [schemaId, [...new Set(ids)]]);
  return new Map(rows.map((r) => [Number(r.company_id), r.params]));
}

/** Resolves a document from its layers, the subject's own last. */
function resolve(set: SettingsSchema, chain: readonly Company[], docs: ReadonlyMap<number, unknown>, own: unknown, ownSource: SettingSource): ResolvedSettings {
  const leaves = settingsLeaves(set.schema);
  const mine = ownValues(set, {}, own);
  const sources: Record<string, SettingSource> = {};
  // Nearest first: the subject's own values, then its companies from the nearest up.
  const layers: { doc: unknown; source: SettingSource }[] = [
    { doc: mine, source: ownSource },
    ...chain.map((c) => ({ doc: docs.get(c.id), source: { from: 'company', companyId: c.id, companyName: c.name } as SettingSource })),
  ];
  let params = mergeSettings(set.schema, set.defaults, undefined);
  for (const layer of [...layers].reverse()) params = mergeSettings(set.schema, params, layer.doc);
  for (const path of leaves) {
    const layer = layers.find((l) => valueAt(l.doc, path) !== undefined);
    sources[path.join('.')] = layer ? layer.source : { from: 'default' };
  }
  return { params, own: mine, sources };
}

/** A company's document: its own values over its parents' over the defaults. Null: no such company. */
export async function resolveCompanySettings(db: Queryable, set: SettingsSchema, companyId: number): Promise<ResolvedSettings | null> {
  const chain = (await chainsOf(db, [companyId])).get(companyId) ?? [];
  if (!chain.length) return null;
  const docs = await companyDocs(db, set.id, chain.map((c) => c.id));
  const [self, ...parents] = chain;
  return resolve(set, parents, docs, docs.get(self!.id), { from: 'company', companyId: self!.id, companyName: self!.name });
}

/** Robots' documents (robots not found are left out): each robot's own values over its companies' over the defaults. */
export async function resolveRobotSettings(db: Queryable, set: SettingsSchema, robotIds: readonly string[]): Promise<Map<string, ResolvedSettings & { companyId: number }>> {
  const out = new Map<string, ResolvedSettings & { companyId: number }>();
  if (!robotIds.length) return out;
  const robots = await db.query<{ robotId: string; companyId: unknown }>('SELECT "robotId", "companyId" FROM robots WHERE "robotId" = ANY($1::text[])', [[...robotIds]]);
  const own = await db.query<{ robot_id: string; params: unknown }>('SELECT robot_id, params FROM robot_settings WHERE schema_id = $1 AND robot_id = ANY($2::text[])', [set.id, [...robotIds]]);
  const ownOf = new Map(own.map((r) => [r.robot_id, r.params]));
  const chains = await chainsOf(db, robots.map((r) => Number(r.companyId)));
  const docs = await companyDocs(db, set.id, [...chains.values()].flat().map((c) => c.id));
  for (const r of robots) {
    const resolved = resolve(set, chains.get(Number(r.companyId)) ?? [], docs, ownOf.get(r.robotId), { from: 'robot' });
    out.set(r.robotId, { ...resolved, companyId: Number(r.companyId) });
  }
  return out;
}
