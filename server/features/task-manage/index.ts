/**
 * taskManage (issue 19): getTaskList gathers every kind of task of the caller's company tree in
 * one list (common/events/task-manage.ts). Nothing is stored here and nothing is started here:
 * the page starts and stops a task through its kind's own events (TASK_CONTROLS).
 *
 * The page refreshes by push: when a task table is written (the store's table bumps, which every
 * replica sends over the cluster bus), the leader compares a small signature of that kind's tasks
 * per company (ids, names, states, last runs; an ad task's state at this minute) and pushes
 * `taskChanged` on the realtime topic `tasks` to the sessions that may read that kind and see that
 * company, on every replica. No polling: the writers (navigation, track, ads, maps) only bump
 * their table, and an ad task's clock-driven state change has a timer at its next start or end.
 */
import { subjectCan } from '../../../common/access';
import { TASK_CONTROLS, TASK_KIND_READ, taskManageEvents, type TaskKind, type TaskState } from '../../../common/events/task-manage';
import { MapElementKind } from '../../../common/map';
import { taskDue } from '../../../common/track';
import { visibleCompanyIds } from '../../entities/scope';
import type { Services } from '../../services';
import { defineFeature } from '../feature';
import { isDue } from '../navigation/navigation-schedule';
import { companyChain } from '../alarms/alarm-service';
import { ClusterChannels } from '../../cluster/join';

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

type DbRow = Record<string, unknown>;
/** What each kind adds to the common fields: its state rule, next run, and whether start/stop apply now. */
type KindFields = Pick<Row, 'robotIds' | 'state' | 'status' | 'nextRun' | 'lastRunAt' | 'canStart' | 'canStop'>;

/**
 * One entry per task kind: the query of the caller's visible tasks (`scope` is the alias whose
 * "companyId" is matched against the company tree) and the rule that turns a stored row into its
 * state, next run and possible actions. Start/stop go through the kind's own events (TASK_CONTROLS),
 * which the page calls; the caller's permission for them is checked in listTasks.
 */
const KINDS: { kind: TaskKind; scope: string; sql: (where: string) => string; fields: (t: DbRow, now: Date) => KindFields }[] = [
  {
    kind: 'patrol',
    scope: 't',
    sql: (where) => `SELECT t.*, c.name AS "companyName" FROM nav_tasks t JOIN companies c ON c.id = t."companyId" WHERE ${where} ORDER BY t.id`,
    fields: (t, now) => {
      const status = Number(t.status ?? 0);
      const state = PATROL_STATE[status] ?? 'idle';
      const schedule = { time: t.time as string | null, months: t.months as string | null, days: t.days as string | null, weeks: t.weeks as string | null, hours: t.hours as string | null };
      return {
        robotIds: [String(t.robotId)],
        state,
        status,
        nextRun: state === 'armed' ? nextPatrolRun(schedule, now) : null,
        lastRunAt: iso(t.lastRunAt),
        canStart: status === 0 || status === 3,
        canStop: status === 1 || status === 2,
      };
    },
  },
  {
    kind: 'track',
    scope: 'r',
    sql: (where) =>
      `SELECT t.*, r."companyId", c.name AS "companyName" FROM track_tasks t JOIN robots r ON r."robotId" = t."robotId" JOIN companies c ON c.id = r."companyId" WHERE ${where} ORDER BY t.id`,
    fields: (t, now) => {
      const status = Number(t.status ?? 0);
      const task = { type: Number(t.type), enabled: t.enabled === true, runTime: (t.runTime as string | null) || null, period: (t.period as string | null) || null, weekDays: (t.weekDays as number[]) ?? [], lastRunAt: (t.lastRunAt as string | null) ?? null };
      const idle = status !== 1 && status !== 2;
      const next = idle && task.type === 0 && task.enabled ? nextTrackRun(task, now) : null;
      return {
        robotIds: [String(t.robotId)],
        // A preset task waiting for its time is armed (the kind has no separate "started" state).
        state: status === 0 && next ? 'armed' : (TRACK_STATE[status] ?? 'idle'),
        status,
        nextRun: next,
        lastRunAt: iso(t.lastRunAt),
        canStart: idle,
        canStop: !idle,
      };
    },
  },
  {
    kind: 'ad',
    scope: 't',
    sql: (where) => `SELECT t.*, c.name AS "companyName" FROM ad_tasks t JOIN companies c ON c.id = t."companyId" WHERE ${where} ORDER BY t.id`,
    fields: (t, now) => {
      const start = new Date(String(t.startTime)).getTime();
      const end = new Date(String(t.endTime)).getTime();
      const state: TaskState = now.getTime() < start ? 'scheduled' : now.getTime() <= end ? 'active' : 'ended';
      return {
        robotIds: ((t.robotIds as string[]) ?? []).map(String),
        state,
        status: null,
        nextRun: state === 'scheduled' && Number.isFinite(start) ? new Date(start).toISOString() : null,
        lastRunAt: null,
        canStart: false,
        canStop: false,
      };
    },
  },
  {
    kind: 'explanation',
    scope: 'm',
    sql: (where) =>
      `SELECT e.id, e.name, e.props, m."companyId", c.name AS "companyName" FROM map_elements e JOIN maps m ON m.id = e."mapId" JOIN companies c ON c.id = m."companyId"
       WHERE e.kind = ${MapElementKind.interestPoint} AND jsonb_array_length(COALESCE(e.props->'explainPoints', '[]'::jsonb)) > 0 AND ${where} ORDER BY e.id`,
    fields: (t) => {
      const props = (t.props ?? {}) as { robotId?: unknown };
      const robotIds = typeof props.robotId === 'string' && props.robotId ? [props.robotId] : [];
      return { robotIds, state: 'ready', status: null, nextRun: null, lastRunAt: null, canStart: false, canStop: false };
    },
  },
];

async function listTasks(svc: Services, session: Parameters<typeof visibleCompanyIds>[1], now = new Date()): Promise<Row[]> {
  const scope = await visibleCompanyIds(svc.db, session);
  const names = new Map((await svc.db.query<{ robotId: string; robotName: string }>('SELECT "robotId", "robotName" FROM robots')).map((r) => [r.robotId, r.robotName]));
  const rows: Row[] = [];
  for (const k of KINDS) {
    if (!subjectCan(session, TASK_KIND_READ[k.kind])) continue;
    const where = scope === null ? 'TRUE' : `${k.scope}."companyId" = ANY($1)`;
    const list = await svc.db.query<DbRow>(k.sql(where), scope === null ? [] : [scope]);
    for (const t of list) {
      const f = k.fields(t, now);
      rows.push({
        key: `${k.kind}-${Number(t.id)}`,
        kind: k.kind,
        id: Number(t.id),
        name: String(t.name),
        companyId: Number(t.companyId),
        companyName: String(t.companyName),
        ...f,
        robotNames: f.robotIds.map((r) => names.get(r) ?? r),
      });
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

/** Realtime topic of task changes (common/events/topics.ts). */
export const TASKS_TOPIC = 'tasks';
/** How long the leader gathers table writes before comparing (a burst of writes gives one push). */
const TASK_SETTLE_MS = 150;

/** One signature per kind and company: any change of a listed task (or of its state) changes it. */
const SIGNATURES: { kind: TaskKind; sql: string }[] = [
  { kind: 'patrol', sql: `SELECT "companyId", md5(string_agg(concat_ws(':', id, name, status, "lastRunAt", "robotId"), ',' ORDER BY id)) AS sig FROM nav_tasks GROUP BY "companyId"` },
  {
    kind: 'track',
    sql: `SELECT r."companyId", md5(string_agg(concat_ws(':', t.id, t.name, t.status, t.enabled, t.type, t."runTime", t."lastRunAt", t."robotId"), ',' ORDER BY t.id)) AS sig
          FROM track_tasks t JOIN robots r ON r."robotId" = t."robotId" GROUP BY r."companyId"`,
  },
  {
    kind: 'ad',
    sql: `SELECT "companyId", md5(string_agg(concat_ws(':', id, name, "startTime", "endTime", "robotIds"::text, CASE WHEN now() < "startTime" THEN 's' WHEN now() <= "endTime" THEN 'a' ELSE 'e' END), ',' ORDER BY id)) AS sig
          FROM ad_tasks GROUP BY "companyId"`,
  },
  {
    kind: 'explanation',
    sql: `SELECT m."companyId", md5(string_agg(concat_ws(':', e.id, e.name, e.props->>'robotId'), ',' ORDER BY e.id)) AS sig FROM map_elements e JOIN maps m ON m.id = e."mapId"
          WHERE e.kind = ${MapElementKind.interestPoint} AND jsonb_array_length(COALESCE(e.props->'explainPoints', '[]'::jsonb)) > 0 GROUP BY m."companyId"`,
  },
];

/**
 * The tables each kind is read from: a write to one of them (store table bumps, heard from every
 * replica over the cluster bus) makes the leader compare that kind's signatures.
 */
const KIND_TABLES: Record<string, TaskKind[]> = {
  nav_tasks: ['patrol'],
  track_tasks: ['track'],
  ad_tasks: ['ad'],
  map_elements: ['explanation'],
  maps: ['explanation'],
  robots: ['track'],
  companies: ['patrol', 'track', 'ad', 'explanation'],
};

/**
 * Starts the watcher (the leader's work); returns its stopper. No polling: it compares when a task
 * table is written (bumpTable on any replica) and, for ad tasks, whose state follows the clock, at
 * the next start or end of one of them.
 */
function watchTasks(svc: Services): () => void {
  const last = new Map<TaskKind, Map<number, string>>();
  const pending = new Set<TaskKind>();
  let settle: NodeJS.Timeout | null = null;
  let adClock: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const compare = async (kinds: TaskKind[]) => {
    for (const kind of kinds) {
      const now = new Map<number, string>();
      for (const r of await svc.db.query<{ companyId: number; sig: string }>(SIGNATURES.find((s) => s.kind === kind)!.sql)) now.set(Number(r.companyId), r.sig);
      const before = last.get(kind);
      last.set(kind, now);
      if (!before || !svc.cluster.isLeader()) continue;
      for (const companyId of new Set([...now.keys(), ...before.keys()])) {
        if (now.get(companyId) === before.get(companyId)) continue;
        svc.hub.publishTo(TASKS_TOPIC, 'taskChanged', { kind, companyId }, { permission: TASK_KIND_READ[kind], companies: await companyChain(svc.db, companyId) });
      }
      if (kind === 'ad') await armAdClock();
    }
  };
  /** A timer at the next start or end of an ad task (its state changes then without a write). */
  const armAdClock = async () => {
    if (adClock) clearTimeout(adClock);
    adClock = null;
    const next = (await svc.db.query<{ at: string | null }>(`SELECT min(t) AS at FROM (SELECT "startTime" AS t FROM ad_tasks WHERE "startTime" > now() UNION ALL SELECT "endTime" FROM ad_tasks WHERE "endTime" > now()) x`))[0]?.at;
    if (!next || stopped) return;
    // A timer fires at most ~24.8 days ahead; a later boundary is looked at again then.
    const wait = Math.min(Math.max(new Date(next).getTime() - Date.now() + 1_000, 1_000), 2 ** 31 - 1);
    adClock = setTimeout(() => schedule(['ad']), wait);
    adClock.unref?.();
  };
  const run = (kinds: TaskKind[]) => {
    running = running.then(() => compare(kinds)).catch(() => undefined); // the database is closing: nothing to push
  };
  const schedule = (kinds: TaskKind[]) => {
    for (const k of kinds) pending.add(k);
    if (settle || stopped) return;
    settle = setTimeout(() => {
      settle = null;
      const kinds = [...pending];
      pending.clear();
      run(kinds);
    }, TASK_SETTLE_MS);
    settle.unref?.();
  };
  const off = svc.cluster.on(ClusterChannels.tables, (table) => {
    const kinds = typeof table === 'string' ? KIND_TABLES[table] : undefined;
    if (kinds && svc.cluster.isLeader()) schedule(kinds);
  });
  // The first signatures (nothing to push yet); a replica that becomes leader has them already.
  run(SIGNATURES.map((s) => s.kind));
  return () => {
    stopped = true;
    off();
    if (settle) clearTimeout(settle);
    if (adClock) clearTimeout(adClock);
  };
}

const ORDER: Record<TaskState, number> = { running: 0, paused: 1, active: 2, armed: 3, scheduled: 4, idle: 5, ready: 6, finished: 7, terminated: 8, ended: 9 };

export default defineFeature({
  id: 'task-manage',
  register: ({ events, svc }) => {
    svc.hub.addTopicKind(TASKS_TOPIC, { snapshot: async () => ({}) });
    events.handle(taskManageEvents.getTaskList, async (ctx, p) => {
      const name = p.name?.trim().toLowerCase();
      const list = (await listTasks(svc, ctx.session))
        .filter((r) => (!p.kind || r.kind === p.kind) && (!p.state || r.state === p.state) && (!p.robotId || r.robotIds.includes(p.robotId)) && (!name || r.name.toLowerCase().includes(name)))
        .sort((a, b) => ORDER[a.state] - ORDER[b.state] || (a.nextRun ?? '9').localeCompare(b.nextRun ?? '9') || a.key.localeCompare(b.key));
      return { list, total: list.length };
    });
  },
  start: async ({ svc }) => {
    const stop = watchTasks(svc);
    return async () => stop();
  },
});
