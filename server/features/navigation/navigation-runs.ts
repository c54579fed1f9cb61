import { subjectCan } from '../../../common/access';
import { MapElementKind } from '../../../common/map';
import type { MapConfig } from '../../../common/events/maps';
import type { MessageKey } from '../../../common/messages';
import { StatusCode, type RobotNaviProgress } from '../../../common/protocol';
import { REFUSALS } from '../../../common/robot-actions';
import { companyChain } from '../alarms/alarm-service';
import { bumpTable } from '../../entities/crud';
import { companyVisible } from '../../entities/scope';
import { AppError } from '../../errors';
import type { AuthedContext } from '../../events/registry';
import type { Services } from '../../services';
import type { Cluster } from '../../cluster/cluster';
import type { Db } from '../../store/db';

/**
 * The runs of patrol tasks (schema navigation-task): a run starts when the robot accepts the task's
 * route (sent over MQTT as metres in the map frame), moves on and ends with the robot's progress
 * reports, and fails when its robot stays offline or the server stopped. The events, the schedule
 * and the MQTT intake of this folder share it.
 */

/** Task states (schemas/enums/navigation-status.json). */
export const NaviStatus = { stopped: 0, started: 1, running: 2, finished: 3 } as const;

/**
 * Runs left open by a server that stopped (crash, restart): at start, before any robot reports,
 * they end failed with reason naviServerRestarted and their tasks wait again (started if armed,
 * else stopped). Returns how many runs were closed.
 */
export async function closeInterruptedRuns(db: Db, cluster: Cluster): Promise<number> {
  // In a cluster the other replicas' runs go on: the leader adopts or fails those whose owner is gone (adoptOrphanedRuns).
  if (cluster.kind !== 'single') return 0;
  return db.transaction(async (tx) => {
    const closed = await tx.query<{ taskId: number; armed: boolean }>(
      `UPDATE nav_records SET "status" = $1, "result" = 'failed', "reason" = 'naviServerRestarted', "endedAt" = now() WHERE "endedAt" IS NULL RETURNING "taskId", "armed"`,
      [NaviStatus.stopped],
    );
    for (const r of closed) {
      await tx.query(`UPDATE nav_tasks SET "status" = $2, "lastResult" = 'failed', "lastReason" = 'naviServerRestarted', "updatedAt" = now() WHERE id = $1 AND "status" = $3`, [
        r.taskId,
        r.armed ? NaviStatus.started : NaviStatus.stopped,
        NaviStatus.running,
      ]);
    }
    // A task marked running without an open record (written before records existed) waits again too.
    await tx.query('UPDATE nav_tasks SET "status" = $1, "updatedAt" = now() WHERE "status" = $2', [NaviStatus.stopped, NaviStatus.running]);
    return closed.length;
  });
}

export type TaskRow = {
  id: number;
  companyId: number;
  name: string;
  robotId: string;
  mapId: number;
  routeName: string;
  count: number | null;
  time: string | null;
  months: string | null;
  days: string | null;
  weeks: string | null;
  hours: string | null;
  limitTimes: number | null;
  status: number | null;
  runs: number | null;
  lap: number | null;
  point: number | null;
  points: number | null;
};

/** Realtime topic of patrol task progress (pushes `naviProgress`). */
export const NAVI_TOPIC = 'navigation';

/** What the `navigation` topic pushes when a task's run moves on or ends. */
export interface NaviProgressPush {
  id: number;
  robotId: string;
  status: number;
  lap: number;
  count: number;
  laps: number;
  point: number;
  points: number;
  result: RobotNaviProgress['state'];
  /**
   * Why a failed run failed: a message key of common/messages.ts (naviRobotOffline, naviServerRestarted,
   * naviRobotFailed, or why a scheduled run could not start: navBlocked, robotOffline, navRouteMissing, a refusal).
   */
  reason?: FailReason;
}

/** Why a run failed (message keys, stored on the record and pushed). */
export type FailReason = 'naviRobotOffline' | 'naviServerRestarted' | 'naviRobotFailed' | MessageKey;

/** The run lifecycle of one server. */
export type NavigationRuns = ReturnType<typeof createNavigationRuns>;

/** The run lifecycle: progress pushes, task loading, dispatching a run, progress reports, failing a robot's runs. */
export function createNavigationRuns(svc: Services) {
  // Progress pushes reach the sessions that read navigation and see the task's company (or an ancestor's).
  svc.hub.addTopicKind(NAVI_TOPIC, { snapshot: async (session) => (subjectCan(session, 'navigation:read') ? {} : null) });
  async function publish(companyId: number, push: NaviProgressPush): Promise<void> {
    const chain = await companyChain(svc.db, companyId);
    svc.hub.publishTo(NAVI_TOPIC, 'naviProgress', push, { permission: 'navigation:read', companies: chain });
  }

  /** A robot's progress report: stored on the task and its run's record, pushed; the run ends finished, stopped or failed. */
  /**
   * Reports of runs being dispatched: the robot answers the command and may report its first point
   * before the run is written as running (a busy server), so they wait here and are applied after.
   */
  const dispatching = new Map<number, RobotNaviProgress[]>();
  async function onProgress(p: RobotNaviProgress): Promise<void> {
    const early = dispatching.get(p.taskId);
    if (early) {
      early.push(p);
      return;
    }
    const t = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE id = $1 AND "robotId" = $2', [p.taskId, p.robotId]))[0];
    if (!t || t.status !== NaviStatus.running) return; // a run already stopped here, or not this robot's
    const rec = (await svc.db.query<{ id: number; armed: boolean }>('SELECT id, "armed" FROM nav_records WHERE "taskId" = $1 AND "endedAt" IS NULL ORDER BY id DESC LIMIT 1', [t.id]))[0];
    const laps = Math.max(0, Math.min(p.laps, p.count));
    let status: number = NaviStatus.running;
    await svc.db.transaction(async (tx) => {
      if (p.state === 'running') {
        await tx.query('UPDATE nav_tasks SET "lap" = $2, "point" = $3, "points" = $4 WHERE id = $1', [t.id, p.lap, p.point, p.points]);
        if (rec) await tx.query('UPDATE nav_records SET "laps" = $2, "point" = $3, "points" = $4 WHERE id = $1', [rec.id, laps, p.point, p.points]);
        return;
      }
      // Ended: a finished run leaves the task finished (an armed one waits for its next minute again).
      status = rec?.armed ? NaviStatus.started : p.state === 'finished' ? NaviStatus.finished : NaviStatus.stopped;
      await tx.query('UPDATE nav_tasks SET "status" = $2, "lap" = $3, "point" = $4, "points" = $5, "lastResult" = $6, "lastReason" = $7, "updatedAt" = now() WHERE id = $1', [
        t.id,
        status,
        p.lap,
        p.point,
        p.points,
        p.state,
        p.state === 'failed' ? 'naviRobotFailed' : null,
      ]);
      if (rec) {
        await tx.query('UPDATE nav_records SET "status" = $2, "laps" = $3, "result" = $4, "endedAt" = now(), "point" = $5, "points" = $6, "reason" = $7 WHERE id = $1', [
          rec.id,
          p.state === 'finished' ? NaviStatus.finished : NaviStatus.stopped,
          laps,
          p.state,
          p.point,
          p.points,
          p.state === 'failed' ? 'naviRobotFailed' : null,
        ]);
      }
    });
    if (status !== NaviStatus.running) bumpTable('nav_tasks');
    await publish(t.companyId, { id: t.id, robotId: t.robotId, status, lap: p.lap, count: p.count, laps, point: p.point, points: p.points, result: p.state, ...(p.state === 'failed' ? { reason: 'naviRobotFailed' as const } : {}) });
  }

  async function loadTask(ctx: AuthedContext, id: number): Promise<TaskRow> {
    const t = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE id = $1', [id]))[0];
    if (!t || !(await companyVisible(svc.db, ctx.session, t.companyId))) throw new AppError(StatusCode.notFound, 'notFound');
    return t;
  }
  const setStatus = async (id: number, status: number) => {
    await svc.db.query('UPDATE nav_tasks SET "status" = $2, "updatedAt" = now() WHERE id = $1', [id, status]);
    bumpTable('nav_tasks');
  };

  /** Spec §8: a navigation task is blocked until the robot's position is known and its emergency stop released. */
  function refuseBlocked(robotId: string): void {
    const robot = svc.fleet.get(robotId);
    if (!robot || robot.x === null || robot.y === null || robot.emergencyButtonStatus === 1) throw new AppError(StatusCode.badRequest, 'navBlocked');
  }

  /** Sends the task's route to its robot; refused with the spec's message when the robot cannot go. */
  async function dispatch(t: TaskRow): Promise<void> {
    const robot = svc.fleet.get(t.robotId);
    if (!robot || robot.online !== 1 || !svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    refuseBlocked(t.robotId);
    const map = (await svc.db.query<{ config: Partial<MapConfig> }>('SELECT "config" FROM maps WHERE id = $1', [t.mapId]))[0];
    const route = (await svc.db.query<{ points: [number, number][] }>('SELECT "points" FROM map_elements WHERE "mapId" = $1 AND "kind" = $2 AND "name" = $3 ORDER BY id LIMIT 1', [t.mapId, MapElementKind.path, t.routeName]))[0];
    const c = map?.config;
    if (!route || !c?.scale || !c.pixelH || c.Xorigin === undefined || c.Yorigin === undefined) throw new AppError(StatusCode.badRequest, 'navRouteMissing', { name: t.routeName });
    const points = route.points.map(([px, py]) => [+(c.Xorigin! + px * c.scale!).toFixed(3), +(c.Yorigin! + (c.pixelH! - py) * c.scale!).toFixed(3)]);
    const early: RobotNaviProgress[] = [];
    dispatching.set(t.id, early);
    try {
      await startRun(t, points);
    } catch (err) {
      dispatching.delete(t.id);
      throw err;
    }
    dispatching.delete(t.id);
    for (const p of early) await onProgress(p);
  }

  /** Asks the robot to drive the route; once it accepts, the run is written as running. */
  async function startRun(t: TaskRow, points: number[][]): Promise<void> {
    const reply = await svc.gateway!.request(t.robotId, 'navigate', { taskId: t.id, mapId: t.mapId, points, count: t.count ?? 1 });
    if (!reply) throw new AppError(StatusCode.badRequest, 'mapSyncTimeout');
    if (reply.result === 'refused') throw new AppError(StatusCode.badRequest, reply.reason ? REFUSALS[reply.reason] : 'refusedState');
    await svc.db.transaction(async (tx) => {
      // A new run on the robot replaces the one it was driving: that run ends stopped, its task waits again.
      const replaced = await tx.query<{ taskId: number; armed: boolean }>(
        `UPDATE nav_records SET "status" = $2, "result" = 'stopped', "endedAt" = now() WHERE "robotId" = $1 AND "endedAt" IS NULL RETURNING "taskId", "armed"`,
        [t.robotId, NaviStatus.stopped],
      );
      for (const r of replaced) {
        if (Number(r.taskId) !== t.id) await tx.query(`UPDATE nav_tasks SET "status" = $2, "lastResult" = 'stopped', "lastReason" = NULL, "updatedAt" = now() WHERE id = $1 AND "status" = $3`, [r.taskId, r.armed ? NaviStatus.started : NaviStatus.stopped, NaviStatus.running]);
      }
      const armed = t.status === NaviStatus.started || (t.status === NaviStatus.running && replaced.some((r) => Number(r.taskId) === t.id && r.armed));
      await tx.query('INSERT INTO nav_records ("taskId", "robotId", "mapId", "routeName", "status", "count", "armed", "point", "points", "owner") VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9)', [
        t.id,
        t.robotId,
        t.mapId,
        t.routeName,
        NaviStatus.running,
        t.count ?? 1,
        armed,
        points.length,
        svc.cluster.replicaId,
      ]);
      await tx.query(`UPDATE nav_tasks SET "status" = $2, "runs" = coalesce("runs", 0) + 1, "lap" = 1, "point" = 1, "points" = $3, "lastResult" = 'running', "lastReason" = NULL, "lastRunAt" = now(), "updatedAt" = now() WHERE id = $1`, [t.id, NaviStatus.running, points.length]);
    });
    bumpTable('nav_tasks');
  }

  /**
   * The runs a robot was driving end failed (it went offline): each record keeps the reason, its
   * task waits again (started if armed, else stopped) and the `navigation` topic says so.
   */
  async function failRunsOf(robotId: string, reason: FailReason): Promise<void> {
    const ended = await svc.db.transaction(async (tx) => {
      const closed = await tx.query<{ taskId: number; armed: boolean; laps: number; count: number; point: number; points: number }>(
        `UPDATE nav_records SET "status" = $2, "result" = 'failed', "reason" = $3, "endedAt" = now() WHERE "robotId" = $1 AND "endedAt" IS NULL
         RETURNING "taskId", "armed", "laps", "count", "point", "points"`,
        [robotId, NaviStatus.stopped, reason],
      );
      const out: { task: TaskRow; status: number; rec: (typeof closed)[number] }[] = [];
      for (const r of closed) {
        const status = r.armed ? NaviStatus.started : NaviStatus.stopped;
        const task = (
          await tx.query<TaskRow>(`UPDATE nav_tasks SET "status" = $2, "lastResult" = 'failed', "lastReason" = $4, "updatedAt" = now() WHERE id = $1 AND "status" = $3 RETURNING *`, [r.taskId, status, NaviStatus.running, reason])
        )[0];
        if (task) out.push({ task, status, rec: r });
      }
      return out;
    });
    if (!ended.length) return;
    bumpTable('nav_tasks');
    for (const { task, status, rec } of ended) {
      await publish(task.companyId, { id: task.id, robotId, status, lap: task.lap ?? 0, count: rec.count, laps: rec.laps, point: rec.point, points: rec.points, result: 'failed', reason });
    }
  }

  /**
   * A robot that goes offline (telemetry stopped, or it said so) mid-run and stays offline for the grace
   * period (NAVI_OFFLINE_GRACE_SECONDS): its run has failed. Back online in time, the run goes on.
   * Returns the stopper.
   */
  function watchOffline(): () => void {
    const graceMs = Math.max(0, (svc.config.naviOfflineGraceSeconds ?? 10) * 1000);
    const offlineTimers = new Map<string, NodeJS.Timeout>();
    const offlineChains = new Map<string, Promise<void>>();
    const unwatch = svc.fleet.onChange((robotId, event, data) => {
      if (event !== 'status') return;
      const online = (data as { online?: number }).online;
      if (online === 1) {
        clearTimeout(offlineTimers.get(robotId));
        offlineTimers.delete(robotId);
        return;
      }
      if (online !== 0 || offlineTimers.has(robotId)) return;
      const timer = setTimeout(() => {
        offlineTimers.delete(robotId);
        // Every replica sees the robot go; the leader fails its runs.
        if (svc.fleet.get(robotId)?.online === 1 || !svc.cluster.isLeader()) return;
        const next = (offlineChains.get(robotId) ?? Promise.resolve())
          .then(() => failRunsOf(robotId, 'naviRobotOffline'))
          .catch(() => undefined); // the database may be closing
        offlineChains.set(robotId, next);
      }, graceMs);
      timer.unref();
      offlineTimers.set(robotId, timer);
    });
    return () => {
      unwatch();
      for (const t of offlineTimers.values()) clearTimeout(t);
      offlineTimers.clear();
    };
  }

  /**
   * Cluster: open runs whose owner replica is gone are adopted by the leader when their robot is
   * online (it keeps driving and reporting to the broker, and any replica's progress intake goes
   * on); a robot that is not online ends them failed ("server restarted"), as a restart of the one
   * embedded process does. The leader checks at start and every few seconds; resolves once the
   * first check is done, with the stopper.
   */
  async function adoptOrphanedRuns(): Promise<() => void> {
    if (svc.cluster.kind === 'single') return () => undefined;
    const pass = async () => {
      if (!svc.cluster.isLeader()) return;
      const open = await svc.db.query<{ owner: string | null; robotId: string }>('SELECT DISTINCT "owner", "robotId" FROM nav_records WHERE "endedAt" IS NULL');
      const alive = new Map<string, boolean>();
      for (const { owner, robotId } of open) {
        if (owner && !alive.has(owner)) alive.set(owner, await svc.cluster.alive(owner));
        if (owner && alive.get(owner)) continue;
        if (svc.fleet.get(robotId)?.online === 1) {
          await svc.db.query('UPDATE nav_records SET "owner" = $1 WHERE "endedAt" IS NULL AND "robotId" = $2 AND "owner" IS NOT DISTINCT FROM $3', [svc.cluster.replicaId, robotId, owner]);
        } else {
          await failRunsOf(robotId, 'naviServerRestarted');
        }
      }
    };
    await pass().catch(() => undefined);
    const timer = setInterval(() => void pass().catch(() => undefined), 3_000);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { publish, onProgress, loadTask, setStatus, refuseBlocked, dispatch, watchOffline, adoptOrphanedRuns };
}
