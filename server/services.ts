import type { ServerConfig } from './config';
import type { Db } from './store/db';
import type { SessionStore } from './auth/sessions';
import type { CaptchaStore } from './auth/captcha';
import type { LoginLimiter } from './auth/rate-limit';
import type { SchemaSet } from './schemas/loader';
import type { FleetState } from './fleet/state';
import type { EventRegistry } from './events/registry';
import type { RealtimeHub } from './realtime/hub';
import type { LiveSchemas } from './schemas/live-schemas';
import type { FleetGateway } from './fleet/gateway';
import type { Cluster } from './cluster/cluster';
import type { BlobStore } from './store/blobs';
import type { RobotCredentials } from './fleet/robot-credentials';

/** The server's services, built once in app.ts and handed to routes and event modules. */
export interface Services {
  config: ServerConfig;
  db: Db;
  /** The replicas of this deployment: bus, leader, start-up lock (one process when embedded). */
  cluster: Cluster;
  /** Files every replica can read (server/store/blobs.ts): write under the data folder, then `saved`; `local` before reading. */
  blobs: BlobStore;
  /** The robot registry changed (added, moved, renamed, map bound): every replica reloads it; resolves when this one has. */
  robotsChanged: () => Promise<void>;
  sessions: SessionStore;
  /** Issue 18: robots' own MQTT accounts. */
  robotCredentials: RobotCredentials;
  captcha: CaptchaStore;
  limiter: LoginLimiter;
  schemas: SchemaSet;
  fleet: FleetState;
  events: EventRegistry;
  hub: RealtimeHub;
  /** Set once the schema watcher runs. */
  live?: LiveSchemas;
  /** Set once the MQTT gateway is connected. */
  gateway?: FleetGateway;
  /** This server's own base URL (set once it listens): where robots upload to. */
  url?: string;
  /** Issue 7: alarm intake (server/features/alarms/alarm-service.ts), set once MQTT is connected; here its outdated sweep. */
  alarms?: { markOutdated(): Promise<number> };
}
