/** What the picture preview (image-preview-widget.tsx) reads from a value, without its antd Image (issue 23). */

/** Largest count the counter spells out; above it shows `99+`. */
export const PREVIEW_COUNT_MAX = 99;

/** The counter text: the number, or 99+ above 99. */
export function countLabel(n: number): string {
  return n > PREVIEW_COUNT_MAX ? `${PREVIEW_COUNT_MAX}+` : String(n);
}

/** The picture urls of a value (comma-separated list or array). */
export function pictureUrls(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return list.map((s) => s.trim()).filter(Boolean);
}

/** Whether a value is a list of pictures (an array or a comma-separated string), which shows a counter. */
export function isPictureList(value: unknown): boolean {
  return Array.isArray(value) || (typeof value === 'string' && value.includes(','));
}

/** Preview types of `x-preview-type` (spec §3) and the colour of each badge. */
export const PREVIEW_TYPE_COLOURS: Record<number, string> = { 1: 'green', 2: 'red', 3: 'orange', 4: 'blue' };

/**
 * The preview type of a picture: `x-preview-type` is either the type itself (1–4) or the name of
 * a field of the same record that holds it (lists of mixed pictures).
 */
export function previewTypeOf(setting: unknown, record?: Record<string, unknown>): number | undefined {
  const raw = typeof setting === 'string' ? record?.[setting] : setting;
  const n = typeof raw === 'string' ? Number(raw) : raw;
  return typeof n === 'number' && PREVIEW_TYPE_COLOURS[n] ? n : undefined;
}
