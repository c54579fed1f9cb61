import { formatMessage } from '../../common/messages';
import { StatusCode } from '../../common/protocol';
import { describeAjvError, fieldLabel } from '../../common/validation';
import { AppError, fail } from '../errors';
import { bumpTable } from '../entities/crud';
import { newApiToken, robotsInScope } from '../entities/admin-hooks';
import { visibleCompanyIds } from '../entities/scope';
import { createAjv, type Entity } from '../schemas/loader';
import type { Services } from '../services';
import { ident, type Queryable, type Row } from '../store/db';
import type { AccessRule, AuthedContext, EventRegistry } from './registry';

/**
 * Operations of the administration screens (issue 3) beyond generic list/create/update/delete:
 * robot groups' linked robots (REST, spec §7), battery SOC tables, company parameters, and a new
 * application key. Generic CRUD of these entities comes from their schemas' `x-api`.
 */

const ajv = createAjv();
const label = (en: string, zh: string, ja: string) => ({ 'x-labels': { en, zh, ja } });

const L = {
  groupId: label('Group', '分组', 'グループ'),
  robotIds: label('Robots', '关联机器人', 'ロボット'),
  companyId: label('Company', '公司', '会社'),
  batteryId: label('Battery model', '电池型号', 'バッテリー型式'),
  robotId: label('Robot', '机器人', 'ロボット'),
  socType: label('SOC table', 'SOC表', 'SOCテーブル'),
  data: label('SOC data', 'SOC数据', 'SOCデータ'),
  id: label('ID', '编号', 'ID'),
};

/** A params schema: the properties with their labels, nothing else allowed. */
function params(properties: Record<string, Record<string, unknown>>, required: string[] = []) {
  return { type: 'object', required, additionalProperties: false, properties };
}

const robotIdsSchema = { type: 'array', maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 32 } };

/** The point schema of a SOC table, from the battery-model schema (the single source), or a fallback. */
function socPointSchema(svc: Services): Record<string, unknown> {
  const items = svc.schemas.entities.get('battery-model')?.schema.properties.chargeSoc?.items;
  return (
    items ?? {
      type: 'object',
      required: ['voltage', 'soc'],
      additionalProperties: false,
      properties: { voltage: { type: 'number', minimum: 0, maximum: 1000 }, soc: { type: 'number', minimum: 0, maximum: 100 } },
    }
  );
}

/** Permission an entity schema names in x-access (so buttons and server agree), else the fallback. */
function permissionOf(svc: Services, entityId: string, slot: string, fallback: string): AccessRule {
  const named = (svc.schemas.entities.get(entityId)?.schema['x-access'] as Record<string, string> | undefined)?.[slot];
  return { kind: 'permission', permission: named ?? fallback };
}

function entityOf(svc: Services, id: string): Entity {
  const e = svc.schemas.entities.get(id);
  if (!e) throw fail.notFound();
  return e;
}

/** Ids of a company and its ancestors. */
async function companyAndAncestors(db: Queryable, companyId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE up(id, "parentId") AS (SELECT id, "parentId" FROM companies WHERE id = $1
       UNION ALL SELECT c.id, c."parentId" FROM companies c JOIN up ON c.id = up."parentId")
     SELECT id FROM up`,
    [companyId],
  );
  return rows.map((r) => Number(r.id));
}

/** A row of a company-scoped table the caller may see, or 404. */
async function visibleRow(db: Queryable, ctx: AuthedContext, table: string, id: number): Promise<Row> {
  const visible = await visibleCompanyIds(db, ctx.session);
  const rows = await db.query(
    `SELECT * FROM ${ident(table)} WHERE id = $1 ${visible === null ? '' : 'AND "companyId" = ANY($2::bigint[])'}`,
    visible === null ? [id] : [id, visible],
  );
  if (!rows[0]) throw fail.notFound();
  return rows[0];
}

/** Refuses a company outside the caller's tree (401) or one that does not exist (404). */
async function companyInScope(db: Queryable, ctx: AuthedContext, companyId: number): Promise<void> {
  const visible = await visibleCompanyIds(db, ctx.session);
  if (visible !== null && !visible.includes(companyId)) throw fail.noPermission();
  if (!(await db.query('SELECT 1 FROM companies WHERE id = $1', [companyId])).length) throw fail.message(StatusCode.notFound, 'companyNotFound');
}

function socAnswer(row: Row) {
  return { batteryId: row.id, model: row.model, chargeSoc: row.chargeSoc ?? [], dischargeSoc: row.dischargeSoc ?? [] };
}

/** Arrays and objects go to jsonb columns as JSON text. */
const toDb = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

const SOC_COLUMN = { charge: 'chargeSoc', discharge: 'dischargeSoc' } as const;
type SocType = keyof typeof SOC_COLUMN;

/** Registers the administration operations. */
export function registerAdminEvents(reg: EventRegistry, svc: Services): void {
  registerGroupOperations(reg, svc);
  registerBatteryOperations(reg, svc);
  registerCompanyParamOperations(reg, svc);

  // A leaked key is replaced, not edited: the answer carries the new key.
  const resetSchema = params({ id: { type: 'integer', minimum: 1, ...L.id } }, ['id']);
  reg.register<{ id: number }>({
    name: 'resetApplicationKey',
    access: permissionOf(svc, 'application-key', 'update', 'applicationKey:update'),
    mutating: true,
    validate: ajv.compile(resetSchema),
    labelSchema: resetSchema,
    handler: async (ctx, p) => {
      const entity = entityOf(svc, 'application-key');
      const row = await svc.db.transaction(async (tx) => {
        const existing = await visibleRow(tx, ctx as AuthedContext, entity.table, p.id);
        ctx.before = { id: existing.id, name: existing.name, apiToken: existing.apiToken };
        return (await tx.query(`UPDATE ${ident(entity.table)} SET "apiToken" = $2, "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.id, newApiToken()]))[0]!;
      });
      bumpTable(entity.table);
      return Object.fromEntries(['id', ...entity.readColumns].map((c) => [c, row[c]]));
    },
  });
}

/** Spec §7 group calls beyond list/create/update/delete (which the group schema binds). */
function registerGroupOperations(reg: EventRegistry, svc: Services): void {
  const byCompany = params({ companyId: { type: 'integer', minimum: 1, ...L.companyId } });
  reg.register<{ companyId?: number }>({
    name: 'GET /robot/common/getRobotByCompanyId',
    access: { kind: 'permission', permission: 'robot:read' },
    mutating: false,
    validate: ajv.compile(byCompany),
    labelSchema: byCompany,
    handler: async (ctx, p) => {
      const visible = await visibleCompanyIds(svc.db, (ctx as AuthedContext).session);
      if (p.companyId !== undefined && visible !== null && !visible.includes(p.companyId)) throw fail.noPermission();
      const where: string[] = [];
      const args: unknown[] = [];
      if (p.companyId !== undefined) {
        args.push(p.companyId);
        where.push(`"companyId" = $${args.length}`);
      }
      if (visible !== null) {
        args.push(visible);
        where.push(`"companyId" = ANY($${args.length}::bigint[])`);
      }
      return svc.db.query(
        `SELECT "robotId", "robotName", "robotType", "companyId" FROM robots ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY "robotId"`,
        args,
      );
    },
  });

  const byGroup = params({ groupId: { type: 'integer', minimum: 1, ...L.groupId } }, ['groupId']);
  reg.register<{ groupId: number }>({
    name: 'GET /robot/group/getAssociatedRobotIds',
    access: permissionOf(svc, 'group', 'read', 'group:read'),
    mutating: false,
    validate: ajv.compile(byGroup),
    labelSchema: byGroup,
    handler: async (ctx, p) => {
      const group = await visibleRow(svc.db, ctx as AuthedContext, entityOf(svc, 'group').table, p.groupId);
      return (group.robotIds as string[] | null) ?? [];
    },
  });

  const relSchema = params({ groupId: { type: 'integer', minimum: 1, ...L.groupId }, robotIds: { ...robotIdsSchema, ...L.robotIds } }, ['groupId', 'robotIds']);
  reg.register<{ groupId: number; robotIds: string[] }>({
    name: 'POST /robot/group/relRobot',
    access: permissionOf(svc, 'group', 'update', 'group:update'),
    mutating: true,
    validate: ajv.compile(relSchema),
    labelSchema: relSchema,
    handler: async (ctx, p) => {
      const actx = ctx as AuthedContext;
      const table = entityOf(svc, 'group').table;
      const out = await svc.db.transaction(async (tx) => {
        const group = await visibleRow(tx, actx, table, p.groupId);
        const robotIds = await robotsInScope(tx, actx, p.robotIds);
        ctx.before = { groupId: group.id, robotIds: group.robotIds ?? [] };
        await tx.query(`UPDATE ${ident(table)} SET "robotIds" = $2, "updatedAt" = now() WHERE id = $1`, [p.groupId, JSON.stringify(robotIds)]);
        return { groupId: p.groupId, robotIds };
      });
      bumpTable(table);
      return out;
    },
  });
}

/** Spec §7 SOC data: getSocData, uploadSocData, deleteSocData, bindRobotSocData. */
function registerBatteryOperations(reg: EventRegistry, svc: Services): void {
  const table = () => entityOf(svc, 'battery-model').table;
  const socType = { type: 'string', enum: Object.keys(SOC_COLUMN), ...L.socType };
  const findModel = async (db: Queryable, id: number): Promise<Row> => {
    const row = (await db.query(`SELECT * FROM ${ident(table())} WHERE id = $1`, [id]))[0];
    if (!row) throw fail.notFound();
    return row;
  };

  const getSchema = params({ batteryId: { type: 'integer', minimum: 1, ...L.batteryId }, robotId: { type: 'string', minLength: 1, maxLength: 32, ...L.robotId } });
  reg.register<{ batteryId?: number; robotId?: string }>({
    name: 'getSocData',
    access: permissionOf(svc, 'battery-model', 'read', 'battery:read'),
    mutating: false,
    validate: ajv.compile(getSchema),
    labelSchema: getSchema,
    handler: async (ctx, p) => {
      if (p.batteryId !== undefined) return socAnswer(await findModel(svc.db, p.batteryId));
      if (p.robotId === undefined) {
        const text = formatMessage('required', ctx.lang, { field: fieldLabel(getSchema as never, 'batteryId', ctx.lang) });
        throw new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text);
      }
      const [robotId] = await robotsInScope(svc.db, ctx as AuthedContext, [p.robotId]);
      const bound = (await svc.db.query<{ batteryId: number }>('SELECT "batteryId" FROM robot_battery WHERE "robotId" = $1', [robotId]))[0];
      if (!bound) return { robotId, batteryId: null, model: null, chargeSoc: [], dischargeSoc: [] };
      return { robotId, ...socAnswer(await findModel(svc.db, bound.batteryId)) };
    },
  });

  const uploadSchema = params(
    {
      batteryId: { type: 'integer', minimum: 1, ...L.batteryId },
      socType,
      data: { type: 'array', minItems: 1, maxItems: 1000, items: socPointSchema(svc), ...L.data },
    },
    ['batteryId', 'socType', 'data'],
  );
  reg.register<{ batteryId: number; socType: SocType; data: { voltage: number; soc: number }[] }>({
    name: 'uploadSocData',
    access: permissionOf(svc, 'battery-model', 'soc', 'battery:write'),
    mutating: true,
    validate: ajv.compile(uploadSchema),
    // Labels of the point fields too, so "soc is required" reads "SOC (%) is required".
    labelSchema: { properties: { ...uploadSchema.properties, ...((socPointSchema(svc).properties ?? {}) as Record<string, unknown>) } },
    handler: async (ctx, p) => {
      const column = SOC_COLUMN[p.socType];
      const data = p.data.map((d) => ({ voltage: d.voltage, soc: d.soc }));
      const row = await svc.db.transaction(async (tx) => {
        const existing = await findModel(tx, p.batteryId);
        ctx.before = { batteryId: existing.id, [column]: existing[column] };
        return (await tx.query(`UPDATE ${ident(table())} SET ${ident(column)} = $2, "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.batteryId, JSON.stringify(data)]))[0]!;
      });
      bumpTable(table());
      return socAnswer(row);
    },
  });

  const deleteSchema = params({ batteryId: { type: 'integer', minimum: 1, ...L.batteryId }, socType }, ['batteryId', 'socType']);
  reg.register<{ batteryId: number; socType: SocType }>({
    name: 'deleteSocData',
    access: permissionOf(svc, 'battery-model', 'soc', 'battery:write'),
    mutating: true,
    validate: ajv.compile(deleteSchema),
    labelSchema: deleteSchema,
    handler: async (ctx, p) => {
      const column = SOC_COLUMN[p.socType];
      const row = await svc.db.transaction(async (tx) => {
        const existing = await findModel(tx, p.batteryId);
        ctx.before = { batteryId: existing.id, [column]: existing[column] };
        return (await tx.query(`UPDATE ${ident(table())} SET ${ident(column)} = '[]', "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.batteryId]))[0]!;
      });
      bumpTable(table());
      return socAnswer(row);
    },
  });

  const bindSchema = params(
    { robotId: { type: 'string', minLength: 1, maxLength: 32, ...L.robotId }, batteryId: { type: ['integer', 'null'], minimum: 1, ...L.batteryId } },
    ['robotId', 'batteryId'],
  );
  reg.register<{ robotId: string; batteryId: number | null }>({
    name: 'bindRobotSocData',
    access: permissionOf(svc, 'battery-model', 'bind', 'battery:bind'),
    mutating: true,
    validate: ajv.compile(bindSchema),
    labelSchema: bindSchema,
    handler: async (ctx, p) => {
      return svc.db.transaction(async (tx) => {
        const [robotId] = (await robotsInScope(tx, ctx as AuthedContext, [p.robotId])) as [string];
        if (p.batteryId !== null) await findModel(tx, p.batteryId);
        const old = (await tx.query<{ batteryId: number }>('SELECT "batteryId" FROM robot_battery WHERE "robotId" = $1', [robotId]))[0];
        ctx.before = { robotId, batteryId: old?.batteryId ?? null };
        if (p.batteryId === null) await tx.query('DELETE FROM robot_battery WHERE "robotId" = $1', [robotId]);
        else
          await tx.query(
            `INSERT INTO robot_battery ("robotId", "batteryId") VALUES ($1, $2)
             ON CONFLICT ("robotId") DO UPDATE SET "batteryId" = EXCLUDED."batteryId", "boundAt" = now()`,
            [robotId, p.batteryId],
          );
        return { robotId, batteryId: p.batteryId };
      });
    },
  });
}

/** Spec §7 getCompanyParam / setCompanyParam over the company-setting schema (one record per company). */
function registerCompanyParamOperations(reg: EventRegistry, svc: Services): void {
  const fields = (e: Entity) => Object.keys(e.createSchema.properties).filter((k) => k !== 'companyId');
  const answer = (e: Entity, companyId: number, row: Row | undefined) => {
    const out: Row = { companyId };
    for (const f of fields(e)) out[f] = row && row[f] !== null && row[f] !== undefined ? row[f] : (e.schema.properties[f]?.default ?? null);
    return out;
  };
  const load = async (db: Queryable, e: Entity, companyId: number) => (await db.query(`SELECT * FROM ${ident(e.table)} WHERE "companyId" = $1`, [companyId]))[0];

  const getSchema = params({ companyId: { type: 'integer', minimum: 1, ...L.companyId } }, ['companyId']);
  reg.register<{ companyId: number }>({
    name: 'getCompanyParam',
    access: permissionOf(svc, 'company-setting', 'read', 'companyParam:read'),
    mutating: false,
    validate: ajv.compile(getSchema),
    labelSchema: getSchema,
    handler: async (ctx, p) => {
      const e = entityOf(svc, 'company-setting');
      await companyInScope(svc.db, ctx as AuthedContext, p.companyId);
      return answer(e, p.companyId, await load(svc.db, e, p.companyId));
    },
  });

  reg.register<Row>({
    name: 'setCompanyParam',
    access: permissionOf(svc, 'company-setting', 'update', 'companyParam:update'),
    mutating: true,
    // Validated in the handler against the live company-setting schema.
    handler: async (ctx, p) => {
      const e = entityOf(svc, 'company-setting');
      if (!e.validateCreate(p)) {
        const err = e.validateCreate.errors?.[0];
        const text = err ? describeAjvError(err, e.schema, ctx.lang).message : 'invalid';
        throw new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text);
      }
      const companyId = Number(p.companyId);
      const actx = ctx as AuthedContext;
      const out = await svc.db.transaction(async (tx) => {
        await companyInScope(tx, actx, companyId);
        if (p.alarmEmailGroupId !== undefined && p.alarmEmailGroupId !== null) {
          // The group must belong to this company or one of its parents: alarms never go to another tenant.
          const owners = await companyAndAncestors(tx, companyId);
          const found = await tx.query('SELECT 1 FROM email_groups WHERE id = $1 AND "companyId" = ANY($2::bigint[])', [Number(p.alarmEmailGroupId), owners]);
          if (!found.length) throw fail.message(StatusCode.badRequest, 'emailGroupNotFound');
        }
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`fc-admin:${e.table}`]);
        const existing = await load(tx, e, companyId);
        ctx.before = answer(e, companyId, existing);
        const given = fields(e).filter((f) => p[f] !== undefined);
        if (existing) {
          if (given.length)
            await tx.query(`UPDATE ${ident(e.table)} SET ${given.map((f, i) => `${ident(f)} = $${i + 2}`).join(', ')}, "updatedAt" = now() WHERE "companyId" = $1`, [
              companyId,
              ...given.map((f) => toDb(p[f])),
            ]);
        } else {
          const defaults = answer(e, companyId, undefined);
          const all = fields(e);
          await tx.query(`INSERT INTO ${ident(e.table)} ("companyId", ${all.map(ident).join(', ')}) VALUES ($1, ${all.map((_, i) => `$${i + 2}`).join(', ')})`, [
            companyId,
            ...all.map((f) => toDb(p[f] !== undefined ? p[f] : defaults[f])),
          ]);
        }
        return answer(e, companyId, await load(tx, e, companyId));
      });
      bumpTable(e.table);
      return out;
    },
  });
}
