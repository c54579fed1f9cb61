/**
 * Bulk delete of the generated lists: the selected rows are deleted one by one through the
 * DataProvider (each through the entity's own delete binding, so every server rule and the
 * operation log apply per record), after one confirmation; the result names what failed and why.
 */
import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useDataProvider, type BaseKey } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { isAbortedError } from '../../api/errors';

/** One record that could not be deleted, with the server's statusInfo. */
export interface DeleteFailure {
  id: BaseKey;
  label: string;
  message: string;
}

/** The outcome of a bulk delete. */
export interface BulkDeleteResult {
  deleted: BaseKey[];
  failed: DeleteFailure[];
}

/** Deletes records one after another (not in parallel: the server keeps each rule and log entry in order). */
export async function deleteOneByOne(
  items: { id: BaseKey; label: string }[],
  deleteOne: (id: BaseKey) => Promise<unknown>,
  onProgress?: (done: number) => void,
): Promise<BulkDeleteResult> {
  const result: BulkDeleteResult = { deleted: [], failed: [] };
  for (const [i, item] of items.entries()) {
    try {
      await deleteOne(item.id);
      result.deleted.push(item.id);
    } catch (error) {
      result.failed.push({ id: item.id, label: item.label, message: isAbortedError(error) ? 'aborted' : (error as Error)?.message || String(error) });
    }
    onProgress?.(i + 1);
  }
  return result;
}

/** Props of the bulk delete bar. */
export interface BulkDeleteBarProps {
  entityId: string;
  /** The selected rows: id and a label that names the record to a person (its first column). */
  selected: { id: BaseKey; label: string }[];
  onClear: () => void;
  /** After the run: the ids that are gone (the list refreshes and drops them from the selection). */
  onDone: (deleted: BaseKey[]) => void;
}

/** "N selected · Clear · Delete selected (N)" above the table while rows are selected. */
export function BulkDeleteBar({ entityId, selected, onClear, onDone }: BulkDeleteBarProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const dataProvider = useDataProvider();
  const [progress, setProgress] = useState<number | null>(null);
  const count = selected.length;
  if (count === 0) return null;

  const run = async () => {
    setProgress(0);
    const provider = dataProvider();
    const result = await deleteOneByOne(selected, (id) => provider.deleteOne({ resource: entityId, id }), setProgress);
    setProgress(null);
    const total = selected.length;
    if (result.failed.length === 0) message.success(t('entity.bulkDeleted', { count: result.deleted.length }));
    else
      message.open({
        type: result.deleted.length ? 'warning' : 'error',
        duration: 8,
        content: (
          <div style={{ textAlign: 'start', maxWidth: 520 }} data-testid={`bulk-delete-result-${entityId}`}>
            <div>{t('entity.bulkDeletePartial', { deleted: result.deleted.length, total, failed: result.failed.length })}</div>
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
              {result.failed.map((f) => (
                <li key={String(f.id)}>
                  {f.label}: {f.message}
                </li>
              ))}
            </ul>
          </div>
        ),
      });
    onDone(result.deleted);
  };

  const confirm = () =>
    modal.confirm({
      title: t('entity.bulkDeleteTitle', { count }),
      content: t('entity.bulkDeleteBody', { count }),
      okText: t('common.delete'),
      okButtonProps: { danger: true, 'data-testid': `bulk-delete-ok-${entityId}` } as never,
      cancelText: t('common.cancel'),
      onOk: run,
    });

  return (
    <Space style={{ marginBottom: 12 }} wrap data-testid={`bulk-bar-${entityId}`}>
      <Typography.Text>{t('entity.selected', { count })}</Typography.Text>
      <Typography.Link onClick={onClear} disabled={progress !== null}>
        {t('entity.clearSelection')}
      </Typography.Link>
      <Button danger icon={<DeleteOutlined />} loading={progress !== null} onClick={confirm} data-testid={`entity-bulk-delete-${entityId}`}>
        {progress !== null ? t('entity.bulkDeleting', { done: progress, count }) : t('entity.bulkDelete', { count })}
      </Button>
    </Space>
  );
}
