/**
 * `image-preview`: a read-only picture (the first of a comma-separated list, spec §3) with a
 * hover preview, a badge by `x-preview-type` (1 white list, 2 black list, 3 intrusion, 4 person)
 * and a counter that shows 99+ above 99 when the value is a list. A click opens every picture
 * of the list with previous / next. Used as a form widget and as a list cell.
 */
import { Badge, Image, Popover, Space, Tag } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

// The value helpers live apart (image-preview-values.ts) so list cells reach them without antd Image.
import { countLabel, isPictureList, pictureUrls, previewTypeOf, PREVIEW_TYPE_COLOURS } from './image-preview-values';
export { countLabel, isPictureList, pictureUrls, previewTypeOf, PREVIEW_COUNT_MAX, PREVIEW_TYPE_COLOURS } from './image-preview-values';

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
