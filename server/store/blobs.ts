import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

/**
 * Files every replica can read (uploads, map files and tiles, pictures, media, versions).
 *
 * Keys are paths relative to the data folder (`uploads/2026-11/<name>.png`, `maps/12/map.pgm`);
 * records hold keys or public URLs, never a machine's absolute path. Code writes a file under the
 * data folder as before and then calls `saved(key)`; before reading one it calls `local(key)`.
 *
 * - Embedded (PGlite): the data folder is the store; both calls only check the file.
 * - PostgreSQL (DATABASE_URL): `saved` streams the file into `blob_chunks` (1 MB rows, never the
 *   whole file in memory; 1 GB uploads included) and `local` streams it back into this replica's
 *   data folder when it is missing there, so the folder is a cache and a replica's loss loses nothing.
 */
export interface BlobStore {
  /** The data folder (files are read and written under it). */
  readonly root: string;
  readonly shared: boolean;
  /** The absolute path of a key under the data folder (refuses keys that leave it). */
  pathOf(key: string): string;
  /** The file of `key` was written under the data folder: share it. */
  saved(key: string): Promise<void>;
  /** Every file under a folder key (`maps/12`) was written: share them all. */
  savedTree(prefix: string): Promise<number>;
  /** Makes sure the file of `key` is in the data folder (fetched from the shared store); false when there is no such file. */
  local(key: string): Promise<boolean>;
  /** Fetches the file of `key` again (another replica changed it); false when there is no such file any more (removed here too). */
  refresh(key: string): Promise<boolean>;
  /** Makes sure every file under a folder key is in the data folder; resolves with how many there are. */
  localTree(prefix: string): Promise<number>;
  /** Removes a file, or every file under a folder key. */
  remove(keyOrPrefix: string): Promise<void>;
}

const CHUNK = 1024 * 1024;

/** A key: a relative path with no `..`, no empty or dot segments. */
export function checkKey(key: string): string {
  const k = key.replace(/\\/g, '/').replace(/^\/+/, '');
  if (!k || k.split('/').some((s) => s === '' || s === '.' || s === '..') || k.length > 500) throw new Error(`Illegal file key: ${key}`);
  return k;
}

function walk(dir: string, base: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = `${base}/${e.name}`;
    if (e.isDirectory()) walk(path.join(dir, e.name), rel, out);
    else if (e.isFile()) out.push(rel);
  }
}

/** The folder store of the embedded mode. */
export function folderBlobs(root: string): BlobStore {
  const pathOf = (key: string) => path.join(root, checkKey(key));
  return {
    root,
    shared: false,
    pathOf,
    saved: async () => undefined,
    savedTree: async (prefix) => {
      const out: string[] = [];
      walk(pathOf(prefix), checkKey(prefix), out);
      return out.length;
    },
    local: async (key) => fs.existsSync(pathOf(key)),
    refresh: async (key) => fs.existsSync(pathOf(key)),
    localTree: async (prefix) => {
      const out: string[] = [];
      walk(pathOf(prefix), checkKey(prefix), out);
      return out.length;
    },
    remove: async (key) => fs.rmSync(pathOf(key), { recursive: true, force: true }),
  };
}

/** The PostgreSQL store of a cluster: `blobs` (one row a file) and `blob_chunks` (its bytes). */
export function postgresBlobs(root: string, db: Db): BlobStore {
  const pathOf = (key: string) => path.join(root, checkKey(key));
  /** Fetches in flight, so concurrent readers of one missing file fetch it once. */
  const fetching = new Map<string, Promise<boolean>>();

  async function put(key: string): Promise<void> {
    const file = pathOf(key);
    const size = fs.statSync(file).size;
    // The file's row says "incomplete" (size NULL) until its last chunk is in: readers wait for complete rows.
    await db.query(`INSERT INTO blobs (key, size) VALUES ($1, NULL) ON CONFLICT (key) DO UPDATE SET size = NULL, "updatedAt" = now()`, [key]);
    await db.query('DELETE FROM blob_chunks WHERE key = $1', [key]);
    const fd = await fs.promises.open(file, 'r');
    try {
      const buf = Buffer.alloc(CHUNK);
      for (let n = 0, offset = 0; offset < size || (size === 0 && n === 0); n++) {
        const { bytesRead } = await fd.read(buf, 0, CHUNK, offset);
        await db.query('INSERT INTO blob_chunks (key, n, data) VALUES ($1, $2, $3)', [key, n, buf.subarray(0, bytesRead)]);
        offset += bytesRead;
        if (bytesRead === 0) break;
      }
    } finally {
      await fd.close();
    }
    await db.query('UPDATE blobs SET size = $2, "updatedAt" = now() WHERE key = $1', [key, size]);
  }

  async function fetchOne(key: string): Promise<boolean> {
    const row = (await db.query<{ size: number | null }>('SELECT size FROM blobs WHERE key = $1', [key]))[0];
    if (!row || row.size === null) return false;
    const file = pathOf(key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.part`;
    const fd = await fs.promises.open(tmp, 'w');
    try {
      // One chunk at a time: a 1 GB file never sits in memory.
      for (let n = 0; ; n++) {
        const chunk = (await db.query<{ data: Uint8Array }>('SELECT data FROM blob_chunks WHERE key = $1 AND n = $2', [key, n]))[0];
        if (!chunk) break;
        await fd.write(Buffer.from(chunk.data));
      }
    } finally {
      await fd.close();
    }
    if (fs.statSync(tmp).size !== Number(row.size)) {
      fs.rmSync(tmp, { force: true });
      return false;
    }
    fs.renameSync(tmp, file);
    return true;
  }

  return {
    root,
    shared: true,
    pathOf,
    saved: (key) => put(checkKey(key)),
    async savedTree(prefix) {
      const out: string[] = [];
      walk(pathOf(prefix), checkKey(prefix), out);
      for (const key of out) await put(key);
      return out.length;
    },
    async local(key) {
      const k = checkKey(key);
      if (fs.existsSync(pathOf(k))) return true;
      let p = fetching.get(k);
      if (!p) {
        p = fetchOne(k).finally(() => fetching.delete(k));
        fetching.set(k, p);
      }
      return p;
    },
    async refresh(key) {
      const k = checkKey(key);
      const ok = await fetchOne(k);
      if (!ok) fs.rmSync(pathOf(k), { force: true });
      return ok;
    },
    async localTree(prefix) {
      const k = checkKey(prefix);
      const keys = await db.query<{ key: string }>(`SELECT key FROM blobs WHERE key LIKE $1 AND size IS NOT NULL`, [`${k.replace(/[\\%_]/g, '\\$&')}/%`]);
      for (const { key } of keys) if (!fs.existsSync(pathOf(key))) await this.local(key);
      return keys.length;
    },
    async remove(keyOrPrefix) {
      const k = checkKey(keyOrPrefix);
      fs.rmSync(pathOf(k), { recursive: true, force: true });
      await db.query(`DELETE FROM blobs WHERE key = $1 OR key LIKE $2`, [k, `${k.replace(/[\\%_]/g, '\\$&')}/%`]);
    },
  };
}

/** The data folder's file trees: what the store holds (the database and temporary files are not files of the store). */
export const FILE_TREES = ['uploads', 'maps', 'schemas'] as const;
/** Written in a data folder once its files are in the shared store. */
export const IMPORTED_MARK = '.blobs-imported';

/**
 * Files from before the shared store (a replica that ran an earlier version on PostgreSQL, or a
 * data folder moved in): every file under this data folder's file trees that the shared store
 * lacks is added, once per data folder (a mark file says it is done, so later starts do not walk
 * the folder again). Each replica imports what only its own folder holds. Embedded: nothing to do.
 * Resolves with how many files were added.
 */
export async function importLocalFiles(store: BlobStore, db: Db): Promise<number> {
  const mark = path.join(store.root, IMPORTED_MARK);
  if (!store.shared || fs.existsSync(mark)) return 0;
  const known = new Set((await db.query<{ key: string }>('SELECT key FROM blobs WHERE size IS NOT NULL')).map((r) => r.key));
  let added = 0;
  for (const tree of FILE_TREES) {
    const keys: string[] = [];
    walk(path.join(store.root, tree), tree, keys);
    for (const key of keys) {
      if (known.has(key)) continue;
      await store.saved(key);
      added++;
    }
  }
  fs.mkdirSync(store.root, { recursive: true });
  fs.writeFileSync(mark, `${new Date().toISOString()} ${added} files added to the shared store\n`);
  return added;
}
