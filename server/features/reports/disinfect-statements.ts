/**
 * The disinfection statements of spec §7 (REST /robot/statements/*), from the disinfection /
 * cold-storage robots' own telemetry: each report on their `disinfection` topic (whether they
 * disinfected during its period, the concentration they measure) is one row of
 * disinfection_samples (migration 045), written by one replica.
 */
import { MQTT_TOPICS } from '../../../common/events/mqtt';
import { reportsEvents as E } from '../../../common/events/reports';
import { companyCondition, visibleCompanyIds } from '../../entities/scope';
import type { FleetGateway } from '../../fleet/gateway';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

const finite = (v: unknown, min: number, max: number): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : null);

/** Stores the robots' disinfection reports (a malformed report is dropped). */
export async function connectDisinfection(svc: Services, gateway: FleetGateway): Promise<void> {
  await gateway.onWork(MQTT_TOPICS.disinfection.pattern.replace('{robotId}', '+'), (robotId, message) => {
    const m = message as Record<string, unknown>;
    const robot = svc.fleet.get(robotId);
    const seconds = finite(m.seconds, 0, 3600);
    const concentration = finite(m.concentration, 0, 10000);
    if (!robot || seconds === null || concentration === null || (m.working !== 0 && m.working !== 1)) return;
    const t = finite(m.t, 0, Date.now() + 60_000);
    svc.db
      .query('INSERT INTO disinfection_samples ("robotId", "companyId", "t", "working", "seconds", "concentration") VALUES ($1, $2, $3, $4, $5, $6)', [
        robotId,
        robot.companyId || null,
        new Date(t ?? Date.now()).toISOString(),
        m.working,
        seconds,
        concentration,
      ])
      .catch((err: unknown) => console.warn(`disinfection intake: ${(err as Error).message}`));
  });
}

export function registerDisinfectStatements(reg: EventRegistry, svc: Services): void {
  const scope = async (ctx: AuthedContext) => companyCondition(await visibleCompanyIds(svc.db, ctx.session), 's."companyId"');
  /** Minutes each robot disinfected per day (last 30 days). */
  const perDay = async (ctx: AuthedContext) => {
    const w = await scope(ctx);
    const rows = await svc.db.query<{ robotId: string; robotName: string | null; day: string; seconds: number }>(
      `SELECT s."robotId", max(r."robotName") AS "robotName", to_char(date_trunc('day', s.t), 'YYYY-MM-DD') AS day, sum(s.seconds)::float8 AS seconds
       FROM disinfection_samples s LEFT JOIN robots r ON r."robotId" = s."robotId"
       WHERE s.working = 1 AND s.t > now() - interval '30 days' AND ${w.sql}
       GROUP BY s."robotId", 3 ORDER BY 3, 1`,
      w.args,
    );
    return rows.map((r) => ({ robotId: r.robotId, robotName: r.robotName, day: r.day, minutes: Math.round(Number(r.seconds) / 6) / 10 }));
  };
  reg.handle(E['GET /robot/statements/totalDisinfectTimeGroup'], async (ctx) => perDay(ctx));
  reg.handle(E['GET /robot/statements/totalDisinfectTime'], async (ctx) => ({ minutes: Math.round((await perDay(ctx)).reduce((a, r) => a + r.minutes, 0) * 10) / 10 }));
  // The concentration each robot measured, averaged per hour over the last 24 hours.
  reg.handle(E['GET /robot/statements/concentrationChart'], async (ctx) => {
    const w = await scope(ctx);
    const rows = await svc.db.query<{ robotId: string; hour: string; concentration: number }>(
      `SELECT s."robotId", to_char(date_trunc('hour', s.t), 'YYYY-MM-DD"T"HH24:00') AS hour, avg(s.concentration)::float8 AS concentration
       FROM disinfection_samples s WHERE s.t > now() - interval '24 hours' AND ${w.sql}
       GROUP BY 1, 2 ORDER BY 2, 1`,
      w.args,
    );
    return rows.map((r) => ({ robotId: r.robotId, hour: r.hour, concentration: Math.round(Number(r.concentration) * 10) / 10 }));
  });
}
