import { formatMessage } from '../../../common/messages';
import { StatusCode } from '../../../common/protocol';
import { describeAjvError, fieldLabel } from '../../../common/validation';
import { adminEvents, type CompanyParam, type SocData } from '../../../common/events/admin';
import { AppError, fail } from '../../errors';
import { bumpTable } from '../../entities/crud';
import { newApiToken, robotsInScope } from '../../entities/admin-hooks';
import { visibleCompanyIds } from '../../entities/scope';
import type { Entity } from '../../schemas/loader';
import type { Services } from '../../services';
import { ident, type Queryable, type Row } from '../../store/db';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/**
 * Operations of the administration screens (issue 3) beyond generic list/create/update/delete:
 * robot groups' linked robots (REST, spec §7), battery SOC tables, company parameters, and a new
 * application key. Generic CRUD of these entities comes from their schemas' `x-api`.
 */

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

function socAnswer(row: Row): SocData {
  return { batteryId: row.id as number, model: row.model as string, chargeSoc: (row.chargeSoc ?? []) as SocData['chargeSoc'], dischargeSoc: (row.dischargeSoc ?? []) as SocData['dischargeSoc'] };
}

/** Arrays and objects go to jsonb columns as JSON text. */
const toDb = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

const SOC_COLUMN = { charge: 'chargeSoc', discharge: 'dischargeSoc' } as const;

/** Registers the administration operations. */
export function registerAdminEvents(reg: EventRegistry, svc: Services): void {
  registerGroupOperations(reg, svc);
  registerBatteryOperations(reg, svc);
  registerCompanyParamOperations(reg, svc);

  // A leaked key is replaced, not edited: the answer carries the new key.
  reg.handle(adminEvents.resetApplicationKey, async (ctx, p) => {
    const entity = entityOf(svc, 'application-key');
    const row = await svc.db.transaction(async (tx) => {
      const existing = await visibleRow(tx, ctx, entity.table, p.id);
      ctx.before = { id: existing.id, name: existing.name, apiToken: existing.apiToken };
      return (await tx.query(`UPDATE ${ident(entity.table)} SET "apiToken" = $2, "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.id, newApiToken()]))[0]!;
    });
    bumpTable(entity.table);
    return Object.fromEntries(['id', ...entity.readColumns].map((c) => [c, row[c]])) as { id: number; apiToken: string };
  });
}

/** Spec §7 group calls beyond list/create/update/delete (which the group schema binds). */
function registerGroupOperations(reg: EventRegistry, svc: Services): void {
  reg.handle(adminEvents['GET /robot/common/getRobotByCompanyId'], async (ctx, p) => {
    const visible = await visibleCompanyIds(svc.db, ctx.session);
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
    return svc.db.query<{ robotId: string; robotName: string; robotType: number; companyId: number }>(
      `SELECT "robotId", "robotName", "robotType", "companyId" FROM robots ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY "robotId"`,
      args,
    );
  });

  reg.handle(adminEvents['GET /robot/group/getAssociatedRobotIds'], async (ctx, p) => {
    const group = await visibleRow(svc.db, ctx, entityOf(svc, 'group').table, p.groupId);
    return (group.robotIds as string[] | null) ?? [];
  });

  reg.handle(adminEvents['POST /robot/group/relRobot'], async (ctx, p) => {
    const table = entityOf(svc, 'group').table;
    const out = await svc.db.transaction(async (tx) => {
      const group = await visibleRow(tx, ctx, table, p.groupId);
      const robotIds = await robotsInScope(tx, ctx, p.robotIds);
      ctx.before = { groupId: group.id, robotIds: group.robotIds ?? [] };
      await tx.query(`UPDATE ${ident(table)} SET "robotIds" = $2, "updatedAt" = now() WHERE id = $1`, [p.groupId, JSON.stringify(robotIds)]);
      return { groupId: p.groupId, robotIds };
    });
    bumpTable(table);
    return out;
  });
}

/** Spec §7 SOC data: getSocData, uploadSocData, deleteSocData, bindRobotSocData. */
function registerBatteryOperations(reg: EventRegistry, svc: Services): void {
  const table = () => entityOf(svc, 'battery-model').table;
  const findModel = async (db: Queryable, id: number): Promise<Row> => {
    const row = (await db.query(`SELECT * FROM ${ident(table())} WHERE id = $1`, [id]))[0];
    if (!row) throw fail.notFound();
    return row;
  };

  reg.handle(adminEvents.getSocData, async (ctx, p) => {
    if (p.batteryId !== undefined) return socAnswer(await findModel(svc.db, p.batteryId));
    if (p.robotId === undefined) {
      const text = formatMessage('required', ctx.lang, { field: fieldLabel(adminEvents.getSocData.param as never, 'batteryId', ctx.lang) });
      throw new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text);
    }
    const [robotId] = (await robotsInScope(svc.db, ctx, [p.robotId])) as [string];
    const bound = (await svc.db.query<{ batteryId: number }>('SELECT "batteryId" FROM robot_battery WHERE "robotId" = $1', [robotId]))[0];
    if (!bound) return { robotId, batteryId: null, model: null, chargeSoc: [], dischargeSoc: [] };
    return { robotId, ...socAnswer(await findModel(svc.db, bound.batteryId)) };
  });

  reg.handle(adminEvents.uploadSocData, async (ctx, p) => {
    const column = SOC_COLUMN[p.socType];
    const data = p.data.map((d) => ({ voltage: d.voltage, soc: d.soc }));
    const row = await svc.db.transaction(async (tx) => {
      const existing = await findModel(tx, p.batteryId);
      ctx.before = { batteryId: existing.id, [column]: existing[column] };
      return (await tx.query(`UPDATE ${ident(table())} SET ${ident(column)} = $2, "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.batteryId, JSON.stringify(data)]))[0]!;
    });
    bumpTable(table());
    return socAnswer(row);
  });
  // Labels of the point fields too, so "soc is required" reads "SOC (%) is required".
  const upload = reg.get(adminEvents.uploadSocData.name)!;
  const uploadParam = adminEvents.uploadSocData.param;
  upload.labelSchema = { properties: { ...uploadParam.properties, ...uploadParam.properties.data.items.properties } };

  reg.handle(adminEvents.deleteSocData, async (ctx, p) => {
    const column = SOC_COLUMN[p.socType];
    const row = await svc.db.transaction(async (tx) => {
      const existing = await findModel(tx, p.batteryId);
      ctx.before = { batteryId: existing.id, [column]: existing[column] };
      return (await tx.query(`UPDATE ${ident(table())} SET ${ident(column)} = '[]', "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.batteryId]))[0]!;
    });
    bumpTable(table());
    return socAnswer(row);
  });

  reg.handle(adminEvents.bindRobotSocData, async (ctx, p) => {
    return svc.db.transaction(async (tx) => {
      const [robotId] = (await robotsInScope(tx, ctx, [p.robotId])) as [string];
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
  });
}

/** Spec §7 getCompanyParam / setCompanyParam over the company-setting schema (one record per company). */
function registerCompanyParamOperations(reg: EventRegistry, svc: Services): void {
  const fields = (e: Entity) => Object.keys(e.createSchema.properties).filter((k) => k !== 'companyId');
  const answer = (e: Entity, companyId: number, row: Row | undefined): CompanyParam => {
    const out: Row = { companyId };
    for (const f of fields(e)) out[f] = row && row[f] !== null && row[f] !== undefined ? row[f] : (e.schema.properties[f]?.default ?? null);
    return out as CompanyParam;
  };
  const load = async (db: Queryable, e: Entity, companyId: number) => (await db.query(`SELECT * FROM ${ident(e.table)} WHERE "companyId" = $1`, [companyId]))[0];

  reg.handle(adminEvents.getCompanyParam, async (ctx, p) => {
    const e = entityOf(svc, 'company-setting');
    await companyInScope(svc.db, ctx, p.companyId);
    return answer(e, p.companyId, await load(svc.db, e, p.companyId));
  });

  // Validated in the handler against the live company-setting schema.
  reg.handle(adminEvents.setCompanyParam, async (ctx, p) => {
    const e = entityOf(svc, 'company-setting');
    if (!e.validateCreate(p)) {
      const err = e.validateCreate.errors?.[0];
      const text = err ? describeAjvError(err, e.schema, ctx.lang).message : 'invalid';
      throw new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text);
    }
    const companyId = Number(p.companyId);
    const out = await svc.db.transaction(async (tx) => {
      await companyInScope(tx, ctx, companyId);
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
        const defaults: Row = answer(e, companyId, undefined);
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
  });
}
