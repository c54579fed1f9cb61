import { StatusCode } from '../../common/protocol';
import { REFUSALS } from '../../common/robot-actions';
import {
  DEFAULT_RAIL_LENGTH_M,
  TRACK_ACTIONS,
  TRACK_CHECK_ITEMS,
  TRACK_CONDITIONS,
  TRACK_LIMITS,
  TRACK_PERIODS,
  TRACK_RELATIONS,
  TRACK_MOVING_COMMANDS,
  TRACK_REMOTE_COMMANDS,
  TrackPolicy,
  TrackStatus,
  TrackTaskStatus,
} from '../../common/track';
import { visibleCompanyIds } from '../entities/scope';
import { AppError } from '../errors';
import { createAjv } from '../schemas/loader';
import type { AuthedContext, EventContext, EventRegistry } from '../events/registry';
import type { Services } from '../services';
import type { TrackService, TrackTaskRow } from './track-service';

const ajv = createAjv();
const READ = { kind: 'permission', permission: 'track:read' } as const;
const WRITE = { kind: 'permission', permission: 'track:write' } as const;
const L = (en: string, zh: string, ja: string) => ({ 'x-labels': { en, zh, ja } });
const pathParams = { robot: { type: 'string' }, id: { type: 'string' }, mapId: { type: 'string' }, token: { type: 'string' } };

const name = { type: 'string', minLength: 1, maxLength: 32, ...L('Name', '名称', '名称') };
const pointProps = {
  name,
  pitch: { type: 'number', minimum: TRACK_LIMITS.pitchMin, maximum: TRACK_LIMITS.pitchMax, ...L('PTZ pitch', '云台俯仰', '雲台チルト') },
  rotate: { type: 'number', minimum: TRACK_LIMITS.rotateMin, maximum: TRACK_LIMITS.rotateMax, ...L('PTZ rotate', '云台旋转', '雲台回転') },
  lift: { type: 'number', minimum: TRACK_LIMITS.liftMin, maximum: TRACK_LIMITS.liftMax, ...L('Lift height', '升降高度', '昇降高さ') },
  position: { type: 'number', minimum: 0, maximum: 10_000, ...L('Robot position', '机器人位置', 'ロボット位置') },
  actions: { type: 'array', uniqueItems: true, maxItems: TRACK_ACTIONS.length, items: { enum: [...TRACK_ACTIONS] }, ...L('Actions', '动作', '動作') },
};
const taskProps = {
  name,
  type: { enum: [0, 1], ...L('Type', '类型', '種類') },
  runTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$', ...L('Execution time', '执行时间', '実行時刻') },
  period: { enum: [...TRACK_PERIODS], ...L('Period', '周期', '周期') },
  weekDays: { type: 'array', uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 6 }, ...L('Week days', '星期', '曜日') },
  policy: { enum: [0, 1], ...L('Policy', '策略', 'ポリシー') },
  enabled: { type: 'boolean', ...L('Enabled', '启用', '有効') },
  pointIds: { type: 'array', uniqueItems: true, maxItems: 100, items: { type: 'integer', minimum: 1 }, ...L('Inspection points', '巡检点', '点検ポイント') },
};
const ruleProps = {
  name,
  checkItem: { enum: TRACK_CHECK_ITEMS.map((c) => c.key), ...L('Check item', '检测项', '検査項目') },
  condition: { enum: [...TRACK_CONDITIONS], ...L('Condition', '条件', '条件') },
  value: { type: 'number', ...L('Value', '值', '値') },
  relation: { enum: [...TRACK_RELATIONS], ...L('Relation', '关系', '関係') },
  condition2: { enum: [...TRACK_CONDITIONS, null], ...L('Second condition', '第二条件', '第2条件') },
  value2: { type: ['number', 'null'], ...L('Second value', '第二个值', '第2の値') },
  interval: { type: 'integer', minimum: 0, maximum: 1440, ...L('Trigger interval (min)', '连续触发间隔（分钟）', '連続発報間隔（分）') },
  enabled: { type: 'boolean', ...L('Enabled', '启用', '有効') },
};
const mapProps = {
  robotId: { type: 'string', minLength: 1, ...L('Robot', '机器人', 'ロボット') },
  name,
  length: { type: 'number', exclusiveMinimum: 0, maximum: 10_000, ...L('Rail length (m)', '轨道长度（米）', 'レール長（m）') },
  labels: {
    type: 'array',
    maxItems: 200,
    items: { type: 'object', required: ['name', 'position'], properties: { name: { type: 'string', minLength: 1, maxLength: 32 }, position: { type: 'number', minimum: 0 } }, additionalProperties: false },
    ...L('Labels', '标签', 'ラベル'),
  },
};

function schema(props: Record<string, unknown>, required: string[] = []) {
  const s = { type: 'object', required, properties: { ...pathParams, ...props }, additionalProperties: false };
  return { validate: ajv.compile(s), labelSchema: s };
}

const pageQuery = { pageNum: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 1000 } };

/** What the track operations share: the caller's robot check and the task runner. */
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

const idOf = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError(StatusCode.notFound, 'notFound');
  return n;
};

function paging(p: { pageNum?: number; pageSize?: number }) {
  const pageSize = p.pageSize ?? 10;
  const pageNum = p.pageNum ?? 1;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/**
 * The REST calls of spec §7 for track robots (`/robot/track/…`, `getDeviceTreeNew`,
 * `getParamByRobot`), registered as operations: the REST transport matches their paths. Reading
 * needs `track:read`, changing `track:write`; general users hold neither (spec §6).
 */
export function registerTrackEvents(reg: EventRegistry, { svc, track }: TrackDeps): void {
  const db = svc.db;
  const robotOf = (ctx: EventContext, id: unknown) => trackRobot(svc, ctx, id);
  const row = async <T>(sql: string, params: unknown[]): Promise<T> => {
    const rows = await db.query(sql, params);
    if (!rows[0]) throw new AppError(StatusCode.notFound, 'notFound');
    return rows[0] as T;
  };

  // ── common ──────────────────────────────────────────────────────────────────────
  reg.register<{ robotType?: number }>({
    name: 'GET /robot/common/getDeviceTreeNew',
    access: READ,
    mutating: false,
    handler: async (ctx) => {
      const ids = await visibleCompanyIds(db, (ctx as AuthedContext).session);
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
    },
  });

  reg.register<{ robotId: string }>({
    name: 'GET /robot/common/getParamByRobot',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robotId);
      const r = svc.fleet.get(robotId)!;
      const map = (await db.query<{ length: number }>('SELECT "length" FROM track_maps WHERE "robotId" = $1 ORDER BY id DESC LIMIT 1', [robotId]))[0];
      return { robotId, robotName: r.robotName, robotType: r.robotType, railLength: map?.length ?? DEFAULT_RAIL_LENGTH_M, limits: TRACK_LIMITS, actions: TRACK_ACTIONS, checkItems: TRACK_CHECK_ITEMS };
    },
  });

  // ── live state and remote control ───────────────────────────────────────────────
  reg.register<{ id: string }>({
    name: 'GET /robot/track/current/status/{id}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.id);
      const r = svc.fleet.get(robotId)!;
      const state = r.online ? track.state(robotId) : null;
      const task = state?.taskId ? (await db.query<{ name: string; policy: number }>('SELECT "name", "policy" FROM track_tasks WHERE id = $1', [state.taskId]))[0] : undefined;
      return { robotName: r.robotName, online: r.online, battery: r.battery, status: r.status, emergencyButtonStatus: r.emergencyButtonStatus, ...(state ?? { trackStatus: null, position: null }), taskName: task?.name ?? null, taskPolicy: task?.policy ?? null, robotId };
    },
  });

  reg.register<{ id: string; command: string; value?: number }>({
    name: 'POST /robot/track/remoteControl/{id}',
    access: WRITE,
    mutating: false,
    audit: true,
    ...schema({ command: { enum: [...TRACK_REMOTE_COMMANDS], ...L('Command', '指令', 'コマンド') }, value: { type: 'number', ...L('Value', '值', '値') } }, ['command']),
    handler: async (ctx, p) => {
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
    },
  });

  // ── track maps ─────────────────────────────────────────────────────────────────
  const MAP_COLS = 'id, "robotId", "name", "length", "labels", "fileName", "createdAt", "updatedAt"';
  const visibleMap = async (ctx: EventContext, id: unknown) => {
    const map = await row<{ id: number; robotId: string }>(`SELECT ${MAP_COLS} FROM track_maps WHERE id = $1`, [idOf(id)]);
    await robotOf(ctx, map.robotId).catch(() => {
      throw new AppError(StatusCode.notFound, 'notFound');
    });
    return map;
  };
  reg.register<{ robotId?: string; pageNum?: number; pageSize?: number }>({
    name: 'GET /robot/track/map/list',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robotId);
      const { pageNum, pageSize, offset } = paging(p);
      const list = await db.query(`SELECT ${MAP_COLS} FROM track_maps WHERE "robotId" = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [robotId, pageSize, offset]);
      const [{ n }] = (await db.query<{ n: string }>('SELECT count(*) AS n FROM track_maps WHERE "robotId" = $1', [robotId])) as [{ n: string }];
      return { list, total: Number(n), pageNum, pageSize };
    },
  });
  reg.register<{ robotId: string; name: string; length?: number; labels?: unknown[] }>({
    name: 'POST /robot/track/map/create',
    access: WRITE,
    mutating: true,
    ...schema(mapProps, ['robotId', 'name']),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robotId);
      return row(`INSERT INTO track_maps ("robotId", "name", "length", "labels") VALUES ($1, $2, $3, $4) RETURNING ${MAP_COLS}`, [robotId, p.name, p.length ?? DEFAULT_RAIL_LENGTH_M, JSON.stringify(p.labels ?? [])]);
    },
  });
  reg.register<{ mapId: string; name?: string; length?: number; labels?: unknown[] }>({
    name: 'POST /robot/track/map/update/{mapId}',
    access: WRITE,
    mutating: true,
    ...schema({ ...mapProps, robotId: { type: 'string' } }),
    handler: async (ctx, p) => {
      ctx.before = await visibleMap(ctx, p.mapId);
      return row(
        `UPDATE track_maps SET "name" = COALESCE($2, "name"), "length" = COALESCE($3, "length"), "labels" = COALESCE($4::jsonb, "labels"), "updatedAt" = now() WHERE id = $1 RETURNING ${MAP_COLS}`,
        [idOf(p.mapId), p.name ?? null, p.length ?? null, p.labels ? JSON.stringify(p.labels) : null],
      );
    },
  });
  reg.register<{ id: string }>({
    name: 'DELETE /robot/track/map/delete/{id}',
    access: WRITE,
    mutating: true,
    handler: async (ctx, p) => {
      ctx.before = await visibleMap(ctx, p.id);
      await db.query('DELETE FROM track_maps WHERE id = $1', [idOf(p.id)]);
      return { id: idOf(p.id) };
    },
  });
  reg.register<{ id: string }>({
    name: 'GET /robot/track/map/labels/{id}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => ((await visibleMap(ctx, p.id)) as unknown as { labels: unknown[] }).labels,
  });

  // ── inspection points ──────────────────────────────────────────────────────────
  const POINT_COLS = 'id, "robotId", "name", "pitch", "rotate", "lift", "position", "actions", "createdAt"';
  reg.register<{ robot: string }>({
    name: 'GET /robot/track/inspectPoint/{robot}/actions',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => {
      await robotOf(ctx, p.robot);
      return [...TRACK_ACTIONS];
    },
  });
  reg.register<{ robot: string }>({
    name: 'GET /robot/track/inspectPoint/{robot}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      const list = await db.query(`SELECT ${POINT_COLS} FROM track_points WHERE "robotId" = $1 ORDER BY "position", id`, [robotId]);
      return { list, total: list.length };
    },
  });
  reg.register<{ robot: string; name: string; pitch?: number; rotate?: number; lift?: number; position?: number; actions?: string[] }>({
    name: 'POST /robot/track/inspectPoint/{robot}',
    access: WRITE,
    mutating: true,
    ...schema(pointProps, ['name', 'position']),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      return row(`INSERT INTO track_points ("robotId", "name", "pitch", "rotate", "lift", "position", "actions") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${POINT_COLS}`, [
        robotId,
        p.name,
        p.pitch ?? 0,
        p.rotate ?? 0,
        p.lift ?? 0,
        p.position ?? 0,
        JSON.stringify(p.actions ?? []),
      ]);
    },
  });
  reg.register<{ robot: string; id: string; name?: string; pitch?: number; rotate?: number; lift?: number; position?: number; actions?: string[] }>({
    name: 'POST /robot/track/inspectPoint/{robot}/{id}',
    access: WRITE,
    mutating: true,
    ...schema(pointProps),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      ctx.before = await row(`SELECT ${POINT_COLS} FROM track_points WHERE id = $1 AND "robotId" = $2`, [idOf(p.id), robotId]);
      return row(
        `UPDATE track_points SET "name" = COALESCE($3, "name"), "pitch" = COALESCE($4, "pitch"), "rotate" = COALESCE($5, "rotate"), "lift" = COALESCE($6, "lift"), "position" = COALESCE($7, "position"), "actions" = COALESCE($8::jsonb, "actions") WHERE id = $1 AND "robotId" = $2 RETURNING ${POINT_COLS}`,
        [idOf(p.id), robotId, p.name ?? null, p.pitch ?? null, p.rotate ?? null, p.lift ?? null, p.position ?? null, p.actions ? JSON.stringify(p.actions) : null],
      );
    },
  });
  reg.register<{ robot: string; id: string }>({
    name: 'DELETE /robot/track/inspectPoint/{robot}/{id}',
    access: WRITE,
    mutating: true,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      ctx.before = await row(`SELECT ${POINT_COLS} FROM track_points WHERE id = $1 AND "robotId" = $2`, [idOf(p.id), robotId]);
      const user = await db.query<{ name: string }>('SELECT "name" FROM track_tasks WHERE "robotId" = $1 AND "pointIds" @> $2::jsonb ORDER BY id LIMIT 1', [robotId, JSON.stringify([idOf(p.id)])]);
      if (user[0]) throw new AppError(StatusCode.badRequest, 'trackPointInUse', { task: user[0].name });
      await db.query('DELETE FROM track_points WHERE id = $1', [idOf(p.id)]);
      return { id: idOf(p.id) };
    },
  });

  // ── inspection tasks ───────────────────────────────────────────────────────────
  const taskOf = async (robotId: string, id: unknown) => row<TrackTaskRow>('SELECT * FROM track_tasks WHERE id = $1 AND "robotId" = $2', [idOf(id), robotId]);
  /** Spec §5: at least one inspection point with an action, all of this robot. */
  const checkPoints = async (robotId: string, pointIds: number[]) => {
    const rows = await db.query<{ id: number; actions: string[] }>('SELECT id, "actions" FROM track_points WHERE "robotId" = $1 AND id = ANY($2::bigint[])', [robotId, pointIds]);
    const missing = pointIds.find((id) => !rows.some((r) => Number(r.id) === id));
    if (missing !== undefined) throw new AppError(StatusCode.badRequest, 'trackPointUnknown', { id: missing });
    if (!rows.some((r) => r.actions.length > 0)) throw new AppError(StatusCode.badRequest, 'trackPointActionRequired');
  };
  const running = (t: TrackTaskRow) => t.status === TrackTaskStatus.inspecting || t.status === TrackTaskStatus.paused;
  reg.register<{ robot: string }>({
    name: 'GET /robot/track/inspectTask/{robot}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      const list = await db.query('SELECT * FROM track_tasks WHERE "robotId" = $1 ORDER BY id DESC', [robotId]);
      return { list, total: list.length };
    },
  });
  reg.register<{ robot: string; id: string }>({
    name: 'GET /robot/track/inspectTask/{robot}/{id}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => taskOf(await robotOf(ctx, p.robot), p.id),
  });
  reg.register<{ robot: string; name: string; type?: number; runTime: string; period: string; weekDays?: number[]; policy?: number; enabled?: boolean; pointIds: number[] }>({
    name: 'POST /robot/track/inspectTask/{robot}',
    access: WRITE,
    mutating: true,
    ...schema(taskProps, ['name', 'runTime', 'period', 'pointIds']),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      await checkPoints(robotId, p.pointIds);
      return row(
        'INSERT INTO track_tasks ("robotId", "name", "type", "runTime", "period", "weekDays", "policy", "enabled", "pointIds") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *',
        [robotId, p.name, p.type ?? 0, p.runTime, p.period, JSON.stringify(p.weekDays ?? []), p.policy ?? 0, p.enabled ?? true, JSON.stringify(p.pointIds)],
      );
    },
  });
  reg.register<{ robot: string; id: string; pointIds?: number[] }>({
    name: 'POST /robot/track/inspectTask/{robot}/{id}',
    access: WRITE,
    mutating: true,
    ...schema(taskProps),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      const before = await taskOf(robotId, p.id);
      ctx.before = before;
      if (running(before)) throw new AppError(StatusCode.badRequest, 'trackTaskRunningLocked');
      if (p.pointIds) await checkPoints(robotId, p.pointIds);
      const next = { ...before, ...Object.fromEntries(Object.entries(p).filter(([k, v]) => v !== undefined && k in taskProps)) } as TrackTaskRow;
      return row(
        'UPDATE track_tasks SET "name" = $3, "type" = $4, "runTime" = $5, "period" = $6, "weekDays" = $7, "policy" = $8, "enabled" = $9, "pointIds" = $10 WHERE id = $1 AND "robotId" = $2 RETURNING *',
        [before.id, robotId, next.name, next.type, next.runTime, next.period, JSON.stringify(next.weekDays), next.policy, next.enabled, JSON.stringify(next.pointIds)],
      );
    },
  });
  reg.register<{ robot: string; id: string }>({
    name: 'DELETE /robot/track/inspectTask/{robot}/{id}',
    access: WRITE,
    mutating: true,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      const before = await taskOf(robotId, p.id);
      ctx.before = before;
      if (running(before)) throw new AppError(StatusCode.badRequest, 'trackTaskRunningLocked');
      await db.query('DELETE FROM track_tasks WHERE id = $1', [before.id]);
      return { id: Number(before.id) };
    },
  });
  for (const op of ['start', 'pause', 'resume', 'terminate'] as const) {
    reg.register<{ robot: string; id: string }>({
      name: `POST /robot/track/inspectTask/{robot}/{id}/${op}`,
      access: WRITE,
      mutating: false,
      audit: true,
      handler: async (ctx, p) => {
        const task = await taskOf(await robotOf(ctx, p.robot), p.id);
        if (op === 'start') return { id: Number(task.id), ...(await track.startRun(task)) };
        await track.control(task, op);
        return { id: Number(task.id), op };
      },
    });
  }

  // ── inspection results ─────────────────────────────────────────────────────────
  reg.register<{ robot: string; pageNum?: number; pageSize?: number; taskName?: string }>({
    name: 'GET /robot/track/inspectResult/{robot}',
    access: READ,
    mutating: false,
    ...schema({ ...pageQuery, taskName: { type: 'string', maxLength: 32 } }),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      const { pageNum, pageSize, offset } = paging(p);
      const like = p.taskName ? `%${p.taskName}%` : '%';
      const list = await db.query(
        'SELECT id, "robotId", "taskId", "taskName", "status", "startedAt", "finishedAt", jsonb_array_length("items") AS "pointCount" FROM track_results WHERE "robotId" = $1 AND "taskName" ILIKE $2 ORDER BY id DESC LIMIT $3 OFFSET $4',
        [robotId, like, pageSize, offset],
      );
      const [{ n }] = (await db.query<{ n: string }>('SELECT count(*) AS n FROM track_results WHERE "robotId" = $1 AND "taskName" ILIKE $2', [robotId, like])) as [{ n: string }];
      return { list, total: Number(n), pageNum, pageSize };
    },
  });
  reg.register<{ robot: string; id: string }>({
    name: 'GET /robot/track/inspectResult/{robot}/{id}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => row('SELECT * FROM track_results WHERE id = $1 AND "robotId" = $2', [idOf(p.id), await robotOf(ctx, p.robot)]),
  });
  reg.register<{ robot: string; id: string }>({
    name: 'DELETE /robot/track/inspectResult/{robot}/{id}',
    access: WRITE,
    mutating: true,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      ctx.before = await row('SELECT id, "taskName", "status", "startedAt" FROM track_results WHERE id = $1 AND "robotId" = $2', [idOf(p.id), robotId]);
      await db.query('DELETE FROM track_results WHERE id = $1', [idOf(p.id)]);
      return { id: idOf(p.id) };
    },
  });

  // ── warning rules ──────────────────────────────────────────────────────────────
  const checkItems = async (ctx: EventContext, p: { robot?: string }) => {
    if (p.robot !== undefined) await robotOf(ctx, p.robot);
    return TRACK_CHECK_ITEMS;
  };
  reg.register({ name: 'GET /robot/track/warnRules/checkItems', access: READ, mutating: false, handler: checkItems });
  reg.register({ name: 'GET /robot/track/warnRules/{robot}/checkItems', access: READ, mutating: false, handler: checkItems });
  reg.register<{ robot: string }>({
    name: 'GET /robot/track/warnRules/{robot}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => {
      const list = await db.query('SELECT * FROM track_warn_rules WHERE "robotId" = $1 ORDER BY id DESC', [await robotOf(ctx, p.robot)]);
      return { list, total: list.length };
    },
  });
  const ruleValues = (p: Record<string, unknown>, base: Record<string, unknown>) => {
    const v = { ...base, ...Object.fromEntries(Object.entries(p).filter(([k, x]) => x !== undefined && k in ruleProps)) };
    return [v.name, v.checkItem, v.condition ?? '>', v.value ?? 0, v.relation ?? 'and', v.condition2 ?? null, v.value2 ?? null, v.interval ?? 0, v.enabled ?? true];
  };
  reg.register<{ robot: string } & Record<string, unknown>>({
    name: 'POST /robot/track/warnRules/{robot}',
    access: WRITE,
    mutating: true,
    ...schema(ruleProps, ['name', 'checkItem']),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      return row(
        'INSERT INTO track_warn_rules ("robotId", "name", "checkItem", "condition", "value", "relation", "condition2", "value2", "interval", "enabled") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *',
        [robotId, ...ruleValues(p, {})],
      );
    },
  });
  reg.register<{ robot: string; id: string } & Record<string, unknown>>({
    name: 'POST /robot/track/warnRules/{robot}/{id}',
    access: WRITE,
    mutating: true,
    ...schema(ruleProps),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      const before = await row<Record<string, unknown>>('SELECT * FROM track_warn_rules WHERE id = $1 AND "robotId" = $2', [idOf(p.id), robotId]);
      ctx.before = before;
      return row(
        'UPDATE track_warn_rules SET "name" = $3, "checkItem" = $4, "condition" = $5, "value" = $6, "relation" = $7, "condition2" = $8, "value2" = $9, "interval" = $10, "enabled" = $11 WHERE id = $1 AND "robotId" = $2 RETURNING *',
        [idOf(p.id), robotId, ...ruleValues(p, before)],
      );
    },
  });
  reg.register<{ robot: string; id: string }>({
    name: 'DELETE /robot/track/warnRules/{robot}/{id}',
    access: WRITE,
    mutating: true,
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      ctx.before = await row('SELECT * FROM track_warn_rules WHERE id = $1 AND "robotId" = $2', [idOf(p.id), robotId]);
      await db.query('DELETE FROM track_warn_rules WHERE id = $1', [idOf(p.id)]);
      return { id: idOf(p.id) };
    },
  });

  // ── warnings ───────────────────────────────────────────────────────────────────
  const warningOf = async (ctx: EventContext, id: unknown) => {
    const w = await row<{ robotId: string; dealt: boolean }>('SELECT * FROM track_warnings WHERE id = $1', [idOf(id)]);
    await robotOf(ctx, w.robotId).catch(() => {
      throw new AppError(StatusCode.notFound, 'notFound');
    });
    return w;
  };
  reg.register<{ robot: string; pageNum?: number; pageSize?: number; dealt?: string }>({
    name: 'GET /robot/track/warnDetail/{robot}',
    access: READ,
    mutating: false,
    ...schema({ ...pageQuery, dealt: { enum: ['true', 'false', ''] } }),
    handler: async (ctx, p) => {
      const robotId = await robotOf(ctx, p.robot);
      const { pageNum, pageSize, offset } = paging(p);
      const dealt = p.dealt === 'true' ? true : p.dealt === 'false' ? false : null;
      const list = await db.query('SELECT * FROM track_warnings WHERE "robotId" = $1 AND ($2::boolean IS NULL OR "dealt" = $2) ORDER BY id DESC LIMIT $3 OFFSET $4', [robotId, dealt, pageSize, offset]);
      const [{ n }] = (await db.query<{ n: string }>('SELECT count(*) AS n FROM track_warnings WHERE "robotId" = $1 AND ($2::boolean IS NULL OR "dealt" = $2)', [robotId, dealt])) as [{ n: string }];
      return { list, total: Number(n), pageNum, pageSize };
    },
  });
  reg.register<{ id: string }>({
    name: 'GET /robot/track/warnDetail/detail/{id}',
    access: READ,
    mutating: false,
    handler: async (ctx, p) => warningOf(ctx, p.id),
  });
  reg.register<{ id: string; dealResult: string }>({
    name: 'POST /robot/track/warnDetail/deal/{id}',
    access: WRITE,
    mutating: true,
    ...schema({ dealResult: { type: 'string', minLength: 1, maxLength: 200, ...L('Handling result', '处理结果', '処理結果') } }, ['dealResult']),
    handler: async (ctx, p) => {
      const before = await warningOf(ctx, p.id);
      ctx.before = before;
      if (before.dealt) throw new AppError(StatusCode.badRequest, 'trackWarningDealt');
      return row('UPDATE track_warnings SET "dealt" = true, "dealResult" = $2, "dealtBy" = $3, "dealtAt" = now() WHERE id = $1 RETURNING *', [
        idOf(p.id),
        p.dealResult,
        (ctx as AuthedContext).session.username,
      ]);
    },
  });
}
