import type { SettingsDoc } from '../../../common/settings';
import type { Queryable } from '../../store/db';
import { judgeReadings } from './thresholds';

/** Kinds whose readings the robot's thresholds judge (robotSetting). */
export const THRESHOLD_KINDS: readonly string[] = ['env', 'thermal', 'temperature'];
/** Kinds the server itself recognises: ID cards against the company's blacklist, readings against the thresholds. */
export const RECOGNISED_KINDS: readonly string[] = ['idCard', ...THRESHOLD_KINDS];

/**
 * The server's own recognition of a detection (the robot's judgement is replaced): an ID card is
 * blacklisted when its number is on the company's identity blacklist; env, thermal and body
 * temperature readings are judged against the robot's thresholds (`settings`; undefined: left as
 * reported). Used when a detection arrives and when a run's detections are re-recognised
 * (POST /robot/naviRecord/reRecog). Changes `data` in place.
 */
export async function recogniseDetection(
  db: Queryable,
  companyId: number | null,
  kind: string,
  data: Record<string, unknown>,
  settings: SettingsDoc | null | undefined,
): Promise<void> {
  if (kind === 'idCard') {
    const listed = typeof data.idNumber === 'string' && companyId
      ? await db.query('SELECT 1 FROM black_identities WHERE "companyId" = $1 AND upper("idNumber") = upper($2)', [companyId, data.idNumber])
      : [];
    data.blacklisted = listed.length > 0;
  }
  if (settings !== undefined && THRESHOLD_KINDS.includes(kind)) judgeReadings(kind, data, settings);
}
