/** Warning rules of track robots and the warnings they raise (the rules are checked in track-service.ts). */
import { StatusCode } from '../../../common/protocol';
import { trackEvents, type TrackRule, type TrackWarning } from '../../../common/events/track';
import { TRACK_CHECK_ITEMS } from '../../../common/track';
import { AppError } from '../../errors';
import type { EventContext, EventRegistry } from '../../events/registry';
import { fieldsOf, idOf, paging, rowOf, trackRobot, type TrackDeps } from './track-events';

const RULE_FIELDS = fieldsOf(trackEvents['POST /robot/track/warnRules/{robot}/{id}'].param);

/** Registers the warning rule and warning operations. */
export function registerTrackWarningEvents(reg: EventRegistry, { svc }: TrackDeps): void {
  const db = svc.db;
  const row = rowOf(db);
  const robotOf = (ctx: EventContext, id: unknown) => trackRobot(svc, ctx, id);

  // ── warning rules ──────────────────────────────────────────────────────────────
  const checkItems = async (ctx: EventContext, p: { robot?: string }) => {
    if (p.robot !== undefined) await robotOf(ctx, p.robot);
    return TRACK_CHECK_ITEMS;
  };
  reg.handle(trackEvents['GET /robot/track/warnRules/checkItems'], checkItems);
  reg.handle(trackEvents['GET /robot/track/warnRules/{robot}/checkItems'], checkItems);

  reg.handle(trackEvents['GET /robot/track/warnRules/{robot}'], async (ctx, p) => {
    const list = await db.query<TrackRule>('SELECT * FROM track_warn_rules WHERE "robotId" = $1 ORDER BY id DESC', [await robotOf(ctx, p.robot)]);
    return { list, total: list.length };
  });

  const ruleValues = (p: Record<string, unknown>, base: Record<string, unknown>) => {
    const v = { ...base, ...Object.fromEntries(Object.entries(p).filter(([k, x]) => x !== undefined && RULE_FIELDS.has(k))) };
    return [v.name, v.checkItem, v.condition ?? '>', v.value ?? 0, v.relation ?? 'and', v.condition2 ?? null, v.value2 ?? null, v.interval ?? 0, v.enabled ?? true];
  };
  reg.handle(trackEvents['POST /robot/track/warnRules/{robot}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    return row(
      'INSERT INTO track_warn_rules ("robotId", "name", "checkItem", "condition", "value", "relation", "condition2", "value2", "interval", "enabled") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *',
      [robotId, ...ruleValues(p, {})],
    );
  });

  reg.handle(trackEvents['POST /robot/track/warnRules/{robot}/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const before = await row<TrackRule>('SELECT * FROM track_warn_rules WHERE id = $1 AND "robotId" = $2', [idOf(p.id), robotId]);
    ctx.before = before;
    return row(
      'UPDATE track_warn_rules SET "name" = $3, "checkItem" = $4, "condition" = $5, "value" = $6, "relation" = $7, "condition2" = $8, "value2" = $9, "interval" = $10, "enabled" = $11 WHERE id = $1 AND "robotId" = $2 RETURNING *',
      [idOf(p.id), robotId, ...ruleValues(p, before)],
    );
  });

  reg.handle(trackEvents['DELETE /robot/track/warnRules/{robot}/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    ctx.before = await row('SELECT * FROM track_warn_rules WHERE id = $1 AND "robotId" = $2', [idOf(p.id), robotId]);
    await db.query('DELETE FROM track_warn_rules WHERE id = $1', [idOf(p.id)]);
    return { id: idOf(p.id) };
  });

  // ── warnings ───────────────────────────────────────────────────────────────────
  const warningOf = async (ctx: EventContext, id: unknown) => {
    const w = await row<TrackWarning>('SELECT * FROM track_warnings WHERE id = $1', [idOf(id)]);
    await robotOf(ctx, w.robotId).catch(() => {
      throw new AppError(StatusCode.notFound, 'notFound');
    });
    return w;
  };

  reg.handle(trackEvents['GET /robot/track/warnDetail/{robot}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const { pageNum, pageSize, offset } = paging(p);
    const dealt = p.dealt === 'true' ? true : p.dealt === 'false' ? false : null;
    const list = await db.query<TrackWarning>('SELECT * FROM track_warnings WHERE "robotId" = $1 AND ($2::boolean IS NULL OR "dealt" = $2) ORDER BY id DESC LIMIT $3 OFFSET $4', [robotId, dealt, pageSize, offset]);
    const [{ n }] = (await db.query<{ n: string }>('SELECT count(*) AS n FROM track_warnings WHERE "robotId" = $1 AND ($2::boolean IS NULL OR "dealt" = $2)', [robotId, dealt])) as [{ n: string }];
    return { list, total: Number(n), pageNum, pageSize };
  });

  reg.handle(trackEvents['GET /robot/track/warnDetail/detail/{id}'], async (ctx, p) => warningOf(ctx, p.id));

  reg.handle(trackEvents['POST /robot/track/warnDetail/deal/{id}'], async (ctx, p) => {
    const before = await warningOf(ctx, p.id);
    ctx.before = before;
    if (before.dealt) throw new AppError(StatusCode.badRequest, 'trackWarningDealt');
    return row('UPDATE track_warnings SET "dealt" = true, "dealResult" = $2, "dealtBy" = $3, "dealtAt" = now() WHERE id = $1 RETURNING *', [idOf(p.id), p.dealResult, ctx.session.username]);
  });
}
