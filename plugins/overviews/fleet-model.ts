/** What the overviews compute from the live fleet (the runtime's `useFleet`): map frames, KPIs, the status distribution. */
import { isBatteryLow, type FleetRobot } from '@runtime';

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
