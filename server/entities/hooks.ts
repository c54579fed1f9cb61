import type { Entity } from '../schemas/loader';
import type { AuthedContext } from '../events/registry';
import type { Queryable, Row } from '../store/db';

/** Code that an entity needs beyond generic CRUD (derived fields, business rules). Keyed by entity id. */
export interface EntityHooks {
  beforeCreate?: (ctx: AuthedContext, tx: Queryable, values: Row, entity: Entity) => Promise<void>;
  beforeUpdate?: (ctx: AuthedContext, tx: Queryable, values: Row, existing: Row, entity: Entity) => Promise<void>;
  beforeDelete?: (ctx: AuthedContext, tx: Queryable, existing: Row, entity: Entity) => Promise<void>;
  afterWrite?: (ctx: AuthedContext, kind: 'create' | 'update' | 'delete', row: Row) => Promise<void>;
  /** Filters every list call applies whatever the caller sends (unhandled events: only unprocessed alarms). */
  fixedFilters?: Row;
}

const registry = new Map<string, EntityHooks>();

/** Registers the hooks of one entity. */
export function defineEntityHooks(entityId: string, hooks: EntityHooks): void {
  registry.set(entityId, hooks);
}

/** The hooks of an entity (none for a plain low-code entity). */
export function hooksFor(entityId: string): EntityHooks {
  return registry.get(entityId) ?? {};
}
