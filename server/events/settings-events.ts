import { hardenParams } from '../schemas/harden';
import { crossFieldErrors, mergeSettings, type SettingsDoc } from '../../common/settings';
import { StatusCode } from '../../common/protocol';
import { describeAjvError } from '../../common/validation';
import { bumpTable } from '../entities/crud';
import { visibleCompanyIds } from '../entities/scope';
import { AppError, fail } from '../errors';
import type { SettingsSchema } from '../schemas/loader';
import type { Services } from '../services';
import type { Queryable } from '../store/db';
import type { AuthedContext, EventDef, EventRegistry, SchemaDrivenOrigin } from './registry';
import { CompanySettingsGetParam, CompanySettingsSetParam, SettingsGetParam, SettingsSetParam, type SettingSource } from '../../common/events/settings';
import { lazyCompile } from '../schemas/shared-ajv';
import { formatMessage } from '../../common/messages';
import { settingsLeaves } from '../../common/settings';
import { inheritsFromCompany, ownValues, resolveCompanySettings, resolveRobotSettings, withoutLeaves } from './settings-inherit';

/**
 * The get / set events of every settings schema (schemas/settings, `x-api.get` / `x-api.set`):
 * one document per robot and schema in robot_settings. get answers the stored document merged
 * over the schema's defaults; set validates what it is sent and the merged whole against the live
 * schema and its `x-differs-from` rules, stores it, is recorded in the operation log (mutating),
 * and sends the new parameters to the robot over MQTT when it is online. `clear` removes fields
 * from the stored document (back to the default, or with x-inherit to the inherited value).
 *
 * A schema with `x-inherit: "company"` (settings-inherit.ts) keeps only the robot's own values and
 * answers the effective document with its own values and each field's source; its company
 * documents have events of their own (x-api getCompany / setCompany), and a company's change is
 * sent to the online robots of the company and its subsidiaries, each its effective document.
 */

const getSchema = SettingsGetParam;
const setSchema = SettingsSetParam;
const validateGet = lazyCompile(hardenParams(getSchema));
const validateSet = lazyCompile(hardenParams(setSchema));
const validateCompanyGet = lazyCompile(hardenParams(CompanySettingsGetParam));
const validateCompanySet = lazyCompile(hardenParams(CompanySettingsSetParam));

/** What get and set answer. */
interface SettingsAnswer {
  robotId: string;
  params: SettingsDoc;
  /** When the document was last saved (null: never, the defaults). */
  updatedAt: string | null;
  /** x-inherit: the robot's (or company's) own values, and where each field's effective value comes from. */
  own?: SettingsDoc;
  sources?: Record<string, SettingSource>;
}

/** Registers the events of the live settings schemas, and again after every schema reload. */
export function registerSettingsEvents(reg: EventRegistry, svc: Services): void {
  let mine = new Set<string>();
  const sync = () => {
    const next = new Set<string>();
    for (const set of svc.schemas.settings.values()) {
      for (const def of settingsEvents(svc, set)) {
        if (reg.get(def.name) && !mine.has(def.name)) {
          console.warn(`Settings schema ${set.file}: event "${def.name}" is already registered by the server; not bound.`);
          continue;
        }
        reg.upsert(def);
        next.add(def.name);
      }
    }
    for (const old of mine) if (!next.has(old)) reg.remove(old);
    mine = next;
  };
  sync();
  svc.live?.onReload(sync);
}

/** The answer of a settings get/set: the robot, its document after the settings schema, when it was saved. */
const settingsAnswerSchema = (loaded: SettingsSchema, subject: 'robotId' | 'companyId' = 'robotId'): object => ({
  type: 'object',
  required: [subject, 'params'],
  properties: {
    [subject]: { type: subject === 'robotId' ? 'string' : 'integer' },
    params: loaded.schema,
    updatedAt: { type: ['string', 'null'] },
    ...(inheritsFromCompany(loaded)
      ? {
          own: { type: 'object', description: 'The values set on this robot (company) itself; the others are inherited.' },
          sources: {
            type: 'object',
            description: 'Where each field\'s effective value comes from, by its dotted path: {from: "robot"}, {from: "company", companyId, companyName} or {from: "default"}.',
            additionalProperties: { type: 'object', required: ['from'], properties: { from: { enum: ['robot', 'company', 'default'] }, companyId: { type: 'integer' }, companyName: { type: 'string' } } },
          },
        }
      : {}),
  },
});

function settingsEvents(svc: Services, loaded: SettingsSchema): (EventDef<Record<string, unknown>> & { schemaDriven: SchemaDrivenOrigin })[] {
  const id = loaded.id;
  const api = loaded.schema['x-api'];
  const access = loaded.schema['x-access'] ?? {};
  // The live schema at call time: a reload that changes fields applies at once.
  const current = () => {
    const set = svc.schemas.settings.get(id);
    if (!set) throw fail.notFound();
    return set;
  };

  const get: EventDef<{ robotId: string }> & { schemaDriven: SchemaDrivenOrigin } = {
    name: api.get.event,
    access: { kind: 'permission', permission: access.read ?? `${id}:read` },
    mutating: false,
    validate: validateGet,
    labelSchema: getSchema,
    schemaDriven: { group: 'settings', source: `schemas/settings/${id}.schema.json`, record: settingsAnswerSchema(loaded), action: 'get' },
    handler: async (ctx, p): Promise<SettingsAnswer> => {
      const set = current();
      await robotInTree(svc.db, ctx as AuthedContext, p.robotId);
      const row = await load(svc.db, p.robotId, id);
      if (inheritsFromCompany(set)) {
        const resolved = (await resolveRobotSettings(svc.db, set, [p.robotId])).get(p.robotId)!;
        return { robotId: p.robotId, params: resolved.params, own: resolved.own, sources: resolved.sources, updatedAt: iso(row?.updated_at) };
      }
      return { robotId: p.robotId, params: mergeSettings(set.schema, set.defaults, row?.params), updatedAt: iso(row?.updated_at) };
    },
  };

  const put: EventDef<{ robotId: string; params: Record<string, unknown>; clear?: string[] }> & { schemaDriven: SchemaDrivenOrigin } = {
    name: api.set.event,
    access: { kind: 'permission', permission: access.update ?? `${id}:update` },
    mutating: true,
    validate: validateSet,
    labelSchema: setSchema,
    schemaDriven: { group: 'settings', source: `schemas/settings/${id}.schema.json`, record: settingsAnswerSchema(loaded), action: 'set' },
    handler: async (ctx, p): Promise<SettingsAnswer> => {
      const set = current();
      const actx = ctx as AuthedContext;
      const inherit = inheritsFromCompany(set);
      refuseInvalid(set.validatePartial, set, p.params, ctx.lang);
      const clear = clearedLeaves(set, p.clear, ctx.lang);
      const saved = await svc.db.transaction(async (tx): Promise<Omit<SettingsAnswer, 'robotId'>> => {
        await robotInTree(tx, actx, p.robotId);
        // Two saves of one robot's document queue instead of racing on the first insert.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fc-settings:${id}:${p.robotId}`]);
        const row = await load(tx, p.robotId, id);
        const write = async (stored: SettingsDoc) =>
          iso(
            (
              await tx.query<{ updated_at: unknown }>(
                `INSERT INTO robot_settings (robot_id, schema_id, params, updated_at, updated_by) VALUES ($1, $2, $3::jsonb, now(), $4)
                 ON CONFLICT (robot_id, schema_id) DO UPDATE SET params = EXCLUDED.params, updated_at = now(), updated_by = EXCLUDED.updated_by
                 RETURNING updated_at`,
                [p.robotId, id, JSON.stringify(stored), actx.session.userId],
              )
            )[0]?.updated_at,
          );
        if (inherit) {
          // Only the robot's own values are stored; what it does not set, it inherits. A refusal
          // after the write rolls the transaction back.
          const before = (await resolveRobotSettings(tx, set, [p.robotId])).get(p.robotId)!;
          const updatedAt = await write(ownValues(set, withoutLeaves(before.own, clear), p.params));
          const after = (await resolveRobotSettings(tx, set, [p.robotId])).get(p.robotId)!;
          checkWhole(set, after.params, ctx.lang);
          ctx.before = before.own;
          return { params: after.params, own: after.own, sources: after.sources, updatedAt };
        }
        const before = mergeSettings(set.schema, set.defaults, row?.params);
        const next = mergeSettings(set.schema, set.defaults, mergeSettings(set.schema, withoutLeaves(before, clear), p.params));
        checkWhole(set, next, ctx.lang);
        ctx.before = before;
        return { params: next, updatedAt: await write(next) };
      });
      // Caches derived from robot settings (the leader's push holds) read them again, on every replica.
      bumpTable('robot_settings');
      // Fire and forget: the robot applies them when it hears them; the saved document is what counts.
      sendToRobot(svc, p.robotId, id, saved.params);
      return { robotId: p.robotId, ...saved };
    },
  };
  type Named = EventDef<Record<string, unknown>> & { schemaDriven: SchemaDrivenOrigin };
  const events = [get as unknown as Named, put as unknown as Named];
  if (!inheritsFromCompany(loaded) || !api.getCompany || !api.setCompany) return events;

  const getCompany: EventDef<{ companyId: number }> & { schemaDriven: SchemaDrivenOrigin } = {
    name: api.getCompany.event,
    access: { kind: 'permission', permission: access.read ?? `${id}:read` },
    mutating: false,
    validate: validateCompanyGet,
    labelSchema: CompanySettingsGetParam,
    schemaDriven: { group: 'settings', source: `schemas/settings/${id}.schema.json`, record: settingsAnswerSchema(loaded, 'companyId'), action: 'get' },
    handler: async (ctx, p): Promise<CompanyAnswer> => {
      const set = current();
      await companyInTree(svc.db, ctx as AuthedContext, p.companyId);
      const resolved = (await resolveCompanySettings(svc.db, set, p.companyId))!;
      const row = await loadCompany(svc.db, p.companyId, id);
      return { companyId: p.companyId, ...resolved, updatedAt: iso(row?.updated_at) };
    },
  };

  const setCompany: EventDef<{ companyId: number; params: Record<string, unknown>; clear?: string[] }> & { schemaDriven: SchemaDrivenOrigin } = {
    name: api.setCompany.event,
    access: { kind: 'permission', permission: access.update ?? `${id}:update` },
    mutating: true,
    validate: validateCompanySet,
    labelSchema: CompanySettingsSetParam,
    schemaDriven: { group: 'settings', source: `schemas/settings/${id}.schema.json`, record: settingsAnswerSchema(loaded, 'companyId'), action: 'set' },
    handler: async (ctx, p): Promise<CompanyAnswer> => {
      const set = current();
      const actx = ctx as AuthedContext;
      refuseInvalid(set.validatePartial, set, p.params, ctx.lang);
      const clear = clearedLeaves(set, p.clear, ctx.lang);
      const saved = await svc.db.transaction(async (tx) => {
        await companyInTree(tx, actx, p.companyId);
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fc-company-settings:${id}:${p.companyId}`]);
        const before = (await resolveCompanySettings(tx, set, p.companyId))!;
        const stored = ownValues(set, withoutLeaves(before.own, clear), p.params);
        const written = await tx.query<{ updated_at: unknown }>(
          `INSERT INTO company_settings (company_id, schema_id, params, updated_at, updated_by) VALUES ($1, $2, $3::jsonb, now(), $4)
           ON CONFLICT (company_id, schema_id) DO UPDATE SET params = EXCLUDED.params, updated_at = now(), updated_by = EXCLUDED.updated_by
           RETURNING updated_at`,
          [p.companyId, id, JSON.stringify(stored), actx.session.userId],
        );
        const after = (await resolveCompanySettings(tx, set, p.companyId))!;
        // Every robot below inherits it: the whole effective document must hold for each of them.
        checkWhole(set, after.params, ctx.lang);
        const robots = await resolveRobotSettings(tx, set, await robotsBelow(tx, p.companyId));
        for (const r of robots.values()) checkWhole(set, r.params, ctx.lang);
        ctx.before = before.own;
        return { companyId: p.companyId, ...after, updatedAt: iso(written[0]?.updated_at), robots };
      });
      bumpTable('robot_settings');
      // The robots of the company and its subsidiaries hear their new effective documents.
      for (const [robotId, r] of saved.robots) sendToRobot(svc, robotId, id, r.params);
      const { robots: _sent, ...answer } = saved;
      return answer;
    },
  };
  return [...events, getCompany as unknown as Named, setCompany as unknown as Named];
}

/** What a company document's get and set answer. */
interface CompanyAnswer {
  companyId: number;
  params: SettingsDoc;
  own: SettingsDoc;
  sources: Record<string, SettingSource>;
  updatedAt: string | null;
}

/** A whole effective document must be within the schema and its cross-field rules. */
function checkWhole(set: SettingsSchema, doc: SettingsDoc, lang: AuthedContext['lang']): void {
  refuseInvalid(set.validateFull, set, doc, lang);
  const broken = crossFieldErrors(set.schema, doc, lang)[0];
  if (broken) throw new AppError(StatusCode.badRequest, broken.key, broken.vars);
}

/** The leaf paths `clear` names; one the schema does not have is refused (nothing changed). */
function clearedLeaves(set: SettingsSchema, clear: readonly string[] | undefined, lang: AuthedContext['lang']): string[][] {
  if (!clear?.length) return [];
  const leaves = new Set(settingsLeaves(set.schema).map((l) => l.join('.')));
  const unknown = clear.find((c) => !leaves.has(c));
  if (unknown !== undefined) throw fail.badRequest(formatMessage('unknownField', lang, { field: unknown }));
  return clear.map((c) => c.split('.'));
}

function sendToRobot(svc: Services, robotId: string, schemaId: string, params: SettingsDoc): void {
  if (svc.gateway && svc.fleet.get(robotId)?.online) void svc.gateway.request(robotId, 'setParams', { schema: schemaId, params }).catch(() => undefined);
}

function refuseInvalid(validate: SettingsSchema['validateFull'], set: SettingsSchema, doc: unknown, lang: AuthedContext['lang']): void {
  if (validate(doc)) return;
  const err = validate.errors?.[0];
  throw fail.badRequest(err ? describeAjvError(err, set.schema, lang).message : 'invalid');
}

/** The robot must exist (404) and belong to the caller's company tree (401). */
async function robotInTree(db: Queryable, ctx: AuthedContext, id: string): Promise<void> {
  const robot = (await db.query<{ companyId: unknown }>('SELECT "companyId" FROM robots WHERE "robotId" = $1', [id]))[0];
  if (!robot) throw new AppError(StatusCode.notFound, 'robotNotFound');
  const visible = await visibleCompanyIds(db, ctx.session);
  if (visible !== null && !visible.includes(Number(robot.companyId))) throw fail.noPermission();
}

/** The company must exist (404 Company not found) and be in the caller's company tree (401; a super admin may pick any). */
async function companyInTree(db: Queryable, ctx: AuthedContext, companyId: number): Promise<void> {
  const company = (await db.query<{ id: unknown }>('SELECT id FROM companies WHERE id = $1', [companyId]))[0];
  if (!company) throw new AppError(StatusCode.notFound, 'companyNotFound');
  const visible = await visibleCompanyIds(db, ctx.session);
  if (visible !== null && !visible.includes(Number(companyId))) throw fail.noPermission();
}

/** The robots of a company and of its subsidiaries. */
async function robotsBelow(db: Queryable, companyId: number): Promise<string[]> {
  const rows = await db.query<{ robotId: string }>(
    `WITH RECURSIVE tree(id) AS (SELECT id FROM companies WHERE id = $1
       UNION SELECT c.id FROM companies c JOIN tree t ON c."parentId" = t.id)
     SELECT r."robotId" FROM robots r JOIN tree t ON r."companyId" = t.id`,
    [companyId],
  );
  return rows.map((r) => r.robotId);
}

async function loadCompany(db: Queryable, companyId: number, schemaId: string): Promise<{ params: unknown; updated_at: unknown } | undefined> {
  return (await db.query<{ params: unknown; updated_at: unknown }>('SELECT params, updated_at FROM company_settings WHERE company_id = $1 AND schema_id = $2', [companyId, schemaId]))[0];
}

async function load(db: Queryable, robot: string, schemaId: string): Promise<{ params: unknown; updated_at: unknown } | undefined> {
  return (await db.query<{ params: unknown; updated_at: unknown }>('SELECT params, updated_at FROM robot_settings WHERE robot_id = $1 AND schema_id = $2', [robot, schemaId]))[0];
}

function iso(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
