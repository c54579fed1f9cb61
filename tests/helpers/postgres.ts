import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, postgresBin } from '../../scripts/cluster';

/** Where Debian keeps PostgreSQL's server binaries, if installed (the cluster script's lookup). */
export const findPostgresBin = postgresBin;
export { freePort };

/** A throw-away PostgreSQL server on 127.0.0.1 (PostgreSQL refuses root: it runs as the postgres user when we are root). */
export async function startThrowawayPostgres(): Promise<{ url: (db: string) => string; stop: () => void; dir: string }> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-pg-'));
  const data = path.join(dir, 'data');
  const root = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) => (root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (root) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  fs.chmodSync(dir, 0o777);
  const run = (cmd: string, args: string[]) => {
    const [c, a] = as(cmd, args);
    const res = spawnSync(c, a, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-k ${dir} -h 127.0.0.1 -p ${port} -c fsync=off -c max_connections=200`, 'start']);
  return {
    dir,
    url: (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    stop: () => {
      spawnSync(...as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
