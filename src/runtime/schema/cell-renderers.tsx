/**
 * How a list cell shows a value, chosen by the property's kind (enum, enum list,
 * reference, date-time, image, image preview, boolean, plain). A registry keyed by kind.
 */
import { Suspense, type ReactNode } from 'react';
import { Popover, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { lazyPage } from '../app/lazy-page';
import { formatMessage, MESSAGES, type MessageKey } from '@common/messages';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { pageName, PAGE_REF } from '../i18n/page-names';
import { formatBoolean, formatDateTime, severityOf, type SeveritySpec } from '../i18n/format';
import type { SchemaRegistry } from './schema-registry';
import { pickLabel, type PropertySchema } from './schema-types';
import type { RefOptions } from './ref-lookups';
import { robotStatusLabel, ROBOT_STATUS_ENUM } from './robot-status';
import { pictureUrls, previewTypeOf } from './widgets/image-preview-values';
import { LazyImagePreview as ImagePreview } from './widgets/image-preview-lazy';
import { DetectionViewerCell } from './widgets/detection-viewer-widget';
import { SeverityTag } from '../ui/severity-tag';

/** What a cell renderer may use. */
export interface CellContext {
  lang: Lang;
  schemas: SchemaRegistry;
  refs: Record<string, RefOptions>;
  /** The rows of the page (the detection viewer's previous / next). */
  rows?: readonly Record<string, unknown>[];
  /** The property being rendered. */
  property?: string;
  /** The list's columns (the detection viewer shows them beside the picture). */
  columns?: { name: string; label: string; property: PropertySchema }[];
}

/** Renders one value of a property (the row is there for values that depend on others). */
export type CellRenderer = (value: unknown, property: PropertySchema, ctx: CellContext, row?: Record<string, unknown>) => ReactNode;

const empty = <span style={{ opacity: 0.45 }}>—</span>;

/** How many labels of a list of enum values a cell shows before counting the rest. */
export const ENUM_LIST_SHOWN = 2;

// Tag colours of well-known enum keys; other values use the default tag.
const KEY_COLOURS: Record<string, string> = { enabled: 'green', disabled: 'default', online: 'green', offline: 'default' };

/** Renderers of particular enumerations, by enum id (before the generic enum renderer). */
export const ENUM_CELL_RENDERERS: Record<string, CellRenderer> = {
  // Spec §4: the status label shows only when online; offline otherwise, unknown for other codes.
  [ROBOT_STATUS_ENUM](value, _p, ctx, row) {
    const online = row && 'online' in row ? (row.online as number | boolean | undefined) : 1;
    const { key, label } = robotStatusLabel(ctx.schemas, online, typeof value === 'number' ? value : undefined, ctx.lang);
    return <Tag color={key === 'offline' || key === 'unknown' ? 'default' : 'blue'}>{label}</Tag>;
  },
};

/** antd Progress (~6 KB gzip) loads when a navigation-progress cell shows one (issue 23). */
const Progress = lazyPage(async () => ({ default: (await import('antd/es/progress')).default }));

/** A patrol task's progress (issue 5): lap of laps and route point while it runs, all laps once finished. */
function NaviProgressCell({ row }: { row: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const n = (k: string) => (typeof row[k] === 'number' ? (row[k] as number) : 0);
  const [status, lap, count, point, points] = [n('status'), n('lap'), Math.max(1, n('count')), n('point'), n('points')];
  if (status === 3) return <span data-testid="navi-progress" data-state="finished">{t('naviProgress.done', { count })}</span>;
  // The last run failed (robot offline, server restarted, emergency stop): say why, beside the task's state.
  if (status !== 2 && row.lastResult === 'failed') {
    const key = typeof row.lastReason === 'string' && row.lastReason in MESSAGES ? (row.lastReason as MessageKey) : null;
    return (
      <Typography.Text type="danger" data-testid="navi-progress" data-state="failed">
        {key ? t('naviProgress.failedBecause', { reason: formatMessage(key, lang) }) : t('naviProgress.failed')}
      </Typography.Text>
    );
  }
  if (status !== 2 || !lap) return empty;
  const pct = Math.round((((lap - 1) + (points > 1 ? Math.max(0, point - 1) / (points - 1) : 0)) / count) * 100);
  return (
    <Space direction="vertical" size={0} style={{ minWidth: 140 }} data-testid="navi-progress" data-state="running" data-lap={lap} data-point={point}>
      <span>
        {t('naviProgress.lap', { lap, count })} · {t('naviProgress.point', { point, points })}
      </span>
      <Suspense fallback={<div style={{ height: 8 }} />}>
        <Progress percent={Math.min(100, pct)} size="small" showInfo={false} status="active" />
      </Suspense>
    </Space>
  );
}

/** Cell renderers by kind. */
export const CELL_RENDERERS: Record<string, CellRenderer> = {
  enum(value, p, ctx, row) {
    const special = ENUM_CELL_RENDERERS[p['x-enum']!];
    if (special) return special(value, p, ctx, row);
    if (value === undefined || value === null || value === '') return empty;
    const e = ctx.schemas.enumById(p['x-enum']!);
    const hit = e?.values.find((v) => String(v.value) === String(value));
    const label = ctx.schemas.enumLabel(p['x-enum']!, value, ctx.lang);
    const colour = hit ? (hit.colour ?? KEY_COLOURS[hit.key]) : undefined;
    return colour ? <Tag color={colour}>{label}</Tag> : label;
  },
  // Tables fit: the first two labels on one line, the rest counted (+N), all of them on hover.
  'enum-list'(value, p, ctx) {
    if (!Array.isArray(value) || value.length === 0) return empty;
    const labels = value.map((v) => ctx.schemas.enumLabel(p.items!['x-enum']!, v, ctx.lang));
    const rest = labels.length - ENUM_LIST_SHOWN;
    return (
      <Tooltip title={rest > 0 ? labels.join(', ') : undefined} mouseEnterDelay={0.3}>
        <div style={{ display: 'flex', flexWrap: 'nowrap', gap: 4, overflow: 'hidden' }} data-count={labels.length}>
          {labels.slice(0, ENUM_LIST_SHOWN).map((label, i) => (
            <Tag key={i} style={{ marginInlineEnd: 0 }}>
              {label}
            </Tag>
          ))}
          {rest > 0 ? <Tag style={{ marginInlineEnd: 0 }}>+{rest}</Tag> : null}
        </div>
      </Tooltip>
    );
  },
  // Text that may be an enum key (a built-in role's name "generalUser" reads "General user").
  'enum-key'(value, p, ctx) {
    if (value === undefined || value === null || value === '') return empty;
    const hit = ctx.schemas.enumById(p['x-key-enum']!)?.values.find((v) => v.key === value);
    return hit ? pickLabel(hit.labels, ctx.lang, hit.key) : String(value);
  },
  ref(value, p, ctx) {
    if (value === undefined || value === null || value === '') return empty;
    // A console page (a role's home page) reads by the page's name.
    if (p['x-ref'] === PAGE_REF) return pageName(String(value), ctx.lang, ctx.schemas.entities);
    return ctx.refs[p['x-ref']!]?.byId.get(String(value))?.label ?? String(value);
  },
  // One date-time format per language (src/runtime/i18n/format.ts).
  datetime(value, _p, ctx) {
    if (!value) return empty;
    return formatDateTime(value as string | number, ctx.lang);
  },
  image(value) {
    return typeof value === 'string' && value ? <ImagePreview value={value} size={32} /> : empty;
  },
  // `image-preview`: hover preview, type badge (x-preview-type: a type, or the field holding it), 99+ counter.
  preview(value, p, _ctx, row) {
    return pictureUrls(value).length ? <ImagePreview value={value} size={32} previewType={previewTypeOf(p['x-preview-type'], row)} /> : empty;
  },
  // `detection-viewer`: the picture opens the viewer on this row (previous / next through the page, picture / position).
  detection(value, _p, ctx, row) {
    const field = ctx.property ?? 'pictureUrl';
    const shown = (ctx.columns ?? []).filter((c) => c.name !== field);
    const fields = shown.map((c) => ({ key: c.name, label: c.label, render: (record: Record<string, unknown>) => renderCell(record[c.name], c.property, { ...ctx, property: c.name, columns: undefined }, record) }));
    return <DetectionViewerCell value={value} row={row} rows={ctx.rows as Record<string, unknown>[] | undefined} field={field} fields={fields} />;
  },
  // An array of flat objects (a SOC table): its row count, the rows on hover.
  rows(value, p, ctx) {
    if (!Array.isArray(value) || value.length === 0) return empty;
    const props = p.items?.properties ?? {};
    const columns = Object.keys(props).map((c) => ({ key: c, dataIndex: c, title: pickLabel(props[c]?.['x-labels'], ctx.lang, c) }));
    const table = <Table size="small" rowKey={(_, i) => String(i)} dataSource={value as Record<string, unknown>[]} columns={columns} pagination={value.length > 10 ? { pageSize: 10, size: 'small' } : false} style={{ minWidth: 240 }} />;
    return (
      <Popover content={table} mouseEnterDelay={0.2} destroyOnHidden>
        <Tag style={{ cursor: 'default' }}>{value.length} ×</Tag>
      </Popover>
    );
  },
  // `navi-progress`: a patrol task's lap and point (from the row's status, lap, count, point, points).
  'navi-progress'(_value, _p, _ctx, row) {
    return row ? <NaviProgressCell row={row} /> : empty;
  },
  // Never true / false: a translated Yes / No (an x-enum on the field gives a domain word instead).
  boolean(value, _p, ctx) {
    return value === undefined || value === null ? empty : formatBoolean(value, ctx.lang);
  },
  plain(value, _p, ctx) {
    if (value === undefined || value === null || value === '') return empty;
    if (typeof value === 'boolean') return formatBoolean(value, ctx.lang);
    // A list of texts or numbers (e-mail receivers) reads as a list, not as JSON.
    if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
      return value.length ? value.map((v) => (typeof v === 'boolean' ? formatBoolean(v, ctx.lang) : String(v ?? ''))).join(', ') : empty;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  },
};

/** The kind of a property for list display. */
export function cellKindOf(p: PropertySchema): string {
  if (p['x-enum']) return 'enum';
  if (p.type === 'array' && p.items?.['x-enum']) return 'enum-list';
  if (p['x-ref']) return 'ref';
  if (p['x-key-enum']) return 'enum-key';
  if (p['x-widget'] === 'datetime' || p.format === 'date-time') return 'datetime';
  if (p['x-widget'] === 'image-upload') return 'image';
  if (p['x-widget'] === 'image-preview' || p['x-widget'] === 'images-upload' || (p.type === 'array' && p.items?.['x-widget'] === 'image-upload')) return 'preview';
  if (p['x-widget'] === 'detection-viewer') return 'detection';
  if (p['x-widget'] === 'navi-progress') return 'navi-progress';
  if (p.type === 'boolean') return 'boolean';
  if (p.type === 'array' && p.items?.type === 'object') return 'rows';
  return 'plain';
}


/** The text of a value of a kind that has one (enums, booleans, plain values), for a severity tag. */
function textOf(value: unknown, p: PropertySchema, ctx: CellContext, kind: string): string | undefined {
  if (kind === 'enum' && !ENUM_CELL_RENDERERS[p['x-enum']!]) return ctx.schemas.enumLabel(p['x-enum']!, value, ctx.lang);
  if (kind === 'boolean') return formatBoolean(value, ctx.lang);
  if (kind === 'plain' && (typeof value === 'number' || typeof value === 'string')) return String(value);
  return undefined;
}

/**
 * Renders a cell of a property with the renderer of its kind. A value that x-severity judges
 * abnormal stands out the same way everywhere (lists, the detection viewer): a tag in the alarm
 * level's colour with a warning mark (not colour alone), data-severity for tests.
 */
export function renderCell(value: unknown, p: PropertySchema, ctx: CellContext, row?: Record<string, unknown>): ReactNode {
  const kind = cellKindOf(p);
  const level = severityOf(p['x-severity'] as SeveritySpec | undefined, value, row, ctx.property);
  if (level && value !== undefined && value !== null && value !== '') {
    const text = textOf(value, p, ctx, kind);
    const body = text ?? (CELL_RENDERERS[kind] ?? CELL_RENDERERS.plain!)(value, p, ctx, row);
    return <SeverityTag level={level}>{body}</SeverityTag>;
  }
  return (CELL_RENDERERS[kind] ?? CELL_RENDERERS.plain!)(value, p, ctx, row);
}
