import { AlarmProcessStatus, AlarmReleaseStatus } from '../../../common/alarm-codes';
import { StatusCode } from '../../../common/protocol';
import { describeAjvError } from '../../../common/validation';
import { AppError, fail } from '../../errors';
import { bumpTable } from '../../entities/crud';
import { defineEntityHooks } from '../../entities/hooks';
import { companyCondition, companyVisible, visibleCompanyIds } from '../../entities/scope';
import type { Entity } from '../../schemas/loader';
import type { Services } from '../../services';
import { ident, type Queryable, type Row } from '../../store/db';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import { alarmsEvents, type AlarmRecord, type AlarmSettings } from '../../../common/events/alarms';
import { alarmPush, companyChain, type AlarmService } from './alarm-service';

/**
 * Alarm operations beyond generic CRUD (spec §7 Alarms): process (setAlarmsProcess), release,
 * the current alarms, the per-company settings (thresholds) and, for demos and tests, asking a
 * simulated robot to raise an alarm. Alarm types, configurations and the alarm lists are
 * schema-driven (schemas/entities/alarm*.schema.json, unhandled-event.schema.json).
 */

/** A visible alarm row (in the caller's company tree) or 404 with the alarm message. */
async function visibleAlarm(tx: Queryable, ctx: AuthedContext, id: number): Promise<Row> {
  const ids = await visibleCompanyIds(tx, ctx.session);
  const rows = await tx.query(`SELECT * FROM alarms WHERE id = $1 ${ids === null ? '' : 'AND "companyId" = ANY($2::bigint[])'} FOR UPDATE`, ids === null ? [id] : [id, ids]);
  if (!rows[0]) throw fail.message(StatusCode.notFound, 'alarmNotFound');
  return rows[0];
}

function validationError(entity: Entity, ctx: AuthedContext): AppError {
  const err = entity.validateCreate.errors?.[0];
  const text = err ? describeAjvError(err, entity.schema, ctx.lang).message : 'invalid';
  return new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text);
}

/** Registers the alarm events and the entity hooks of the alarm screens. */
export function registerAlarmEvents(reg: EventRegistry, svc: Services, alarms: AlarmService): void {
  registerAlarmHooks();

  reg.handle(alarmsEvents.setAlarmsProcess, async (ctx, p) => {
    const row = await svc.db.transaction(async (tx) => {
      const existing = await visibleAlarm(tx, ctx, p.id);
      ctx.before = { processStatus: existing.processStatus, handler: existing.handler, result: existing.result };
      if (Number(existing.processStatus) !== AlarmProcessStatus.unprocessed) throw fail.message(StatusCode.conflict, 'alarmNotUnprocessed');
      return (
        await tx.query(
          `UPDATE alarms SET "processStatus" = $2, "result" = $3, "handler" = $4, "handlerId" = $5, "processedAt" = now(), "updatedAt" = now() WHERE id = $1 RETURNING *`,
          [p.id, p.processStatus, p.result, ctx.session.name || ctx.session.username, ctx.session.userId],
        )
      )[0]!;
    });
    bumpTable('alarms');
    await alarms.publish('alarmChange', row, false);
    return alarmRow(row);
  });

  reg.handle(alarmsEvents.setAlarmRelease, async (ctx, p) => {
    const row = await svc.db.transaction(async (tx) => {
      const existing = await visibleAlarm(tx, ctx, p.id);
      ctx.before = { status: existing.status };
      if (Number(existing.status) === AlarmReleaseStatus.released) throw fail.message(StatusCode.conflict, 'alarmAlreadyReleased');
      return (await tx.query(`UPDATE alarms SET "status" = 1, "releasedAt" = now(), "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.id]))[0]!;
    });
    bumpTable('alarms');
    await alarms.publish('alarmChange', row, false);
    return alarmRow(row);
  });

  reg.handle(alarmsEvents.getCurrentAlarm, async (ctx, p) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    const where = ['"status" = 0'];
    const args: unknown[] = [];
    if (ids !== null) {
      args.push(ids);
      where.push(`"companyId" = ANY($${args.length}::bigint[])`);
    }
    if (p.robotId) {
      args.push(p.robotId);
      where.push(`"robotId" = $${args.length}`);
    }
    const rows = await svc.db.query(`SELECT * FROM alarms WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT 50`, args);
    return rows.map((r) => alarmPush(r, false));
  });

  reg.handle(alarmsEvents.simulateAlarm, async (ctx, p) => {
    if (!svc.config.simulator || !svc.gateway) throw fail.message(StatusCode.badRequest, 'simulatorOff');
    const robot = svc.fleet.get(p.robotId);
    if (!robot || !(await companyVisible(svc.db, ctx.session, robot.companyId))) throw fail.message(StatusCode.notFound, 'robotNotFound');
    if (!robot.online) throw fail.message(StatusCode.badRequest, 'robotOffline');
    const reply = await svc.gateway.request(p.robotId, 'simulateAlarm', { code: p.code, state: p.state ?? 'raise' });
    if (!reply) throw fail.message(StatusCode.serverError, 'robotNoAnswer');
    return { robotId: p.robotId, code: p.code, state: p.state ?? 'raise' };
  });

  reg.handle(alarmsEvents.simulateBehaviour, async (ctx, p) => {
    if (!svc.config.simulator || !svc.gateway) throw fail.message(StatusCode.badRequest, 'simulatorOff');
    const robot = svc.fleet.get(p.robotId);
    if (!robot || !(await companyVisible(svc.db, ctx.session, robot.companyId))) throw fail.message(StatusCode.notFound, 'robotNotFound');
    if (!robot.online) throw fail.message(StatusCode.badRequest, 'robotOffline');
    const reply = await svc.gateway.request(p.robotId, 'simulateDetection', { kind: 'action', data: { action: p.action, confidence: 90 } });
    if (!reply) throw fail.message(StatusCode.serverError, 'robotNoAnswer');
    return { robotId: p.robotId, action: p.action };
  });

  // Issue 20 (spec §7 alarms): the processed alarms of the caller's companies, as rows for export.
  reg.handle(alarmsEvents.exportAlarmsProcess, async (ctx) => {
    const w = companyCondition(await visibleCompanyIds(svc.db, ctx.session), '"companyId"');
    return svc.db.query(
      `SELECT id, "robotId", "robotName", code, kind, level, message, "processStatus", handler, result, "processedAt", "createdAt" FROM alarms WHERE "processStatus" <> 0 AND ${w.sql} ORDER BY id DESC LIMIT 10000`,
      w.args,
    );
  });

  registerAlarmSettingOperations(reg, svc);
}

/** A stored alarm as its events answer it (timestamps become ISO strings on the wire). */
function alarmRow(row: Row): AlarmRecord {
  const { handlerId: _h, ...rest } = row;
  return rest as AlarmRecord;
}

/** Spec §7 thresholds: the alarm settings of one company (alarm-setting schema, x-single). */
function registerAlarmSettingOperations(reg: EventRegistry, svc: Services): void {
  const entity = () => {
    const e = svc.schemas.entities.get('alarm-setting');
    if (!e) throw fail.notFound();
    return e;
  };
  const fields = (e: Entity) => Object.keys(e.createSchema.properties).filter((k) => k !== 'companyId');
  const answer = (e: Entity, companyId: number, row: Row | undefined): AlarmSettings => {
    const out: Row = { companyId };
    for (const f of fields(e)) out[f] = row && row[f] !== null && row[f] !== undefined ? row[f] : (e.schema.properties[f]?.default ?? null);
    return out as AlarmSettings;
  };
  const load = async (db: Queryable, companyId: number) => (await db.query('SELECT * FROM alarm_settings WHERE "companyId" = $1', [companyId]))[0];
  const inScope = async (db: Queryable, ctx: AuthedContext, companyId: number) => {
    if (!(await companyVisible(db, ctx.session, companyId))) throw fail.noPermission();
    if (!(await db.query('SELECT 1 FROM companies WHERE id = $1', [companyId])).length) throw fail.message(StatusCode.notFound, 'companyNotFound');
  };
  reg.handle(alarmsEvents.getAlarmThreshold, async (ctx, p) => {
    await inScope(svc.db, ctx, p.companyId);
    return answer(entity(), p.companyId, await load(svc.db, p.companyId));
  });

  // Validated in the handler against the live alarm-setting schema.
  reg.handle(alarmsEvents.setAlarmThreshold, async (ctx, p) => {
    const e = entity();
    if (Array.isArray(p.infraredAlarmTypes) && p.infraredAlarmTypes.length === 0) throw fail.message(StatusCode.badRequest, 'infraredTypeRequired');
    if (!e.validateCreate(p)) throw validationError(e, ctx);
    const companyId = Number(p.companyId);
    const out = await svc.db.transaction(async (tx) => {
      await inScope(tx, ctx, companyId);
      const existing = await load(tx, companyId);
      const merged: Row = { ...answer(e, companyId, existing), ...p };
      // Spec §5: mailing alarms needs at least one mail group or address.
      if (Number(merged.mailOnAlarm) === 1 && !(merged.emailGroupIds as unknown[]).length && !(merged.emailAddresses as unknown[]).length) {
        throw fail.message(StatusCode.badRequest, 'alarmMailNeedsReceiver');
      }
      const groups = (merged.emailGroupIds as number[]) ?? [];
      if (groups.length) {
        // Groups of this company or a parent only: alarms never go to another tenant's groups.
        const owners = await companyChain(tx, companyId);
        const found = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM email_groups WHERE id = ANY($1::bigint[]) AND "companyId" = ANY($2::bigint[])', [groups, owners]);
        if (found[0]!.n !== new Set(groups).size) throw fail.message(StatusCode.badRequest, 'emailGroupNotFound');
      }
      ctx.before = answer(e, companyId, existing);
      const all = fields(e);
      const json = (f: string, v: unknown) => (Array.isArray(v) || (v && typeof v === 'object') ? JSON.stringify(v) : v);
      if (existing) {
        await tx.query(`UPDATE alarm_settings SET ${all.map((f, i) => `${ident(f)} = $${i + 2}`).join(', ')}, "updatedAt" = now() WHERE "companyId" = $1`, [
          companyId,
          ...all.map((f) => json(f, merged[f])),
        ]);
      } else {
        await tx.query(`INSERT INTO alarm_settings ("companyId", ${all.map(ident).join(', ')}) VALUES ($1, ${all.map((_, i) => `$${i + 2}`).join(', ')})`, [
          companyId,
          ...all.map((f) => json(f, merged[f])),
        ]);
      }
      return answer(e, companyId, await load(tx, companyId));
    });
    bumpTable('alarm_settings');
    return out;
  });
}

/** Business rules of the alarm screens beyond their schemas. */
function registerAlarmHooks(): void {
  // An alarm configuration names an alarm type of its company or a parent; one per company and type.
  const checkConfig = async (tx: Queryable, values: Row, existing?: Row) => {
    const companyId = Number(values.companyId ?? existing?.companyId);
    const typeId = Number(values.alarmTypeId ?? existing?.alarmTypeId);
    const chain = await companyChain(tx, companyId);
    const type = await tx.query('SELECT 1 FROM alarm_types WHERE id = $1 AND "companyId" = ANY($2::bigint[])', [typeId, chain]);
    if (!type.length) throw fail.message(StatusCode.badRequest, 'alarmTypeNotFound');
    const dup = await tx.query('SELECT 1 FROM alarm_configs WHERE "companyId" = $1 AND "alarmTypeId" = $2 AND id <> $3', [companyId, typeId, Number(existing?.id ?? 0)]);
    if (dup.length) throw fail.message(StatusCode.conflict, 'alarmConfigExists');
  };
  defineEntityHooks('alarm-config', {
    beforeCreate: (_ctx, tx, values) => checkConfig(tx, values),
    beforeUpdate: (_ctx, tx, values, existing) => checkConfig(tx, values, existing),
  });
  // Unhandled events: the alarms still waiting for someone to process them.
  defineEntityHooks('unhandled-event', { fixedFilters: { processStatus: AlarmProcessStatus.unprocessed } });
}
