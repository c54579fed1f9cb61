/** The label of a robot's status (spec §4): the code's label when online, else offline / unknown. */
import { statusLabelKey } from '@common/robot';
import type { Lang } from '@common/protocol';
import type { SchemaRegistry } from './schema-registry';

/** Enum id holding the status labels (with x-extra offline / unknown). */
export const ROBOT_STATUS_ENUM = 'robot-status';

/** The status label key and its text in a language. */
export function robotStatusLabel(schemas: Pick<SchemaRegistry, 'enumLabel'>, online: number | boolean | undefined, status: number | undefined, lang: Lang): { key: string; label: string } {
  const key = statusLabelKey(online, status);
  const code = Number(key);
  return { key, label: schemas.enumLabel(ROBOT_STATUS_ENUM, Number.isInteger(code) && key !== '' ? code : key, lang) };
}
