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
import { SettingsGetParam, SettingsSetParam } from '../../common/events/settings';
import { lazyCompile } from '../schemas/shared-ajv';

/**
 * The get / set events of every settings schema (schemas/settings, `x-api.get` / `x-api.set`):
 * one document per robot and schema in robot_settings. get answers the stored document merged
 * over the schema's defaults; set validates what it is sent and the merged whole against the live
 * schema and its `x-differs-from` rules, stores it, is recorded in the operation log (mutating),
 * and sends the new parameters to the robot over MQTT when it is online.
 */

const getSchema = SettingsGetParam;
const setSchema = SettingsSetParam;
const validateGet = lazyCompile(hardenParams(getSchema));
const validateSet = lazyCompile(hardenParams(setSchema));

/** What get and set answer. */
interface SettingsAnswer {
  robotId: string;
  params: SettingsDoc;
  /** When the document was last saved (null: never, the defaults). */
  updatedAt: string | null;
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
const settingsAnswerSchema = (loaded: SettingsSchema): object => ({
  type: 'object',
  required: ['robotId', 'params'],
  properties: { robotId: { type: 'string' }, params: loaded.schema, updatedAt: { type: ['string', 'null'] } },
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
      return { robotId: p.robotId, params: mergeSettings(set.schema, set.defaults, row?.params), updatedAt: iso(row?.updated_at) };
    },
  };

  const put: EventDef<{ robotId: string; params: Record<string, unknown> }> & { schemaDriven: SchemaDrivenOrigin } = {
    name: api.set.event,
    access: { kind: 'permission', permission: access.update ?? `${id}:update` },
    mutating: true,
    validate: validateSet,
    labelSchema: setSchema,
    schemaDriven: { group: 'settings', source: `schemas/settings/${id}.schema.json`, record: settingsAnswerSchema(loaded), action: 'set' },
    handler: async (ctx, p): Promise<SettingsAnswer> => {
      const set = current();
      const actx = ctx as AuthedContext;
      refuseInvalid(set.validatePartial, set, p.params, ctx.lang);
      const saved = await svc.db.transaction(async (tx) => {
        await robotInTree(tx, actx, p.robotId);
        // Two saves of one robot's document queue instead of racing on the first insert.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fc-settings:${id}:${p.robotId}`]);
        const row = await load(tx, p.robotId, id);
        const before = mergeSettings(set.schema, set.defaults, row?.params);
        const next = mergeSettings(set.schema, before, p.params);
        refuseInvalid(set.validateFull, set, next, ctx.lang);
        const broken = crossFieldErrors(set.schema, next, ctx.lang)[0];
        if (broken) throw new AppError(StatusCode.badRequest, broken.key, broken.vars);
        ctx.before = before;
        const written = await tx.query<{ updated_at: unknown }>(
          `INSERT INTO robot_settings (robot_id, schema_id, params, updated_at, updated_by) VALUES ($1, $2, $3::jsonb, now(), $4)
           ON CONFLICT (robot_id, schema_id) DO UPDATE SET params = EXCLUDED.params, updated_at = now(), updated_by = EXCLUDED.updated_by
           RETURNING updated_at`,
          [p.robotId, id, JSON.stringify(next), actx.session.userId],
        );
        return { params: next, updatedAt: iso(written[0]?.updated_at) };
      });
      // Caches derived from robot settings (the leader's push holds) read them again, on every replica.
      bumpTable('robot_settings');
      // Fire and forget: the robot applies them when it hears them; the saved document is what counts.
      if (svc.gateway && svc.fleet.get(p.robotId)?.online) void svc.gateway.request(p.robotId, 'setParams', { schema: id, params: saved.params }).catch(() => undefined);
      return { robotId: p.robotId, ...saved };
    },
  };
  type Named = EventDef<Record<string, unknown>> & { schemaDriven: SchemaDrivenOrigin };
  return [get as unknown as Named, put as unknown as Named];
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

async function load(db: Queryable, robot: string, schemaId: string): Promise<{ params: unknown; updated_at: unknown } | undefined> {
  return (await db.query<{ params: unknown; updated_at: unknown }>('SELECT params, updated_at FROM robot_settings WHERE robot_id = $1 AND schema_id = $2', [robot, schemaId]))[0];
}

function iso(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
