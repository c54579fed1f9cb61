/**
 * `image-preview`: a read-only picture (the first of a comma-separated list, spec §3) with a
 * hover preview, a badge by `x-preview-type` (1 white list, 2 black list, 3 intrusion, 4 person)
 * and a counter that shows 99+ above 99 when the value is a list. A click opens every picture
 * of the list with previous / next. Used as a form widget and as a list cell.
 */
import { Badge, Image, Popover, Space, Tag } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

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

/** Props of the preview. */
export interface ImagePreviewProps {
  value: unknown;
  previewType?: number;
  /** Thumbnail edge in pixels (48 in forms, smaller in table cells). */
  size?: number;
}

/** The preview itself (also used as a table cell). */
export function ImagePreview({ value, previewType, size = 48 }: ImagePreviewProps) {
  const { t } = useTranslation();
  const urls = pictureUrls(value);
  if (urls.length === 0) return <span style={{ opacity: 0.45 }}>—</span>;
  const counted = isPictureList(value);
  return (
    <Space size={4} data-testid="image-preview">
      <Popover content={<img src={urls[0]} alt="" style={{ maxWidth: 320, maxHeight: 320, display: 'block' }} />} mouseEnterDelay={0.2} destroyOnHidden>
        <Badge count={counted ? countLabel(urls.length) : 0} size="small" data-testid="image-preview-count">
          <Image.PreviewGroup items={urls}>
            <Image
              src={urls[0]}
              alt={previewType ? `${t('preview.picture')} · ${t(`preview.type.${previewType}`)}` : t('preview.picture')}
              width={size}
              height={size}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              preview={{ mask: null }}
            />
          </Image.PreviewGroup>
        </Badge>
      </Popover>
      {previewType ? (
        <Tag color={PREVIEW_TYPE_COLOURS[previewType]} style={{ marginInlineEnd: 0 }} data-testid="image-preview-type">
          {t(`preview.type.${previewType}`)}
        </Tag>
      ) : null}
    </Space>
  );
}

/** Widget form of the preview (read-only). */
export function ImagePreviewWidget({ value, schema, id }: WidgetProps) {
  return (
    <div id={id}>
      <ImagePreview value={value} previewType={previewTypeOf(schema['x-preview-type'])} />
    </div>
  );
}
