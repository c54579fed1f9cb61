import { subjectCan } from '../../../common/access';
import { ALARM_TOPIC, AlarmLevels, AlarmProcessStatus, AlarmReleaseStatus, alarmCodeText, alarmKind } from '../../../common/alarm-codes';
import type { AlarmPush } from '../../../common/events/topics';
import { MqttTopics, type RobotAlarmReport } from '../../../common/protocol';
import type { Session } from '../../auth/sessions';
import { bumpTable, tableVersionOf } from '../../entities/crud';
import { visibleCompanyIds } from '../../entities/scope';
import type { Services } from '../../services';
import type { FleetGateway } from '../../fleet/gateway';
import type { Queryable, Row } from '../../store/db';
import { sendCompanyMail } from '../reports/mailer';
import { AppError } from '../../errors';
import { formatMessage } from '../../../common/messages';

/** How often unprocessed alarms past their company's time-out become outdated. */
const OUTDATED_SWEEP_MS = 30_000;
/** How long a company's ancestor chain is reused (a moved company's alarms reach the new parents after this). */
const CHAIN_TTL_MS = 10_000;
/** Default time-out when a company has no alarm settings (alarm-setting schema default). */
const DEFAULT_OUTDATED_MINUTES = 1440;

/** Ids of a company and its ancestors, nearest first. */
export async function companyChain(db: Queryable, companyId: number): Promise<number[]> {
  const rows = await db.query<{ id: number; depth: number }>(
    `WITH RECURSIVE up(id, "parentId", depth) AS (SELECT id, "parentId", 0 FROM companies WHERE id = $1
       UNION ALL SELECT c.id, c."parentId", up.depth + 1 FROM companies c JOIN up ON c.id = up."parentId")
     SELECT id, depth FROM up ORDER BY depth`,
    [companyId],
  );
  return rows.map((r) => Number(r.id));
}

/** The alarm as a push and as getCurrentAlarm answers it. */
export function alarmPush(row: Row, popup: boolean, sound = false): AlarmPush {
  return {
    id: Number(row.id),
    robotId: String(row.robotId),
    robotName: (row.robotName as string | null) ?? null,
    companyId: Number(row.companyId),
    code: Number(row.code),
    kind: alarmKind(Number(row.code)),
    level: Number(row.level),
    message: (row.message as string | null) ?? null,
    status: Number(row.status),
    processStatus: Number(row.processStatus),
    popup,
    sound,
    createdAt: new Date(row.createdAt as string).toISOString(),
  };
}

/**
 * Alarm intake: robots publish on `fleet/robots/<id>/alarm`; each raise is stored (with the
 * robot's pose, its alarm type, level and configuration) and pushed on the realtime topic
 * `alarms` to the sessions whose company tree holds the robot. A clear releases the open alarms
 * of auto-release types. Unprocessed alarms past the company's time-out become outdated.
 */
export class AlarmService {
  private sweep: NodeJS.Timeout | null = null;
  /** Raises in flight per robot and code, so a robot repeating a code each second makes one alarm. */
  private readonly inflight = new Set<string>();
  private readonly chains = new Map<number, { chain: number[]; at: number; version: number }>();

  constructor(private readonly svc: Services) {}

  /** Takes the robots' alarm reports (one replica each) and, on the leader, sweeps outdated alarms. */
  async start(gateway: FleetGateway): Promise<void> {
    this.svc.hub.addTopicKind(ALARM_TOPIC, { snapshot: (session) => this.snapshot(session) });
    await gateway.onWork(MqttTopics.alarmWildcard, (robotId, message) => {
      const report = message as unknown as RobotAlarmReport;
      if (!Number.isInteger(report.code) || report.code < 0 || report.code > 99_999) return;
      const work = report.state === 'clear' ? this.clear(robotId, report.code) : this.raise(robotId, report);
      work.catch((err: unknown) => console.warn(`alarm intake: ${(err as Error).message}`));
    });
    this.sweep = setInterval(() => {
      if (this.svc.cluster.isLeader()) void this.markOutdated().catch((err: unknown) => console.warn(`alarm time-outs: ${(err as Error).message}`));
    }, OUTDATED_SWEEP_MS);
    this.sweep.unref();
  }

  async close(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
  }

  /** Stores a raised alarm and pushes it; returns the stored row (null when ignored). */
  async raise(robotId: string, report: Pick<RobotAlarmReport, 'code' | 'level' | 'message'>): Promise<Row | null> {
    const robot = this.svc.fleet.get(robotId);
    if (!robot) return null;
    const key = `${robotId}:${report.code}`;
    if (this.inflight.has(key)) return null;
    this.inflight.add(key);
    try {
      const db = this.svc.db;
      const chain = await this.chainOf(robot.companyId);
      // In one round trip: the nearest company's alarm type for the code, that tree's configuration of it, and alarm settings.
      const found = (
        await db.query<{ type: Row | null; config: Row | null; settings: Row | null }>(
          `WITH ty AS (SELECT * FROM alarm_types WHERE "code" = $1 AND "companyId" = ANY($2::bigint[]) ORDER BY array_position($2::bigint[], "companyId") LIMIT 1)
           SELECT (SELECT row_to_json(ty) FROM ty) AS type,
                  (SELECT row_to_json(c) FROM alarm_configs c JOIN ty ON c."alarmTypeId" = ty.id
                    WHERE c."companyId" = ANY($2::bigint[]) ORDER BY array_position($2::bigint[], c."companyId") LIMIT 1) AS config,
                  (SELECT row_to_json(s) FROM alarm_settings s WHERE s."companyId" = ANY($2::bigint[]) ORDER BY array_position($2::bigint[], s."companyId") LIMIT 1) AS settings`,
          [report.code, chain],
        )
      )[0]!;
      const type = found.type ?? undefined;
      const config = found.config ?? undefined;
      const settings = found.settings ?? undefined;
      if (config && (Number(config.enabled) !== 1 || ((config.robotIds as string[]).length > 0 && !(config.robotIds as string[]).includes(robotId)))) return null;
      const level = clampLevel(config?.level ?? type?.level ?? report.level ?? 2);
      const position =
        robot.x === null ? null : { mapId: robot.mapId, x: robot.x, y: robot.y, theta: robot.theta, latitude: robot.latitude, longitude: robot.longitude };
      // One open alarm per robot and code: a robot repeating it does not flood the list.
      const row = (
        await db.query(
          `INSERT INTO alarms ("robotId", "robotName", "companyId", "alarmTypeId", "code", "kind", "level", "message", "status", "position", "processStatus")
           SELECT $1::text, $2::text, $3::bigint, $4::bigint, $5::int, $6::text, $7::int, $8::text, $9::int, $10::jsonb, $11::int
            WHERE NOT EXISTS (SELECT 1 FROM alarms WHERE "robotId" = $1 AND "code" = $5 AND "status" = 0 AND "processStatus" = 0)
           RETURNING *`,
          [
            robotId,
            robot.robotName,
            robot.companyId,
            type?.id ?? null,
            report.code,
            alarmKind(report.code),
            level,
            typeof report.message === 'string' ? report.message.slice(0, 500) : null,
            AlarmReleaseStatus.unreleased,
            position ? JSON.stringify(position) : null,
            AlarmProcessStatus.unprocessed,
          ],
        )
      )[0];
      if (!row) return null;
      bumpTable('alarms');
      const popup = Number(settings?.popup ?? 1) === 1 && Number(config?.popup ?? 1) === 1;
      this.publishIn(chain, 'alarm', row, popup, Number(settings?.sound ?? 1) === 1);
      void this.mail(row, chain, settings, type).catch((err: unknown) =>
        console.warn(`alarm ${String(row.id)} not mailed: ${err instanceof AppError ? formatMessage(err.messageKey, 'en', err.vars) : (err as Error).message}`),
      );
      return row;
    } finally {
      this.inflight.delete(key);
    }
  }

  /** A robot cleared a code: its open alarms of auto-release types become released. */
  async clear(robotId: string, code: number): Promise<void> {
    const rows = await this.svc.db.query(
      `UPDATE alarms a SET "status" = 1, "releasedAt" = now(), "updatedAt" = now()
        WHERE a."robotId" = $1 AND a."code" = $2 AND a."status" = 0
          AND EXISTS (SELECT 1 FROM alarm_types t WHERE t.id = a."alarmTypeId" AND t."autoRelease" = 1)
        RETURNING *`,
      [robotId, code],
    );
    if (rows.length) bumpTable('alarms');
    for (const row of rows) await this.publish('alarmChange', row, false);
  }

  /** Pushes an alarm to the sessions that may read it (the robot's company or an ancestor's). */
  async publish(event: 'alarm' | 'alarmChange', row: Row, popup: boolean, sound = false): Promise<void> {
    this.publishIn(await this.chainOf(Number(row.companyId)), event, row, popup, sound);
  }

  private publishIn(chain: number[], event: 'alarm' | 'alarmChange', row: Row, popup: boolean, sound: boolean): void {
    this.svc.hub.publishTo(ALARM_TOPIC, event, alarmPush(row, popup, sound), { permission: 'alarm:read', companies: chain });
  }

  /** A company and its ancestors, cached for CHAIN_TTL_MS or until any replica writes the companies. */
  private async chainOf(companyId: number): Promise<number[]> {
    const hit = this.chains.get(companyId);
    const version = tableVersionOf('companies');
    if (hit && hit.version === version && Date.now() - hit.at < CHAIN_TTL_MS) return hit.chain;
    const chain = await companyChain(this.svc.db, companyId);
    this.chains.set(companyId, { chain, at: Date.now(), version });
    return chain;
  }

  /** Unprocessed alarms older than their company's time-out become outdated. */
  async markOutdated(): Promise<number> {
    const rows = await this.svc.db.query(
      `UPDATE alarms a SET "processStatus" = ${AlarmProcessStatus.outdated}, "updatedAt" = now()
        WHERE a."processStatus" = ${AlarmProcessStatus.unprocessed}
          AND a."createdAt" < now() - make_interval(mins => COALESCE((SELECT s."outdatedAfterMinutes" FROM alarm_settings s WHERE s."companyId" = a."companyId"), ${DEFAULT_OUTDATED_MINUTES}))
        RETURNING *`,
    );
    if (rows.length) bumpTable('alarms');
    for (const row of rows) await this.publish('alarmChange', row, false);
    return rows.length;
  }

  /** The latest unreleased, unprocessed alarms the session may see (the topic's first message; the console pops up the recent ones). */
  private async snapshot(session: Session): Promise<unknown | null> {
    if (!subjectCan(session, 'alarm:read')) return null;
    const ids = await visibleCompanyIds(this.svc.db, session);
    // popup: the company's pop-up setting (its own; a raise also looks at ancestors and the type's configuration).
    const rows = await this.svc.db.query(
      `SELECT a.*, COALESCE(s."popup", 1) AS "popupSetting", COALESCE(s."sound", 1) AS "soundSetting" FROM alarms a LEFT JOIN alarm_settings s ON s."companyId" = a."companyId"
        WHERE a."status" = 0 AND a."processStatus" = 0 ${ids === null ? '' : 'AND a."companyId" = ANY($1::bigint[])'} ORDER BY a.id DESC LIMIT 20`,
      ids === null ? [] : [ids],
    );
    return rows.map((r) => alarmPush(r, Number(r.popupSetting) === 1, Number(r.soundSetting) === 1));
  }


  /** Mails a new alarm to the type's receivers and, when the company mails alarms, its groups and addresses. */
  private async mail(row: Row, chain: number[], settings: Row | undefined, type: Row | undefined): Promise<void> {
    const to = new Set<string>((type?.receivers as string[] | undefined) ?? []);
    if (settings && Number(settings.mailOnAlarm) === 1) {
      for (const a of (settings.emailAddresses as string[]) ?? []) to.add(a);
      const groups = (settings.emailGroupIds as number[]) ?? [];
      if (groups.length) {
        const rows = await this.svc.db.query<{ addresses: string[] }>('SELECT "addresses" FROM email_groups WHERE id = ANY($1::bigint[])', [groups]);
        for (const g of rows) for (const a of g.addresses) to.add(a);
      }
    }
    if (to.size === 0) return;
    const code = Number(row.code);
    const text = (['en', 'zh', 'ja'] as const).map((l) => alarmCodeText(code, l)).join(' / ');
    await sendCompanyMail(this.svc, chain, {
      to: [...to],
      subject: `[${row.robotName ?? row.robotId}] ${alarmCodeText(code, 'en')} (${code})`,
      text: `${row.robotName ?? ''} ${row.robotId}\n${text}\n${new Date(row.createdAt as string).toISOString()}`,
    });
  }
}

function clampLevel(n: unknown): number {
  const v = Math.round(Number(n));
  return Number.isFinite(v) ? Math.min(AlarmLevels.max, Math.max(AlarmLevels.min, v)) : 2;
}
