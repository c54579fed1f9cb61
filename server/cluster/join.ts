import { FLEET_TOPIC } from '../../common/protocol';
import type { Revocation, SessionStore } from '../auth/sessions';
import { bumpTableHere, onTableBump } from '../entities/crud';
import type { FleetState } from '../fleet/state';
import type { RealtimeHub, RelayedPush } from '../realtime/hub';
import type { Cluster } from './cluster';

/** The bus channels every replica listens to. */
export const ClusterChannels = {
  /** The robot registry changed (added, renamed, moved, deleted): every replica reloads it. */
  robots: 'robots',
  /** A session or a user's sessions were revoked: every replica forgets them and closes their sockets. */
  sessions: 'sessions',
  /** A table was written: every replica drops its cached totals of it. */
  tables: 'tables',
  /** A realtime push made by one replica's work, for every replica's sockets. */
  pushes: 'pushes',
} as const;

/**
 * Ties this replica's caches and sockets to the cluster: what one replica changes reaches the
 * others through the bus within milliseconds (PostgreSQL LISTEN/NOTIFY), so no access decision
 * depends on which replica answers. Embedded, the bus is in the process and this is a no-op loop.
 */
export function joinCluster(
  cluster: Cluster,
  parts: { fleet: FleetState; hub: RealtimeHub; sessions: SessionStore },
): { leave: () => void; robotsChanged: () => Promise<void> } {
  const { fleet, hub, sessions } = parts;
  let reload: Promise<void> = Promise.resolve();
  cluster.on(ClusterChannels.robots, () => {
    // Reloads run one after another; the fleet topic's subscribers get their new snapshot.
    // A robot that left a company tree stops reaching its consoles (fleet snapshot, robot/<id> subscriptions).
    reload = reload
      .then(() => fleet.load())
      .then(() => Promise.all([hub.resnapshot(FLEET_TOPIC), hub.recheck('robot')]))
      .then(() => undefined)
      .catch(() => undefined);
  });
  sessions.onRevoke((r) => cluster.publish(ClusterChannels.sessions, r)); // the store lives as long as the cluster
  // Every replica forgets the session; its sockets close (the hub here, live video in its feature: sessions.onEnd).
  sessions.onEnd((r) => hub.dropSession(r));
  cluster.on(ClusterChannels.sessions, (payload, local) => {
    if (!local) sessions.forget(payload as Revocation);
  });
  const offBump = onTableBump((table) => cluster.publish(ClusterChannels.tables, table));
  cluster.on(ClusterChannels.tables, (table, local) => {
    if (!local && typeof table === 'string') bumpTableHere(table);
  });
  if (cluster.kind !== 'single') {
    hub.setRelay((push) => cluster.publish(ClusterChannels.pushes, push));
    cluster.on(ClusterChannels.pushes, (push) => hub.deliver(push as RelayedPush));
  }
  return {
    leave: offBump,
    // Every replica reloads the robot registry; this one's reload is awaited (its answer shows the change).
    robotsChanged: () => {
      cluster.publish(ClusterChannels.robots, null);
      return reload;
    },
  };
}
