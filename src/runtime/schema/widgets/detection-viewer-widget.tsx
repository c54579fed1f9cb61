/**
 * `detection-viewer`: a detection's picture. As a list cell it is a thumbnail that opens the
 * detection viewer on its row, with previous / next through the rows of the page; as a form
 * widget it is a read-only preview.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { ViewerField, ViewerRecord } from '../../ui/detection-viewer';

// The viewer (and the antd parts only it uses) loads on the first click, not with every list.
const DetectionViewer = lazy(() => import('../../ui/detection-viewer'));
import { pictureUrls } from './image-preview-values';
import { LazyImagePreview as ImagePreview } from './image-preview-lazy';

/** Props of the list cell. */
export interface DetectionViewerCellProps {
  value: unknown;
  row?: ViewerRecord;
  /** The rows of the page, for previous / next. */
  rows?: ViewerRecord[];
  /** The property holding the picture. */
  field: string;
  /** The record's other fields, shown under the picture or position. */
  fields?: ViewerField[];
}

/** The list cell: a thumbnail (or a position button when there is no picture) opening the viewer. */
export function DetectionViewerCell({ value, row, rows, field, fields }: DetectionViewerCellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const records = rows && rows.length ? rows : row ? [row] : [];
  const start = Math.max(0, records.findIndex((r) => r === row || (row?.id !== undefined && r.id === row.id)));
  const url = pictureUrls(value)[0];
  return (
    <>
      <Button
        type="text"
        size="small"
        style={{ padding: 0, height: 'auto' }}
        onClick={() => setOpen(true)}
        aria-label={t('detection.viewer.open')}
        data-testid={`detection-open-${String(row?.id ?? '')}`}
      >
        {url ? <img src={url} alt="" width={48} height={36} style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} /> : <AimOutlined style={{ fontSize: 20 }} />}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <DetectionViewer records={records} start={start} pictureField={field} fields={fields} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The form widget: a read-only preview of the picture. */
export function DetectionViewerWidget({ value, id }: WidgetProps) {
  return (
    <div id={id}>
      <ImagePreview value={value} />
    </div>
  );
}
