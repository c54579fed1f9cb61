import { Files } from '../../common/constants';
import { FORMATS } from '../../common/formats';
import { checkIdCard } from '../../common/id-card';
import { StatusCode } from '../../common/protocol';
import { AppError } from '../errors';
import type { Row } from '../store/db';
import { defineEntityHooks } from './hooks';

/** Spec §3: ID type 1 is the resident ID card, whose number is checked. */
export const ID_TYPE_ID_CARD = 1;

/** The photo URLs of a comma-separated list. */
export function photoList(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

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

/** Registers the face library's rules on create and edit (the same rules the batch import uses). */
export function registerFaceHooks(): void {
  defineEntityHooks('face-entry', {
    async beforeCreate(_ctx, _tx, values) {
      values.pictureUrl = photoList(values.pictureUrl).join(',');
      checkFaceEntry(values);
    },
    async beforeUpdate(_ctx, _tx, values, existing) {
      if (values.pictureUrl !== undefined) values.pictureUrl = photoList(values.pictureUrl).join(',');
      const merged = { ...existing, ...values };
      checkFaceEntry(merged, values.pictureUrl !== undefined ? photoList(existing.pictureUrl) : undefined);
    },
  });
}
