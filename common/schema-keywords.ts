/**
 * The vocabulary of the schema format (schemas/entities, schemas/settings, schemas/enums and the
 * data folder's overlay): every `x-` keyword the loader and the runtime understand, declared once
 * with where it may appear, what it means, a meta-schema for its value (TypeBox) and an example.
 * The server's loader checks each keyword's value against its meta-schema and refuses unknown ones;
 * common/schema-format.ts derives the TypeScript types of the format from these declarations;
 * docs/schema-keywords.md is generated from them (scripts/schema-keywords-doc.ts). Pure: no Node, no React.
 */
import { Type, type SchemaOptions, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import { UPLOAD_KINDS } from './uploads';
import { WIDGET_NAMES } from './widgets';

/** Where a keyword may appear: an entity or settings file's root, an enum file's root, a property (at any depth, a settings group or leaf, a field of a row action's form), an array property's `items`. */
export type KeywordPlace = 'entity' | 'settings' | 'enum' | 'property' | 'items';

/** The places in the order the documentation lists them. */
export const KEYWORD_PLACES: readonly KeywordPlace[] = ['entity', 'settings', 'enum', 'property', 'items'];

/** One keyword: where it may appear, a one-line description, the meta-schema of its value (another per place where it differs) and an example value. */
export interface KeywordDeclaration {
  at: readonly KeywordPlace[];
  description: string;
  value: TSchema;
  valueAt?: Partial<Record<KeywordPlace, TSchema>>;
  example: unknown;
}

/** A string that is one of `values` (a union of constants: the loader says "must be one of …"); typed as the literals. */
const oneOf = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) => Type.Union(values.map((v) => Type.Literal(v)), options) as TUnion<TLiteral<T[number]>[]>;
/** The same, typed as any string (a list that grows, such as the widgets: code may hold a name not yet known). */
const nameOf = (values: readonly string[], options: SchemaOptions = {}) => Type.Union(values.map((v) => Type.Literal(v)), options) as TUnion<TLiteral<string>[]>;

/** Text in the console's three languages. */
export const LabelsSchema = Type.Object(
  { en: Type.Optional(Type.String()), zh: Type.Optional(Type.String()), ja: Type.Optional(Type.String()) },
  { additionalProperties: false, description: 'text in en / zh / ja' },
);
const EventName = Type.String({ pattern: '^\\w+$', description: 'an event name' });
const RestCall = Type.String({ pattern: '^(GET|POST|PUT|DELETE) \\/(robot|authority)\\/[\\w/{}.-]+$', description: 'a REST call "METHOD /robot/path"' });
const PropName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'a property name' });
const Names = Type.Array(PropName);
const Free = Type.Record(Type.String(), Type.Unknown());
/** One rule of x-severity: the alarm level a matching value has. */
const SeverityRuleSchema = Type.Object(
  {
    level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: 'the alarm level (1–3)' }),
    atLeast: Type.Optional(Type.Number()),
    above: Type.Optional(Type.Number()),
    below: Type.Optional(Type.Number()),
    values: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
    flaggedBy: Type.Optional(PropName),
  },
  { additionalProperties: false, description: '{"level": 1-3, "atLeast" | "above" | "below": n, "values": [...], "flaggedBy": "field"}' },
);

/** How an operation is reached: an event of POST /api/interface, or a REST call (`idParam`: the query parameter carrying the id). */
export const ApiBindingSchema = Type.Union(
  [
    Type.Object({ event: EventName, rest: Type.Optional(Type.Never()), idParam: Type.Optional(PropName) }, { additionalProperties: false }),
    Type.Object({ rest: RestCall, event: Type.Optional(Type.Never()), idParam: Type.Optional(PropName) }, { additionalProperties: false }),
  ],
  { description: '{"event": "name"} or {"rest": "METHOD /robot/path"}, with an optional "idParam"' },
);

/** `x-api` of an entity: the operations it binds (get/set with `x-single`). */
export const EntityApiSchema = Type.Object(
  {
    list: Type.Optional(ApiBindingSchema),
    create: Type.Optional(ApiBindingSchema),
    update: Type.Optional(ApiBindingSchema),
    delete: Type.Optional(ApiBindingSchema),
    get: Type.Optional(ApiBindingSchema),
    set: Type.Optional(ApiBindingSchema),
  },
  { additionalProperties: false },
);

/** `x-api` of a settings schema: the events reading and writing the robot's document. */
export const SettingsApiSchema = Type.Object(
  {
    get: Type.Object({ event: EventName }, { additionalProperties: false }),
    set: Type.Object({ event: EventName }, { additionalProperties: false }),
    // With x-inherit "company": the events reading and writing a company's document.
    getCompany: Type.Optional(Type.Object({ event: EventName }, { additionalProperties: false })),
    setCompany: Type.Optional(Type.Object({ event: EventName }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

const Permission = Type.String({ pattern: '^[A-Za-z][\\w-]*:[A-Za-z][\\w-]*$', description: 'a permission "resource:action"' });

/** `x-menu`: where a page appears in the side menu. */
export const MenuSchema = Type.Object(
  {
    group: Type.Optional(nameOf(['operations', 'monitoring', 'admin', 'system', 'other'])),
    icon: Type.Optional(Type.String({ pattern: '^[A-Z]\\w*$', description: 'an antd icon name' })),
    order: Type.Optional(Type.Number()),
    labels: Type.Optional(LabelsSchema),
    robotTypes: Type.Optional(Type.Array(Type.Integer())),
    infraredTypes: Type.Optional(Type.Array(Type.Integer())),
  },
  { additionalProperties: false },
);

/** One row action of `x-row-actions`. */
export const RowActionSchema = Type.Object(
  {
    key: PropName,
    kind: Type.Optional(oneOf(['event', 'link', 'form', 'page', 'download', 'upload'] as const)),
    path: Type.Optional(Type.String({ pattern: '^/', description: 'a console path' })),
    event: Type.Optional(EventName),
    link: Type.Optional(
      Type.Object(
        { ref: Type.String(), get: Type.String(), set: Type.String(), idParam: PropName, listParam: PropName, excludeSelf: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
    ),
    form: Type.Optional(Type.Object({ required: Type.Optional(Names), properties: Type.Record(Type.String(), Free) }, { additionalProperties: false })),
    idParam: Type.Optional(PropName),
    /** The row's field the id param carries (default `id`; `robotId` for an event that takes the robot's serial). */
    idField: Type.Optional(PropName),
    /** Show these fields of the event's answer in a dialog (a secret shown once: copyable, never stored by the console). */
    answer: Type.Optional(
      Type.Object({ labels: LabelsSchema, note: Type.Optional(LabelsSchema), fields: Type.Array(Type.Object({ key: PropName, labels: LabelsSchema }, { additionalProperties: false }), { minItems: 1 }) }, { additionalProperties: false }),
    ),
    param: Type.Optional(Free),
    when: Type.Optional(Free),
    permission: Type.Optional(Permission),
    /** Ask first (confirmLabels); a `form` asks once its fields are filled, `{{field}}` taking the form's value, else the row's (enum values by their labels). */
    confirm: Type.Optional(Type.Boolean()),
    /** Run once, without the confirmation, right after the caller creates a record in the list (a new robot's MQTT account, shown once). */
    afterCreate: Type.Optional(Type.Boolean()),
    danger: Type.Optional(Type.Boolean()),
    labels: LabelsSchema,
    confirmLabels: Type.Optional(LabelsSchema),
    /** The text shown when the action succeeded; `{{field}}` takes the answer's field, else the row's. */
    doneLabels: Type.Optional(LabelsSchema),
    /** `upload`: the file types offered (the input's accept, e.g. ".json"). */
    accept: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** Declares one keyword (keeps the literal places and the value schema's type for the derived types). */
function keyword<const D extends KeywordDeclaration>(d: D & { example: Static<D['value']> }): D {
  return d;
}

/** Every `x-` keyword of the schema format, by name. */
export const SCHEMA_KEYWORD_DECLARATIONS = {
  'x-labels': keyword({
    at: ['entity', 'settings', 'enum', 'property', 'items'],
    description: 'The name of the entity, page, enumeration or field in the three languages (lists, forms, menus, validation messages).',
    value: LabelsSchema,
    example: { en: 'Robot', zh: '机器人', ja: 'ロボット' },
  }),
  'x-route': keyword({
    at: ['entity', 'settings'],
    description: 'The console route of the generated page.',
    value: Type.String({ pattern: '^/home/\\w+$', description: 'a route "/home/<name>"' }),
    example: '/home/robotManage',
  }),
  'x-menu': keyword({
    at: ['entity', 'settings'],
    description: 'Where the page appears in the side menu: group, antd icon, order, labels, and the robot types (or infrared kinds) of the company it needs.',
    value: MenuSchema,
    example: { group: 'operations', icon: 'RobotOutlined', order: 10, labels: { en: 'Robots', zh: '机器人', ja: 'ロボット' } },
  }),
  'x-api': keyword({
    at: ['entity', 'settings'],
    description: 'The operations of the entity (list / create / update / delete, get / set with x-single), each an event or a REST call; for a settings schema the get and set events.',
    value: EntityApiSchema,
    valueAt: { settings: SettingsApiSchema },
    example: { list: { event: 'queryEmailGroups' }, create: { event: 'addEmailGroup' }, delete: { rest: 'DELETE /robot/emailGroup/delete', idParam: 'groupId' } },
  }),
  'x-access': keyword({
    at: ['entity', 'settings'],
    description: 'The permission each action needs (read, create, update, delete, or an action of its own); the default is "<entity>:<action>".',
    value: Type.Record(Type.String({ pattern: '^\\w+$' }), Permission),
    example: { read: 'robot:read', update: 'robot:update' },
  }),
  'x-list': keyword({
    at: ['entity'],
    description: 'The generated list: the columns shown, the filters offered and the columns that sort (property names).',
    value: Type.Object({ columns: Type.Optional(Names), filters: Type.Optional(Names), sort: Type.Optional(Names) }, { additionalProperties: false }),
    example: { columns: ['name', 'companyId'], filters: ['name'], sort: ['name'] },
  }),
  'x-store': keyword({
    at: ['entity'],
    description:
      'Where the records are kept: the table (default ent_<id>) and, for a table shared by several entities, the column values that pick this one. An entity of the data folder\'s overlay (a form design, or a file dropped there) keeps a table of its own: its name starts with ent_ (no core table does), no other entity has it, and "where" is refused.',
    value: Type.Object(
      { table: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]*$', description: 'a table name' })), where: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))) },
      { additionalProperties: false },
    ),
    example: { table: 'detections', where: { kind: 'plate' } },
  }),
  'x-scope': keyword({
    at: ['entity'],
    description:
      'Which records a caller sees: those of their company tree ("company", "company-tree"), also those of no company ("company-or-shared"), or all ("none"). In the data folder\'s overlay, absent means "company" (new records get the caller\'s company), "company-tree" is refused, and the form designer saves "none" for a super admin only.',
    value: oneOf(['company', 'company-tree', 'company-or-shared', 'none'] as const),
    example: 'company',
  }),
  'x-single': keyword({
    at: ['entity'],
    description: 'One record per subject (a company\'s settings): a form page instead of a list, read and written with x-api get / set.',
    value: Type.Object({ subject: PropName }, { additionalProperties: false }),
    example: { subject: 'companyId' },
  }),
  'x-order': keyword({
    at: ['entity'],
    description: 'The order of the fields in the create / edit form (property names).',
    value: Names,
    example: ['name', 'phone', 'remark'],
  }),
  'x-row-actions': keyword({
    at: ['entity'],
    description: 'Buttons on each row: an event call, a "link" dialog linking records of another entity, a "form" dialog (with "confirm", a confirmation of the values before they are sent), a "page" to open, a "download" of the event\'s answer as a JSON file, or an "upload" of a JSON file as the event\'s `data` (after a confirmation naming the row); shown to holders of "permission", on rows matching "when".',
    value: Type.Array(RowActionSchema),
    example: [{ key: 'disable', event: 'companyDisable', param: { enabled: 0 }, when: { enabled: 1 }, confirm: true, permission: 'company:update', labels: { en: 'Disable', zh: '禁用', ja: '無効化' } }],
  }),
  'x-form': keyword({
    at: ['entity'],
    description: 'The form designer\'s form: its config and its layout (grids, static text, the order of fields), which shapes the generated create / edit dialog.',
    value: Type.Object({ config: Type.Optional(Free), layout: Type.Optional(Type.Array(Type.Unknown())) }),
    example: { config: { labelPosition: 'right', size: 'small' }, layout: [{ field: 'name' }] },
  }),
  'x-import': keyword({
    at: ['entity'],
    description: 'The list\'s own batch import instead of POST /api/import: the route taking the files, a template to download, the file types, several files or one.',
    value: Type.Object(
      { path: Type.String({ pattern: '^/' }), template: Type.Optional(Type.String({ pattern: '^/' })), accept: Type.Optional(Type.String()), multiple: Type.Optional(Type.Boolean()) },
      { additionalProperties: false },
    ),
    example: { path: '/api/faces/import', template: '/api/faces/template', accept: '.xlsx,.zip', multiple: true },
  }),
  'x-list-exports': keyword({
    at: ['entity'],
    description: 'More files made from the filtered list, each a toolbar button posting the export body to its route.',
    value: Type.Array(Type.Object({ key: PropName, path: Type.String({ pattern: '^/' }), labels: LabelsSchema }, { additionalProperties: false })),
    example: [{ key: 'meterStatements', path: '/api/meter-statements', labels: { en: 'Meter statement', zh: '仪表报表', ja: 'メーター報告書' } }],
  }),
  'x-heat': keyword({
    at: ['entity'],
    description: 'A toolbar button showing the list\'s heat (rows per weekday and hour), counted by the event named.',
    value: Type.Object({ event: EventName }, { additionalProperties: false }),
    example: { event: 'getFaceHeat' },
  }),
  'x-chart': keyword({
    at: ['entity'],
    description: 'A toolbar button drawing the numeric fields over time, with the field holding their thresholds.',
    value: Type.Object({ fields: Names, thresholds: Type.Optional(PropName) }, { additionalProperties: false }),
    example: { fields: ['temperature', 'humidity'], thresholds: 'thresholds' },
  }),
  'x-live': keyword({
    at: ['entity'],
    description: 'The realtime topic whose pushes refresh the generated list.',
    value: Type.String({ pattern: '^[\\w.-]+$', description: 'a topic name' }),
    example: 'navigation',
  }),
  'x-tabs': keyword({
    at: ['entity'],
    description:
      'The page shows more generated lists as tabs beside this entity\'s own: each tab names an entity (exactly one tab names none: this one\'s list) and, for another entity\'s list, the filters its list call always sends (names of that entity\'s x-list.filters; the server filters, the filter form hides them) and the columns it shows (default that entity\'s x-list.columns). A tab shows to callers who may read its entity (its x-access.read); the tab entity\'s row actions, permissions and dialogs come with it.',
    value: Type.Array(
      Type.Object(
        {
          key: PropName,
          entity: Type.Optional(Type.String({ pattern: '^[a-z][a-zA-Z0-9-]*$', description: 'an entity $id' })),
          filter: Type.Optional(Type.Record(PropName, Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
          columns: Type.Optional(Names),
          labels: LabelsSchema,
        },
        { additionalProperties: false },
      ),
      { minItems: 2 },
    ),
    example: [
      { key: 'rules', labels: { en: 'Rules', zh: '报警规则', ja: 'ルール' } },
      { key: 'raised', entity: 'alarm', filter: { kind: 'behaviour' }, columns: ['createdAt', 'robotName', 'code', 'level', 'processStatus', 'result'], labels: { en: 'Raised alarms', zh: '已触发的报警', ja: '発生したアラーム' } },
    ],
  }),
  'x-lookup': keyword({
    at: ['entity'],
    description:
      'How an x-ref to this entity lists its records, where the defaults do not fit: the call (default x-api.list), its params (default the first 1000), the id field (default id), the label field (default the first x-list column) and the parent field (default a property referring to this entity).',
    value: Type.Object(
      {
        event: Type.Optional(Type.Union([EventName, Type.String({ pattern: '^(GET|POST) \\/' })], { description: 'an event name or "GET /path"' })),
        param: Type.Optional(Free),
        id: Type.Optional(PropName),
        label: Type.Optional(PropName),
        parent: Type.Optional(PropName),
      },
      { additionalProperties: false },
    ),
    example: { id: 'robotId', label: 'robotName' },
  }),
  'x-requires-robot': keyword({
    at: ['settings'],
    description: 'The page needs a selected robot: the settings document is that robot\'s (must be true).',
    value: Type.Boolean(),
    example: true,
  }),
  'x-inherit': keyword({
    at: ['settings'],
    description:
      'Documents are also kept per company (x-api getCompany / setCompany): a robot\'s effective value of a field is its own, else its company\'s, else the nearest parent company\'s, else the schema default; the page shows where each value comes from and a robot\'s own value can be cleared back to the inherited one.',
    value: Type.Literal('company'),
    example: 'company',
  }),
  'x-extra': keyword({
    at: ['enum'],
    description: 'Labels of values outside the enumeration that lists may show (robot status "offline"); the key "*" labels any other value outside it (an unknown alarm code, spec §8).',
    value: Type.Record(Type.String(), LabelsSchema),
    example: { offline: { en: 'Offline', zh: '离线', ja: 'オフライン' } },
  }),
  'x-open': keyword({
    at: ['enum'],
    description: 'The enumeration is open: a field may hold a value outside it (the server does not restrict it to the values); lists show such a value with the x-extra "*" label (face entry gender: 1 men, 2 women, else unknown).',
    value: Type.Boolean(),
    example: true,
  }),
  'x-widget': keyword({
    at: ['property', 'items'],
    description: 'The form widget that edits the field (common/widgets.ts names them).',
    value: nameOf(WIDGET_NAMES, { description: 'a widget of common/widgets.ts' }),
    example: 'robot-picker',
  }),
  'x-enum': keyword({
    at: ['property', 'items'],
    description: 'The enumeration (a file of schemas/enums) whose values the field takes; lists and pickers show their labels.',
    value: Type.String({ pattern: '^[a-z][a-zA-Z0-9-]*$', description: 'an enumeration id' }),
    example: 'robot-type',
  }),
  'x-ref': keyword({
    at: ['property', 'items'],
    description: 'The entity whose records the value names: pickers offer them and lists show their labels (see x-lookup).',
    value: Type.String({ pattern: '^[a-z][a-zA-Z0-9-]*$', description: 'an entity id' }),
    example: 'company',
  }),
  'x-key-enum': keyword({
    at: ['property'],
    description: 'A text value that may be the key of a value of this enumeration (built-in role names): lists show that value\'s label.',
    value: Type.String({ pattern: '^[a-z][a-zA-Z0-9-]*$', description: 'an enumeration id' }),
    example: 'role',
  }),
  'x-severity': keyword({
    at: ['property'],
    description:
      'When a value is abnormal, as data: a rule (or several; the highest matching level wins) giving an alarm level 1–3 for numbers `atLeast` / `above` / `below` a limit, for listed `values` (an enum value, true), or when the sibling array `flaggedBy` names the field. Lists, viewers and plugins show such values in the alarm level\'s colour with a warning mark (src/runtime/i18n/format.ts severityOf).',
    value: Type.Union([SeverityRuleSchema, Type.Array(SeverityRuleSchema, { minItems: 1 })]),
    example: { level: 3, atLeast: 37.3 },
  }),
  'x-mask': keyword({
    at: ['property'],
    description:
      'A personal number (an ID card) shown whole only to holders of `unless`; others read it masked (the first `keepStart` and last `keepEnd` characters, default 3 and 4) in lists, viewers and exports, and may filter it only by the whole value.',
    value: Type.Object(
      { unless: Permission, keepStart: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })), keepEnd: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })) },
      { additionalProperties: false },
    ),
    example: { unless: 'idCard:update', keepStart: 3, keepEnd: 4 },
  }),
  'x-unique': keyword({
    at: ['property'],
    description:
      'No two records may have the same value (case-insensitive). `true`: among all records (user names, serial numbers); `"company"`: among the records of the same company, and no company may take a value a shared record (no company) has — another company\'s names are neither refused nor revealed.',
    value: Type.Union([Type.Boolean(), Type.Literal('company')]),
    example: 'company',
  }),
  'x-readonly-on-edit': keyword({
    at: ['property'],
    description: 'Set when the record is created, not changed afterwards.',
    value: Type.Boolean(),
    example: true,
  }),
  'x-hidden': keyword({
    at: ['property'],
    description: 'Kept and sent, but neither a column nor a form field.',
    value: Type.Boolean(),
    example: true,
  }),
  'x-transient': keyword({
    at: ['property'],
    description: 'A field of the form and the call that is not stored (a confirmation the hooks check).',
    value: Type.Boolean(),
    example: true,
  }),
  'x-in': keyword({
    at: ['property'],
    description: 'The property is kept inside this jsonb column of a shared table rather than in a column of its own.',
    value: Type.String({ pattern: '^[a-z_][a-z0-9_]*$', description: 'a column name' }),
    example: 'data',
  }),
  'x-max-bytes': keyword({
    at: ['property'],
    description: 'The largest file an upload field accepts, in bytes (below the upload kind\'s own limit).',
    value: Type.Integer({ minimum: 1 }),
    example: 524288,
  }),
  'x-max-files': keyword({
    at: ['property'],
    description: 'The most pictures an images-upload field holds.',
    value: Type.Integer({ minimum: 1 }),
    example: 9,
  }),
  'x-upload-kind': keyword({
    at: ['property', 'items'],
    description: 'The upload kind of a file field: its size limit and the file types it accepts (common/uploads.ts).',
    value: nameOf(Object.keys(UPLOAD_KINDS), { description: 'an upload kind of common/uploads.ts' }),
    example: 'media',
  }),
  'x-upload-fills': keyword({
    at: ['property'],
    description: 'Sibling fields an upload fills with the file\'s original name and byte size.',
    value: Type.Object({ name: Type.Optional(PropName), size: Type.Optional(PropName) }, { additionalProperties: false }),
    example: { name: 'fileName', size: 'fileSize' },
  }),
  'x-preview-type': keyword({
    at: ['property'],
    description: 'The sibling field holding the media type, which decides how the value is previewed (picture, video, audio).',
    value: PropName,
    example: 'entryType',
  }),
  'x-placeholder': keyword({
    at: ['property'],
    description: 'The hint shown in the empty field.',
    value: LabelsSchema,
    example: { en: 'YYYY-MM-DD', zh: 'YYYY-MM-DD', ja: 'YYYY-MM-DD' },
  }),
  'x-help': keyword({
    at: ['property'],
    description: 'A line of help shown under the field.',
    value: LabelsSchema,
    example: { en: 'Empty: today', zh: '留空为今天', ja: '空欄の場合は今日' },
  }),
  'x-differs-from': keyword({
    at: ['property'],
    description: 'A sibling setting whose value this one must not equal (a timer\'s off time and on time).',
    value: PropName,
    example: 'bootTime',
  }),
  'x-field': keyword({
    at: ['property'],
    description: 'The form designer\'s field: its type, key and options (written by the designer).',
    value: Type.Object({ type: Type.Optional(Type.String()), key: Type.Optional(Type.String()), options: Type.Optional(Free) }),
    example: { type: 'input', key: 'k1', options: { width: '100%' } },
  }),
  'x-comment': keyword({
    at: ['entity', 'settings', 'enum', 'property', 'items'],
    description: 'A note for the people editing the file; ignored.',
    value: Type.String(),
    example: 'Kept for the old console\'s export.',
  }),
} satisfies Record<`x-${string}`, KeywordDeclaration>;

type Declarations = typeof SCHEMA_KEYWORD_DECLARATIONS;

/** A keyword's name. */
export type SchemaKeyword = keyof Declarations;

/** Every keyword's name (registered with ajv so strict mode accepts them). */
export const SCHEMA_KEYWORD_NAMES = Object.keys(SCHEMA_KEYWORD_DECLARATIONS) as SchemaKeyword[];

type ValueAt<D, P extends KeywordPlace> = D extends { valueAt: infer O }
  ? P extends keyof O
    ? O[P] extends TSchema
      ? Static<O[P]>
      : never
    : D extends { value: infer V extends TSchema }
      ? Static<V>
      : never
  : D extends { value: infer V extends TSchema }
    ? Static<V>
    : never;

/** The keywords that may appear at a place, each with the type of its value. */
export type KeywordsAt<P extends KeywordPlace> = {
  [K in keyof Declarations as P extends Declarations[K]['at'][number] ? K : never]?: ValueAt<Declarations[K], P>;
};

/** The declaration of a keyword, or undefined for a name that is none. */
export function keywordDeclaration(name: string): KeywordDeclaration | undefined {
  return Object.prototype.hasOwnProperty.call(SCHEMA_KEYWORD_DECLARATIONS, name) ? (SCHEMA_KEYWORD_DECLARATIONS as Record<string, KeywordDeclaration>)[name] : undefined;
}

/** The meta-schema of a keyword's value at a place. */
export function keywordValueSchema(d: KeywordDeclaration, place: KeywordPlace): TSchema {
  return d.valueAt?.[place] ?? d.value;
}

/** One `x-` key met in a schema file: where (JSON Pointer of the object holding it), at which kind of place, and its value. */
export interface KeywordUse {
  keyword: string;
  place: KeywordPlace;
  /** JSON Pointer of the object holding the keyword ("" for the file's root). */
  holder: string;
  value: unknown;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/**
 * Every `x-` key of one schema file, with its place: the root, each property (nested `properties`,
 * `items`, `anyOf`/`oneOf`/`allOf` branches, an object `additionalProperties`) and the fields of a
 * row action's form. Values of keywords, defaults and examples are not walked.
 */
export function keywordUses(doc: unknown, kind: 'entity' | 'settings' | 'enum'): KeywordUse[] {
  const uses: KeywordUse[] = [];
  const walk = (node: unknown, place: KeywordPlace, at: string) => {
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) if (key.startsWith('x-')) uses.push({ keyword: key, place, holder: at, value });
    if (place === 'enum') return;
    const fields = (props: unknown, base: string) => {
      if (isObject(props)) for (const [name, p] of Object.entries(props)) walk(p, 'property', `${base}/properties/${escape(name)}`);
    };
    fields(node.properties, at);
    if (isObject(node.items)) walk(node.items, 'items', `${at}/items`);
    if (isObject(node.additionalProperties)) walk(node.additionalProperties, 'property', `${at}/additionalProperties`);
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[k];
      if (Array.isArray(branches)) branches.forEach((b, i) => walk(b, place === 'items' ? 'items' : 'property', `${at}/${k}/${i}`));
    }
    const actions = node['x-row-actions'];
    if (place === 'entity' && Array.isArray(actions)) actions.forEach((a, i) => isObject(a) && fields(a.form && isObject(a.form) ? a.form.properties : undefined, `${at}/x-row-actions/${i}/form`));
  };
  walk(doc, kind, '');
  return uses;
}

/** The declared keyword closest in spelling to `name` (for "did you mean"), if any is close. */
export function nearestKeyword(name: string): SchemaKeyword | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let prev = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const keep = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = keep;
      }
    }
    return row[b.length]!;
  };
  let best: SchemaKeyword | undefined;
  let bestDistance = 3;
  for (const k of SCHEMA_KEYWORD_NAMES) {
    const d = distance(name, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}
