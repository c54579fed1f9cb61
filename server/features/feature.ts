/**
 * A server feature: what one feature of the product adds to the server, in its own folder
 * `server/features/<feature>/index.ts` (its browser half is `plugins/<id>/`, what both share
 * is `common/events/<feature>.ts`). app.ts finds the folders and runs each step of every
 * feature in turn; a new feature is a new folder, no core file changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../common/protocol';
import type { EventRegistry } from '../events/registry';
import type { Services } from '../services';
import type { FleetGateway } from '../fleet/gateway';
import { fromRoot } from '../paths';

/** What every step of a feature is given. */
export interface FeatureContext {
  svc: Services;
  events: EventRegistry;
}

/** What a feature's HTTP routes are given besides the server. */
export interface RouteContext extends FeatureContext {
  /** The caller's language: the body's `lang`, else Accept-Language. */
  langOf: (req: FastifyRequest) => Lang;
}

/** Stops what a feature started. */
export type Stopper = () => Promise<void>;

export interface ServerFeature {
  /** The folder's name. */
  id: string;
  /** Registers the feature's event handlers and entity hooks; runs before the server listens. */
  register?(ctx: FeatureContext): void | Promise<void>;
  /**
   * Subscribes to the robots' messages through the gateway (`svc.gateway`: `onWork` for messages
   * that write, handled by one replica of the cluster; `onLive` for what every replica keeps);
   * runs once the broker and the gateway are up, before the server listens. Resolves with its stopper.
   */
  connect?(ctx: FeatureContext & { gateway: FleetGateway }): Promise<Stopper | void>;
  /** HTTP routes that are not events: uploads, downloads, files. */
  routes?(app: FastifyInstance, ctx: RouteContext): void | Promise<void>;
  /** Work once the server listens (MQTT intake, jobs, start-up processing); resolves with its stopper. */
  start?(ctx: FeatureContext): Promise<Stopper | void>;
}

/** Declares a feature (typed identity). */
export const defineFeature = (feature: ServerFeature): ServerFeature => feature;

/** The feature folders (`server/features/<name>/index.ts`), each with the feature it exports. */
export type FoundFeature = { folder: string; module: { default?: ServerFeature } };

/** Set by the bundle's entry (scripts/build-server.mjs), which found the folders when it was built. */
let bundled: (() => Promise<FoundFeature[]>) | null = null;

/**
 * The bundle's entry hands over the features it found by folder at build time, as a loader: each
 * feature is its own chunk of the bundle, loaded once the port is open (http/early.ts).
 */
export function provideBundledFeatures(load: () => Promise<FoundFeature[]>): void {
  bundled = load;
}

/** The feature folders under `dir` that hold an index.ts, in name order. */
export function featureFolders(dir = fromRoot('server', 'features')): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

/** The feature folders under `dir` that hold an index.ts, in name order, loaded. */
export async function loadFeatures(dir = fromRoot('server', 'features')): Promise<ServerFeature[]> {
  let found = bundled ? await bundled() : null;
  if (!found) {
    found = [];
    // One at a time, in name order: a feature's module may declare hooks when it loads.
    for (const folder of featureFolders(dir)) found.push({ folder, module: (await import(pathToFileURL(path.join(dir, folder, 'index.ts')).href)) as { default?: ServerFeature } });
  }
  return found.map(({ folder, module }) => {
    if (!module.default || module.default.id !== folder) throw new Error(`server/features/${folder}/index.ts must export default defineFeature({ id: '${folder}', … }).`);
    return module.default;
  });
}
