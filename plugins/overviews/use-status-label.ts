/** The status label of a robot in the user's language (spec §4 status codes, offline). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { robotStatusLabel, useSchemas, type FleetRobot, type Lang } from '@runtime';

/** Label and key of a robot's status. */
export function useStatusLabel(): { label: (r: FleetRobot) => string; key: (r: FleetRobot) => string; labelOfKey: (key: string) => string } {
  const { i18n } = useTranslation();
  const schemas = useSchemas();
  const lang = i18n.language as Lang;
  const label = useCallback((r: FleetRobot) => robotStatusLabel(schemas, r.online, r.status, lang).label, [schemas, lang]);
  const key = useCallback((r: FleetRobot) => robotStatusLabel(schemas, r.online, r.status, lang).key, [schemas, lang]);
  const labelOfKey = useCallback((k: string) => robotStatusLabel(schemas, k === 'offline' ? 0 : 1, k === 'offline' || k === 'unknown' ? undefined : Number(k), lang).label, [schemas, lang]);
  return { label, key, labelOfKey };
}
