/**
 * Types of the schema format (schemas/entities, schemas/settings, schemas/enums): JSON Schema plus
 * `x-` keywords. Derived once in common/schema-format.ts from the keyword declarations
 * (common/schema-keywords.ts), shared with the server's loader; re-exported here under the names
 * the runtime has always used.
 */
import type { Lang } from '@common/protocol';
import type { EntitySchema, EnumSchema, Labels, SettingsSchema } from '@common/schema-format';

export type {
  ApiBinding,
  EntityApi,
  EntitySchema,
  EnumSchema,
  EnumValue,
  Labels,
  ListInfo,
  LookupInfo,
  MenuInfo,
  PropertySchema,
  SettingsProperty,
  SettingsSchema,
  SingleInfo,
} from '@common/schema-format';

/** The `GET /api/schemas` answer. */
export interface SchemaSet {
  entities: EntitySchema[];
  enums: EnumSchema[];
  /** Settings schemas (absent from older servers). */
  settings?: SettingsSchema[];
}

/** Picks the text of the language, falling back to English, Chinese, then the fallback. */
export function pickLabel(labels: Labels | undefined, lang: Lang, fallback = ''): string {
  return labels?.[lang] ?? labels?.en ?? labels?.zh ?? labels?.ja ?? fallback;
}
