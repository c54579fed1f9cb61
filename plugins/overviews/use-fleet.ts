/** The live fleet of the caller's company tree, from the realtime `fleet` topic (snapshot, then pushes). */
import { useEffect, useState } from 'react';
import { realtimeLink } from '@runtime';
import { applyPush, fleetFromSnapshot, type Fleet } from './fleet-model';

/** Renders at most this often, however many pushes arrive (1,000 robots at 2 Hz stay cheap). */
const RENDER_EVERY_MS = 500;

/** The fleet (null until the first snapshot) and a version that changes when it does. */
export function useFleet(): { fleet: Fleet | null; version: number } {
  const [state, setState] = useState<{ fleet: Fleet | null; version: number }>({ fleet: null, version: 0 });
  useEffect(() => {
    let fleet: Fleet | null = null;
    let dirty = false;
    const unsubscribe = realtimeLink.subscribe('fleet', (m) => {
      if (m.topic === 'fleet' && m.event === 'snapshot') {
        // A fresh snapshot after every (re)connection.
        fleet = fleetFromSnapshot(m.data);
        setState((s) => ({ fleet, version: s.version + 1 }));
      } else if (fleet && applyPush(fleet, m.topic, m.event, m.data)) dirty = true;
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
