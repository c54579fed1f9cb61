import { AppError } from '../../errors';
import { bumpTable } from '../../entities/crud';
import type { Services } from '../../services';
import { NaviStatus, type FailReason, type NavigationRuns, type TaskRow } from './navigation-runs';

/** The once-a-minute check that runs started (armed) patrol tasks when their minute comes. */

/** The running server's schedule check (set by startNavigationSchedule): tests run a minute's due tasks without waiting for it. */
let navigationSchedule: { runDue(now: Date): Promise<void> } | null = null;

/** Runs the started tasks due at `now` as the once-a-minute check does (tests; no-op before the server started its schedule). */
export async function runDueNavigationTasks(now: Date): Promise<void> {
  await navigationSchedule?.runDue(now);
}

/** Whether a picker value ('*' or a comma list) holds n. */
const picks = (value: string | null, n: number) => !value || value === '*' || value.split(',').map(Number).includes(n);

/** Whether a started task is due at this minute (time HH:mm and the month/day/week/hour pickers). */
export function isDue(t: Pick<TaskRow, 'time' | 'months' | 'days' | 'weeks' | 'hours'>, now: Date): boolean {
  const hhmm = `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
  return (t.time ?? '').slice(0, 5) === hhmm && picks(t.months, now.getMonth() + 1) && picks(t.days, now.getDate()) && picks(t.weeks, now.getDay()) && picks(t.hours, now.getHours());
}

/** Starts the schedule: started tasks run when their minute comes (at most once a minute, within their limit). Returns the stopper. */
export function startNavigationSchedule(svc: Services, runs: NavigationRuns): () => void {
  const { dispatch, publish } = runs;

  /**
   * A scheduled run that could not start (robot offline, blocked, route missing, refused) is not
   * dropped: it is a failed record with the reason, the task keeps waiting (started) with the reason
   * as its last result, and the `navigation` topic says so, so the list shows why nothing ran.
   */
  async function failScheduled(t: TaskRow, err: unknown): Promise<void> {
    const reason: FailReason = err instanceof AppError ? err.messageKey : 'naviRobotFailed';
    await svc.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO nav_records ("taskId", "robotId", "mapId", "routeName", "status", "count", "armed", "point", "points", "result", "reason", "endedAt")
         VALUES ($1, $2, $3, $4, $5, $6, true, 0, 0, 'failed', $7, now())`,
        [t.id, t.robotId, t.mapId, t.routeName, NaviStatus.stopped, t.count ?? 1, reason],
      );
      await tx.query(`UPDATE nav_tasks SET "lastResult" = 'failed', "lastReason" = $2, "lastRunAt" = now(), "updatedAt" = now() WHERE id = $1`, [t.id, reason]);
    });
    bumpTable('nav_tasks');
    await publish(t.companyId, { id: t.id, robotId: t.robotId, status: NaviStatus.started, lap: 0, count: t.count ?? 1, laps: 0, point: 0, points: 0, result: 'failed', reason });
  }

  /** Runs the started tasks due at this minute (within their limit); each that cannot start is recorded failed. */
  async function runDue(now: Date): Promise<void> {
    const due = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE "status" = $1', [NaviStatus.started])).filter((t) => isDue(t, now) && (!t.limitTimes || (t.runs ?? 0) < t.limitTimes));
    const minute = now.toISOString().slice(0, 16);
    for (const t of due) {
      // Claimed once per due minute: a leader that takes over within the minute does not start it again.
      const claimed = await svc.db.query('UPDATE nav_tasks SET "dueClaim" = $2 WHERE id = $1 AND "dueClaim" IS DISTINCT FROM $2 RETURNING id', [t.id, minute]);
      if (claimed.length) await dispatch(t).catch((err: unknown) => failScheduled(t, err));
    }
  }
  navigationSchedule = { runDue };

  let lastMinute = '';
  const timer = setInterval(() => {
    const now = new Date();
    const minute = now.toISOString().slice(0, 16);
    if (minute === lastMinute || !svc.cluster.isLeader()) return; // the leader runs the schedule
    lastMinute = minute;
    void runDue(now).catch(() => undefined); // the database may be closing
  }, 15_000);
  timer.unref();
  return () => clearInterval(timer);
}
