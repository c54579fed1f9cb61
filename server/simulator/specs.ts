import type { Db } from '../store/db';
import type { SchemaSet } from '../schemas/loader';
import { DEMO_NO_CHARGER, DEMO_OFFLINE } from '../demo/seed';
import { patrolLoop, type MapMeta } from '../demo/floorplan';
import { robotSettings } from '../features/detections/thresholds';
import { ENVIRONMENT_MODULES } from '../../common/constants';
import { KINDS_BY_ROBOT_TYPE } from './detection-data';
import type { SimRobotSpec } from './robot-spec';

/** The robots the simulator plays, with a patrol loop on their map. */
export async function simulatorSpecs(db: Db, schemas: SchemaSet): Promise<SimRobotSpec[]> {
  const rows = await db.query<{ robotId: string; robotType: number; mapId: number | null; config: Record<string, number> | null }>(
    'SELECT r."robotId", r."robotType", r."mapId", m."config" FROM robots r LEFT JOIN maps m ON m.id = r."mapId" ORDER BY r.id',
  );
  const modules = await robotModules(db);
  // Issue 4: buildings with several floor maps (their robots ride the lift now and then).
  const floors = await db.query<{ mapId: number; floors: number }>(
    `SELECT m.id AS "mapId", (SELECT count(DISTINCT o."floor") FROM maps o WHERE o."companyId" = m."companyId" AND o."regionName" = m."regionName" AND o."buildingName" = m."buildingName")::int AS "floors" FROM maps m`,
  );
  const multiFloor = new Set(floors.filter((f) => f.floors > 1).map((f) => Number(f.mapId)));
  const specs: SimRobotSpec[] = [];
  for (const r of rows.filter((x) => !DEMO_OFFLINE.has(x.robotId))) {
    const own = modules.get(r.robotId);
    specs.push({
      ...baseSpec(r),
      // Spec §3 environment-detection modules; a robot none are configured for measures as its kind's detections do.
      environment: own?.length ? own.some((m) => (ENVIRONMENT_MODULES as readonly string[]).includes(m)) : (KINDS_BY_ROBOT_TYPE[r.robotType] ?? []).includes('env'),
      multiFloor: r.mapId !== null && multiFloor.has(Number(r.mapId)),
      settings: await robotSettings(db, schemas, r.robotId),
    });
  }
  return specs;
}

/** A robot's configured modules (its own and its function template's), by robot; empty when the columns are not there. */
async function robotModules(db: Db): Promise<Map<string, string[]>> {
  try {
    const rows = await db.query<{ robotId: string; own: string[] | null; template: string[] | null }>(
      'SELECT r."robotId", r."modules" AS "own", t."modules" AS "template" FROM robots r LEFT JOIN ent_robot_func_template t ON t.id = r."funcTemplateId"',
    );
    return new Map(rows.map((r) => [r.robotId, [...(Array.isArray(r.own) ? r.own : []), ...(Array.isArray(r.template) ? r.template : [])]]));
  } catch {
    return new Map(); // a schema without modules or templates: every robot measures as its kind does
  }
}

/** Where a robot patrols and whether it has a charger. */
function baseSpec(r: { robotId: string; robotType: number; mapId: number | null; config: Record<string, number> | null }): SimRobotSpec {
  const c = r.config;
  const meta: MapMeta | null =
    c && c.pixelW && c.pixelH
      ? { image: '', resolution: c.scale!, origin: [c.Xorigin!, c.Yorigin!, 0], negate: 0, occupied_thresh: 0.65, free_thresh: 0.196, width: c.pixelW, height: c.pixelH }
      : null;
  return { robotId: r.robotId, robotType: r.robotType, mapId: r.mapId, loop: meta ? patrolLoop(meta) : [[0, 0]], hasCharger: !DEMO_NO_CHARGER.has(r.robotId) };
}
