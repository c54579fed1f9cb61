import fs from 'node:fs';
import path from 'node:path';
import { RoleId } from '../../../common/access';
import { StatusCode } from '../../../common/protocol';
import { formDesignEvents } from '../../../common/events/form-design';
import { AppError, fail } from '../../errors';
import { bindingName, buildEntity, createAjv, knownWidgets, overlayEntityRules, overlayTableFree, settingsEventNames, type EntitySchema } from '../../schemas/loader';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/**
 * The form designer's server side (issue 6). A design is saved as an entity schema file in the
 * data folder's overlay (DATA_DIR/schemas/entities), which the live schema set reloads at once:
 * the generated screens and the server's validation use it from that answer on, with no restart.
 * Every save is a revision in form_design_revisions (who, when, the schema); a previous one can
 * be restored (saved again as a new revision). Only holders of system:formDesign (super and
 * platform admins) may call these events. A design is held to the loader's rules for overlay
 * entities (overlayEntityRules: a table of its own, company scope by default, no readable secret),
 * checked before anything is written; "x-scope": "none" (every company's records) only a super
 * admin may save.
 */

// Made with the first design saved (issue 23: not at start-up).
let ajv: ReturnType<typeof createAjv> | null = null;

/** One revision as listed. */
type RevisionRow = {
  id: number;
  schemaId: string;
  revision: number;
  userId: number | null;
  username: string;
  restoredFrom: number | null;
  createdAt: string;
};

const REVISION_COLUMNS = `id, schema_id AS "schemaId", revision, user_id AS "userId", username, restored_from AS "restoredFrom", created_at AS "createdAt"`;

function baseType(p: Record<string, unknown> | undefined): string | undefined {
  const t = p?.type;
  return Array.isArray(t) ? (t.find((x) => x !== 'null') as string | undefined) : (t as string | undefined);
}

/** The bus channel on which a replica announces an overlay schema it saved. */
const SCHEMA_CHANNEL = 'form-design';

/** Registers saveFormDesign, queryFormDesignRevisions, getFormDesignRevision and restoreFormDesign. */
export function registerFormDesignEvents(reg: EventRegistry, svc: Services): void {
  svc.cluster.on(SCHEMA_CHANNEL, (payload, local) => {
    if (local) return;
    const { key } = payload as { key: string };
    void serial(async () => {
      await svc.blobs.refresh(key);
      await svc.live?.reload();
    }).catch((err: unknown) => console.warn(`form design from another replica: ${(err as Error).message}`));
  });
  const overlayDir = () => path.join(svc.config.dataDir, 'schemas', 'entities');
  // Saves queue one after another in this process: each checks against the set the previous one left.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  /** Refuses a schema the live set could not take, or the caller may not save, with a message that says why. */
  function check(ctx: AuthedContext, schema: EntitySchema): void {
    const id = schema.$id;
    if (typeof id !== 'string' || !/^[a-z][a-zA-Z0-9-]{1,39}$/.test(id)) {
      throw fail.message(StatusCode.badRequest, 'formDesignInvalid', { detail: '"$id" must be a lower-case name of 2 to 40 letters, digits or dashes' });
    }
    const current = svc.schemas.entities.get(id);
    if ((current && !current.file.startsWith(overlayDir())) || svc.schemas.settings.has(id)) throw fail.message(StatusCode.badRequest, 'formDesignBuiltIn', { id });
    const file = path.join(overlayDir(), `${id}.schema.json`);
    let built;
    try {
      // The loader's rules for the data folder's overlay, so a design and a dropped file are held alike.
      built = overlayEntityRules(buildEntity((ajv ??= createAjv()), schema, file, svc.schemas.enums, knownWidgets(svc.schemas.plugins)));
      overlayTableFree(built, svc.schemas.entities.values());
    } catch (err) {
      // The loader names the file; the caller needs only what is wrong.
      const detail = (err as Error).message.replace(/^Schema file [^:]+: /, '');
      throw fail.message(StatusCode.badRequest, 'formDesignInvalid', { detail });
    }
    // Every company's records to all who may read them: a super admin's decision, not a platform admin's.
    if (built.schema['x-scope'] === 'none' && ctx.session.roleId !== RoleId.superAdmin) throw fail.message(StatusCode.badRequest, 'formDesignScopeNone');
    const mine = new Set(Object.values(current?.schema['x-api'] ?? {}).map(bindingName));
    for (const binding of Object.values(built.schema['x-api'] ?? {})) {
      const name = bindingName(binding);
      const other = [...svc.schemas.entities.values()].find((e) => e.id !== id && Object.values(e.schema['x-api'] ?? {}).some((b) => bindingName(b) === name));
      const setting = [...svc.schemas.settings.values()].find((s) => settingsEventNames(s.schema).includes(name));
      if (other || setting || (!mine.has(name) && svc.events.get(name))) {
        throw fail.message(StatusCode.badRequest, 'formDesignClash', { what: 'operation', name, owner: other?.id ?? setting?.id ?? 'the server' });
      }
    }
    const route = built.schema['x-route'];
    const sameRoute = route && [...svc.schemas.entities.values(), ...svc.schemas.settings.values()].find((e) => e.id !== id && e.schema['x-route'] === route);
    if (sameRoute) throw fail.message(StatusCode.badRequest, 'formDesignClash', { what: 'route', name: String(route), owner: sameRoute.id });
    // Columns keep their SQL type once created: a field's data type cannot change under saved rows.
    for (const [name, prop] of Object.entries(built.schema.properties)) {
      const before = baseType(current?.schema.properties[name]);
      const after = baseType(prop);
      if (before && after && before !== after) throw fail.message(StatusCode.badRequest, 'formDesignTypeChange', { field: name, from: before, to: after });
    }
  }

  /** Writes the schema into the overlay, reloads the live set, and records the revision. */
  async function store(ctx: AuthedContext, schema: EntitySchema, restoredFrom: number | null) {
    check(ctx, schema);
    const dir = overlayDir();
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${schema.$id}.schema.json`);
    const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    const text = `${JSON.stringify(schema, null, 2)}\n`;
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
    const live = svc.live;
    if (live && !(await live.reload())) {
      // Another overlay file may be bad: put ours back and say what the reload said.
      if (previous === null) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, previous);
      const detail = (live.lastError ?? '').replace(/^Schema file [^:]+: /, '');
      await live.reload();
      throw fail.message(StatusCode.badRequest, 'formDesignInvalid', { detail });
    }
    // Every replica of a cluster takes the new overlay file and reloads its schemas.
    const key = `schemas/entities/${schema.$id}.schema.json`;
    await svc.blobs.saved(key);
    svc.cluster.publish(SCHEMA_CHANNEL, { key });
    ctx.before = previous === null ? null : { schemaId: schema.$id };
    const rows = await svc.db.query<RevisionRow>(
      `INSERT INTO form_design_revisions (schema_id, revision, schema, user_id, username, restored_from)
       SELECT $1, COALESCE(MAX(revision), 0) + 1, $2::jsonb, $3, $4, $5 FROM form_design_revisions WHERE schema_id = $1
       RETURNING ${REVISION_COLUMNS}`,
      [schema.$id, JSON.stringify(schema), ctx.session.userId, ctx.session.username, restoredFrom],
    );
    const row = rows[0]!;
    return { ...row, createdAt: new Date(row.createdAt).toISOString(), schemaRevision: live?.revision ?? 1 };
  }

  reg.handle(formDesignEvents.saveFormDesign, (ctx, p) => serial(() => store(ctx, p.schema as EntitySchema, null)));

  reg.handle(formDesignEvents.queryFormDesignRevisions, async (_ctx, p) => {
    const size = p.pageSize ?? 20;
    const page = p.pageNum ?? 1;
    const list = await svc.db.query<RevisionRow>(`SELECT ${REVISION_COLUMNS} FROM form_design_revisions WHERE schema_id = $1 ORDER BY revision DESC LIMIT $2 OFFSET $3`, [
      p.schemaId,
      size,
      (page - 1) * size,
    ]);
    const total = await svc.db.query<{ n: number | string }>('SELECT count(*) AS n FROM form_design_revisions WHERE schema_id = $1', [p.schemaId]);
    return { list: list.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() })), total: Number(total[0]?.n ?? 0), pageNum: page, pageSize: size };
  });

  const revisionById = async (id: number) => {
    const row = (await svc.db.query<RevisionRow & { schema: EntitySchema }>(`SELECT ${REVISION_COLUMNS}, schema FROM form_design_revisions WHERE id = $1`, [id]))[0];
    if (!row) throw fail.notFound();
    return { ...row, id: Number(row.id), createdAt: new Date(row.createdAt).toISOString() };
  };

  reg.handle(formDesignEvents.getFormDesignRevision, async (_ctx, p) => revisionById(p.id));

  reg.handle(formDesignEvents.restoreFormDesign, (ctx, p) =>
    serial(async () => {
      const old = await revisionById(p.id);
      if (typeof old.schema !== 'object' || !old.schema) throw new AppError(StatusCode.notFound, 'notFound');
      return store(ctx, old.schema, old.revision);
    }),
  );
}
