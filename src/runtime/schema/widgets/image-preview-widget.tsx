/**
 * `image-preview`: a read-only picture (the first of a comma-separated list, spec §3) with a
 * hover preview, a badge by `x-preview-type` (1 white list, 2 black list, 3 intrusion, 4 person)
 * and a counter that shows 99+ above 99.
 */
import { Badge, Image, Popover, Space, Tag } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** The counter text: the number, or 99+ above 99. */
export function countLabel(n: number): string {
  return n > 99 ? '99+' : String(n);
}

/** The picture urls of a value (comma-separated list or array). */
export function pictureUrls(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return list.map((s) => s.trim()).filter(Boolean);
}

const TYPE_COLOURS: Record<number, string> = { 1: 'green', 2: 'red', 3: 'orange', 4: 'blue' };

/** The preview itself (also used as a table cell). */
export function ImagePreview({ value, previewType }: { value: unknown; previewType?: number }) {
  const { t } = useTranslation();
  const urls = pictureUrls(value);
  if (urls.length === 0) return <span>—</span>;
  const thumb = <Image src={urls[0]} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} preview={false} />;
  return (
    <Space size={4}>
      <Popover content={<Image src={urls[0]} width={240} />} mouseEnterDelay={0.2}>
        <Badge count={urls.length > 1 ? countLabel(urls.length) : 0} size="small">
          {thumb}
        </Badge>
      </Popover>
      {previewType ? <Tag color={TYPE_COLOURS[previewType]}>{t(`preview.type.${previewType}`)}</Tag> : null}
    </Space>
  );
}

/** Widget form of the preview (read-only). */
export function ImagePreviewWidget({ value, schema }: WidgetProps) {
  return <ImagePreview value={value} previewType={schema['x-preview-type'] as number | undefined} />;
}
