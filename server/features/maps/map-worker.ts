/**
 * Map processing off the server's main thread (worker_threads): reads the pgm and yaml, writes
 * the images and the tile pyramid into the work folder, and posts progress — so requests are not
 * slowed while a big map is cut (issue 5). Started by map-store.ts `processMap`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { parseMapYaml, parsePgm } from './pgm';
import { cutTilePyramid, renderMapImages } from './tiles';

/** What the worker is given. */
export interface MapJob {
  pgmPath: string;
  yamlPath: string;
  layer: number;
  work: string;
}

/** What the worker posts. */
export type MapWorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; width: number; height: number; resolution: number; origin: [number, number, number] }
  | { type: 'error'; message: string };

/** What the worker is told: stop at the next tile (the thread then ends by itself, not cut off mid-write). */
export type MapWorkerCommand = { type: 'stop' };

const stop = new AbortController();

async function run(job: MapJob): Promise<MapWorkerMessage> {
  const yaml = parseMapYaml(fs.readFileSync(job.yamlPath, 'utf8'));
  const grid = parsePgm(fs.readFileSync(job.pgmPath), yaml);
  fs.mkdirSync(job.work, { recursive: true });
  const images = renderMapImages(grid);
  fs.writeFileSync(path.join(job.work, 'map.png'), images.grey);
  fs.writeFileSync(path.join(job.work, 'map-colour.png'), images.colour);
  await cutTilePyramid(grid, job.layer, job.work, (percent) => parentPort!.postMessage({ type: 'progress', percent } satisfies MapWorkerMessage), stop.signal);
  return { type: 'done', width: grid.width, height: grid.height, resolution: yaml.resolution, origin: yaml.origin };
}

if (parentPort) {
  parentPort.on('message', (m: MapWorkerCommand) => m?.type === 'stop' && stop.abort());
  // Listening must not keep the thread alive: it ends once its work is done.
  parentPort.unref();
  run(workerData as MapJob).then(
    (m) => parentPort!.postMessage(m),
    (err: unknown) => parentPort!.postMessage({ type: 'error', message: String((err as Error)?.message ?? err) } satisfies MapWorkerMessage),
  );
}
