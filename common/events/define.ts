/**
 * How an event of the protocol is declared, once, for both halves: its name (the key of its
 * feature's catalogue), who may call it, whether it changes data, and the JSON Schemas of its
 * param and its answer, written with TypeBox so that the same declaration is the schema ajv
 * checks and the TypeScript type the server's handler and the browser's caller are held to.
 *
 * REST operations are events too: their name is `METHOD /path` (`GET /robot/map/list`,
 * `POST /robot/track/inspectPoint/{robot}`), their param is query, body and path merged.
 */
import type { Static, TSchema } from '@sinclair/typebox';

/** Who may call an event: anyone, any logged-in user, or holders of a `resource:action` permission. */
export type AccessRule = { readonly kind: 'public' } | { readonly kind: 'session' } | { readonly kind: 'permission'; readonly permission: string };

export const anyone = { kind: 'public' } as const;
export const loggedIn = { kind: 'session' } as const;
/** Holders of a permission of schemas/access/roles.json (`map:read`, `robot:control` …). */
export const can = <const P extends string>(permission: P) => ({ kind: 'permission', permission }) as const;

/** One event as a feature declares it. */
export interface EventSpec<P extends TSchema = TSchema, A extends TSchema = TSchema> {
  /** One line of English for the generated reference. */
  readonly summary: string;
  readonly access: AccessRule;
  /** Changes data: recorded in the operation log and refused to general users outside their allowlist (spec §6). */
  readonly mutating: boolean;
  /** Recorded in the operation log although it changes no data (robot commands). */
  readonly audit?: boolean;
  /** Status code of a success answer (default 200). */
  readonly successCode?: number;
  readonly param: P;
  /** The answer's `param` (REST: `data`). */
  readonly answer: A;
}

/** A catalogue entry: the declaration with its name and feature. */
export type EventEntry<N extends string = string, S extends EventSpec = EventSpec> = S & { readonly name: N; readonly feature: string };

/** A feature's catalogue: event name → entry. */
export type Catalogue = { readonly [name: string]: EventEntry };

/** Declares a feature's events; each key is the event's name on the wire. */
export function defineEvents<const T extends Record<string, EventSpec>>(feature: string, specs: T): { readonly [K in keyof T & string]: EventEntry<K, T[K]> } {
  const out: Record<string, EventEntry> = {};
  for (const [name, spec] of Object.entries(specs)) out[name] = { ...spec, name, feature };
  return out as { readonly [K in keyof T & string]: EventEntry<K, T[K]> };
}

/** The param type of an entry. */
export type ParamOfEntry<E extends EventSpec> = Static<E['param']>;
/** The answer type of an entry. */
export type AnswerOfEntry<E extends EventSpec> = Static<E['answer']>;

/** Whether an event name is a REST operation (`GET /robot/…`). */
export const restMethodOf = (name: string): string | null => /^(GET|POST|PUT|DELETE) \//.exec(name)?.[1] ?? null;
