import type { ValidateFunction } from 'ajv';
import type { Static } from '@sinclair/typebox';
import type { Lang } from '../../common/protocol';
import type { AccessRule, Catalogue, EventEntry } from '../../common/events/define';
import { EVENTS } from '../../common/events';
import { hardenParams } from '../schemas/harden';
import type { Db } from '../store/db';
import type { Session } from '../auth/sessions';
import { lazyValidator } from '../schemas/lazy-validator';
import { compileShared, lazyCompile } from '../schemas/shared-ajv';

export type { AccessRule };

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
  /** The catalogue entry it implements (absent: a schema-driven entity or settings event). */
  entry?: EventEntry;
  /** Checks an answer against the entry's answer schema (tests and CHECK_ANSWERS=on). */
  checkAnswer?: ValidateFunction;
  /** Where a schema-driven operation comes from, for the generated documents. */
  schemaDriven?: SchemaDrivenOrigin;
}

/** A schema-driven operation's origin: the schema file and the record it works on. */
export interface SchemaDrivenOrigin {
  /** `entities` or `settings`. */
  group: string;
  /** The schema file. */
  source: string;
  /** The record's JSON Schema. */
  record: object;
  action: 'read' | 'create' | 'update' | 'delete' | 'get' | 'set';
}

/** What a handler of a catalogue entry gets: a session unless the event is public. */
export type ContextOf<E extends EventEntry> = E['access'] extends { kind: 'public' } ? EventContext : AuthedContext;
/** A handler of a catalogue entry, held to its param and answer types. */
export type HandlerOf<E extends EventEntry> = (ctx: ContextOf<E>, param: Static<E['param']>) => Promise<Static<E['answer']>>;
/** One handler for every entry of a feature's catalogue. */
export type Handlers<C extends Catalogue> = { [K in keyof C]: HandlerOf<C[K]> };

// Compiled on first use (schemas/lazy-validator.ts), once per schema object.
const compiled = new WeakMap<object, ValidateFunction>();
const compile = (schema: object): ValidateFunction => {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = lazyCompile(schema)));
  return v;
};

const compiledParams = new WeakMap<object, ValidateFunction>();
/** A parameter schema as enforced: with the server's ranges (schemas/harden.ts). */
const compileParams = (schema: object): ValidateFunction => {
  let v = compiledParams.get(schema);
  if (!v) compiledParams.set(schema, (v = lazyValidator(schema, (s) => compileShared(hardenParams(s)))));
  return v;
};

/** The event registry: event name → definition. No switch statements. */
export class EventRegistry {
  private readonly defs = new Map<string, EventDef>();
  /** Grows with every change (generated documents are remade when it moves). */
  revision = 0;

  private register<P>(def: EventDef<P>): void {
    if (this.defs.has(def.name)) throw new Error(`Event "${def.name}" is registered twice.`);
    this.defs.set(def.name, def as unknown as EventDef);
    this.revision++;
  }

  /**
   * Registers the handlers of a feature's catalogue (common/events/<feature>.ts): one for each
   * entry, checked at compile time; an entry that the protocol catalogue lacks is refused.
   */
  implement<C extends Catalogue>(catalogue: C, handlers: Handlers<C>): void {
    for (const [name, entry] of Object.entries(catalogue)) {
      const handler = (handlers as unknown as Record<string, HandlerOf<EventEntry>>)[name];
      if (!handler) throw new Error(`Event "${name}" has no handler.`);
      this.handle(entry, handler);
    }
  }

  /** Registers the handler of one catalogue entry. */
  handle<E extends EventEntry>(entry: E, handler: HandlerOf<E>): void {
    if ((EVENTS as Catalogue)[entry.name] !== entry) throw new Error(`Event "${entry.name}" is not in the protocol catalogue (common/events).`);
    this.register({
      name: entry.name,
      access: entry.access,
      mutating: entry.mutating,
      audit: entry.audit,
      successCode: entry.successCode,
      validate: compileParams(entry.param),
      labelSchema: entry.param as { properties?: Record<string, unknown> },
      handler: handler as EventDef['handler'],
      entry,
      checkAnswer: compile(entry.answer),
    });
  }

  /**
   * Replaces or adds a schema-driven operation (entity `x-api`, settings): they are re-registered
   * when schemas change. A hand-written event goes through `handle` and the catalogue.
   */
  upsert<P>(def: EventDef<P> & { schemaDriven: SchemaDrivenOrigin }): void {
    if (this.defs.get(def.name)?.entry) throw new Error(`Event "${def.name}" is a catalogue event; a schema cannot replace it.`);
    this.defs.set(def.name, def as unknown as EventDef);
    this.revision++;
  }

  remove(name: string): void {
    if (this.defs.delete(name)) this.revision++;
  }

  get(name: string): EventDef | undefined {
    return this.defs.get(name);
  }

  names(): string[] {
    return [...this.defs.keys()].sort();
  }
}
