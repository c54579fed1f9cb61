/**
 * Robot health: the last `health` report of each robot (every replica keeps it, onLive) and one
 * sample per robot every 30 s in health_samples (written once in a cluster: onWork, and the
 * (robotId, bucket) key), kept KEEP_DAYS days. Online history is read from the samples: a gap
 * longer than GAP_MS is offline; the walk/video/interaction columns are the fleet's flags.
 */
import { StatusCode } from '../../../common/protocol';
import { healthEvents, type HealthPoint, type OnlineAnswer, type OperateDay, type RobotHealth, type SystemRow } from '../../../common/events/maintenance-health';
import { AppError } from '../../errors';
import type { EventRegistry } from '../../events/registry';
import { visibleCompanyIds, visibleRobot } from '../../entities/scope';
import type { Services } from '../../services';
import { DEFAULT_THRESHOLDS, defaultDebugSettings, robotDebugSettings, type Thresholds } from '../maintenance-debug/debug-settings';

export const SAMPLE_MS = 30_000;
const KEEP_DAYS = 31;
const GAP_MS = 90_000;
const MAX_RANGE_DAYS = 31;

export class HealthStore {
  readonly latest = new Map<string, RobotHealth>();
  private prune: NodeJS.Timeout | null = null;
  constructor(private readonly svc: Services) {}

  async start(): Promise<void> {
    const gw = this.svc.gateway;
    if (!gw) return;
    await gw.onLive('fleet/robots/+/health', (robotId, message) => {
      if (message && typeof message === 'object') this.latest.set(robotId, message as RobotHealth);
    });
    await gw.onWork('fleet/robots/+/health', (robotId, message) => {
      const h = message as RobotHealth;
      const robot = this.svc.fleet.get(robotId);
      if (!robot || !h || typeof h.t !== 'number') return;
      // The server's clock decides the bucket (robots' clocks drift).
      const bucket = Math.floor(Date.now() / SAMPLE_MS);
      this.svc.db
        .query(
          `INSERT INTO health_samples ("robotId", "bucket", "companyId", "walk", "video", "interaction", "data") VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT ("robotId", "bucket") DO NOTHING`,
          [robotId, bucket, robot.companyId, robot.online, robot.videoOnline, robot.interactOnline, JSON.stringify(h)],
        )
        .catch(() => undefined);
    });
    this.prune = setInterval(
      () => this.svc.cluster.isLeader() && void this.svc.db.query(`DELETE FROM health_samples WHERE "t" < now() - interval '${KEEP_DAYS} days'`).catch(() => undefined),
      3_600_000,
    );
    this.prune.unref();
  }

  stop(): void {
    if (this.prune) clearInterval(this.prune);
    this.prune = null;
  }
}

/** What is wrong in a report by the thresholds. */
export function problemsOf(h: RobotHealth | null, online: boolean, th: Thresholds): string[] {
  const p: string[] = [];
  if (!online) p.push('offline');
  if (!h) return p;
  if (h.cpu >= th.cpuPercent) p.push('cpu');
  if (h.memory >= th.memoryPercent) p.push('memory');
  if (h.disk >= th.diskPercent) p.push('disk');
  if (Math.max(...Object.values(h.temperatures ?? {}).map(Number)) >= th.temperatureC) p.push('temperature');
  if (h.latencyMs >= th.latencyMs) p.push('latency');
  if ((h.services ?? []).some((s) => !s.up)) p.push('services');
  if (h.chassis && (h.chassis.wheels.some((w) => w.encoderFault || w.hallFault || w.stall) || h.chassis.bumper)) p.push('chassis');
  if (h.charging?.state === 'failed') p.push('charging');
  if ((h.sensors ?? []).some((s) => !s.ok)) p.push('sensors');
  return p;
}

/** Parses a YYYY-MM-DD range (end inclusive) into [start, end) milliseconds. */
function rangeOf(start: string, end: string): { from: number; to: number; days: number } {
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`) + 86_400_000;
  const days = Math.round((to - from) / 86_400_000);
  if (!Number.isFinite(from) || !Number.isFinite(to) || days < 1 || days > MAX_RANGE_DAYS) throw new AppError(StatusCode.badRequest, 'reportRangeInvalid', { limit: MAX_RANGE_DAYS });
  return { from, to, days };
}

const point = (t: number, h: RobotHealth): HealthPoint => ({
  t,
  cpu: h.cpu,
  memory: h.memory,
  disk: h.disk,
  temperature: Math.max(...Object.values(h.temperatures ?? { cpu: 0 }).map(Number)),
  latencyMs: h.latencyMs,
  chassis: h.chassis ?? null,
  charging: h.charging ?? null,
  sensors: h.sensors ?? [],
});

export function registerHealthEvents(reg: EventRegistry, svc: Services, store: HealthStore): void {
  const robotOf = async (ctx: Parameters<Parameters<typeof reg.handle>[1]>[0], robotId: string) => visibleRobot(svc.db, ctx.session, svc.fleet.get(robotId));

  const samplesOf = async (robotId: string, from: number, to: number) =>
    svc.db.query<{ t: Date | string; walk: number; video: number; interaction: number; data: RobotHealth | string }>(
      'SELECT "t", "walk", "video", "interaction", "data" FROM health_samples WHERE "robotId" = $1 AND "t" >= $2 AND "t" < $3 ORDER BY "t"',
      [robotId, new Date(from).toISOString(), new Date(to).toISOString()],
    );
  const dataOf = (d: RobotHealth | string): RobotHealth => (typeof d === 'string' ? (JSON.parse(d) as RobotHealth) : d);

  reg.handle(healthEvents.getSystemState, async (ctx) => {
    const companies = await visibleCompanyIds(svc.db, ctx.session);
    const robots = svc.fleet.all().filter((r) => companies === null || companies.includes(Number(r.companyId)));
    const settings = await robotDebugSettings(svc, robots.map((r) => r.robotId));
    const rows: SystemRow[] = robots.map((r) => {
      const h = store.latest.get(r.robotId) ?? null;
      return {
        robotId: r.robotId,
        robotName: r.robotName,
        robotType: r.robotType,
        companyId: Number(r.companyId),
        online: { walk: r.online === 1, video: r.videoOnline === 1, interaction: r.interactOnline === 1 },
        health: h,
        problems: problemsOf(h, r.online === 1, settings.get(r.robotId)?.thresholds ?? DEFAULT_THRESHOLDS),
      };
    });
    return { robots: rows, thresholds: defaultDebugSettings(svc).thresholds };
  });

  reg.handle(healthEvents.getRobotHealth, async (ctx, p) => {
    const robot = await robotOf(ctx, p.robotId);
    const now = Date.now();
    const rows = await samplesOf(p.robotId, now - p.minutes * 60_000, now + 1000);
    return { robotId: p.robotId, robotType: robot.robotType, latest: store.latest.get(p.robotId) ?? null, samples: rows.map((r) => point(new Date(r.t).getTime(), dataOf(r.data))) };
  });

  reg.handle(healthEvents.getSensorData, async (ctx, p) => {
    await robotOf(ctx, p.robotId);
    const now = Date.now();
    const rows = await samplesOf(p.robotId, now - p.minutes * 60_000, now + 1000);
    const latest = store.latest.get(p.robotId) ?? null;
    return {
      robotId: p.robotId,
      sensors: latest?.sensors ?? [],
      history: rows.map((r) => ({ t: new Date(r.t).getTime(), values: Object.fromEntries((dataOf(r.data).sensors ?? []).map((s) => [s.id, s.value])) })),
    };
  });

  reg.handle(healthEvents.getOnlineHistory, async (ctx, p) => {
    const { from, to: end } = rangeOf(p.start, p.end);
    await robotOf(ctx, p.robotId);
    const to = Math.min(end, Date.now());
    const rows = from < to ? await svc.db.query<{ t: Date | string; walk: number; video: number; interaction: number }>(
      'SELECT "t", "walk", "video", "interaction" FROM health_samples WHERE "robotId" = $1 AND "t" >= $2 AND "t" < $3 ORDER BY "t"',
      [p.robotId, new Date(from).toISOString(), new Date(to).toISOString()],
    ) : [];
    return onlineSpans(p.robotId, from, Math.max(from, to), rows.map((r) => ({ t: new Date(r.t).getTime(), walk: r.walk === 1, video: r.video === 1, interaction: r.interaction === 1 })));
  });

  reg.handle(healthEvents.getOperateStats, async (ctx, p) => {
    const { from, to } = rangeOf(p.start, p.end);
    const companies = await visibleCompanyIds(svc.db, ctx.session);
    if (p.robotId) await robotOf(ctx, p.robotId);
    const args: unknown[] = [new Date(from).toISOString(), new Date(to).toISOString()];
    let where = '';
    if (companies !== null) {
      args.push(companies);
      where += ` AND "companyId" = ANY($${args.length}::bigint[])`;
    }
    if (p.robotId) {
      args.push(p.robotId);
      where += ` AND "robotId" = $${args.length}`;
    }
    const day = `to_char("t" AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    const stats = await svc.db.query<{ day: string; robotId: string; companyId: number; mileage: number; working: number; tasks: number; cycles: number }>(
      `SELECT ${day} AS day, "robotId", max("companyId")::int AS "companyId",
              COALESCE(max(("data"->'chassis'->>'odometry')::float) - min(("data"->'chassis'->>'odometry')::float), 0) AS mileage,
              (count(*) FILTER (WHERE ("data"->>'working') = 'true') * ${SAMPLE_MS / 1000})::float / 3600 AS working,
              COALESCE(max(("data"->>'tasksDone')::int) - min(("data"->>'tasksDone')::int), 0)::int AS tasks,
              COALESCE(max(("data"->'charging'->>'cycles')::int) - min(("data"->'charging'->>'cycles')::int), 0)::int AS cycles
         FROM health_samples WHERE "t" >= $1 AND "t" < $2${where} GROUP BY 1, 2`,
      args,
    );
    const alarms = await svc.db.query<{ day: string; robotId: string; n: number }>(
      `SELECT to_char("createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, "robotId", count(*)::int AS n FROM alarms WHERE "createdAt" >= $1 AND "createdAt" < $2${where} GROUP BY 1, 2`,
      args,
    );
    const names = new Map(svc.fleet.all().map((r) => [r.robotId, r.robotName]));
    const key = (d: string, r: string) => `${d}|${r}`;
    const out = new Map<string, OperateDay>();
    const row = (date: string, robotId: string, companyId: number) => {
      let x = out.get(key(date, robotId));
      if (!x) out.set(key(date, robotId), (x = { date, robotId, robotName: names.get(robotId) ?? robotId, companyId, mileageM: 0, workingHours: 0, tasks: 0, chargeCycles: 0, alarms: 0 }));
      return x;
    };
    for (const s of stats) {
      const x = row(s.day, s.robotId, Number(s.companyId));
      x.mileageM = Math.round(Number(s.mileage));
      x.workingHours = Math.round(Number(s.working) * 100) / 100;
      x.tasks = Number(s.tasks);
      x.chargeCycles = Number(s.cycles);
    }
    for (const a of alarms) {
      const existing = out.get(key(a.day, a.robotId));
      const robot = svc.fleet.get(a.robotId);
      (existing ?? row(a.day, a.robotId, Number(robot?.companyId ?? 0))).alarms = Number(a.n);
    }
    return { days: [...out.values()].sort((a, b) => a.date.localeCompare(b.date) || a.robotName.localeCompare(b.robotName)) };
  });
}

/** Online periods per subsystem from samples: a sample covers until the next one, unless the gap is over GAP_MS. */
export function onlineSpans(robotId: string, from: number, to: number, samples: { t: number; walk: boolean; video: boolean; interaction: boolean }[]): OnlineAnswer {
  const keys = ['walk', 'video', 'interaction'] as const;
  const subsystems = keys.map((key) => {
    const spans: { start: number; end: number; up: boolean }[] = [];
    const push = (start: number, end: number, up: boolean) => {
      if (end <= start) return;
      const last = spans[spans.length - 1];
      if (last && last.up === up && last.end === start) last.end = end;
      else spans.push({ start, end, up });
    };
    let cursor = from;
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!;
      if (s.t - cursor > GAP_MS) push(cursor, s.t, false);
      else if (s.t > cursor) push(cursor, s.t, spans[spans.length - 1]?.up ?? false);
      const next = samples[i + 1]?.t ?? Math.min(to, s.t + SAMPLE_MS);
      const until = Math.min(to, next - s.t > GAP_MS ? s.t + SAMPLE_MS : next);
      push(s.t, until, s[key]);
      cursor = until;
    }
    push(cursor, to, false);
    const upMs = spans.filter((s) => s.up).reduce((n, s) => n + s.end - s.start, 0);
    return { key, uptime: to > from ? Math.round((upMs / (to - from)) * 10000) / 100 : 0, spans };
  });
  return { robotId, start: from, end: to, subsystems };
}
