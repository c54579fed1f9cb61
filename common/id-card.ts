/**
 * Checks of a mainland China resident ID card number (spec §5 face entry: length, format, region
 * and birth date). Both sides use it: the face form and the server's face rules.
 */
import type { MessageKey } from './messages';

/** Province-level region codes (the first two digits). */
const REGIONS = new Set([11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character of the first 17 digits of an 18-character number. */
export function idCardCheckChar(first17: string): string {
  const sum = [...first17].reduce((acc, c, i) => acc + Number(c) * WEIGHTS[i]!, 0);
  return CHECK[sum % 11]!;
}

/** The message key of the first check an ID card number fails, or null when it passes (`today` for tests). */
export function checkIdCard(value: string, today = new Date()): MessageKey | null {
  const v = value.trim().toUpperCase();
  if (v.length !== 18 && v.length !== 15) return 'idCardLength';
  if (v.length === 18 ? !/^\d{17}[\dX]$/.test(v) : !/^\d{15}$/.test(v)) return 'idCardFormat';
  if (!REGIONS.has(Number(v.slice(0, 2)))) return 'idCardRegion';
  const [y, m, d] = v.length === 18 ? [Number(v.slice(6, 10)), Number(v.slice(10, 12)), Number(v.slice(12, 14))] : [1900 + Number(v.slice(6, 8)), Number(v.slice(8, 10)), Number(v.slice(10, 12))];
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > today.getTime()) return 'idCardBirth';
  if (v.length === 18 && idCardCheckChar(v.slice(0, 17)) !== v[17]) return 'idCardFormat';
  return null;
}
