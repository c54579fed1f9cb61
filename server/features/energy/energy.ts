import { StatusCode } from '../../../common/protocol';
import { fail } from '../../errors';
import type { EventRegistry } from '../../events/registry';
import { energyEvents, type EnergyAnswer } from '../../../common/events/energy';
import { reportScope, type ReportScope } from '../reports/report-data';
import type { Services } from '../../services';

/** Spec §4 status codes that mean the robot is charging (charging, manual charging). */
const CHARGING_STATUSES = new Set([3, 22]);
/** Samples older than this are dropped. */
const KEEP_DAYS = 400;
/** A step across a longer gap (the robot was offline or the server down) is not counted: what happened is unknown. */
const MAX_GAP_MINUTES = 30;
/** Most points of the battery curve one answer carries. */
const MAX_POINTS = 500;

/**
 * Records each robot's battery from its telemetry (at most one sample per robot every
 * `sampleSeconds`), for the energy consumption page. Old samples are dropped hourly.
 */
export class EnergyRecorder {
  private readonly last = new Map<string, number>();
  private off: (() => void) | null = null;
  private prune: NodeJS.Timeout | null = null;

  constructor(
    private readonly svc: Services,
    private readonly sampleSeconds: number,
  ) {}

  start(): void {
    this.off = this.svc.fleet.onChange((robotId, event, data) => {
      // Every replica hears the telemetry; the leader samples it.
      if (event !== 'status' || !this.svc.cluster.isLeader()) return;
      const d = data as { battery: number | null; status: number; online: number };
      if (d.battery === null || d.battery === undefined || d.online !== 1) return;
      const now = Date.now();
      if (now - (this.last.get(robotId) ?? 0) < this.sampleSeconds * 1000) return;
      const robot = this.svc.fleet.get(robotId);
      if (!robot) return;
      this.last.set(robotId, now);
      this.svc.db
        .query('INSERT INTO energy_samples ("robotId", "companyId", "battery", "status", "charging") VALUES ($1, $2, $3, $4, $5)', [
          robotId,
          robot.companyId,
          Math.round(d.battery),
          d.status,
          CHARGING_STATUSES.has(d.status) ? 1 : 0,
        ])
        .catch(() => undefined);
    });
    this.prune = setInterval(
      () => this.svc.cluster.isLeader() && void this.svc.db.query(`DELETE FROM energy_samples WHERE "t" < now() - interval '${KEEP_DAYS} days'`).catch(() => undefined),
      3_600_000,
    );
    this.prune.unref();
  }

  stop(): void {
    this.off?.();
    this.off = null;
    if (this.prune) clearInterval(this.prune);
    this.prune = null;
  }
}

/** The energy figures of one robot over a scope: battery drops and rises in %, charging time and sessions. */
export async function energyOf(svc: Services, s: ReportScope): Promise<EnergyAnswer> {
  const args = [s.robotId, s.start, s.end];
  const steps = `SELECT "t", "battery", "charging", lag("battery") OVER w AS prev, lag("t") OVER w AS prevt, lag("charging") OVER w AS prevc
                   FROM energy_samples WHERE "robotId" = $1 AND "t" >= $2 AND "t" < $3 WINDOW w AS (ORDER BY "t")`;
  const days = await svc.db.query<{ day: string; consumed: number; charged: number; minutes: number; sessions: number }>(
    `SELECT to_char("t" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            COALESCE(sum(GREATEST(prev - "battery", 0)), 0)::int AS consumed,
            COALESCE(sum(GREATEST("battery" - prev, 0)), 0)::int AS charged,
            COALESCE(sum(CASE WHEN "charging" = 1 AND prevc = 1 THEN extract(epoch FROM "t" - prevt) ELSE 0 END) / 60, 0)::int AS minutes,
            count(*) FILTER (WHERE "charging" = 1 AND prevc = 0)::int AS sessions
       FROM (${steps}) x WHERE prev IS NOT NULL AND "t" - prevt <= interval '${MAX_GAP_MINUTES} minutes' GROUP BY 1`,
    args,
  );
  const dates: string[] = [];
  for (let t = Date.parse(s.start); t < Date.parse(s.end); t += 86_400_000) dates.push(new Date(t).toISOString().slice(0, 10));
  const daily = dates.map((date) => {
    const d = days.find((x) => x.day === date);
    return { date, consumed: d?.consumed ?? 0, charged: d?.charged ?? 0, chargingMinutes: d?.minutes ?? 0 };
  });
  // The battery curve, thinned to at most MAX_POINTS evenly spread samples.
  const total = (await svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM energy_samples WHERE "robotId" = $1 AND "t" >= $2 AND "t" < $3', args))[0]!.n;
  const every = Math.max(1, Math.ceil(total / MAX_POINTS));
  const curve = await svc.db.query<{ t: Date | string; battery: number }>(
    `SELECT "t", "battery" FROM (SELECT "t", "battery", row_number() OVER (ORDER BY "t") AS i FROM energy_samples WHERE "robotId" = $1 AND "t" >= $2 AND "t" < $3) x
      WHERE (i - 1) % ${every} = 0 ORDER BY "t"`,
    args,
  );
  const consumed = daily.reduce((n, d) => n + d.consumed, 0);
  return {
    start: s.start,
    end: s.end,
    summary: {
      consumed,
      charged: daily.reduce((n, d) => n + d.charged, 0),
      chargeSessions: days.reduce((n, d) => n + d.sessions, 0),
      chargingMinutes: daily.reduce((n, d) => n + d.chargingMinutes, 0),
      perDay: Math.round((consumed / Math.max(1, s.days)) * 10) / 10,
      battery: svc.fleet.get(s.robotId!)?.battery ?? null,
    },
    daily,
    curve: curve.map((c) => ({ t: new Date(c.t).toISOString(), battery: c.battery })),
  };
}

/** Registers getEnergyConsumption `{robotId, period, start?, end?}` (spec §2: needs a selected robot). */
export function registerEnergyEvents(reg: EventRegistry, svc: Services): void {
  reg.handle(energyEvents.getEnergyConsumption, async (ctx, p) => {
    const scope = await reportScope(svc, ctx, p);
    const robot = svc.fleet.get(p.robotId);
    // Spec §2: static robots have no energy figures.
    if (robot && robot.robotType === 4) throw fail.message(StatusCode.badRequest, 'energyNotForStatic');
    return energyOf(svc, scope);
  });
}
