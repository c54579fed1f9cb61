import crypto from 'node:crypto';
import { formatMessage } from '../../common/messages';
import { StatusCode } from '../../common/protocol';
import { fieldLabel } from '../../common/validation';
import { AppError, fail } from '../errors';
import type { AuthedContext } from '../events/registry';
import type { Entity } from '../schemas/loader';
import { ident, type Queryable, type Row } from '../store/db';
import { defineEntityHooks } from './hooks';
import { visibleCompanyIds } from './scope';

/**
 * Business rules of the administration screens (issue 3) that a schema cannot express:
 * uniqueness across two columns or within a company, dates, time ranges, robots in the
 * caller's company tree, values the server sets (uploader, feedback author, API key).
 */

/** Serialises check-then-write on one table across replicas (released at the end of the transaction). */
async function lockTable(tx: Queryable, table: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fc-admin:${table}`]);
}

/** Whether another row has the same values in these columns (text case-insensitively, numbers exactly). */
async function existsTogether(tx: Queryable, table: string, columns: string[], values: Row, exceptId?: unknown): Promise<boolean> {
  const params: unknown[] = [];
  const where = columns.map((c) => {
    const v = values[c];
    params.push(typeof v === 'number' ? v : String(v));
    return typeof v === 'number' ? `${ident(c)} = $${params.length}` : `lower(${ident(c)}::text) = lower($${params.length})`;
  });
  if (exceptId !== undefined) {
    params.push(Number(exceptId));
    where.push(`id <> $${params.length}`);
  }
  return (await tx.query(`SELECT 1 FROM ${ident(table)} WHERE ${where.join(' AND ')} LIMIT 1`, params)).length > 0;
}

/** A name unique within its company: 409 with the standard duplicate message. */
async function uniqueInCompany(ctx: AuthedContext, tx: Queryable, entity: Entity, values: Row, existing?: Row): Promise<void> {
  const merged = { ...existing, ...values };
  if (existing && values.name === undefined && values.companyId === undefined) return;
  await lockTable(tx, entity.table);
  if (await existsTogether(tx, entity.table, ['companyId', 'name'], { companyId: Number(merged.companyId), name: merged.name }, existing?.id)) {
    throw new AppError(StatusCode.conflict, 'duplicate', { field: fieldLabel(entity.schema, 'name', ctx.lang), value: String(merged.name) });
  }
}

/** A company id a super or platform admin names must exist (others are already held to their tree). */
async function companyMustExist(tx: Queryable, values: Row): Promise<void> {
  if (values.companyId === undefined) return;
  const rows = await tx.query('SELECT 1 FROM companies WHERE id = $1', [Number(values.companyId)]);
  if (!rows.length) throw fail.message(StatusCode.badRequest, 'companyNotFound');
}

/** A 400 "Validation failed: <label>: <rule>" for a field rule checked in code. */
function invalidField(ctx: AuthedContext, entity: Entity, field: string, key: 'dateFormat' | 'dateTimeFormat'): AppError {
  const text = formatMessage(key, ctx.lang, { field: fieldLabel(entity.schema, field, ctx.lang) });
  return new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text);
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Today as YYYY-MM-DD (UTC). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date-time as ISO text (UTC), or null when the text is not one. */
export function parseDateTime(value: unknown): string | null {
  if (typeof value !== 'string' || !DATE_TIME.test(value) || !isCalendarDate(value.slice(0, 10))) return null;
  const t = Date.parse(value.replace(' ', 'T'));
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/**
 * Robot serial numbers the caller may use: each must exist (404 naming it) and be in the caller's
 * company tree (401). Answers them as stored (upper case).
 */
export async function robotsInScope(tx: Queryable, ctx: AuthedContext, given: string[]): Promise<string[]> {
  const robotIds = distinct(given, (r) => r.toUpperCase());
  if (robotIds.length === 0) return [];
  const rows = await tx.query<{ robotId: string; companyId: number }>('SELECT "robotId", "companyId" FROM robots WHERE upper("robotId") = ANY($1::text[])', [
    robotIds.map((r) => r.toUpperCase()),
  ]);
  const visible = await visibleCompanyIds(tx, ctx.session);
  return robotIds.map((id) => {
    const row = rows.find((r) => r.robotId.toUpperCase() === id.toUpperCase());
    if (!row) throw fail.message(StatusCode.notFound, 'robotIdNotFound', { robotId: id.slice(0, 32) });
    if (visible !== null && !visible.includes(Number(row.companyId))) throw fail.noPermission();
    return row.robotId;
  });
}

/** The values once each, first occurrence kept, compared by `key` (arrays from forms and API callers may repeat). */
export function distinct<T>(values: T[], key: (v: T) => unknown = (v) => v): T[] {
  const seen = new Set<unknown>();
  return values.filter((v) => {
    const k = key(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A new application key: 32 random bytes, URL-safe. */
export function newApiToken(): string {
  return `fk_${crypto.randomBytes(32).toString('base64url')}`;
}

/** Registers the hooks of the administration entities. */
export function registerAdminHooks(): void {
  defineEntityHooks('data-dict', {
    async beforeCreate(_ctx, tx, values, entity) {
      await dictKeyFree(tx, entity, values);
    },
    async beforeUpdate(_ctx, tx, values, existing, entity) {
      if (values.moduleName !== undefined || values.key !== undefined) await dictKeyFree(tx, entity, { ...existing, ...values }, existing.id);
    },
  });

  defineEntityHooks('application-key', {
    async beforeCreate(ctx, tx, values, entity) {
      await companyMustExist(tx, values);
      expiryDateOk(ctx, entity, values.expiryDate);
      if (Array.isArray(values.modules)) values.modules = distinct(values.modules);
      values.apiToken = newApiToken();
    },
    async beforeUpdate(ctx, tx, values, existing, entity) {
      await companyMustExist(tx, values);
      if (values.expiryDate !== undefined && values.expiryDate !== existing.expiryDate) expiryDateOk(ctx, entity, values.expiryDate);
      if (Array.isArray(values.modules)) values.modules = distinct(values.modules);
    },
  });

  defineEntityHooks('email-group', {
    async beforeCreate(ctx, tx, values, entity) {
      values.addresses = addressesKept(values.addresses);
      await companyMustExist(tx, values);
      await uniqueInCompany(ctx, tx, entity, values);
    },
    async beforeUpdate(ctx, tx, values, existing, entity) {
      if (values.addresses !== undefined) values.addresses = addressesKept(values.addresses);
      await companyMustExist(tx, values);
      await uniqueInCompany(ctx, tx, entity, values, existing);
    },
  });

  defineEntityHooks('feedback', {
    async beforeCreate(ctx, _tx, values) {
      // Who and which company come from the session, never from the caller (companyId is set by the generic create).
      values.userId = ctx.session.userId;
      values.username = ctx.session.username;
    },
  });

  defineEntityHooks('group', {
    async beforeCreate(ctx, tx, values, entity) {
      await companyMustExist(tx, values);
      await uniqueInCompany(ctx, tx, entity, values);
      if (Array.isArray(values.robotIds)) values.robotIds = await robotsInScope(tx, ctx, values.robotIds as string[]);
    },
    async beforeUpdate(ctx, tx, values, existing, entity) {
      await companyMustExist(tx, values);
      await uniqueInCompany(ctx, tx, entity, values, existing);
      if (Array.isArray(values.robotIds)) values.robotIds = await robotsInScope(tx, ctx, values.robotIds as string[]);
    },
  });

  defineEntityHooks('version-info', {
    async beforeCreate(ctx, tx, values, entity) {
      if (values.date === undefined || values.date === '') values.date = today();
      else if (!isCalendarDate(values.date)) throw invalidField(ctx, entity, 'date', 'dateFormat');
      values.uploader = ctx.session.username;
      await versionFree(tx, entity, values);
    },
    async beforeUpdate(ctx, tx, values, existing, entity) {
      if (values.date !== undefined && !isCalendarDate(values.date)) throw invalidField(ctx, entity, 'date', 'dateFormat');
      if (values.projectName !== undefined || values.version !== undefined) await versionFree(tx, entity, { ...existing, ...values }, existing.id);
    },
  });

  defineEntityHooks('battery-model', {
    async beforeDelete(_ctx, tx, existing) {
      // Bindings of robots deleted since do not hold the model.
      await tx.query(
        'DELETE FROM robot_battery b WHERE b."batteryId" = $1 AND NOT EXISTS (SELECT 1 FROM robots r WHERE upper(r."robotId") = upper(b."robotId"))',
        [existing.id],
      );
      const bound = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM robot_battery WHERE "batteryId" = $1', [existing.id]);
      const n = bound[0]?.n ?? 0;
      if (n > 0) throw fail.message(StatusCode.conflict, 'batteryInUse', { count: n });
    },
  });

  defineEntityHooks('media-entry', {
    async beforeCreate(ctx, tx, values, entity) {
      await companyMustExist(tx, values);
      await uniqueInCompany(ctx, tx, entity, values);
    },
    async beforeUpdate(ctx, tx, values, existing, entity) {
      await companyMustExist(tx, values);
      await uniqueInCompany(ctx, tx, entity, values, existing);
    },
  });

  defineEntityHooks('ad-task', {
    async beforeCreate(ctx, tx, values, entity) {
      await companyMustExist(tx, values);
      adTimesOk(ctx, entity, values, {});
      values.robotIds = await adRobots(ctx, tx, values.robotIds);
    },
    async beforeUpdate(ctx, tx, values, existing, entity) {
      await companyMustExist(tx, values);
      adTimesOk(ctx, entity, values, existing);
      if (values.robotIds !== undefined) values.robotIds = await adRobots(ctx, tx, values.robotIds);
    },
  });
}

async function dictKeyFree(tx: Queryable, entity: Entity, values: Row, exceptId?: unknown): Promise<void> {
  await lockTable(tx, entity.table);
  if (await existsTogether(tx, entity.table, ['moduleName', 'key'], values, exceptId)) {
    throw fail.message(StatusCode.conflict, 'dictKeyExists', { key: String(values.key), module: String(values.moduleName) });
  }
}

async function versionFree(tx: Queryable, entity: Entity, values: Row, exceptId?: unknown): Promise<void> {
  await lockTable(tx, entity.table);
  if (await existsTogether(tx, entity.table, ['projectName', 'version'], values, exceptId)) {
    throw fail.message(StatusCode.conflict, 'versionExists', { version: String(values.version), project: String(values.projectName) });
  }
}

function expiryDateOk(ctx: AuthedContext, entity: Entity, value: unknown): void {
  if (!isCalendarDate(value)) throw invalidField(ctx, entity, 'expiryDate', 'dateFormat');
  if (value < today()) throw fail.message(StatusCode.badRequest, 'expiryInPast');
}

/** Spec §5: at least one address must remain in a group. Answers the addresses once each (case-insensitively). */
function addressesKept(addresses: unknown): string[] {
  if (!Array.isArray(addresses) || addresses.length === 0) throw fail.message(StatusCode.badRequest, 'emailGroupNeedsAddress');
  return distinct(addresses as string[], (a) => a.toLowerCase());
}

/** Start and end are date-times (stored as ISO text) and the end is after the start. */
function adTimesOk(ctx: AuthedContext, entity: Entity, values: Row, existing: Row): void {
  for (const field of ['startTime', 'endTime'] as const) {
    if (values[field] === undefined) continue;
    const iso = parseDateTime(values[field]);
    if (!iso) throw invalidField(ctx, entity, field, 'dateTimeFormat');
    values[field] = iso;
  }
  const start = String(values.startTime ?? existing.startTime ?? '');
  const end = String(values.endTime ?? existing.endTime ?? '');
  if (start && end && Date.parse(end) <= Date.parse(start)) throw fail.message(StatusCode.badRequest, 'adTaskEndBeforeStart');
}

async function adRobots(ctx: AuthedContext, tx: Queryable, robotIds: unknown): Promise<string[]> {
  if (!Array.isArray(robotIds) || robotIds.length === 0) throw fail.message(StatusCode.badRequest, 'adTaskNeedsRobot');
  return robotsInScope(tx, ctx, robotIds as string[]);
}
