import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MapProcessState, mapsTopic } from '../../../common/map';
import type { MapConfig } from '../../../common/events/maps';
import type { Services } from '../../services';
import type { MapJob, MapWorkerCommand, MapWorkerMessage } from './map-worker';
import { nativeZoomOf } from './tiles';
import { BUNDLED } from '../../paths';

/**
 * Files of a map live in DATA_DIR/maps/<mapId>/: map.pgm and map.yaml as uploaded, map.png and
 * map-colour.png as rendered, and the tile pyramid (tiles.json, levels/, tiles/). Processing
 * writes into a work folder and renames it into place only when everything is written, so a
 * failed or interrupted run leaves nothing half-written.
 *
 * Every replica reads them through the blob store (server/store/blobs.ts): the map's record holds
 * keys relative to the data folder (`pgmPath` = `maps/12/map.pgm`; the demo maps' `maps/<name>.pgm`),
 * files are shared once complete (`saved`) and fetched before they are read (`local`).
 */
export const mapKey = (mapId: number): string => `maps/${mapId}`;

/** The key of the folder of the rendered images and tiles of a processed map. */
export const renderKey = (mapId: number): string => `${mapKey(mapId)}/render`;

/** The folder of a map's files in this replica's data folder. */
export const mapDir = (svc: Services, mapId: number): string => svc.blobs.pathOf(mapKey(mapId));

/** The folder of the rendered images and tiles of a processed map in this replica's data folder. */
export const renderDir = (svc: Services, mapId: number): string => svc.blobs.pathOf(renderKey(mapId));

/**
 * The absolute path of a map file by its key (a record's `pgmPath`, `render/tiles.json`...), fetched into
 * this replica's data folder first when another replica wrote it; null when there is no such file.
 */
export async function mapFile(svc: Services, key: string | null | undefined): Promise<string | null> {
  if (!key) return null;
  try {
    return (await svc.blobs.local(key)) ? svc.blobs.pathOf(key) : null;
  } catch {
    return null; // an illegal key (leaving the data folder): no file
  }
}

/** Pushes a map's processing state to its company's subscribers. */
function pushProgress(svc: Services, companyId: number, mapId: number, processState: string, processProgress: number, processError: string | null): void {
  svc.hub.publish(mapsTopic(companyId), 'mapProgress', { mapId, processState, processProgress, processError });
}

const running = new Set<number>();
/** The worker threads still alive (until their exit), per server (tests run several servers in one process): a shutdown waits for them. */
const workersOf = new WeakMap<Services, Set<Worker>>();

/** Runs one map's processing in a worker thread (map-worker.ts), reporting its progress. */
function processInWorker(svc: Services, job: MapJob, onProgress: (percent: number) => void): Promise<Extract<MapWorkerMessage, { type: 'done' }>> {
  return new Promise((resolve, reject) => {
    // From sources (tsx) the worker's entry registers tsx in the thread; the bundle has the worker built beside it.
    const worker = new Worker(BUNDLED ? new URL('./map-worker.mjs', import.meta.url) : new URL('./map-worker-entry.mjs', import.meta.url), { workerData: job });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.on('message', (m: MapWorkerMessage) => {
      if (m.type === 'progress') onProgress(m.percent);
      else if (m.type === 'done') settle(() => resolve(m));
      else settle(() => reject(new Error(m.message)));
    });
    worker.on('error', (err) => settle(() => reject(err)));
    // The thread ends by itself after its last message. (Cutting a thread off with terminate() while it
    // writes can abort the whole process in Node 20: "close before init" in zlib's cleanup.)
    worker.on('exit', (code) => {
      workersOf.get(svc)?.delete(worker);
      settle(() => reject(new Error(`map processing stopped (exit ${code})`)));
    });
    let alive = workersOf.get(svc);
    if (!alive) workersOf.set(svc, (alive = new Set()));
    alive.add(worker);
  });
}

/** Seconds a worker asked to stop may take to reach its next tile before it is cut off. */
const STOP_GRACE_MS = 5_000;

/** Stops map processing under way (server shutdown): each worker stops at its next tile; the maps stay "slicing" until processed again. */
export async function stopMapProcessing(svc: Services): Promise<void> {
  await Promise.all(
    [...(workersOf.get(svc) ?? [])].map(
      (w) =>
        new Promise<void>((resolve) => {
          const last = setTimeout(() => void w.terminate().finally(resolve), STOP_GRACE_MS);
          w.once('exit', () => {
            clearTimeout(last);
            resolve();
          });
          w.postMessage({ type: 'stop' } satisfies MapWorkerCommand);
        }),
    ),
  );
}

/**
 * Renders the map image and cuts the tile pyramid up to the map's layer, pushing progress on
 * the company's maps topic (spec §4: slicing, then done or a slice failure).
 */
export async function processMap(svc: Services, mapId: number): Promise<void> {
  if (running.has(mapId)) return;
  running.add(mapId);
  const rows = await svc.db.query<{ companyId: number; layer: number; pgmPath: string; yamlPath: string; config: MapConfig }>(
    'SELECT "companyId", "layer", "pgmPath", "yamlPath", "config" FROM maps WHERE id = $1',
    [mapId],
  );
  const row = rows[0];
  if (!row) return void running.delete(mapId);
  const work = path.join(mapDir(svc, mapId), `.work-${process.pid}-${Date.now()}`);
  let lastSaved = 0;
  const setState = async (state: string, progress: number, error: string | null) => {
    await svc.db.query('UPDATE maps SET "processState" = $2, "processProgress" = $3, "processError" = $4, "updatedAt" = now() WHERE id = $1', [mapId, state, progress, error]);
    pushProgress(svc, row.companyId, mapId, state, progress, error);
  };
  try {
    await setState(MapProcessState.slicing, 0, null);
    await svc.db.query('UPDATE maps SET "processOwner" = $2 WHERE id = $1', [mapId, svc.cluster.replicaId]);
    // The source files may have been uploaded through another replica: fetched here first.
    const [pgmPath, yamlPath] = [await mapFile(svc, row.pgmPath), await mapFile(svc, row.yamlPath)];
    if (!pgmPath || !yamlPath) throw new Error(`map file not found: ${!pgmPath ? row.pgmPath : row.yamlPath}`);
    const out = await processInWorker(svc, { pgmPath, yamlPath, layer: row.layer, work }, (pct) => {
      // Pushed at every percent; written to the database at most every 10 (the list's figure).
      pushProgress(svc, row.companyId, mapId, MapProcessState.slicing, pct, null);
      if (pct - lastSaved >= 10) {
        lastSaved = pct;
        void svc.db.query('UPDATE maps SET "processProgress" = $2 WHERE id = $1 AND "processState" = $3', [mapId, pct, MapProcessState.slicing]).catch(() => undefined);
      }
    });
    const final = renderDir(svc, mapId);
    // A former rendering goes from this folder and from the store (its tiles are numbered differently).
    await svc.blobs.remove(renderKey(mapId));
    fs.renameSync(work, final);
    // Shared once complete, before the map says "done": every replica can then serve its image and tiles.
    await svc.blobs.savedTree(renderKey(mapId));
    const stamp = Date.now().toString(36);
    const config: MapConfig = {
      pixelW: out.width,
      pixelH: out.height,
      scale: out.resolution,
      Xorigin: out.origin[0],
      Yorigin: out.origin[1],
      maxlayer: row.layer,
      pngurl: `/robot/map/image/${mapId}?v=${stamp}`,
      colorPngUrl: `/robot/map/image/${mapId}?kind=colour&v=${stamp}`,
      nativeZoom: nativeZoomOf(out.width, out.height),
    };
    await svc.db.query('UPDATE maps SET "config" = $2, "processState" = $3, "processProgress" = 100, "processError" = NULL, "updatedAt" = now() WHERE id = $1', [
      mapId,
      JSON.stringify(config),
      MapProcessState.done,
    ]);
    pushProgress(svc, row.companyId, mapId, MapProcessState.done, 100, null);
  } catch (err) {
    fs.rmSync(work, { recursive: true, force: true });
    const detail = String((err as Error).message ?? err).slice(0, 200);
    await setState(MapProcessState.failed, 0, detail).catch(() => undefined);
  } finally {
    running.delete(mapId);
  }
}

/**
 * Cluster: maps still slicing under a replica that is gone (killed mid-way) are processed again by
 * the leader. Checks every few seconds while this replica leads; returns the stopper.
 */
export function adoptAbandonedMaps(svc: Services, stopped: () => boolean): () => void {
  if (svc.cluster.kind === 'single') return () => undefined;
  const pass = async () => {
    if (!svc.cluster.isLeader() || stopped()) return;
    const rows = await svc.db.query<{ id: number; owner: string | null }>('SELECT id, "processOwner" AS owner FROM maps WHERE "processState" = $1', [MapProcessState.slicing]);
    for (const r of rows) {
      if (stopped() || running.has(r.id) || (r.owner && (await svc.cluster.alive(r.owner)))) continue;
      await processMap(svc, r.id);
    }
  };
  const timer = setInterval(() => void pass().catch(() => undefined), 5_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Maps written before map processing existed (the demo plans) get their image and tiles once. */
export async function processUnrenderedMaps(svc: Services, stopped: () => boolean = () => false): Promise<void> {
  const rows = await svc.db.query<{ id: number; pgmPath: string | null; yamlPath: string | null; config: MapConfig }>('SELECT id, "pgmPath", "yamlPath", "config" FROM maps ORDER BY id');
  for (const r of rows) {
    if (stopped()) return;
    if (r.config?.pngurl || !(await mapFile(svc, r.pgmPath)) || !(await mapFile(svc, r.yamlPath))) continue;
    await processMap(svc, r.id);
  }
}
