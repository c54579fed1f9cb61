import fs from 'node:fs';
import { ensureTable } from '../entities/crud';
import { registerEntityEvents } from '../events/entity-events';
import type { EventRegistry } from '../events/registry';
import type { Db } from '../store/db';
import { loadSchemas, type SchemaSet } from './loader';

/** What the watcher needs of the server's services (Services satisfies it). */
export interface SchemaHost {
  db: Db;
  events: EventRegistry;
  schemas: SchemaSet;
}

/**
 * Keeps the server's schema set live: when a file in a schema folder changes, the whole set is
 * reloaded and checked; on success new tables/columns are ensured and entity events re-registered,
 * with no restart. A bad file leaves the previous set in force and is reported, naming the file.
 */
export class LiveSchemas {
  private watchers: fs.FSWatcher[] = [];
  private timer: NodeJS.Timeout | null = null;
  private registered = new Set<string>();
  private readonly reloadListeners: (() => void)[] = [];
  /** The last reload error, or null. */
  lastError: string | null = null;
  /** Bumped on every successful reload (the console compares it to know when to refetch). */
  revision = 1;
  private closed = false;
  /** The reload under way (reloads run one after another). */
  private chain: Promise<unknown> = Promise.resolve();
  /** Each entity's schema as its table was last made to fit (unchanged ones need no DDL on a reload). */
  private ensured = new Map<string, string>();

  constructor(
    private readonly svc: SchemaHost,
    private readonly dirs: string[],
    private readonly log: (msg: string) => void = console.warn,
  ) {
    for (const entity of svc.schemas.entities.values()) {
      for (const e of registerEntityEvents(svc.events, entity)) this.registered.add(e);
      // The server made every table fit these before it started.
      this.ensured.set(entity.id, JSON.stringify([entity.table, entity.schema]));
    }
  }

  /** Calls `listener` after every successful reload (settings events re-register from it). */
  onReload(listener: () => void): void {
    this.reloadListeners.push(listener);
  }

  /** Watches the folders (recursively) and reloads 300 ms after the last change. */
  watch(): void {
    for (const dir of this.dirs) {
      if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true });
      const w = fs.watch(dir, { recursive: true }, () => this.schedule());
      w.on('error', () => undefined);
      this.watchers.push(w);
    }
  }

  /** Stops watching and waits for a reload under way, so the database can close after it. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.timer) clearTimeout(this.timer);
    await this.chain.catch(() => undefined);
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.reload().catch((err: Error) => this.log(`Schema reload failed: ${err.message}`));
    }, 300);
  }

  /** Reloads now (after any reload under way); resolves false (keeping the old set) when a file is bad. */
  reload(): Promise<boolean> {
    const run = this.chain.catch(() => undefined).then(() => (this.closed ? false : this.reloadNow()));
    this.chain = run;
    return run;
  }

  private async reloadNow(): Promise<boolean> {
    let next;
    try {
      // The plugins' widgets come with the set (plugins change with a rebuild, not by the watcher).
      next = loadSchemas(this.dirs, this.svc.schemas.plugins);
    } catch (err) {
      this.lastError = (err as Error).message;
      this.log(`Schema reload refused, previous schemas stay in force: ${this.lastError}`);
      return false;
    }
    for (const entity of next.entities.values()) {
      if (this.closed) return false;
      // Only new or edited entities touch the database: a reload on a busy server stays quick.
      const json = JSON.stringify([entity.table, entity.schema]);
      if (this.ensured.get(entity.id) === json) continue;
      await ensureTable(this.svc.db, entity);
      this.ensured.set(entity.id, json);
    }
    const names = new Set<string>();
    for (const entity of next.entities.values()) for (const e of registerEntityEvents(this.svc.events, entity)) names.add(e);
    for (const old of this.registered) if (!names.has(old)) this.svc.events.remove(old);
    this.registered = names;
    this.svc.schemas = next;
    this.lastError = null;
    this.revision += 1;
    for (const listener of this.reloadListeners) listener();
    return true;
  }
}
