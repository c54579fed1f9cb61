import type { ValidateFunction } from 'ajv';
import type { Lang } from '../../common/protocol';
import type { Db } from '../store/db';
import type { Session } from '../auth/sessions';

/** Who may call an event: anyone, any logged-in user, or holders of a permission. */
export type AccessRule = { kind: 'public' } | { kind: 'session' } | { kind: 'permission'; permission: string };

/** What a handler gets besides its params. */
export interface EventContext {
  db: Db;
  lang: Lang;
  ip: string;
  session: Session | null;
  event: string;
  /** What a changing operation found before it changed it; recorded in the operation log. */
  before?: unknown;
}

/** A handler's context once the access rule has required a session. */
export type AuthedContext = EventContext & { session: Session };

/** One entry of the event registry. */
export interface EventDef<P = Record<string, unknown>> {
  name: string;
  /** Validates `param`; its errors become a 400 answer. Absent: any object. */
  validate?: ValidateFunction;
  /** Schema whose x-labels name fields in validation messages. */
  labelSchema?: { properties?: Record<string, unknown> };
  access: AccessRule;
  /** Changes data: recorded in the operation log and refused to general users outside the allowlist. */
  mutating: boolean;
  /** Recorded in the operation log although it changes no data (robot commands). */
  audit?: boolean;
  handler: (ctx: EventContext, param: P) => Promise<unknown>;
  /** Status code of a success answer (default 200). */
  successCode?: number;
}

/** The event registry: event name → definition. No switch statements. */
export class EventRegistry {
  private readonly defs = new Map<string, EventDef>();

  register<P>(def: EventDef<P>): void {
    if (this.defs.has(def.name)) throw new Error(`Event "${def.name}" is registered twice.`);
    this.defs.set(def.name, def as unknown as EventDef);
  }

  /** Replaces or adds an entry (schema-driven events are re-registered when schemas change). */
  upsert<P>(def: EventDef<P>): void {
    this.defs.set(def.name, def as unknown as EventDef);
  }

  remove(name: string): void {
    this.defs.delete(name);
  }

  get(name: string): EventDef | undefined {
    return this.defs.get(name);
  }

  names(): string[] {
    return [...this.defs.keys()].sort();
  }
}
