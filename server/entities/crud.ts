import { subjectCan } from '../../common/access';
import { INTEGER_RANGE, NUMBER_RANGE } from '../schemas/harden';
import { Paging } from '../../common/constants';
import { StatusCode } from '../../common/protocol';
import { describeAjvError } from '../../common/validation';
import { AppError, fail } from '../errors';
import type { AuthedContext } from '../events/registry';
import type { Entity, PropSchema } from '../schemas/loader';
import { ident, UNIQUE_VIOLATION, type Db, type Queryable, type Row } from '../store/db';
import { hooksFor } from './hooks';
import { visibleCompanyIds } from './scope';

export { bumpTable };

/** Generic list/create/update/delete over an entity schema's table. */

function baseType(p: PropSchema): string {
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return t ?? 'string';
}

/** Whether a property holds a date or time (filtered by range). */
export function isDateProp(p: PropSchema): boolean {
  return p.format === 'date' || p.format === 'date-time' || p['x-widget'] === 'datetime';
}

function columnType(p: PropSchema): string {
  switch (baseType(p)) {
    case 'integer':
      return 'bigint';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'object':
      return 'jsonb';
    default:
      return 'text';
  }
}

/**
 * Creates the table of a low-code entity, or adds columns for new properties. Forward only:
 * a removed property keeps its column. Core tables come from migrations and need nothing here.
 */
export async function ensureTable(db: Db, entity: Entity): Promise<void> {
  await ensureTables(db, [entity]);
}

/**
 * ensureTable for many entities: their tables' columns are read in one query, and only what is
 * missing is created or added (a start on an existing database changes nothing and asks once).
 */
export async function ensureTables(db: Db, entities: readonly Entity[]): Promise<void> {
  if (!entities.length) return;
  const columns = new Map<string, Set<string>>();
  for (const r of await db.query<{ table_name: string; column_name: string }>(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_name = ANY($1::text[])',
    [[...new Set(entities.map((e) => e.table))]],
  )) {
    let set = columns.get(r.table_name);
    if (!set) columns.set(r.table_name, (set = new Set()));
    set.add(r.column_name);
  }
  for (const entity of entities) {
    const t = ident(entity.table);
    // company / company-or-shared: the rows carry the company crud.ts scopes by (a declared companyId is a property column).
    const scoped = scopeColumn(entity) === 'companyId' && !entity.schema.properties.companyId;
    let existing = columns.get(entity.table);
    if (!existing) {
      await db.query(
        `CREATE TABLE IF NOT EXISTS ${t} (id bigserial PRIMARY KEY, ${scoped ? '"companyId" bigint,' : ''} "createdAt" timestamptz NOT NULL DEFAULT now(), "updatedAt" timestamptz NOT NULL DEFAULT now())`,
      );
      existing = new Set(['id', 'createdAt', 'updatedAt', ...(scoped ? ['companyId'] : [])]);
      columns.set(entity.table, existing);
    }
    // A table made before its entity was company-scoped (a design saved before the loader gave designs
    // "company" by default) gets the column; its earlier rows, of no company, only admins see.
    if (scoped && !existing.has('companyId')) {
      await db.query(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS "companyId" bigint`);
      existing.add('companyId');
    }
    for (const [name, prop] of Object.entries(entity.schema.properties)) {
      if (name === 'id' || existing.has(name) || prop['x-transient'] || prop['x-in']) continue;
      if (name === 'password' && entity.table === 'users') continue; // stored as passwordHash
      await db.query(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${ident(name)} ${columnType(prop)}`);
      existing.add(name);
    }
  }
}

/**
 * What a list request needs of its entity that no request changes, found once per entity object
 * (a live schema change makes a new one): the select list, the filters, the sortable fields and the
 * masked properties (issue 23: these were worked out again on every list request).
 */
interface ListShape {
  fixed: Row;
  select: string;
  filters: string[];
  sortable: Set<string>;
  masks: [string, MaskRule][];
}
const listShapes = new WeakMap<Entity, ListShape>();

function listShape(entity: Entity, fixed: Row): ListShape {
  const known = listShapes.get(entity);
  if (known && known.fixed === fixed) return known;
  const shape: ListShape = {
    fixed,
    select: selectList(entity),
    filters: [...new Set([...(entity.schema['x-list']?.filters ?? []), 'id', ...Object.keys(fixed)])],
    sortable: new Set(entity.schema['x-list']?.sort ?? []),
    masks: Object.entries(entity.schema.properties).flatMap(([name, prop]) => (prop['x-mask'] ? [[name, prop['x-mask'] as MaskRule] as [string, MaskRule]] : [])),
  };
  listShapes.set(entity, shape);
  return shape;
}

function selectList(entity: Entity): string {
  const cols = entity.readColumns.filter((c) => c !== 'id').map((c) => (inJson(entity, c) ? `${colExpr(entity, c)} AS ${ident(c)}` : ident(c)));
  return ['id', ...cols].join(', ');
}

/** The jsonb column a property is kept in (`x-in`: kind-specific fields of a shared table), or null for its own column. */
function inJson(entity: Entity, name: string): string | null {
  const col = entity.schema.properties[name]?.['x-in'];
  return typeof col === 'string' ? col : null;
}

/** SQL for a property's value: its column, or its key in the jsonb column (`asText`: as text, for matching). Names are checked by the loader. */
function colExpr(entity: Entity, name: string, asText = false): string {
  const json = inJson(entity, name);
  return json ? `(${ident(json)}${asText ? '->>' : '->'}'${name}')` : ident(name);
}

/** `x-store.where`: fixed column values selecting the entity's rows of a shared table (detections of one kind). */
function fixedWhere(entity: Entity, where: string[], params: unknown[]): void {
  for (const [col, value] of Object.entries(entity.schema['x-store']?.where ?? {})) {
    params.push(value);
    where.push(`${ident(col)} = $${params.length}`);
  }
}

/** Values as the driver wants them: arrays and objects as JSON text for jsonb columns. */
function toDb(entity: Entity, name: string, value: unknown): unknown {
  const p = entity.schema.properties[name];
  if (p && (baseType(p) === 'array' || baseType(p) === 'object') && value !== null && value !== undefined) return JSON.stringify(value);
  return value;
}

function scopeColumn(entity: Entity): string | null {
  const scope = entity.schema['x-scope'];
  if (scope === 'company-tree') return 'id';
  if (scope === 'company' || scope === 'company-or-shared') return 'companyId';
  return null;
}

/** Applies the caller's company scope to a WHERE list. */
async function addScope(ctx: AuthedContext, tx: Queryable, entity: Entity, where: string[], params: unknown[]): Promise<void> {
  const col = scopeColumn(entity);
  if (!col) return;
  const ids = await visibleCompanyIds(tx, ctx.session);
  if (ids === null) return;
  params.push(ids);
  // company-or-shared: rows without a company (built-in roles) are everyone's.
  const shared = entity.schema['x-scope'] === 'company-or-shared' ? `${ident(col)} IS NULL OR ` : '';
  where.push(`(${shared}${ident(col)} = ANY($${params.length}::bigint[]))`);
}

function validationError(ctx: AuthedContext, entity: Entity, validate: Entity['validateCreate']): AppError {
  const err = validate.errors?.[0];
  const text = err ? describeAjvError(err, entity.schema, ctx.lang).message : 'invalid';
  return new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text);
}

/**
 * Totals are the costly half of a paged list (a count over the whole filtered table), so they are
 * cached per table and filter for COUNT_TTL_MS and dropped at once when any replica writes the table
 * (app.ts carries `onTableBump` over the cluster bus to `bumpTableHere`); the rows are always fresh.
 */
const COUNT_TTL_MS = 2_000;
const countCache = new Map<string, { n: number; at: number; version: number }>();
const tableVersion = new Map<string, number>();

const bumpListeners = new Set<(table: string) => void>();

/** Marks a table written: this process's cached totals of it are dropped, and listeners hear of it (the cluster bus). */
function bumpTable(table: string): void {
  bumpTableHere(table);
  for (const fn of bumpListeners) fn(table);
}

/** Drops this process's cached totals of a table (another replica wrote it). */
export function bumpTableHere(table: string): void {
  tableVersion.set(table, (tableVersion.get(table) ?? 0) + 1);
}

/** A counter that changes whenever any replica writes the table (for caches derived from it). */
export function tableVersionOf(table: string): number {
  return tableVersion.get(table) ?? 0;
}

/** Listens to this process's table writes; returns the remover. */
export function onTableBump(fn: (table: string) => void): () => void {
  bumpListeners.add(fn);
  return () => bumpListeners.delete(fn);
}

/** The cached total when fresh (a number, no promise: the common case under load), else the count. */
function cachedCount(db: Queryable, table: string, whereSql: string, params: unknown[]): number | Promise<number> {
  const key = `${table}|${whereSql}|${params.length ? JSON.stringify(params) : ''}`;
  const version = tableVersion.get(table) ?? 0;
  const hit = countCache.get(key);
  const now = Date.now();
  if (hit && hit.version === version && now - hit.at < COUNT_TTL_MS) return hit.n;
  return countNow(db, table, whereSql, params, key, version, now);
}

async function countNow(db: Queryable, table: string, whereSql: string, params: unknown[], key: string, version: number, now: number): Promise<number> {
  // One count at a time per table and filter (issue 23): under load, the requests that find the
  // total expired share the count already running instead of each scanning the table.
  const running = countsRunning.get(key);
  if (running && running.version === version) return running.n;
  const counting = db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)} ${whereSql}`, params).then((rows) => rows[0]?.n ?? 0);
  countsRunning.set(key, { n: counting, version });
  try {
    const n = await counting;
    if (countCache.size > 5_000) countCache.clear();
    countCache.set(key, { n, at: now, version });
    return n;
  } finally {
    if (countsRunning.get(key)?.n === counting) countsRunning.delete(key);
  }
}

const countsRunning = new Map<string, { n: Promise<number>; version: number }>();

/** No fixed filters (the same object every time, so the entity's list shape stays cached). */
const NO_FIXED: Row = Object.freeze({}) as Row;

/** From this many rows skipped on, a page is read in two steps (ids first); fewer are cheaper in one. */
const DEEP_OFFSET = 200;

/** Paged list: `{pageNum, pageSize, sortField, sortOrder, ...filters}` → `{total, list}`. */
export async function listEntity(ctx: AuthedContext, entity: Entity, given: Row): Promise<{ total: number; list: Row[] }> {
  const fixed = hooksFor(entity.id).fixedFilters ?? NO_FIXED;
  const shape = listShape(entity, fixed);
  const param = fixed === NO_FIXED ? given : { ...given, ...fixed };
  const pageNum = Math.min(INTEGER_RANGE.maximum, Math.max(1, Math.floor(Number(param.pageNum ?? 1)) || 1));
  const pageSize = Math.min(Paging.maxPageSize, Math.max(1, Math.floor(Number(param.pageSize ?? Paging.defaultPageSize)) || Paging.defaultPageSize));
  const where: string[] = [];
  const params: unknown[] = [];
  if (scopeColumn(entity)) await addScope(ctx, ctx.db, entity, where, params);
  fixedWhere(entity, where, params);
  const masked = maskedFor(ctx, shape.masks);
  for (const name of shape.filters) {
    const value = param[name];
    if (value === undefined || value === null || value === '') continue;
    const prop = (name === 'id' ? { type: 'integer' } : entity.schema.properties[name]!) as PropSchema;
    const type = baseType(prop);
    const json = name !== 'id' && inJson(entity, name);
    const col = name === 'id' ? ident(name) : colExpr(entity, name, true);
    if (masked.has(name)) {
      // A masked number is found only by its whole value: a part would spell it out digit by digit.
      params.push(String(value).trim());
      where.push(`upper(${col}::text) = upper($${params.length})`);
    } else if (isDateProp(prop) && Array.isArray(value)) {
      // Date range filter: [from, to], either end may be empty.
      const [from, to] = value as unknown[];
      for (const [bound, op] of [[from, '>='], [to, '<=']] as const) {
        if (bound === undefined || bound === null || bound === '') continue;
        if (typeof bound !== 'string' || Number.isNaN(Date.parse(bound))) throw fail.badRequest(name);
        params.push(bound);
        where.push(`${col} ${op} $${params.length}`);
      }
    } else if (type === 'string' && !prop['x-enum']) {
      params.push(`%${String(value).replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      where.push(`${col}::text ILIKE $${params.length}`);
    } else if (type === 'array') {
      params.push(JSON.stringify([value]));
      where.push(`${json ? colExpr(entity, name) : col} @> $${params.length}::jsonb`);
    } else if (type === 'integer' || type === 'number') {
      // A number, or digits from a query string; never a boolean or an array (true would read as row 1).
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
      const limit = type === 'integer' ? INTEGER_RANGE.maximum : NUMBER_RANGE.maximum;
      if (!Number.isFinite(n) || Math.abs(n) > limit || (type === 'integer' && !Number.isInteger(n))) throw fail.badRequest(name);
      params.push(n);
      where.push(json ? `(${col})::double precision = $${params.length}` : `${col} = $${params.length}`);
    } else if (type === 'boolean') {
      params.push(value === true || value === 'true' || value === 1);
      where.push(json ? `(${col})::boolean = $${params.length}` : `${col} = $${params.length}`);
    } else {
      params.push(String(value));
      where.push(`${col} = $${params.length}`);
    }
  }
  const sortField = typeof param.sortField === 'string' && shape.sortable.has(param.sortField) ? param.sortField : null;
  const dir = String(param.sortOrder ?? '').toLowerCase().startsWith('asc') ? 'ASC' : 'DESC';
  const order = sortField ? `${colExpr(entity, sortField)} ${dir}, id DESC` : 'id DESC';
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const t = ident(entity.table);
  const offset = (pageNum - 1) * pageSize;
  // Deep pages (issue 23): the rows skipped are found by their ids alone (the primary key's or the
  // sort column's index, without reading the skipped rows' other columns), then only the page's
  // rows are read whole. Same rows in the same order as the plain OFFSET: the order ends in id.
  const page =
    offset >= DEEP_OFFSET
      ? `SELECT ${shape.select} FROM ${t} WHERE id IN (SELECT id FROM ${t} ${whereSql} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}) ORDER BY ${order}`
      : `SELECT ${shape.select} FROM ${t} ${whereSql} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`;
  const [total, list] = await Promise.all([cachedCount(ctx.db, entity.table, whereSql, params), ctx.db.query(page, params)]);
  return { total, list: maskRows(masked, list) };
}

type MaskRule = { unless: string; keepStart?: number; keepEnd?: number };

/** The `x-mask` properties the caller reads masked (they lack its `unless` permission); `masks`: the entity's (listShape). */
function maskedFor(ctx: AuthedContext, masks: readonly [string, MaskRule][]): Map<string, MaskRule> {
  const out = new Map<string, MaskRule>();
  for (const [name, rule] of masks) if (!subjectCan(ctx.session, rule.unless)) out.set(name, rule);
  return out;
}

/** A value with all but its first and last few characters starred (`110***********002X`). */
export function maskText(value: string, keepStart = 3, keepEnd = 4): string {
  if (value.length <= keepStart + keepEnd) return '*'.repeat(value.length);
  return `${value.slice(0, keepStart)}${'*'.repeat(value.length - keepStart - keepEnd)}${value.slice(value.length - keepEnd)}`;
}

function maskRows(masked: Map<string, MaskRule>, rows: Row[]): Row[] {
  if (!masked.size) return rows;
  return rows.map((r) => {
    const out = { ...r };
    for (const [name, rule] of masked) if (typeof out[name] === 'string') out[name] = maskText(out[name] as string, rule.keepStart, rule.keepEnd);
    return out;
  });
}

async function findVisible(ctx: AuthedContext, tx: Queryable, entity: Entity, id: number): Promise<Row> {
  const where = ['id = $1'];
  const params: unknown[] = [id];
  await addScope(ctx, tx, entity, where, params);
  fixedWhere(entity, where, params);
  const rows = await tx.query(`SELECT * FROM ${ident(entity.table)} WHERE ${where.join(' AND ')}`, params);
  if (!rows[0]) throw fail.notFound();
  return rows[0];
}

async function checkUnique(ctx: AuthedContext, tx: Queryable, entity: Entity, values: Row, existing?: Row): Promise<void> {
  for (const [name, prop] of Object.entries(entity.schema.properties)) {
    if (!prop['x-unique'] || values[name] === undefined || values[name] === null) continue;
    const params: unknown[] = [String(values[name])];
    let sql = `SELECT 1 FROM ${ident(entity.table)} WHERE lower(${ident(name)}::text) = lower($1)`;
    if (existing) sql += ` AND id <> $${params.push(existing.id)}`;
    // Within the record's company (and against shared records); a shared record's value is unique everywhere.
    const company = values.companyId !== undefined ? values.companyId : existing?.companyId;
    if (prop['x-unique'] === 'company' && company !== null && company !== undefined) sql += ` AND ("companyId" = $${params.push(company)} OR "companyId" IS NULL)`;
    if ((await tx.query(sql, params)).length > 0) throw duplicate(ctx, entity, name, values[name]);
  }
}

function duplicate(ctx: AuthedContext, entity: Entity, name: string, value: unknown): AppError {
  const labels = entity.schema.properties[name]?.['x-labels'] as Record<string, string> | undefined;
  return new AppError(StatusCode.conflict, 'duplicate', { field: labels?.[ctx.lang] ?? name, value: String(value) });
}

function pickReadable(entity: Entity, row: Row): Row {
  const out: Row = { id: row.id };
  for (const c of entity.readColumns) {
    const json = inJson(entity, c);
    if (json) out[c] = (row[json] as Row | null)?.[c] ?? null;
    else if (c in row) out[c] = row[c];
  }
  return out;
}

/** Strips read-only properties a form sends back unchanged (they are never written). */
function withoutReadOnly(entity: Entity, param: Row, keepId: boolean): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(param)) {
    if (k === 'id' && keepId) out[k] = v;
    else if (!entity.schema.properties[k]?.readOnly) out[k] = v;
  }
  return out;
}

/** Creates a record after schema validation, scope, uniqueness and the entity's hooks. */
export async function createEntity(ctx: AuthedContext, entity: Entity, param: Row): Promise<Row> {
  const row = await ctx.db.transaction((tx) => insertEntity(ctx, tx, entity, param));
  bumpTable(entity.table);
  await hooksFor(entity.id).afterWrite?.(ctx, 'create', row);
  return pickReadable(entity, row);
}

/** The create steps inside a caller's transaction (imports run many in one, all or nothing). Returns the stored row. */
export async function insertEntity(ctx: AuthedContext, tx: Queryable, entity: Entity, param: Row): Promise<Row> {
  const values = withoutReadOnly(entity, param, false);
  if (!entity.validateCreate(values)) throw validationError(ctx, entity, entity.validateCreate);
  if (scopeColumn(entity) === 'companyId') {
    if (values.companyId === undefined) values.companyId = ctx.session.companyId;
    const ids = await visibleCompanyIds(tx, ctx.session);
    if (ids !== null && !ids.includes(Number(values.companyId))) throw fail.noPermission();
  }
  await checkUnique(ctx, tx, entity, values);
  await hooksFor(entity.id).beforeCreate?.(ctx, tx, values, entity);
  Object.assign(values, foldJson(entity, values), entity.schema['x-store']?.where ?? {});
  const names = storedNames(entity, values);
  const sql = `INSERT INTO ${ident(entity.table)} (${names.map(ident).join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`;
  try {
    return (await tx.query(sql, names.map((n) => toDb(entity, n, values[n]))))[0]!;
  } catch (err) {
    rethrowUnique(ctx, entity, err, values);
  }
}

/** Moves `x-in` properties out of values into their jsonb column's object (sent as JSON text). */
function foldJson(entity: Entity, values: Row): Row {
  const out: Record<string, Row> = {};
  for (const name of Object.keys(values)) {
    const json = inJson(entity, name);
    if (!json) continue;
    (out[json] ??= {})[name] = values[name];
    delete values[name];
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, JSON.stringify(v)]));
}

/** Names to write: set values that are columns (transient properties such as a password confirmation are not). */
function storedNames(entity: Entity, values: Row): string[] {
  return Object.keys(values).filter((k) => values[k] !== undefined && !entity.schema.properties[k]?.['x-transient']);
}

/** Updates the fields given (plus `id`) after validation, scope, uniqueness and hooks. */
export async function updateEntity(ctx: AuthedContext, entity: Entity, param: Row): Promise<Row> {
  const values = withoutReadOnly(entity, param, true);
  for (const [k, p] of Object.entries(entity.schema.properties)) if (p['x-readonly-on-edit']) delete values[k];
  if (!entity.validateUpdate(values)) throw validationError(ctx, entity, entity.validateUpdate);
  const id = Number(values.id);
  delete values.id;
  const hooks = hooksFor(entity.id);
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await findVisible(ctx, tx, entity, id);
    ctx.before = pickReadable(entity, existing);
    if (scopeColumn(entity) === 'companyId' && values.companyId !== undefined) {
      const ids = await visibleCompanyIds(tx, ctx.session);
      if (ids !== null && !ids.includes(Number(values.companyId))) throw fail.noPermission();
    }
    await checkUnique(ctx, tx, entity, values, existing);
    await hooks.beforeUpdate?.(ctx, tx, values, existing, entity);
    const json = foldJson(entity, values);
    const names = storedNames(entity, values);
    if (names.length === 0 && Object.keys(json).length === 0) return existing;
    const sets = names.map((n, i) => `${ident(n)} = $${i + 2}`);
    for (const [col, text] of Object.entries(json)) {
      names.push(col);
      values[col] = text;
      sets.push(`${ident(col)} = ${ident(col)} || $${names.length + 1}::jsonb`);
    }
    const updated = await tx.query(
      `UPDATE ${ident(entity.table)} SET ${sets.join(', ')}, "updatedAt" = now() WHERE id = $1 RETURNING *`,
      [id, ...names.map((n) => toDb(entity, n, values[n]))],
    );
    return updated[0]!;
  }).catch((err) => rethrowUnique(ctx, entity, err, values));
  bumpTable(entity.table);
  await hooks.afterWrite?.(ctx, 'update', row);
  return pickReadable(entity, row);
}

/** Deletes one record in the caller's scope. */
export async function deleteEntity(ctx: AuthedContext, entity: Entity, param: Row): Promise<Row> {
  // An id is a whole number in the table's range: never coerced (true would read as row 1, [3] as row 3).
  const id = param.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INTEGER_RANGE.maximum) throw fail.badRequest('id');
  const hooks = hooksFor(entity.id);
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await findVisible(ctx, tx, entity, id);
    ctx.before = pickReadable(entity, existing);
    await hooks.beforeDelete?.(ctx, tx, existing, entity);
    await tx.query(`DELETE FROM ${ident(entity.table)} WHERE id = $1`, [id]);
    return existing;
  });
  bumpTable(entity.table);
  await hooks.afterWrite?.(ctx, 'delete', row);
  return { id };
}

function rethrowUnique(ctx: AuthedContext, entity: Entity, err: unknown, values: Row): never {
  if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
    const name = Object.keys(entity.schema.properties).find((k) => entity.schema.properties[k]!['x-unique'] && values[k] !== undefined) ?? 'id';
    throw duplicate(ctx, entity, name, values[name]);
  }
  throw err;
}
