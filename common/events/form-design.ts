/**
 * The form designer's events (issue 6): a design is saved as an entity schema in the data
 * folder's overlay, which the live schema set reloads at once; every save is a revision (who,
 * when, the schema), and a previous one can be restored (saved again as a new revision). Only
 * holders of system:formDesign (super and platform admins) may call them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { Json, labels, Page } from './schema';

/** The permission of the designer's events and page. */
export const FORM_DESIGN_PERMISSION = 'system:formDesign';
const designer = can(FORM_DESIGN_PERMISSION);

/** Sent by some clients with every call; not used. */
const UserId = Type.Optional(Type.Integer());

/** One saved revision of a design, as listed. */
export const FormDesignRevisionSchema = Type.Object({
  id: Type.Integer(),
  schemaId: Type.String(),
  revision: Type.Integer(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  restoredFrom: Type.Union([Type.Integer(), Type.Null()], { description: 'The revision this one restored, if any.' }),
  createdAt: Type.String({ description: 'ISO 8601 date and time.' }),
});
export type FormDesignRevision = Static<typeof FormDesignRevisionSchema>;

/** The answer of a save or a restore: the new revision and the live schema set's revision. */
export const SavedFormDesignSchema = Type.Composite([FormDesignRevisionSchema, Type.Object({ schemaRevision: Type.Integer() })]);
export type SavedFormDesign = Static<typeof SavedFormDesignSchema>;

const ById = Type.Object({ id: Type.Integer({ minimum: 1, ...labels('Revision', '版本', 'リビジョン') }), userId: UserId }, { additionalProperties: false });

export const formDesignEvents = defineEvents('form-design', {
  saveFormDesign: {
    summary: 'Saves an entity schema into the data folder’s overlay (live at once) as a new revision.',
    access: designer,
    mutating: true,
    param: Type.Object({ schema: Json<object>({ type: 'object', ...labels('Schema', '模式', 'スキーマ') }), userId: UserId }, { additionalProperties: false }),
    answer: SavedFormDesignSchema,
  },
  queryFormDesignRevisions: {
    summary: 'A page of the revisions of a designed entity, newest first.',
    access: designer,
    mutating: false,
    param: Type.Object(
      {
        schemaId: Type.String({ minLength: 1, maxLength: 64, ...labels('Entity', '实体', 'エンティティ') }),
        pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        userId: UserId,
      },
      { additionalProperties: false },
    ),
    answer: Page(FormDesignRevisionSchema),
  },
  getFormDesignRevision: {
    summary: 'One revision with its schema.',
    access: designer,
    mutating: false,
    param: ById,
    answer: Type.Composite([FormDesignRevisionSchema, Type.Object({ schema: Json<object>({ type: 'object', description: 'The entity schema of the revision.' }) })]),
  },
  restoreFormDesign: {
    summary: 'Saves a previous revision’s schema again, as a new revision.',
    access: designer,
    mutating: true,
    param: ById,
    answer: SavedFormDesignSchema,
  },
});
