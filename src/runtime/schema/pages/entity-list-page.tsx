/**
 * Generated list page of an entity schema: server-side paged table (x-list.columns,
 * x-list.sort), filter form by property kind (x-list.filters), column picker, create / edit
 * dialog, delete and bulk delete, export of the filtered list; each button shown only when
 * access control allows it. With `x-tabs`, the page holds several such lists as tabs (another
 * entity's list with fixed filters the server applies).
 */
import { cloneElement, lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type Key, type MouseEvent, type ReactElement } from 'react';
import { App, Button, Card, Form, Popconfirm, Space, Table, Tabs, Tooltip, Typography } from 'antd';
import type { PopconfirmProps, TooltipProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDelete, type BaseKey, type BaseRecord } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paging } from '@common/constants';
import type { Lang } from '@common/protocol';
import { subjectCan } from '@common/access';
import type { PageTab } from '@common/schema-format';
import { permanentFilters, visibleTabs } from './page-tabs';
import { useSession } from '../../session/session-store';
import { useCanNow } from '../../access/use-can-now';
import { isAbortedError } from '../../api/errors';
import { useSchemas } from '../schema-context';
import { pickLabel, type EntitySchema } from '../schema-types';
import { useRefOptionsMap } from '../ref-lookups';
import { renderCell } from '../cell-renderers';
import type { FormMode } from '../form-schema';
import { listParams } from '../../api/data-provider';
import { consoleFirstList, PRIMED_FOR_MS } from '../../app/first-list';
import { useAfterFirstPaint } from '../../app/after-first-paint';
import { realtimeLink } from '../../realtime/default-link';
import { ExportButton, ImportButton, RowActions, useAfterCreateActions, type ImportSpec, type ListExport, type RowAction } from './list-tools';
import { ColumnPicker, useColumnChoice } from './column-picker';
import { BulkDeleteBar } from './bulk-delete';
import { crudFiltersOf, FilterItems, listFilters } from './list-filters';
import { HeatButton, type HeatSpec } from './heat-dialog';
import { ChartButton, type ChartSpec } from './chart-dialog';
import { columnWidth, ellipsisKind, textWidth, useBodyHeight } from './table-fit';

const EntityFormModal = lazy(() => import('./entity-form-modal'));
const SingleRecordPage = lazy(() => import('./single-record-page'));

/** Props of the generated list page. */
export interface EntityListPageProps {
  schemaId: string;
}

/** The text naming a row to a person (bulk delete results): its first column, else its id. */
function rowLabel(row: BaseRecord, columns: string[], entity: EntitySchema): string {
  const first = columns.find((c) => !entity.properties[c]?.['x-ref'] && typeof row[c] === 'string' && row[c]) ?? columns[0];
  const v = first !== undefined ? row[first] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : `#${String(row.id)}`;
}

// The selection column sits after the data columns, beside the row actions, so a row's first
// cell stays its name (lists read, and e2e tests find rows, by it).
const SELECTION_AFTER_DATA = true;

/** Props a row's lazily wrapped element takes (a button or a span). */
type Armable = ReactElement<{ onMouseEnter?: (e: MouseEvent) => void; onMouseLeave?: (e: MouseEvent) => void; onClick?: (e: MouseEvent) => void }>;

/**
 * A tooltip of a table row, mounted on the first hover (issue 23): a closed antd Tooltip still costs a
 * Trigger (hooks, a resize observer, its styles) per row and cell at the list's first paint. The first
 * hover that lasts the tooltip's delay mounts it open; from then on it is antd's own.
 */
function RowTooltip({ children, mouseEnterDelay = 0.1, ...props }: Omit<TooltipProps, 'children'> & { children: Armable }) {
  const [armed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (armed)
    return (
      <Tooltip {...props} mouseEnterDelay={mouseEnterDelay} defaultOpen>
        {children}
      </Tooltip>
    );
  return cloneElement(children, {
    onMouseEnter: (e: MouseEvent) => {
      children.props.onMouseEnter?.(e);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setArmed(true), mouseEnterDelay * 1000);
    },
    onMouseLeave: (e: MouseEvent) => {
      children.props.onMouseLeave?.(e);
      clearTimeout(timer.current);
    },
  });
}

/**
 * A row's delete confirmation, mounted on the first click (issue 23; see RowTooltip). The button the
 * click came from is mounted anew inside the Popconfirm: the focus goes back to it.
 */
function RowPopconfirm({ children, ...props }: Omit<PopconfirmProps, 'children'> & { children: ReactElement }) {
  const [armed, setArmed] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  useLayoutEffect(() => {
    if (armed && refocus.current) box.current?.querySelector<HTMLElement>('button')?.focus();
  }, [armed]);
  return (
    // display: contents, so the box changes nothing in the row's layout.
    <span
      ref={box}
      style={{ display: 'contents' }}
      onClick={() => {
        if (armed) return;
        refocus.current = box.current?.contains(document.activeElement) ?? false;
        setArmed(true);
      }}
    >
      {armed ? (
        <Popconfirm {...props} defaultOpen>
          {children}
        </Popconfirm>
      ) : (
        children
      )}
    </span>
  );
}

/** The generated list page (one component for every entity). */
export default function EntityListPage({ schemaId }: EntityListPageProps) {
  const schemas = useSchemas();
  const entity = schemas.entity(schemaId);
  const { t } = useTranslation();
  if (!entity) return <Typography.Text type="danger">{t('entity.unknownSchema', { id: schemaId })}</Typography.Text>;
  // One record per subject (x-single with x-api get/set): a form page, not a list.
  if (entity['x-single'] && entity['x-api']?.get && entity['x-api']?.set)
    return (
      <Suspense fallback={null}>
        <SingleRecordPage key={schemaId} entity={entity} />
      </Suspense>
    );
  if (entity['x-tabs']?.length) return <EntityTabs key={schemaId} entity={entity} tabs={entity['x-tabs']} />;
  return <EntityList key={schemaId} entity={entity} />;
}

/** `x-tabs`: the page's own list and other entities' lists (fixed filters), one tab each. */
function EntityTabs({ entity, tabs }: { entity: EntitySchema; tabs: readonly PageTab[] }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const session = useSession();
  const shown = visibleTabs(tabs, (id) => schemas.entity(id), (permission) => Boolean(session && subjectCan(session, permission)));
  return (
    <Tabs
      data-testid={`entity-tabs-${entity.$id}`}
      items={shown.map(({ tab, entity: other }) => ({
        key: tab.key,
        label: <span data-testid={`entity-tab-${entity.$id}-${tab.key}`}>{pickLabel(tab.labels, lang, tab.key)}</span>,
        children: other ? (
          <EntityList entity={other} fixed={tab.filter} columns={tab.columns} choiceKey={`${entity.$id}.${tab.key}`} title={pickLabel(tab.labels, lang, tab.key)} />
        ) : (
          <EntityList entity={entity} />
        ),
      }))}
    />
  );
}

/**
 * One generated list; `fixed`: filters every list call (and export) sends, not offered in the filter form;
 * `columns`: the columns offered instead of x-list.columns; `choiceKey`: where the user's column choice is kept (default the entity).
 */
function EntityList({
  entity,
  fixed,
  columns: offered,
  choiceKey,
  title: shownTitle,
}: {
  entity: EntitySchema;
  fixed?: PageTab['filter'];
  columns?: readonly string[];
  choiceKey?: string;
  title?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { message } = App.useApp();
  const id = entity.$id;
  const list = entity['x-list'] ?? {};
  const allColumns = (offered ?? list.columns ?? Object.keys(entity.properties).filter((k) => !entity.properties[k]?.['x-hidden'] && !entity.properties[k]?.writeOnly)).filter(
    (c) => entity.properties[c],
  );
  const [columnsNames, setVisibleColumns] = useColumnChoice(choiceKey ?? id, allColumns);
  const filters = useMemo(() => listFilters((list.filters ?? []).filter((f) => !fixed || !(f in fixed)), entity.properties), [entity, fixed]);
  const permanent = useMemo(() => permanentFilters(fixed), [fixed]);
  const sortable = new Set(list.sort ?? []);

  const [dialog, setDialog] = useState<{ mode: FormMode; record?: BaseRecord }>();
  const { data: canCreate } = useCanNow({ resource: id, action: 'create' });
  const { data: canEdit } = useCanNow({ resource: id, action: 'edit' });
  const { data: canDelete } = useCanNow({ resource: id, action: 'delete' });
  // Implementers open this screen's form in the designer (system:formDesign; the server checks again on save).
  const { data: canDesign } = useCanNow({ resource: 'system', action: 'formDesign' });
  const navigate = useNavigate();
  const { mutate: remove, mutation: removing } = useDelete();
  // Bulk delete needs a delete binding and the right to use it.
  const canBulkDelete = Boolean(entity['x-api']?.delete) && Boolean(canDelete?.can);
  const [selected, setSelected] = useState<Map<BaseKey, BaseRecord>>(() => new Map());
  const tableBox = useRef<HTMLDivElement>(null);
  // The card and its title paint first; the filters and the table (the heavy part) one render later.
  const bodyShown = useAfterFirstPaint();

  // The first page asked for with the schema set (issue 23): in this render already, not one render later.
  // Only for the list as the address opens it (no fixed filter); fresh for a few seconds, so not asked again on mount.
  const [primed] = useState(() => (fixed && Object.keys(fixed).length ? undefined : consoleFirstList.settled(entity.$id)));

  const { tableProps, searchFormProps, tableQuery, filters: crudFilters, sorters } = useTable<BaseRecord, { message: string; statusCode: number }, Record<string, unknown>>({
    resource: id,
    syncWithLocation: false,
    pagination: { pageSize: Paging.defaultPageSize, mode: 'server' },
    sorters: { mode: 'server' },
    filters: { mode: 'server', defaultBehavior: 'replace', permanent },
    onSearch: (values) => crudFiltersOf(filters, values),
    errorNotification: (error) => ({ type: 'error', message: t('entity.loadFailed'), description: error?.message, key: `list-${id}` }),
    queryOptions: primed
      ? { initialData: primed.answer, initialDataUpdatedAt: primed.at, staleTime: (query) => (query.state.dataUpdatedAt === primed.at ? PRIMED_FOR_MS : 0) }
      : undefined,
  });
  // refine's table shows loading until its query has fetched once; rows given as initial data have not.
  const loading = Boolean(tableProps.loading) && (tableQuery.isFetching || !tableQuery.data);

  // x-live: pushes on that realtime topic (a task's progress) refresh the page, at most a few times a second.
  const rowActions = (entity['x-row-actions'] as RowAction[] | undefined) ?? [];
  // A created record gets its declared `afterCreate` actions at once (a new robot's MQTT secret, shown once).
  const afterCreate = useAfterCreateActions(rowActions, () => void tableQuery.refetch());
  const live = typeof entity['x-live'] === 'string' ? entity['x-live'] : undefined;
  const refetchRef = useRef(tableQuery.refetch);
  refetchRef.current = tableQuery.refetch;
  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = realtimeLink.subscribe(live, ({ event }) => {
      if (event === 'snapshot' || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void refetchRef.current();
      }, 250);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [live]);

  const refNames = useMemo(() => columnsNames.map((c) => entity.properties[c]?.['x-ref']).filter((r): r is string => Boolean(r)), [columnsNames.join(','), entity]);
  const refs = useRefOptionsMap(refNames);

  const shownColumns = columnsNames.map((name) => ({ name, label: pickLabel(entity.properties[name]?.['x-labels'], lang, name), property: entity.properties[name]! }));
  const columns: ColumnsType<BaseRecord> = columnsNames.map((name): ColumnsType<BaseRecord>[number] => {
    const p = entity.properties[name]!;
    return {
      key: name,
      dataIndex: name,
      title: pickLabel(p['x-labels'], lang, name),
      sorter: sortable.has(name),
      // Tables fit (table-fit.ts): a width from the kind, the labels and the header; long text cut, whole on hover.
      width: columnWidth(p, pickLabel(p['x-labels'], lang, name), lang, schemas, sortable.has(name)),
      ellipsis: ellipsisKind(p) ? { showTitle: false } : false,
      render: (value: unknown, row: BaseRecord) => {
        const cell = renderCell(value, p, { lang, schemas, refs, rows: tableProps.dataSource, property: name, columns: shownColumns }, row);
        return typeof cell === 'string' && cell.length > 12 && ellipsisKind(p) ? (
          <RowTooltip title={cell} placement="topLeft" mouseEnterDelay={0.4}>
            <span>{cell}</span>
          </RowTooltip>
        ) : (
          cell
        );
      },
    };
  });
  const dataWidth = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
  if (canBulkDelete && SELECTION_AFTER_DATA) columns.push(Table.SELECTION_COLUMN);
  // Two text actions and the icons share a line: each action past the first widens the column.
  const actionsWidth = canEdit?.can || canDelete?.can || rowActions.length ? Math.max(rowActions.length ? 200 + 50 * (rowActions.length - 1) : 120, textWidth(t('common.actions')) + 34) : 0;
  if (actionsWidth) {
    columns.push({
      key: '__actions',
      title: t('common.actions'),
      fixed: 'right',
      width: actionsWidth,
      render: (_: unknown, record: BaseRecord) => (
        <Space size={4}>
          <RowActions actions={rowActions} record={record} properties={entity.properties} onDone={() => void tableQuery.refetch()} />
          {canEdit?.can ? (
            <RowTooltip title={t('common.edit')}>
              <Button size="small" type="text" icon={<EditOutlined />} data-testid={`entity-edit-${id}`} onClick={() => setDialog({ mode: 'edit', record })} />
            </RowTooltip>
          ) : null}
          {canDelete?.can ? (
            <RowPopconfirm
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
                        setSelected((current) => {
                          if (!current.has(record.id!)) return current;
                          const next = new Map(current);
                          next.delete(record.id!);
                          return next;
                        });
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
              <RowTooltip title={t('common.delete')}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} data-testid={`entity-delete-${id}`} />
              </RowTooltip>
            </RowPopconfirm>
          ) : null}
        </Space>
      ),
    });
  }

  const title = shownTitle ?? pickLabel(entity['x-menu']?.labels ?? entity['x-labels'], lang, id);
  const bodyHeight = useBodyHeight(tableBox, [filters.length, selected.size > 0, lang, bodyShown]);
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
          <ColumnPicker
            entityId={choiceKey ?? id}
            columns={allColumns.map((c) => ({ name: c, label: pickLabel(entity.properties[c]?.['x-labels'], lang, c) }))}
            visible={columnsNames}
            onChange={setVisibleColumns}
          />
          {canDesign?.can ? (
            <Tooltip title={t('entity.designForm')}>
              <Button icon={<FormOutlined />} aria-label={t('entity.designForm')} data-testid={`entity-design-${id}`} onClick={() => void navigate(`/home/formDesigner?schema=${encodeURIComponent(id)}`)} />
            </Tooltip>
          ) : null}
          <ExportButton entityId={id} param={listParams(crudFilters, sorters)} />
          {entity['x-chart'] ? <ChartButton entity={entity} spec={entity['x-chart'] as ChartSpec} param={listParams(crudFilters, sorters)} /> : null}
          {entity['x-heat'] ? <HeatButton entityId={id} spec={entity['x-heat'] as HeatSpec} param={listParams(crudFilters, sorters)} /> : null}
          {((entity['x-list-exports'] as ListExport[] | undefined) ?? []).map((extra) => (
            <ExportButton key={extra.key} entityId={id} param={listParams(crudFilters, sorters)} extra={extra} />
          ))}
          {canCreate?.can ? <ImportButton entityId={id} spec={entity['x-import'] as ImportSpec | undefined} onDone={() => void tableQuery.refetch()} /> : null}
          {canCreate?.can ? (
            <Button type="primary" icon={<PlusOutlined />} data-testid={`entity-create-${id}`} onClick={() => setDialog({ mode: 'create' })}>
              {t('common.create')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {bodyShown ? (
        <>
          {filters.length ? (
            <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} data-testid={`entity-filters-${id}`}>
              <FilterItems filters={filters} lang={lang} />
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
          {canBulkDelete ? (
            <BulkDeleteBar
              entityId={id}
              selected={[...selected.values()].map((r) => ({ id: r.id!, label: rowLabel(r, allColumns, entity) }))}
              onClear={() => setSelected(new Map())}
              onDone={(deleted) => {
                setSelected((current) => {
                  const next = new Map(current);
                  for (const key of deleted) next.delete(key);
                  return next;
                });
                void tableQuery.refetch();
              }}
            />
          ) : null}
          <div data-testid={`entity-table-${id}`} ref={tableBox} style={{ minWidth: 0, maxWidth: '100%' }}>
            <Table<BaseRecord>
              {...tableProps}
              loading={loading}
              rowKey="id"
              columns={columns}
              pagination={pagination}
              // The columns' widths summed: the fixed actions column never covers another, the rest scrolls inside the card;
              // the body scrolls under a fixed header as high as the window leaves room for.
              scroll={{ x: dataWidth + (canBulkDelete ? 48 : 0) + actionsWidth, y: bodyHeight }}
              tableLayout="fixed"
              size="middle"
              rowSelection={
                canBulkDelete
                  ? {
                      // Kept across pages: rows chosen on page 1 stay chosen while paging to page 2.
                      preserveSelectedRowKeys: true,
                      selectedRowKeys: [...selected.keys()] as Key[],
                      onChange: (keys, rows) =>
                        setSelected((current) => {
                          const next = new Map<BaseKey, BaseRecord>();
                          const byKey = new Map(rows.filter(Boolean).map((r) => [r.id as BaseKey, r]));
                          for (const key of keys) {
                            const row = byKey.get(key as BaseKey) ?? current.get(key as BaseKey);
                            if (row) next.set(key as BaseKey, row);
                          }
                          return next;
                        }),
                      getCheckboxProps: (row) => ({ 'data-testid': `row-select-${String(row.id)}`, 'aria-label': t('entity.selectRow', { name: rowLabel(row, allColumns, entity) }) }) as never,
                    }
                  : undefined
              }
            />
          </div>
        </>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <EntityFormModal entity={entity} mode={dialog.mode} record={dialog.record} onClose={() => setDialog(undefined)} onCreated={afterCreate} />
        </Suspense>
      ) : null}
    </Card>
  );
}
