// Entry of the map-processing worker thread: Node 20 does not carry `--import tsx` into workers,
// so the thread registers tsx itself, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./map-worker.ts');
