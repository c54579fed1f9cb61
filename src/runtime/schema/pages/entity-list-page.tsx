/**
 * Generated list page of an entity schema: server-side paged table (x-list.columns,
 * x-list.sort), filter form (x-list.filters), create / edit dialog and delete, each
 * button shown only when access control allows it.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useCan, useDelete, type BaseRecord, type CrudFilters } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Paging } from '@common/constants';
import type { Lang } from '@common/protocol';
import { isAbortedError } from '../../api/errors';
import { useSchemas } from '../schema-context';
import { pickLabel, type EntitySchema, type PropertySchema } from '../schema-types';
import { useRefOptionsMap } from '../ref-lookups';
import { renderCell } from '../cell-renderers';
import type { FormMode } from '../form-schema';
import { listParams } from '../../api/data-provider';
import { ExportButton, ImportButton, RowActions, type RowAction } from './list-tools';

const EntityFormModal = lazy(() => import('./entity-form-modal'));

/** Props of the generated list page. */
export interface EntityListPageProps {
  schemaId: string;
}

function isTextual(p: PropertySchema | undefined): boolean {
  return !p?.['x-enum'] && (p?.type === 'string' || (Array.isArray(p?.type) && p.type.includes('string')));
}

/** The generated list page (one component for every entity). */
export default function EntityListPage({ schemaId }: EntityListPageProps) {
  const schemas = useSchemas();
  const entity = schemas.entity(schemaId);
  const { t } = useTranslation();
  if (!entity) return <Typography.Text type="danger">{t('entity.unknownSchema', { id: schemaId })}</Typography.Text>;
  return <EntityList key={schemaId} entity={entity} />;
}

function EntityList({ entity }: { entity: EntitySchema }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { message } = App.useApp();
  const id = entity.$id;
  const list = entity['x-list'] ?? {};
  const columnsNames = (list.columns ?? Object.keys(entity.properties).filter((k) => !entity.properties[k]?.['x-hidden'] && !entity.properties[k]?.writeOnly)).filter(
    (c) => entity.properties[c],
  );
  const filterNames = (list.filters ?? []).filter((f) => entity.properties[f]);
  const sortable = new Set(list.sort ?? []);

  const [dialog, setDialog] = useState<{ mode: FormMode; record?: BaseRecord }>();
  const { data: canCreate } = useCan({ resource: id, action: 'create' });
  const { data: canEdit } = useCan({ resource: id, action: 'edit' });
  const { data: canDelete } = useCan({ resource: id, action: 'delete' });
  const { mutate: remove, mutation: removing } = useDelete();

  const { tableProps, searchFormProps, tableQuery, filters, sorters } = useTable<BaseRecord, { message: string; statusCode: number }, Record<string, unknown>>({
    resource: id,
    syncWithLocation: false,
    pagination: { pageSize: Paging.defaultPageSize, mode: 'server' },
    sorters: { mode: 'server' },
    filters: { mode: 'server', defaultBehavior: 'replace' },
    onSearch: (values) =>
      filterNames.map((f) => ({ field: f, operator: isTextual(entity.properties[f]) ? 'contains' : 'eq', value: values[f] })) as CrudFilters,
    errorNotification: (error) => ({ type: 'error', message: t('entity.loadFailed'), description: error?.message, key: `list-${id}` }),
  });

  const refNames = useMemo(() => columnsNames.map((c) => entity.properties[c]?.['x-ref']).filter((r): r is string => Boolean(r)), [columnsNames.join(','), entity]);
  const refs = useRefOptionsMap(refNames);

  const columns: ColumnsType<BaseRecord> = columnsNames.map((name) => {
    const p = entity.properties[name]!;
    return {
      key: name,
      dataIndex: name,
      title: pickLabel(p['x-labels'], lang, name),
      sorter: sortable.has(name),
      ellipsis: p.type === 'string' && !p['x-enum'],
      render: (value: unknown, row: BaseRecord) => renderCell(value, p, { lang, schemas, refs }, row),
    };
  });
  const rowActions = (entity['x-row-actions'] as RowAction[] | undefined) ?? [];
  if (canEdit?.can || canDelete?.can || rowActions.length) {
    columns.push({
      key: '__actions',
      title: t('common.actions'),
      fixed: 'right',
      width: rowActions.length ? 200 : 120,
      render: (_: unknown, record: BaseRecord) => (
        <Space size={4}>
          <RowActions actions={rowActions} record={record} onDone={() => void tableQuery.refetch()} />
          {canEdit?.can ? (
            <Tooltip title={t('common.edit')}>
              <Button size="small" type="text" icon={<EditOutlined />} data-testid={`entity-edit-${id}`} onClick={() => setDialog({ mode: 'edit', record })} />
            </Tooltip>
          ) : null}
          {canDelete?.can ? (
            <Popconfirm
              title={t('entity.deleteConfirm')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, loading: removing.isPending }}
              onConfirm={() =>
                new Promise<void>((resolve) =>
                  remove(
                    { resource: id, id: record.id!, mutationMode: 'pessimistic', successNotification: false, errorNotification: false },
                    {
                      onSuccess: () => {
                        message.success(t('entity.deleted'));
                        resolve();
                      },
                      onError: (error) => {
                        if (!isAbortedError(error)) message.error(error.message);
                        resolve();
                      },
                    },
                  ),
                )
              }
            >
              <Tooltip title={t('common.delete')}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} data-testid={`entity-delete-${id}`} />
              </Tooltip>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });
  }

  const title = pickLabel(entity['x-menu']?.labels ?? entity['x-labels'], lang, id);
  const pagination = tableProps.pagination
    ? {
        ...tableProps.pagination,
        showSizeChanger: true,
        pageSizeOptions: Paging.pageSizeOptions.map(String),
        showTotal: (total: number) => t('entity.total', { count: total }),
      }
    : tableProps.pagination;

  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Space>
          <Tooltip title={t('common.refresh')}>
            <Button icon={<ReloadOutlined />} onClick={() => void tableQuery.refetch()} />
          </Tooltip>
          <ExportButton entityId={id} param={listParams(filters, sorters)} />
          {canCreate?.can ? <ImportButton entityId={id} onDone={() => void tableQuery.refetch()} /> : null}
          {canCreate?.can ? (
            <Button type="primary" icon={<PlusOutlined />} data-testid={`entity-create-${id}`} onClick={() => setDialog({ mode: 'create' })}>
              {t('common.create')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {filterNames.length ? (
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid={`entity-filters-${id}`}>
          {filterNames.map((f) => {
            const p = entity.properties[f]!;
            const label = pickLabel(p['x-labels'], lang, f);
            const e = p['x-enum'] ? schemas.enumById(p['x-enum']) : undefined;
            return (
              <Form.Item key={f} name={f} label={label}>
                {e ? (
                  <Select
                    allowClear
                    style={{ minWidth: 160 }}
                    placeholder={t('common.all')}
                    options={e.values.map((v) => ({ value: v.value, label: pickLabel(v.labels, lang, v.key) }))}
                  />
                ) : (
                  <Input allowClear placeholder={label} style={{ width: 180 }} />
                )}
              </Form.Item>
            );
          })}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  searchFormProps.form?.resetFields();
                  searchFormProps.form?.submit();
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : null}
      <div data-testid={`entity-table-${id}`}>
        <Table<BaseRecord> {...tableProps} rowKey="id" columns={columns} pagination={pagination} scroll={{ x: 'max-content' }} size="middle" />
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <EntityFormModal entity={entity} mode={dialog.mode} record={dialog.record} onClose={() => setDialog(undefined)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
