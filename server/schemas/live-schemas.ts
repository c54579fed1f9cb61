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
  /** The last reload error, or null. */
  lastError: string | null = null;
  /** Bumped on every successful reload (the console compares it to know when to refetch). */
  revision = 1;

  constructor(
    private readonly svc: SchemaHost,
    private readonly dirs: string[],
    private readonly log: (msg: string) => void = console.warn,
  ) {
    for (const entity of svc.schemas.entities.values()) for (const e of registerEntityEvents(svc.events, entity)) this.registered.add(e);
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

  close(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reload(), 300);
  }

  /** Reloads now; resolves false (keeping the old set) when a file is bad. */
  async reload(): Promise<boolean> {
    let next;
    try {
      next = loadSchemas(this.dirs);
    } catch (err) {
      this.lastError = (err as Error).message;
      this.log(`Schema reload refused, previous schemas stay in force: ${this.lastError}`);
      return false;
    }
    for (const entity of next.entities.values()) await ensureTable(this.svc.db, entity);
    const names = new Set<string>();
    for (const entity of next.entities.values()) for (const e of registerEntityEvents(this.svc.events, entity)) names.add(e);
    for (const old of this.registered) if (!names.has(old)) this.svc.events.remove(old);
    this.registered = names;
    this.svc.schemas = next;
    this.lastError = null;
    this.revision += 1;
    return true;
  }
}
