/**
 * A server feature: what one feature of the product adds to the server, in its own folder
 * `server/features/<feature>/index.ts` (its browser half is `plugins/<id>/`, what both share
 * is `common/events/<feature>.ts`). app.ts finds the folders and runs each step of every
 * feature in turn; a new feature is a new folder, no core file changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../common/protocol';
import type { EventRegistry } from '../events/registry';
import type { Services } from '../services';
import type { FleetGateway } from '../fleet/gateway';

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

/** The feature folders under `dir` that hold an index.ts, in name order, loaded. */
export async function loadFeatures(dir = path.dirname(fileURLToPath(import.meta.url))): Promise<ServerFeature[]> {
  const folders = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
  const features: ServerFeature[] = [];
  for (const name of folders) {
    const mod = (await import(pathToFileURL(path.join(dir, name, 'index.ts')).href)) as { default?: ServerFeature };
    if (!mod.default || mod.default.id !== name) throw new Error(`server/features/${name}/index.ts must export default defineFeature({ id: '${name}', … }).`);
    features.push(mod.default);
  }
  return features;
}
