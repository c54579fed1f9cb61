import { Files } from '../../common/constants';
import { FORMATS } from '../../common/formats';
import { checkIdCard } from '../../common/id-card';
import { StatusCode } from '../../common/protocol';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../errors';
import type { Queryable, Row } from '../store/db';
import { defineEntityHooks } from './hooks';
import type { Entity } from '../schemas/loader';

/** Spec §3: ID type 1 is the resident ID card, whose number is checked. */
export const ID_TYPE_ID_CARD = 1;

/** The photo URLs of a comma-separated list. */
export function photoList(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

const labelOf = (entity: Entity, name: string, lang: string) => (entity.schema.properties[name]?.['x-labels'] as Record<string, string> | undefined)?.[lang] ?? name;

const bad = (key: ConstructorParameters<typeof AppError>[1], vars: Record<string, string | number> = {}) => new AppError(StatusCode.badRequest, key, vars);

/**
 * The face rules of spec §5 on a whole record: photos before submit, at most 9, uploaded here;
 * an ID card number passes its checks. `original`: the photos before an edit (one must stay).
 */
export function checkFaceEntry(values: Row, original?: string[]): void {
  const photos = photoList(values.pictureUrl);
  if (photos.length === 0) throw bad('facePhotoRequired');
  if (photos.length > Files.facesPerPerson) throw bad('faceTooMany', { limit: Files.facesPerPerson });
  if (photos.some((p) => p === '' || !FORMATS['upload-url']!.validate(p))) throw bad('facePhotoInvalid');
  if (original && original.length && !photos.some((p) => original.includes(p))) throw bad('faceKeepOriginal');
  if (Number(values.idType ?? ID_TYPE_ID_CARD) === ID_TYPE_ID_CARD) {
    const problem = checkIdCard(String(values.idNumber ?? ''));
    if (problem) throw bad(problem);
  }
}

/** The identity blacklist: a checked ID card number, once per company. */
async function checkBlackIdentity(tx: Queryable, values: Row, field: string, exceptId?: number): Promise<void> {
  const number = String(values.idNumber ?? '').trim().toUpperCase();
  const problem = checkIdCard(number);
  if (problem) throw bad(problem);
  values.idNumber = number;
  const rows = await tx.query('SELECT 1 FROM black_identities WHERE "companyId" = $1 AND upper("idNumber") = $2 AND id <> $3', [values.companyId, number, exceptId ?? 0]);
  if (rows.length) throw new AppError(StatusCode.conflict, 'duplicate', { field, value: number });
}

/**
 * Spec §5 "face-entry password: 6-18 letters and digits" (format face-password, checked by the
 * schema): write-only, never answered, and kept as an argon2 hash like a user's password.
 */
async function hashFacePassword(values: Row): Promise<void> {
  if (typeof values.password === 'string') values.password = await hashPassword(values.password);
}

/** Registers the face library's rules on create and edit (the same rules the batch import uses), and the blacklist's. */
export function registerFaceHooks(): void {
  defineEntityHooks('black-identity', {
    async beforeCreate(ctx, tx, values, entity) {
      await checkBlackIdentity(tx, values, labelOf(entity, 'idNumber', ctx.lang));
    },
    async beforeUpdate(ctx, tx, values, existing, entity) {
      if (values.idNumber === undefined && values.companyId === undefined) return;
      const merged = { ...existing, ...values };
      await checkBlackIdentity(tx, merged, labelOf(entity, 'idNumber', ctx.lang), Number(existing.id));
      values.idNumber = merged.idNumber;
    },
  });
  defineEntityHooks('face-entry', {
    async beforeCreate(_ctx, _tx, values) {
      values.pictureUrl = photoList(values.pictureUrl).join(',');
      checkFaceEntry(values);
      await hashFacePassword(values);
    },
    async beforeUpdate(_ctx, _tx, values, existing) {
      if (values.pictureUrl !== undefined) values.pictureUrl = photoList(values.pictureUrl).join(',');
      const merged = { ...existing, ...values };
      checkFaceEntry(merged, values.pictureUrl !== undefined ? photoList(existing.pictureUrl) : undefined);
      await hashFacePassword(values);
    },
  });
}
