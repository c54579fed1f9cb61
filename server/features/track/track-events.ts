/**
 * The REST calls of spec §7 for track robots (`/robot/track/…`, `getDeviceTreeNew`,
 * `getParamByRobot`), registered as operations of the catalogue common/events/track.ts: the
 * REST transport matches their paths. Reading needs `track:read`, changing `track:write`;
 * general users hold neither (spec §6). This file holds what the operations share (the
 * caller's robot check, ids, paging) and the device tree, live status and remote control; the
 * other groups are in map-, point-, task-, result- and warning-events.ts.
 */
import { StatusCode } from '../../../common/protocol';
import { REFUSALS } from '../../../common/robot-actions';
import { trackEvents } from '../../../common/events/track';
import { DEFAULT_RAIL_LENGTH_M, TRACK_ACTIONS, TRACK_CHECK_ITEMS, TRACK_LIMITS, TRACK_MOVING_COMMANDS, TrackPolicy, TrackStatus } from '../../../common/track';
import { visibleCompanyIds } from '../../entities/scope';
import { AppError } from '../../errors';
import type { AuthedContext, EventContext, EventRegistry } from '../../events/registry';
import type { Db } from '../../store/db';
import type { Services } from '../../services';
import type { TrackService, TrackTaskRow } from './track-service';

/** What the track operations share: the services and the task runner. */
export interface TrackDeps {
  svc: Services;
  track: TrackService;
}

/** Throws unless the robot is a track robot in the caller's company tree. */
export async function trackRobot(svc: Services, ctx: EventContext, robotId: unknown): Promise<string> {
  const robot = typeof robotId === 'string' ? svc.fleet.get(robotId) : undefined;
  if (!robot || robot.robotType !== 5) throw new AppError(StatusCode.notFound, 'trackRobotNotFound');
  const ids = await visibleCompanyIds(svc.db, (ctx as AuthedContext).session);
  if (ids !== null && !ids.includes(robot.companyId)) throw new AppError(StatusCode.notFound, 'trackRobotNotFound');
  return robot.robotId;
}

/** A row id from the path, or "not found". */
export const idOf = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError(StatusCode.notFound, 'notFound');
  return n;
};

/** Page number, size (default 10) and offset of a paged list. */
export function paging(p: { pageNum?: number; pageSize?: number }) {
  const pageSize = p.pageSize ?? 10;
  const pageNum = p.pageNum ?? 1;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** The first row of a query, or "not found". */
export const rowOf =
  (db: Db) =>
  async <T>(sql: string, params: unknown[]): Promise<T> => {
    const rows = await db.query(sql, params);
    if (!rows[0]) throw new AppError(StatusCode.notFound, 'notFound');
    return rows[0] as T;
  };

/** The fields of a validated operation's param (its properties but the path placeholders and the token). */
export const fieldsOf = (param: { properties: Record<string, unknown> }): ReadonlySet<string> =>
  new Set(Object.keys(param.properties).filter((k) => !['robot', 'id', 'mapId', 'token'].includes(k)));

/** The device tree, a robot's parameters, the live status and remote control. */
export function registerTrackStatusEvents(reg: EventRegistry, { svc, track }: TrackDeps): void {
  const db = svc.db;
  const robotOf = (ctx: EventContext, id: unknown) => trackRobot(svc, ctx, id);

  // ── common ──────────────────────────────────────────────────────────────────────
  reg.handle(trackEvents['GET /robot/common/getDeviceTreeNew'], async (ctx) => {
    const ids = await visibleCompanyIds(db, ctx.session);
    const companies = await db.query<{ id: number; name: string }>('SELECT id, "name" FROM companies ORDER BY id');
    const robots = svc.fleet.all().filter((r) => r.robotType === 5 && (ids === null || ids.includes(r.companyId)));
    return companies
      .filter((c) => robots.some((r) => r.companyId === Number(c.id)))
      .map((c) => ({
        companyId: Number(c.id),
        companyName: c.name,
        robots: robots
          .filter((r) => r.companyId === Number(c.id))
          .map((r) => ({ robotId: r.robotId, robotName: r.robotName, robotType: r.robotType, online: r.online, mapId: r.mapId, companyId: r.companyId, regionName: r.regionName })),
      }));
  });

  reg.handle(trackEvents['GET /robot/common/getParamByRobot'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robotId);
    const r = svc.fleet.get(robotId)!;
    const map = (await db.query<{ length: number }>('SELECT "length" FROM track_maps WHERE "robotId" = $1 ORDER BY id DESC LIMIT 1', [robotId]))[0];
    return { robotId, robotName: r.robotName, robotType: r.robotType, railLength: map?.length ?? DEFAULT_RAIL_LENGTH_M, limits: TRACK_LIMITS, actions: [...TRACK_ACTIONS], checkItems: TRACK_CHECK_ITEMS };
  });

  // ── live state and remote control ───────────────────────────────────────────────
  reg.handle(trackEvents['GET /robot/track/current/status/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.id);
    const r = svc.fleet.get(robotId)!;
    const state = r.online ? track.state(robotId) : null;
    const task = state?.taskId ? (await db.query<{ name: string; policy: number }>('SELECT "name", "policy" FROM track_tasks WHERE id = $1', [state.taskId]))[0] : undefined;
    return { robotName: r.robotName, online: r.online, battery: r.battery, status: r.status, emergencyButtonStatus: r.emergencyButtonStatus, ...(state ?? { trackStatus: null, position: null }), taskName: task?.name ?? null, taskPolicy: task?.policy ?? null, robotId };
  });

  reg.handle(trackEvents['POST /robot/track/remoteControl/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.id);
    if (!svc.fleet.get(robotId)!.online || !svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    // Spec §3 policy: moving the robot during a run pauses the task when interruption is allowed.
    let interrupted = false;
    const state = track.state(robotId);
    if (state?.runId && state.taskId && TRACK_MOVING_COMMANDS.includes(p.command)) {
      const task = (await db.query<TrackTaskRow>('SELECT * FROM track_tasks WHERE id = $1', [state.taskId]))[0];
      if (task?.policy === TrackPolicy.interruptionForbidden) throw new AppError(StatusCode.badRequest, 'trackTaskNoInterrupt');
      if (task && state.trackStatus === TrackStatus.running) {
        await track.control(task, 'pause');
        interrupted = true;
      }
    }
    const reply = await svc.gateway.request(robotId, 'trackRemote', { command: p.command, value: p.value ?? 0 });
    if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    if (reply.result !== 'accepted') throw new AppError(StatusCode.badRequest, REFUSALS[reply.reason ?? 'state'] ?? 'refusedState');
    return { robotId, command: p.command, state: reply.data, ...(interrupted ? { interrupted } : {}) };
  });
}
