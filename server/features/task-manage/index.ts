/**
 * taskManage (issue 19): getTaskList gathers every kind of task of the caller's company tree in
 * one list (common/events/task-manage.ts). Nothing is stored here and nothing is started here:
 * the page starts and stops a task through its kind's own events (TASK_CONTROLS).
 */
import { subjectCan } from '../../../common/access';
import { TASK_CONTROLS, TASK_KIND_READ, taskManageEvents, type TaskKind, type TaskState } from '../../../common/events/task-manage';
import { MapElementKind } from '../../../common/map';
import { taskDue } from '../../../common/track';
import { visibleCompanyIds } from '../../entities/scope';
import type { Services } from '../../services';
import { defineFeature } from '../feature';
import { isDue } from '../navigation/navigation-schedule';

type Row = {
  key: string;
  kind: TaskKind;
  id: number;
  name: string;
  state: TaskState;
  status: number | null;
  robotIds: string[];
  robotNames: string[];
  companyId: number;
  companyName: string;
  nextRun: string | null;
  lastRunAt: string | null;
  canStart: boolean;
  canStop: boolean;
};

const iso = (v: unknown) => (v == null || v === '' ? null : new Date(v as string).toISOString());
const MINUTE = 60_000;

/** The next minute (within 8 days) at which a started patrol task is due. */
export function nextPatrolRun(t: Parameters<typeof isDue>[0], now = new Date()): string | null {
  const start = Math.floor(now.getTime() / MINUTE) * MINUTE + MINUTE;
  for (let m = 0; m < 8 * 24 * 60; m++) {
    const at = new Date(start + m * MINUTE);
    if (isDue(t, at)) return at.toISOString();
  }
  return null;
}

/** The next run of a preset, enabled track task within two weeks (its run time on a due day). */
export function nextTrackRun(t: Parameters<typeof taskDue>[0], now = new Date()): string | null {
  if (!t.runTime) return null;
  const [h, m, s] = t.runTime.split(':').map(Number);
  for (let d = 0; d < 15; d++) {
    const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d, h ?? 0, m ?? 0, s ?? 0);
    if (at.getTime() <= now.getTime()) continue;
    if (taskDue(t, at)) return at.toISOString();
  }
  return null;
}

const PATROL_STATE: Record<number, TaskState> = { 0: 'idle', 1: 'armed', 2: 'running', 3: 'finished' };
const TRACK_STATE: Record<number, TaskState> = { 0: 'idle', 1: 'running', 2: 'paused', 3: 'terminated', 4: 'finished' };

async function listTasks(svc: Services, session: Parameters<typeof visibleCompanyIds>[1], now = new Date()): Promise<Row[]> {
  const scope = await visibleCompanyIds(svc.db, session);
  const inScope = (alias: string, n: number) => (scope === null ? { sql: 'TRUE', args: [] as unknown[] } : { sql: `${alias}."companyId" = ANY($${n})`, args: [scope] as unknown[] });
  const may = (kind: TaskKind) => subjectCan(session, TASK_KIND_READ[kind]);
  const names = new Map((await svc.db.query<{ robotId: string; robotName: string }>('SELECT "robotId", "robotName" FROM robots')).map((r) => [r.robotId, r.robotName]));
  const rows: Row[] = [];
  const base = (kind: TaskKind, id: number, name: string, robotIds: string[], companyId: number, companyName: string) => ({
    key: `${kind}-${id}`,
    kind,
    id: Number(id),
    name,
    robotIds,
    robotNames: robotIds.map((r) => names.get(r) ?? r),
    companyId: Number(companyId),
    companyName,
  });

  if (may('patrol')) {
    const w = inScope('t', 1);
    const list = await svc.db.query<Record<string, unknown>>(
      `SELECT t.*, c.name AS "companyName" FROM nav_tasks t JOIN companies c ON c.id = t."companyId" WHERE ${w.sql} ORDER BY t.id`,
      w.args,
    );
    for (const t of list) {
      const status = Number(t.status ?? 0);
      const state = PATROL_STATE[status] ?? 'idle';
      const schedule = { time: t.time as string | null, months: t.months as string | null, days: t.days as string | null, weeks: t.weeks as string | null, hours: t.hours as string | null };
      rows.push({
        ...base('patrol', Number(t.id), String(t.name), [String(t.robotId)], Number(t.companyId), String(t.companyName)),
        state,
        status,
        nextRun: state === 'armed' ? nextPatrolRun(schedule, now) : null,
        lastRunAt: iso(t.lastRunAt),
        canStart: status === 0 || status === 3,
        canStop: status === 1 || status === 2,
      });
    }
  }

  if (may('track')) {
    const w = inScope('r', 1);
    const list = await svc.db.query<Record<string, unknown>>(
      `SELECT t.*, r."companyId", c.name AS "companyName" FROM track_tasks t JOIN robots r ON r."robotId" = t."robotId" JOIN companies c ON c.id = r."companyId" WHERE ${w.sql} ORDER BY t.id`,
      w.args,
    );
    for (const t of list) {
      const status = Number(t.status ?? 0);
      const task = { type: Number(t.type), enabled: t.enabled === true, runTime: (t.runTime as string | null) || null, period: (t.period as string | null) || null, weekDays: (t.weekDays as number[]) ?? [], lastRunAt: (t.lastRunAt as string | null) ?? null };
      const idle = status !== 1 && status !== 2;
      const next = idle && task.type === 0 && task.enabled ? nextTrackRun(task, now) : null;
      rows.push({
        ...base('track', Number(t.id), String(t.name), [String(t.robotId)], Number(t.companyId), String(t.companyName)),
        // A preset task waiting for its time is armed (the kind has no separate "started" state).
        state: status === 0 && next ? 'armed' : (TRACK_STATE[status] ?? 'idle'),
        status,
        nextRun: next,
        lastRunAt: iso(t.lastRunAt),
        canStart: idle,
        canStop: !idle,
      });
    }
  }

  if (may('ad')) {
    const w = inScope('t', 1);
    const list = await svc.db.query<Record<string, unknown>>(
      `SELECT t.*, c.name AS "companyName" FROM ad_tasks t JOIN companies c ON c.id = t."companyId" WHERE ${w.sql} ORDER BY t.id`,
      w.args,
    );
    for (const t of list) {
      const start = new Date(String(t.startTime)).getTime();
      const end = new Date(String(t.endTime)).getTime();
      const state: TaskState = now.getTime() < start ? 'scheduled' : now.getTime() <= end ? 'active' : 'ended';
      rows.push({
        ...base('ad', Number(t.id), String(t.name), ((t.robotIds as string[]) ?? []).map(String), Number(t.companyId), String(t.companyName)),
        state,
        status: null,
        nextRun: state === 'scheduled' && Number.isFinite(start) ? new Date(start).toISOString() : null,
        lastRunAt: null,
        canStart: false,
        canStop: false,
      });
    }
  }

  if (may('explanation')) {
    const w = inScope('m', 1);
    const list = await svc.db.query<Record<string, unknown>>(
      `SELECT e.id, e.name, e.props, m."companyId", c.name AS "companyName" FROM map_elements e JOIN maps m ON m.id = e."mapId" JOIN companies c ON c.id = m."companyId"
       WHERE e.kind = ${MapElementKind.interestPoint} AND jsonb_array_length(COALESCE(e.props->'explainPoints', '[]'::jsonb)) > 0 AND ${w.sql} ORDER BY e.id`,
      w.args,
    );
    for (const t of list) {
      const props = (t.props ?? {}) as { robotId?: unknown };
      const robotIds = typeof props.robotId === 'string' && props.robotId ? [props.robotId] : [];
      rows.push({ ...base('explanation', Number(t.id), String(t.name), robotIds, Number(t.companyId), String(t.companyName)), state: 'ready', status: null, nextRun: null, lastRunAt: null, canStart: false, canStop: false });
    }
  }

  // Start/stop only where the caller holds the kind's control permission.
  for (const r of rows) {
    const control = TASK_CONTROLS[r.kind];
    if (!control.permission || !subjectCan(session, control.permission)) {
      r.canStart = false;
      r.canStop = false;
    }
  }
  return rows;
}

const ORDER: Record<TaskState, number> = { running: 0, paused: 1, active: 2, armed: 3, scheduled: 4, idle: 5, ready: 6, finished: 7, terminated: 8, ended: 9 };

export default defineFeature({
  id: 'task-manage',
  register: ({ events, svc }) => {
    events.handle(taskManageEvents.getTaskList, async (ctx, p) => {
      const name = p.name?.trim().toLowerCase();
      const list = (await listTasks(svc, ctx.session))
        .filter((r) => (!p.kind || r.kind === p.kind) && (!p.state || r.state === p.state) && (!p.robotId || r.robotIds.includes(p.robotId)) && (!name || r.name.toLowerCase().includes(name)))
        .sort((a, b) => ORDER[a.state] - ORDER[b.state] || (a.nextRun ?? '9').localeCompare(b.nextRun ?? '9') || a.key.localeCompare(b.key));
      return { list, total: list.length };
    });
  },
});
