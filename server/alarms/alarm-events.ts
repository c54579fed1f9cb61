import { AlarmProcessStatus, AlarmReleaseStatus } from '../../common/alarm-codes';
import { StatusCode } from '../../common/protocol';
import { describeAjvError } from '../../common/validation';
import { AppError, fail } from '../errors';
import { bumpTable } from '../entities/crud';
import { defineEntityHooks } from '../entities/hooks';
import { companyVisible, visibleCompanyIds } from '../entities/scope';
import { createAjv, type Entity } from '../schemas/loader';
import type { Services } from '../services';
import { ident, type Queryable, type Row } from '../store/db';
import type { AuthedContext, EventRegistry } from '../events/registry';
import { alarmPush, companyChain, type AlarmService } from './alarm-service';

/**
 * Alarm operations beyond generic CRUD (spec §7 Alarms): process (setAlarmsProcess), release,
 * the current alarms, the per-company settings (thresholds) and, for demos and tests, asking a
 * simulated robot to raise an alarm. Alarm types, configurations and the alarm lists are
 * schema-driven (schemas/entities/alarm*.schema.json, unhandled-event.schema.json).
 */

const ajv = createAjv();
const label = (en: string, zh: string, ja: string) => ({ 'x-labels': { en, zh, ja } });
const L = {
  id: label('Alarm', '报警', 'アラーム'),
  processStatus: label('Process status', '处理状态', '処理状態'),
  result: label('Result', '处理结果', '処理結果'),
  robotId: label('Robot', '机器人', 'ロボット'),
  code: label('Code', '故障码', 'コード'),
  state: label('State', '状态', '状態'),
  companyId: label('Company', '公司', '会社'),
};

function params(properties: Record<string, Record<string, unknown>>, required: string[] = []) {
  return { type: 'object', required, additionalProperties: false, properties };
}

const processSchema = params(
  {
    id: { type: 'integer', minimum: 1, ...L.id },
    processStatus: { type: 'integer', enum: [AlarmProcessStatus.processed, AlarmProcessStatus.noProcessingNeeded], ...L.processStatus },
    result: { type: 'string', minLength: 1, maxLength: 500, ...L.result },
  },
  ['id', 'processStatus', 'result'],
);
const releaseSchema = params({ id: { type: 'integer', minimum: 1, ...L.id } }, ['id']);
const currentSchema = params({ robotId: { type: 'string', minLength: 1, maxLength: 32, ...L.robotId } });
const simulateSchema = params(
  {
    robotId: { type: 'string', minLength: 1, maxLength: 32, ...L.robotId },
    code: { type: 'integer', minimum: 1, maximum: 99999, ...L.code },
    state: { type: 'string', enum: ['raise', 'clear'], ...L.state },
  },
  ['robotId', 'code'],
);
const settingGetSchema = params({ companyId: { type: 'integer', minimum: 1, ...L.companyId } }, ['companyId']);

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

  reg.register<{ id: number; processStatus: number; result: string }>({
    name: 'setAlarmsProcess',
    access: { kind: 'permission', permission: 'alarm:process' },
    mutating: true,
    validate: ajv.compile(processSchema),
    labelSchema: processSchema,
    handler: async (ctx, p) => {
      const actx = ctx as AuthedContext;
      const row = await svc.db.transaction(async (tx) => {
        const existing = await visibleAlarm(tx, actx, p.id);
        ctx.before = { processStatus: existing.processStatus, handler: existing.handler, result: existing.result };
        if (Number(existing.processStatus) !== AlarmProcessStatus.unprocessed) throw fail.message(StatusCode.conflict, 'alarmNotUnprocessed');
        return (
          await tx.query(
            `UPDATE alarms SET "processStatus" = $2, "result" = $3, "handler" = $4, "handlerId" = $5, "processedAt" = now(), "updatedAt" = now() WHERE id = $1 RETURNING *`,
            [p.id, p.processStatus, p.result, actx.session.name || actx.session.username, actx.session.userId],
          )
        )[0]!;
      });
      bumpTable('alarms');
      await alarms.publish('alarmChange', row, false);
      return alarmRow(row);
    },
  });

  reg.register<{ id: number }>({
    name: 'setAlarmRelease',
    access: { kind: 'permission', permission: 'alarm:release' },
    mutating: true,
    validate: ajv.compile(releaseSchema),
    labelSchema: releaseSchema,
    handler: async (ctx, p) => {
      const actx = ctx as AuthedContext;
      const row = await svc.db.transaction(async (tx) => {
        const existing = await visibleAlarm(tx, actx, p.id);
        ctx.before = { status: existing.status };
        if (Number(existing.status) === AlarmReleaseStatus.released) throw fail.message(StatusCode.conflict, 'alarmAlreadyReleased');
        return (await tx.query(`UPDATE alarms SET "status" = 1, "releasedAt" = now(), "updatedAt" = now() WHERE id = $1 RETURNING *`, [p.id]))[0]!;
      });
      bumpTable('alarms');
      await alarms.publish('alarmChange', row, false);
      return alarmRow(row);
    },
  });

  reg.register<{ robotId?: string }>({
    name: 'getCurrentAlarm',
    access: { kind: 'permission', permission: 'alarm:read' },
    mutating: false,
    validate: ajv.compile(currentSchema),
    labelSchema: currentSchema,
    handler: async (ctx, p) => {
      const ids = await visibleCompanyIds(svc.db, (ctx as AuthedContext).session);
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
    },
  });

  reg.register<{ robotId: string; code: number; state?: 'raise' | 'clear' }>({
    name: 'simulateAlarm',
    access: { kind: 'permission', permission: 'system:simulate' },
    mutating: false,
    audit: true,
    validate: ajv.compile(simulateSchema),
    labelSchema: simulateSchema,
    handler: async (ctx, p) => {
      if (!svc.config.simulator || !svc.gateway) throw fail.message(StatusCode.badRequest, 'simulatorOff');
      const robot = svc.fleet.get(p.robotId);
      if (!robot || !(await companyVisible(svc.db, (ctx as AuthedContext).session, robot.companyId))) throw fail.message(StatusCode.notFound, 'robotNotFound');
      if (!robot.online) throw fail.message(StatusCode.badRequest, 'robotOffline');
      const reply = await svc.gateway.request(p.robotId, 'simulateAlarm', { code: p.code, state: p.state ?? 'raise' });
      if (!reply) throw fail.message(StatusCode.serverError, 'robotNoAnswer');
      return { robotId: p.robotId, code: p.code, state: p.state ?? 'raise' };
    },
  });

  registerAlarmSettingOperations(reg, svc);
}

function alarmRow(row: Row): Row {
  const { handlerId: _h, ...rest } = row;
  return rest;
}

/** Spec §7 thresholds: the alarm settings of one company (alarm-setting schema, x-single). */
function registerAlarmSettingOperations(reg: EventRegistry, svc: Services): void {
  const entity = () => {
    const e = svc.schemas.entities.get('alarm-setting');
    if (!e) throw fail.notFound();
    return e;
  };
  const fields = (e: Entity) => Object.keys(e.createSchema.properties).filter((k) => k !== 'companyId');
  const answer = (e: Entity, companyId: number, row: Row | undefined) => {
    const out: Row = { companyId };
    for (const f of fields(e)) out[f] = row && row[f] !== null && row[f] !== undefined ? row[f] : (e.schema.properties[f]?.default ?? null);
    return out;
  };
  const load = async (db: Queryable, companyId: number) => (await db.query('SELECT * FROM alarm_settings WHERE "companyId" = $1', [companyId]))[0];
  const inScope = async (db: Queryable, ctx: AuthedContext, companyId: number) => {
    if (!(await companyVisible(db, ctx.session, companyId))) throw fail.noPermission();
    if (!(await db.query('SELECT 1 FROM companies WHERE id = $1', [companyId])).length) throw fail.message(StatusCode.notFound, 'companyNotFound');
  };
  const perm = (slot: 'read' | 'update', fallback: string) => ({
    kind: 'permission' as const,
    permission: (svc.schemas.entities.get('alarm-setting')?.schema['x-access'] as Record<string, string> | undefined)?.[slot] ?? fallback,
  });

  reg.register<{ companyId: number }>({
    name: 'getAlarmThreshold',
    access: perm('read', 'alarmSetting:read'),
    mutating: false,
    validate: ajv.compile(settingGetSchema),
    labelSchema: settingGetSchema,
    handler: async (ctx, p) => {
      await inScope(svc.db, ctx as AuthedContext, p.companyId);
      return answer(entity(), p.companyId, await load(svc.db, p.companyId));
    },
  });

  reg.register<Row>({
    name: 'setAlarmThreshold',
    access: perm('update', 'alarmSetting:update'),
    mutating: true,
    // Validated in the handler against the live alarm-setting schema.
    handler: async (ctx, p) => {
      const e = entity();
      const actx = ctx as AuthedContext;
      if (Array.isArray(p.infraredAlarmTypes) && p.infraredAlarmTypes.length === 0) throw fail.message(StatusCode.badRequest, 'infraredTypeRequired');
      if (!e.validateCreate(p)) throw validationError(e, actx);
      const companyId = Number(p.companyId);
      const out = await svc.db.transaction(async (tx) => {
        await inScope(tx, actx, companyId);
        const existing = await load(tx, companyId);
        const merged = { ...answer(e, companyId, existing), ...p };
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
    },
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
