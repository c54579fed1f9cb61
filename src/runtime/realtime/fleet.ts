/**
 * The live fleet of the caller's company tree, from the realtime `fleet` topic: the server's
 * snapshot (sent on every subscribe and after every reconnection), then each robot's pushes.
 * Shared by every screen that shows robots' live states (the robot tree, the overviews).
 */
import { useEffect, useRef, useState } from 'react';
import { FLEET_TOPIC } from '@common/protocol';
import { realtimeLink } from './default-link';

/** What a screen knows of one robot. */
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

/** The pushes that change a robot's fields here, and the fields each sets. */
const PUSH_FIELDS: Record<string, (keyof FleetRobot)[]> = {
  status: ['status', 'online', 'battery', 'emergencyButtonStatus'],
  gps: ['x', 'y', 'theta', 'mapId'],
  nameChange: ['robotName'],
  mapChange: ['mapId'],
};
const ALL: (keyof FleetRobot)[] = ['robotId', 'robotName', 'robotType', 'companyId', 'mapId', 'status', 'online', 'battery', 'emergencyButtonStatus', 'x', 'y', 'theta'];
const pick = (o: Record<string, unknown>, keys: (keyof FleetRobot)[]) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/** The fleet of a `fleet` snapshot (the robots of the caller's company tree). */
export function fleetFromSnapshot(data: unknown): Fleet {
  const out: Fleet = new Map();
  for (const r of Array.isArray(data) ? data : []) {
    if (!r || typeof r !== 'object' || typeof (r as FleetRobot).robotId !== 'string') continue;
    out.set((r as FleetRobot).robotId, { robotName: (r as FleetRobot).robotId, robotType: 0, companyId: 0, mapId: null, status: 0, online: 0, battery: null, emergencyButtonStatus: 0, x: null, y: null, theta: null, ...pick(r as Record<string, unknown>, ALL) } as FleetRobot);
  }
  return out;
}

/**
 * Applies one robot push (topic `robot/<id>`) in place. Returns the fields whose values changed
 * (empty when the push changed nothing shown here: another robot, another push, the same values).
 */
export function applyPush(fleet: Fleet, topic: string, event: string, data: unknown): (keyof FleetRobot)[] {
  const robot = fleet.get(topic.startsWith('robot/') ? topic.slice(6) : '');
  const fields = PUSH_FIELDS[event];
  if (!robot || !fields || !data || typeof data !== 'object') return [];
  const next = pick(data as Record<string, unknown>, fields) as Partial<FleetRobot>;
  const changed = (Object.keys(next) as (keyof FleetRobot)[]).filter((k) => robot[k] !== next[k]);
  Object.assign(robot, next);
  return changed;
}

/** Renders at most this often, however many pushes arrive (1,000 robots at 2 Hz stay cheap). */
const RENDER_EVERY_MS = 500;

/** Options of {@link useFleet}. */
export interface UseFleetOptions {
  /** Render again only when one of these fields changed (default: any field). The robot tree passes its state fields, so poses do not redraw it. */
  fields?: readonly (keyof FleetRobot)[];
}

/** The fleet (null until the first snapshot) and a version that changes when it does. */
export function useFleet({ fields }: UseFleetOptions = {}): { fleet: Fleet | null; version: number } {
  const [state, setState] = useState<{ fleet: Fleet | null; version: number }>({ fleet: null, version: 0 });
  // Read when a push comes: another list of fields does not subscribe again (each subscribe asks for a snapshot).
  const watched = useRef(fields);
  watched.current = fields;
  useEffect(() => {
    let fleet: Fleet | null = null;
    let dirty = false;
    const unsubscribe = realtimeLink.subscribe(FLEET_TOPIC, (m) => {
      if (m.topic === FLEET_TOPIC && m.event === 'snapshot') {
        // A fresh snapshot after every (re)connection.
        fleet = fleetFromSnapshot(m.data);
        setState((s) => ({ fleet, version: s.version + 1 }));
        return;
      }
      if (!fleet) return;
      const only = watched.current;
      if (applyPush(fleet, m.topic, m.event, m.data).some((k) => !only || only.includes(k))) dirty = true;
    });
    const timer = setInterval(() => {
      if (!dirty) return;
      dirty = false;
      setState((s) => ({ fleet: s.fleet, version: s.version + 1 }));
    }, RENDER_EVERY_MS);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  return state;
}
