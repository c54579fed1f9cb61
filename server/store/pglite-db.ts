import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable, Row } from './db';

const INT8 = 20;
const NUMERIC = 1700;

/** Opens (creating when needed) a PGlite database in `dir`, taking a lock file so no second process opens it. */
export async function openPglite(dir: string): Promise<Db> {
  fs.mkdirSync(dir, { recursive: true });
  const release = takeLock(path.join(dir, '..', `${path.basename(dir)}.lock`));
  const pg = new PGlite(dir, {
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
  });
  await pg.waitReady;
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    async exec(sql) {
      await pg.exec(sql);
    },
    async transaction(fn) {
      return pg.transaction(async (tx) => fn(wrap(tx as unknown as { query: PGlite['query'] })));
    },
    async close() {
      await pg.close();
      release();
    },
  };
}

/** PGlite does not lock its folder (STACK.md trap 3): a pid file does. */
function takeLock(file: string): () => void {
  try {
    const fd = fs.openSync(file, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  } catch {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The data folder is in use by process ${pid} (lock file ${file}). Stop it or set DATA_DIR.`);
    }
    fs.writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (Number(fs.readFileSync(file, 'utf8')) === process.pid) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
