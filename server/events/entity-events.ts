import { bindingName, type ApiBinding, type Entity } from '../schemas/loader';
import { createEntity, deleteEntity, listEntity, updateEntity } from '../entities/crud';
import type { AuthedContext, EventRegistry } from './registry';

/** Registers the list/create/update/delete operations (events or REST routes) an entity schema binds in `x-api`. */
export function registerEntityEvents(reg: EventRegistry, entity: Entity): string[] {
  const api = entity.schema['x-api'] ?? {};
  const access = entity.schema['x-access'] ?? {};
  const perm = (action: 'read' | 'create' | 'update' | 'delete') => access[action] ?? `${entity.id}:${action}`;
  const names: string[] = [];
  const add = (
    binding: ApiBinding | undefined,
    action: 'read' | 'create' | 'update' | 'delete',
    run: (ctx: AuthedContext, p: Record<string, unknown>) => Promise<unknown>,
  ) => {
    if (!binding) return;
    const name = bindingName(binding);
    // A name the protocol catalogue declares stays the catalogue's (the loader reports the schema).
    if (reg.get(name)?.entry) {
      console.warn(`Schema ${entity.file}: operation "${name}" is a catalogue event of the server; not bound.`);
      return;
    }
    const idParam = binding.idParam;
    reg.upsert<Record<string, unknown>>({
      name,
      access: { kind: 'permission', permission: perm(action) },
      mutating: action !== 'read',
      // A binding's id parameter (`?groupId=` of a REST route) is an integer: the query string's digits become a number.
      labelSchema: idParam ? { ...entity.schema, properties: { ...entity.schema.properties, [idParam]: { type: 'integer' } } } : entity.schema,
      schemaDriven: { group: 'entities', source: `schemas/entities/${entity.id}.schema.json`, record: entity.schema, action },
      handler: (ctx, p) => run(ctx as AuthedContext, idParam && p[idParam] !== undefined ? { ...p, id: p[idParam] } : p),
    });
    names.push(name);
  };
  add(api.list, 'read', (ctx, p) => listEntity(ctx, entity, p));
  add(api.create, 'create', (ctx, p) => createEntity(ctx, entity, p));
  add(api.update, 'update', (ctx, p) => updateEntity(ctx, entity, p));
  add(api.delete, 'delete', (ctx, p) => deleteEntity(ctx, entity, p));
  return names;
}
