import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../store/db';
import { hashPassword, DEMO_PASSWORD } from '../auth/passwords';
import roleEnum from '../../schemas/enums/role.json';
import { generateFloorPlan } from './floorplan';
import { robotKindFromSerial } from '../../common/robot';

/**
 * The demo's custom company role (issue 18): an enterprise-admin tier narrowed to watching and
 * steering, which the built-in general user (a monitoring user, spec §6) may not do.
 */
export const DEMO_OPERATOR_ROLE = {
  name: 'Operator',
  company: 'HarborSecurity',
  kind: 4,
  homePage: '/home/telecontrol',
  remark: 'Watches and steers robots, processes alarms',
  permissions: [
    'menu:telecontrol',
    'robot:control',
    'robot:call',
    'video:read',
    'menu:dashboard',
    'monitoring:read',
    'monitoring:write',
    'menu:monitorOverview',
    'menu:navPandect',
    'menu:videoPandect',
    'menu:historyVideo',
    'menu:videoPlayback',
    'menu:alarmManage',
    'alarm:read',
    'alarm:process',
    'menu:navigation',
    'navigation:read',
    'navigation:update',
    'menu:control',
    'track:read',
    'track:write',
    'map:read',
    'robot:read',
    'company:read',
    'group:read',
    'user:read',
    'user:update',
    'detection:read',
    'face:read',
    'dataDict:read',
    'battery:read',
    'log:read',
    'feedback:create',
  ],
} as const;

/** Demo users, one per built-in role and one of the custom Operator role; all use the demo password (listed in README). */
export const DEMO_USERS = [
  { username: 'admin', name: 'Admin', roleId: 1, company: 'FleetPlatform' },
  { username: 'platform', name: 'Platform', roleId: 2, company: 'FleetPlatform' },
  { username: 'entsuper', name: 'EntSuper', roleId: 3, company: 'HarborSecurity' },
  { username: 'entadmin', name: 'EntAdmin', roleId: 4, company: 'HarborSecurity' },
  { username: 'operator', name: 'Operator', roleId: 'Operator', company: 'HarborSecurity' },
  { username: 'monitor', name: 'Monitor', roleId: 5, company: 'HarborSecurity' },
] as const;

const COMPANIES = [
  { name: 'FleetPlatform', parent: null, robotTypes: [1, 2, 3, 4, 5, 6, 7], domain: 'fleet.example.com' },
  { name: 'HarborSecurity', parent: 'FleetPlatform', robotTypes: [1, 3, 4, 5], domain: 'harbor.example.com' },
  { name: 'MetroColdChain', parent: 'FleetPlatform', robotTypes: [2, 6, 7], domain: 'metro.example.com' },
  { name: 'HarborEast', parent: 'HarborSecurity', robotTypes: [1, 5], domain: 'east.harbor.example.com' },
] as const;

const MAPS = [
  { key: 'harbor-hq-f1', company: 'HarborSecurity', region: 'NorthCampus', building: 'HQ', floor: 1, name: 'HQFloor1', seed: 1 },
  { key: 'harbor-hq-f2', company: 'HarborSecurity', region: 'NorthCampus', building: 'HQ', floor: 2, name: 'HQFloor2', seed: 2 },
  { key: 'harbor-east-depot', company: 'HarborEast', region: 'EastPort', building: 'Depot', floor: 1, name: 'DepotGround', seed: 3 },
  { key: 'metro-cold-1', company: 'MetroColdChain', region: 'CityCentre', building: 'ColdStore', floor: 1, name: 'ColdStoreA', seed: 4 },
] as const;

/** Robots with valid serial numbers (2 digits, kind code, 6 more); the type follows characters 3-4. */
export const DEMO_ROBOTS = [
  { robotId: '01WR000001', robotName: 'PatrolA1', map: 'harbor-hq-f1' },
  { robotId: '01WR000002', robotName: 'PatrolA2', map: 'harbor-hq-f1' },
  { robotId: '02WF000001', robotName: 'FireGuard1', map: 'harbor-hq-f2' },
  { robotId: '03WS000001', robotName: 'LobbyStatic', map: 'harbor-hq-f2' },
  { robotId: '04TP000001', robotName: 'RailInspect1', map: 'harbor-east-depot' },
  { robotId: '04WR000003', robotName: 'EastPatrol', map: 'harbor-east-depot' },
  { robotId: '05WV000001', robotName: 'ApvCarrier', map: 'metro-cold-1' },
  { robotId: '06LK000001', robotName: 'ColdKeeper', map: 'metro-cold-1' },
  { robotId: '07WY000001', robotName: 'AnbotYOne', map: 'metro-cold-1' },
] as const;

/** Robots the simulator leaves switched off, so the console shows an offline robot. */
export const DEMO_OFFLINE = new Set(['03WS000001']);

/** A robot with no charging pile configured, so go-charge shows the spec's error. */
export const DEMO_NO_CHARGER = new Set(['04WR000003']);

/** Robots with a central control (its serial number): only they offer the "original" definition (spec §4). */
export const DEMO_CENTRAL_CONTROL: Record<string, string> = { '01WR000002': 'CC01000002' };

/** Robots with a body-temperature infrared camera (temperatureMonitoring needs one). */
export const DEMO_BODY_TEMPERATURE = ['06LK000001', '07WY000001'];

/** Roles are reference data every installation needs. */
export async function seedRoles(db: Db): Promise<void> {
  for (const r of roleEnum.values) {
    await db.query('INSERT INTO roles (id, "name", "homePage", "kind") VALUES ($1, $2, $3, $1) ON CONFLICT (id) DO NOTHING', [r.value, r.key, '/home/telecontrol']);
  }
}

/** Writes the demo data on the first start (an empty users table). Returns whether it did. */
export async function seedDemo(db: Db, dataDir: string, withWork = true): Promise<boolean> {
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if ((existing[0]?.n ?? 0) > 0) return false;
  const companyIds = new Map<string, number>();
  for (const c of COMPANIES) {
    const parentId = c.parent ? companyIds.get(c.parent)! : null;
    const layer = parentId === null ? 1 : ((await db.query<{ layer: number }>('SELECT "layer" FROM companies WHERE id = $1', [parentId]))[0]!.layer + 1);
    const row = await db.query<{ id: number }>(
      'INSERT INTO companies ("name", "parentId", "layer", "robotTypes", "mapTypes", "domain") VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [c.name, parentId, layer, JSON.stringify(c.robotTypes), JSON.stringify([1, 2]), c.domain],
    );
    companyIds.set(c.name, row[0]!.id);
  }
  const r = DEMO_OPERATOR_ROLE;
  const operatorRole = await db.query<{ id: number }>(
    'INSERT INTO roles ("name", "homePage", "kind", "companyId", "remark", "permissions") VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [r.name, r.homePage, r.kind, companyIds.get(r.company), r.remark, JSON.stringify(r.permissions)],
  );
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await db.query('INSERT INTO users ("username", "name", "passwordHash", "roleId", "companyId", "email") VALUES ($1, $2, $3, $4, $5, $6)', [
      u.username,
      u.name,
      hash,
      u.roleId === 'Operator' ? operatorRole[0]!.id : u.roleId,
      companyIds.get(u.company),
      `${u.username}@example.com`,
    ]);
  }
  const mapDir = path.join(dataDir, 'maps');
  fs.mkdirSync(mapDir, { recursive: true });
  const mapIds = new Map<string, number>();
  for (const m of MAPS) {
    const plan = generateFloorPlan(m.key, 480, 320, m.seed);
    // The record holds keys relative to the data folder (server/store/blobs.ts), never this machine's path.
    const pgmPath = `maps/${m.key}.pgm`;
    const yamlPath = `maps/${m.key}.yaml`;
    fs.writeFileSync(path.join(dataDir, pgmPath), plan.pgm);
    fs.writeFileSync(path.join(dataDir, yamlPath), plan.yaml);
    const config = {
      pixelW: plan.meta.width,
      pixelH: plan.meta.height,
      scale: plan.meta.resolution,
      Xorigin: plan.meta.origin[0],
      Yorigin: plan.meta.origin[1],
      maxlayer: 6,
    };
    const row = await db.query<{ id: number }>(
      // Processing (picture and tiles) follows at start-up (maps feature): until then the map says so, not "done".
      `INSERT INTO maps ("companyId", "regionName", "buildingName", "floor", "mapName", "mapType", "pgmPath", "yamlPath", "config", "processState", "processProgress") VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, 'slicing', 0) RETURNING id`,
      [companyIds.get(m.company), m.region, m.building, m.floor, m.name, pgmPath, yamlPath, JSON.stringify(config)],
    );
    mapIds.set(m.key, row[0]!.id);
  }
  // The buildings the demo maps name, as records of their companies (a map upload chooses among them).
  const buildings = new Map<string, { company: string; name: string; region: string; floors: number }>();
  for (const m of MAPS) {
    const key = `${m.company}/${m.building}`;
    const b = buildings.get(key);
    buildings.set(key, { company: m.company, name: m.building, region: m.region, floors: Math.max(b?.floors ?? 1, m.floor) });
  }
  for (const b of buildings.values()) {
    await db.query('INSERT INTO buildings ("companyId", "name", "regionName", "floors") VALUES ($1, $2, $3, $4)', [companyIds.get(b.company), b.name, b.region, b.floors]);
  }
  // One enabled charging pile (map element 102) on each map but those of DEMO_NO_CHARGER's robots:
  // go-charge is refused for a robot whose map has none (spec §8 "no charger set").
  const noChargerMaps = new Set(DEMO_ROBOTS.filter((r) => DEMO_NO_CHARGER.has(r.robotId)).map((r) => r.map));
  for (const m of MAPS) {
    if (noChargerMaps.has(m.key)) continue;
    await db.query('INSERT INTO map_elements ("mapId", "kind", "name", "points", "props") VALUES ($1, 102, $2, $3, $4)', [mapIds.get(m.key), 'Charger', JSON.stringify([[60, 60]]), JSON.stringify({ enabled: true })]);
  }
  for (const r of DEMO_ROBOTS) {
    const map = MAPS.find((m) => m.key === r.map)!;
    await db.query('INSERT INTO robots ("robotId", "robotName", "robotType", "companyId", "regionName", "mapId", "centralControlSn") VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      r.robotId,
      r.robotName,
      robotKindFromSerial(r.robotId),
      companyIds.get(map.company),
      map.region,
      mapIds.get(r.map),
      DEMO_CENTRAL_CONTROL[r.robotId] ?? null,
    ]);
  }
  // Body-temperature infrared robots (spec §3 infrared kind 2), so temperature monitoring has one.
  await db.query('UPDATE robots SET "infraredType" = 2 WHERE "robotId" = ANY($1)', [DEMO_BODY_TEMPERATURE]);
  if (withWork) await seedDemoWork(db);
  return true;
}

/**
 * The demo's versionManage rows (issue 19): the simulated robots' node services and firmware
 * (server/simulator/sim-software.ts) against their latest versions, some newer than what the robots
 * run, so nodeVersion shows outdated ones. Per project the newest row (createdAt) is the latest.
 */
export const DEMO_VERSIONS = [
  { projectName: 'firmware', version: '2.3.1', type: 'firmware', daysAgo: 120 },
  { projectName: 'firmware', version: '2.4.0', type: 'firmware', daysAgo: 12 },
  { projectName: 'robot-core', version: '1.8.0', type: 'software', daysAgo: 40 },
  { projectName: 'video-service', version: '1.5.0', type: 'software', daysAgo: 9 },
  { projectName: 'interaction', version: '1.2.0', type: 'software', daysAgo: 60 },
  { projectName: 'navigation', version: '3.1.0', type: 'software', daysAgo: 30 },
  { projectName: 'chassis-driver', version: '1.0.0', type: 'software', daysAgo: 5 },
] as const;

/**
 * Demo tasks of every kind taskManage lists (issue 19), on the MetroColdChain map and robots and the
 * rail robot, none of them armed (nothing starts by itself): patrols (one finished), track
 * inspections (an instant one and a disabled daily one), ad tasks (one showing now, one ended) and
 * an explanation point on DepotGround (a map no e2e test edits).
 */
export const DEMO_TASKS = {
  patrols: [
    { name: 'Cold store night round', robotId: '05WV000001', route: 'ColdLoop', status: 0, lastRunAt: null },
    { name: 'Cold store dock check', robotId: '07WY000001', route: 'ColdLoop', status: 3, lastRunAt: 26 },
  ],
  // Inspection points of the rail robot: a track task runs over points with an action.
  trackPoints: [
    { name: 'Cabinet row 1', robotId: '04TP000001', position: 8, actions: ['photo', 'temperature'] },
    { name: 'Cabinet row 2', robotId: '04TP000001', position: 20, actions: ['photo', 'infrared'] },
  ],
  tracks: [
    { name: 'Cabinet row sweep', robotId: '04TP000001', type: 1, enabled: true },
    { name: 'Weekly rail survey', robotId: '04TP000001', type: 0, enabled: false },
  ],
  ads: [
    { name: 'Cold chain safety notice', robotIds: ['06LK000001', '07WY000001'], fromDays: -1, toDays: 30 },
    { name: 'Autumn open day', robotIds: ['05WV000001'], fromDays: -40, toDays: -10 },
  ],
  explanation: { name: 'Depot tour', robotId: '04WR000003', points: ['Gate', 'Loading bay', 'Control room'] },
} as const;

/** Adds DEMO_VERSIONS and DEMO_TASKS (once, into a seeded demo). */
export async function seedDemoWork(db: Db): Promise<void> {
  const day = 86_400_000;
  for (const v of DEMO_VERSIONS) {
    const at = new Date(Date.now() - v.daysAgo * day);
    await db.query('INSERT INTO software_versions ("projectName", "version", "type", "date", "description", "uploader", "createdAt") VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      v.projectName,
      v.version,
      v.type,
      at.toISOString().slice(0, 10),
      'Demo release',
      'admin',
      at.toISOString(),
    ]);
  }
  const robot = async (robotId: string) => (await db.query<{ companyId: number; mapId: number }>('SELECT "companyId", "mapId" FROM robots WHERE "robotId" = $1', [robotId]))[0]!;
  for (const p of DEMO_TASKS.patrols) {
    const r = await robot(p.robotId);
    const route = await db.query('SELECT 1 FROM map_elements WHERE "mapId" = $1 AND "kind" = 101 AND "name" = $2', [r.mapId, p.route]);
    if (!route.length) {
      await db.query('INSERT INTO map_elements ("mapId", "kind", "name", "points", "props") VALUES ($1, 101, $2, $3, $4)', [r.mapId, p.route, JSON.stringify([[40, 40], [160, 40], [160, 120], [40, 120]]), JSON.stringify({})]);
    }
    await db.query('INSERT INTO nav_tasks ("name", "robotId", "mapId", "routeName", "companyId", "status", "time", "lastRunAt", "runs") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
      p.name,
      p.robotId,
      r.mapId,
      p.route,
      r.companyId,
      p.status,
      '22:00:00',
      p.lastRunAt === null ? null : new Date(Date.now() - p.lastRunAt * 3_600_000).toISOString(),
      p.lastRunAt === null ? 0 : 1,
    ]);
  }
  const pointIds: number[] = [];
  for (const p of DEMO_TASKS.trackPoints) {
    const [row] = await db.query<{ id: number }>('INSERT INTO track_points ("robotId", "name", "position", "actions") VALUES ($1, $2, $3, $4) RETURNING id', [p.robotId, p.name, p.position, JSON.stringify(p.actions)]);
    pointIds.push(Number(row!.id));
  }
  for (const t of DEMO_TASKS.tracks) {
    await db.query('INSERT INTO track_tasks ("robotId", "name", "type", "runTime", "period", "weekDays", "enabled", "pointIds") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      t.robotId,
      t.name,
      t.type,
      t.type === 0 ? '06:30:00' : null,
      t.type === 0 ? 'weekly' : null,
      JSON.stringify(t.type === 0 ? [1] : []),
      t.enabled,
      JSON.stringify(pointIds),
    ]);
  }
  for (const a of DEMO_TASKS.ads) {
    const r = await robot(a.robotIds[0]);
    await db.query('INSERT INTO ad_tasks ("name", "startTime", "endTime", "robotIds", "companyId") VALUES ($1, $2, $3, $4, $5)', [
      a.name,
      new Date(Date.now() + a.fromDays * day).toISOString(),
      new Date(Date.now() + a.toDays * day).toISOString(),
      JSON.stringify(a.robotIds),
      r.companyId,
    ]);
  }
  const e = DEMO_TASKS.explanation;
  const r = await robot(e.robotId);
  await db.query('INSERT INTO map_elements ("mapId", "kind", "name", "points", "props") VALUES ($1, 107, $2, $3, $4)', [
    r.mapId,
    e.name,
    JSON.stringify([[100, 80]]),
    JSON.stringify({ name: e.name, type: 'explain', robotId: e.robotId, actions: [], explainPoints: e.points }),
  ]);
}
