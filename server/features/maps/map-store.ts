import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MapProcessState, mapsTopic } from '../../../common/map';
import type { MapConfig } from '../../../common/events/maps';
import type { Services } from '../../services';
import type { MapJob, MapWorkerCommand, MapWorkerMessage } from './map-worker';
import { nativeZoomOf } from './tiles';

/**
 * Files of a map live in DATA_DIR/maps/<mapId>/: map.pgm and map.yaml as uploaded, map.png and
 * map-colour.png as rendered, and the tile pyramid (tiles.json, levels/, tiles/). Processing
 * writes into a work folder and renames it into place only when everything is written, so a
 * failed or interrupted run leaves nothing half-written.
 */
export const mapDir = (svc: Services, mapId: number): string => path.join(svc.config.dataDir, 'maps', String(mapId));

/** The folder of the rendered images and tiles of a processed map. */
export const renderDir = (svc: Services, mapId: number): string => path.join(mapDir(svc, mapId), 'render');

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
    // The server runs TypeScript through tsx; the worker's entry registers tsx in the thread.
    const worker = new Worker(new URL('./map-worker-entry.mjs', import.meta.url), { workerData: job });
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
    const out = await processInWorker(svc, { pgmPath: row.pgmPath, yamlPath: row.yamlPath, layer: row.layer, work }, (pct) => {
      // Pushed at every percent; written to the database at most every 10 (the list's figure).
      pushProgress(svc, row.companyId, mapId, MapProcessState.slicing, pct, null);
      if (pct - lastSaved >= 10) {
        lastSaved = pct;
        void svc.db.query('UPDATE maps SET "processProgress" = $2 WHERE id = $1 AND "processState" = $3', [mapId, pct, MapProcessState.slicing]).catch(() => undefined);
      }
    });
    const final = renderDir(svc, mapId);
    fs.rmSync(final, { recursive: true, force: true });
    fs.renameSync(work, final);
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

/** Maps written before map processing existed (the demo plans) get their image and tiles once. */
export async function processUnrenderedMaps(svc: Services, stopped: () => boolean = () => false): Promise<void> {
  const rows = await svc.db.query<{ id: number; pgmPath: string | null; yamlPath: string | null; config: MapConfig }>('SELECT id, "pgmPath", "yamlPath", "config" FROM maps ORDER BY id');
  for (const r of rows) {
    if (stopped()) return;
    if (r.config?.pngurl || !r.pgmPath || !r.yamlPath || !fs.existsSync(r.pgmPath) || !fs.existsSync(r.yamlPath)) continue;
    await processMap(svc, r.id);
  }
}
