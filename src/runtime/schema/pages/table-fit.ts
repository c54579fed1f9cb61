/**
 * Tables fit (issue 22), a rule of the runtime rather than of each screen: every generated list
 * column gets a width from its kind, its longest enum label and its header in the user's language;
 * the table's horizontal scroll is the sum of them, so no column ever lies under the fixed actions
 * column and the actions stay on screen; the body scrolls inside the card under a fixed header,
 * as high as the window leaves room for.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { Lang } from '@common/protocol';
import type { SchemaRegistry } from '../schema-registry';
import { pickLabel, type PropertySchema } from '../schema-types';
import { cellKindOf, ENUM_LIST_SHOWN } from '../cell-renderers';

/** Pixel width of a text in the console's 14 px font (wide characters count double). */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 14.5 : 8;
  return Math.ceil(w);
}

const CELL_PADDING = 34;
const SORTER = 26;
const TAG = 18;

/** The least width of a kind's cell. */
const KIND_WIDTH: Record<string, number> = {
  image: 72,
  preview: 84,
  detection: 84,
  datetime: 0, // from the date pattern (see columnWidth)
  boolean: 80,
  ref: 150,
  'enum-key': 140,
  'navi-progress': 200,
  rows: 90,
};

/** The width of a generated list column. */
export function columnWidth(p: PropertySchema, title: string, lang: Lang, schemas: Pick<SchemaRegistry, 'enumById'>, sortable: boolean): number {
  const kind = cellKindOf(p);
  let body: number;
  if (kind === 'enum') {
    const values = schemas.enumById(p['x-enum']!)?.values ?? [];
    body = Math.max(80, ...values.map((v) => textWidth(pickLabel(v.labels, lang, v.key)) + TAG + CELL_PADDING));
  } else if (kind === 'enum-list') {
    // Two labels and a "+N" tag (cell-renderers ENUM_LIST_SHOWN).
    const values = schemas.enumById(p.items?.['x-enum'] ?? '')?.values ?? [];
    const longest = Math.max(40, ...values.map((v) => textWidth(pickLabel(v.labels, lang, v.key)) + TAG));
    body = Math.min(longest, 140) * ENUM_LIST_SHOWN + 4 * ENUM_LIST_SHOWN + 36 + CELL_PADDING;
  } else if (kind === 'datetime') body = textWidth('0000-00-00 00:00:00') + CELL_PADDING;
  else if (kind === 'plain') {
    const types = Array.isArray(p.type) ? p.type : [p.type];
    body = types.includes('number') || types.includes('integer') ? 100 : p.maxLength !== undefined && p.maxLength <= 12 ? 120 : 180;
  } else body = KIND_WIDTH[kind] ?? 140;
  if (p['x-severity']) body += TAG + 14;
  const head = textWidth(title) + CELL_PADDING + (sortable ? SORTER : 0);
  return Math.min(360, Math.max(body, head));
}

/** Whether a kind's cell may be cut with an ellipsis (texts; not pictures, progress bars or tag lists). */
export const ellipsisKind = (p: PropertySchema): boolean => !['preview', 'image', 'detection', 'navi-progress', 'enum-list', 'rows'].includes(cellKindOf(p));

/**
 * The height the table's body may take so the page fits the window: from the table's top to the
 * window's bottom, less the header row, the pager and the card's padding (at least `min`).
 */
export function useBodyHeight(ref: RefObject<HTMLElement | null>, deps: readonly unknown[], min = 240): number {
  const [height, setHeight] = useState(min);
  useEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = Math.max(min, Math.floor(window.innerHeight - top - 56 - 64 - 28));
      setHeight((h) => (Math.abs(h - next) > 4 ? next : h));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (observer && ref.current?.parentElement) observer.observe(ref.current.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, deps);
  return height;
}
