/** The fleet as the overviews see it, as plain data: robots merged from the `fleet` topic, map frames, KPIs. */
import { isBatteryLow } from '@runtime';

/** What an overview knows of one robot. */
export interface FleetRobot {
  robotId: string;
  robotName: string;
  robotType: number;
  companyId: number;
  mapId: number | null;
  status: number;
  online: number;
  battery: number | null;
  emergencyButtonStatus: number;
  x: number | null;
  y: number | null;
  theta: number | null;
}

/** The fleet by robot id. */
export type Fleet = Map<string, FleetRobot>;

const pick = (o: Record<string, unknown>, keys: (keyof FleetRobot)[]) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
const ALL: (keyof FleetRobot)[] = ['robotId', 'robotName', 'robotType', 'companyId', 'mapId', 'status', 'online', 'battery', 'emergencyButtonStatus', 'x', 'y', 'theta'];

/** The fleet of a `fleet` snapshot (the robots of the caller's company tree). */
export function fleetFromSnapshot(data: unknown): Fleet {
  const out: Fleet = new Map();
  for (const r of Array.isArray(data) ? data : []) {
    if (!r || typeof r !== 'object' || typeof (r as FleetRobot).robotId !== 'string') continue;
    out.set((r as FleetRobot).robotId, { robotName: (r as FleetRobot).robotId, robotType: 0, companyId: 0, mapId: null, status: 0, online: 0, battery: null, emergencyButtonStatus: 0, x: null, y: null, theta: null, ...pick(r as Record<string, unknown>, ALL) } as FleetRobot);
  }
  return out;
}

/** Applies one robot push (topic `robot/<id>`) in place; true when something an overview shows changed. */
export function applyPush(fleet: Fleet, topic: string, event: string, data: unknown): boolean {
  const robot = fleet.get(topic.startsWith('robot/') ? topic.slice(6) : '');
  if (!robot || !data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  if (event === 'status') Object.assign(robot, pick(d, ['status', 'online', 'battery', 'emergencyButtonStatus']));
  else if (event === 'gps') Object.assign(robot, pick(d, ['x', 'y', 'theta', 'mapId']));
  else if (event === 'nameChange') Object.assign(robot, pick(d, ['robotName']));
  else if (event === 'mapChange') Object.assign(robot, pick(d, ['mapId']));
  else return false;
  return true;
}

/** A map's frame (spec §3 map config): size in pixels, metres per pixel, origin in metres. */
export interface MapFrame {
  pixelW: number;
  pixelH: number;
  scale: number;
  Xorigin: number;
  Yorigin: number;
}

/** Robot millimetres → picture pixels (ROS: the origin is the bottom-left corner); null when off the map. */
export function toPixel(frame: MapFrame, xMm: number, yMm: number): { px: number; py: number } | null {
  if (!(frame.scale > 0)) return null;
  const px = (xMm / 1000 - frame.Xorigin) / frame.scale;
  const py = frame.pixelH - (yMm / 1000 - frame.Yorigin) / frame.scale;
  if (!Number.isFinite(px) || !Number.isFinite(py) || px < 0 || py < 0 || px > frame.pixelW || py > frame.pixelH) return null;
  return { px, py };
}

/** Status codes of spec §4 the KPIs count. */
const CHARGING = new Set([3, 22]);
const WORKING = new Set([1, 2, 8, 21]);

/** Fleet KPIs. */
export interface FleetKpis {
  total: number;
  online: number;
  working: number;
  charging: number;
  emergency: number;
  lowBattery: number;
}

/** Counts the fleet: online, working (remote control, navigation, finding charger, fire-fighting), charging, emergency stops, low battery (the runtime's one rule: below `batteryLowThreshold`). */
export function kpis(robots: Iterable<FleetRobot>, batteryLowPercent: number | undefined): FleetKpis {
  const k: FleetKpis = { total: 0, online: 0, working: 0, charging: 0, emergency: 0, lowBattery: 0 };
  for (const r of robots) {
    k.total++;
    if (!r.online) continue;
    k.online++;
    if (WORKING.has(r.status)) k.working++;
    if (CHARGING.has(r.status)) k.charging++;
    if (r.emergencyButtonStatus || r.status === 6) k.emergency++;
    if (isBatteryLow(r.battery, batteryLowPercent)) k.lowBattery++;
  }
  return k;
}

/** Robots per status label key (`offline`, or the status code), most frequent first. */
export function statusDistribution(robots: Iterable<FleetRobot>, keyOf: (r: FleetRobot) => string): { key: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of robots) counts.set(keyOf(r), (counts.get(keyOf(r)) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}
