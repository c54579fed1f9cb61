/**
 * Small helpers for declaring event schemas with TypeBox. They give plain JSON Schema (the
 * same objects ajv compiles) plus the console's `x-labels` keyword, whose three languages
 * name a field in validation messages.
 */
import { Type, type SchemaOptions, type TSchema, type TUnsafe } from '@sinclair/typebox';

/** `x-labels` of a field: its name in the three languages. */
export const labels = (en: string, zh: string, ja: string) => ({ 'x-labels': { en, zh, ja } });

/** A non-empty text of at most `max` characters in the console's general-text format. */
export const Text = (max: number, en: string, zh: string, ja: string) => Type.String({ minLength: 1, maxLength: max, format: 'general-text', ...labels(en, zh, ja) });

/** A schema given as plain JSON Schema (a type list, a shape TypeBox would write differently), typed as T. */
export const Json = <T>(schema: Record<string, unknown>): TUnsafe<T> => Type.Unsafe<T>(schema);

/** An answer whose shape is a record with arbitrary keys of one type. */
export const Dict = <T extends TSchema>(value: T, options?: SchemaOptions) => Type.Record(Type.String(), value, options);

/** An answer of nothing in particular: `{}`. */
export const Empty = () => Type.Object({});

/** A page of a list: `{total, pageNum, pageSize, list}`. */
export const Page = <T extends TSchema>(row: T) => Type.Object({ total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer(), list: Type.Array(row) });
