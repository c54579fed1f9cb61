/** `/home/mapManage`: the maps of the caller's companies (upload, live processing, sync, download, delete) and their buildings. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Dropdown, Empty, Input, Popconfirm, Progress, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, FormOutlined, SyncOutlined } from '@ant-design/icons';
import { useSubscription } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { callEvent, formatDateTime, navigateTo, preloadPage, restCall, useCatalogue, useSession } from '@runtime';
import { mapsTopic, MapSyncState } from '@common/map';
import type { MapRecord } from '@common/events/maps';
import { subjectCan } from '@common/access';
import { MAP_MANAGE_TEST_IDS as IDS } from './test-ids';
import { applyMapPush } from './map-manage-model';
import { UploadMapDialog } from './upload-map-dialog';
import { SyncDialog } from './sync-dialog';
import { ModifyMapDialog } from './modify-map-dialog';
import { BuildingsPanel, type Building } from './buildings-panel';

const SYNC_COLOURS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };

/** Receives the pushes of one company's maps topic. */
function CompanyMapsLive({ companyId, onPush }: { companyId: number; onPush: (event: string, data: unknown) => void }) {
  useSubscription({ channel: mapsTopic(companyId), types: ['*'], onLiveEvent: (e) => onPush(e.type, e.payload) });
  return null;
}

/** The map management page. */
export default function MapManagePage() {
  const { t, i18n } = useTranslation('map-manage');
  const catalogue = useCatalogue();
  // Spec §8 "slice failed (check file size)", then what went wrong.
  const sliceFailed = useCallback((detail: string | null) => (detail ? t('sliceFailed', { message: catalogue('mapSliceFailed'), detail }) : catalogue('mapSliceFailed')), [catalogue, t]);
  const { message } = App.useApp();
  const session = useSession();
  const can = (p: string) => !!session && subjectCan(session, p);
  const [rows, setRows] = useState<MapRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [filter, setFilter] = useState<{ mapName?: string; buildingId?: number }>({});
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [buildings, setBuildings] = useState<Building[]>([]);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [syncing, setSyncing] = useState<MapRecord | null>(null);
  const [modifying, setModifying] = useState<MapRecord | null>(null);
  // The editor is the next page here: its code (Konva and the editor) is fetched while the list is read.
  useEffect(() => {
    if (can('map:edit')) preloadPage('/home/mapEditor');
  }, []);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const a = await callEvent('queryMap', { ...page, ...filter });
      setRows(a.list);
      setTotal(a.total);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setLoading(false);
    }
  }, [page, filter]);
  const loadBuildings = useCallback(async () => {
    try {
      setBuildings(await callEvent('queryBuildings', {}));
    } catch {
      setBuildings([]);
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => void loadBuildings(), [loadBuildings]);

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onPush = useCallback(
    (event: string, data: unknown) => {
      setRows((current) => applyMapPush(current, event, data));
      if (event !== 'mapProgress') return;
      const p = data as { mapId: number; processState: string; processError: string | null };
      const name = rowsRef.current.find((r) => r.mapId === p.mapId)?.mapName;
      if (!name || (p.processState !== 'done' && p.processState !== 'failed')) return;
      if (p.processState === 'done') void message.success(t('processed', { name }));
      else void message.error(t('processFailed', { name, error: sliceFailed(p.processError) }));
      // The config (size, picture) comes with the list: read it again once processing ends.
      void load();
    },
    [load, message, t, sliceFailed],
  );
  const companies = useMemo(() => [...new Set([...(session ? [session.companyId] : []), ...rows.map((r) => r.companyId)])], [rows, session]);

  // The browser downloads the file itself (no memory copy of a large pcd or zip) from a signed
  // link valid a few minutes for that file only: the token never goes in a URL.
  const download = async (m: MapRecord, file: string) => {
    try {
      const link = await restCall<{ url: string }>(`/robot/map/downloadLink/${m.mapId}`, { query: { file } });
      const a = document.createElement('a');
      a.href = link.url;
      a.download = '';
      a.click();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const remove = async (m: MapRecord) => {
    try {
      await callEvent('deleteMap', { mapId: m.mapId });
      void message.success(t('deleted'));
      void load();
      void loadBuildings();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const columns = [
    {
      title: t('col.name'),
      dataIndex: 'mapName',
      width: 200,
      render: (_: unknown, m: MapRecord) => (
        <Space direction="vertical" size={0} data-testid={`${IDS.row}-${m.mapId}`}>
          <Typography.Text strong>{m.mapName}</Typography.Text>
          {'pixelW' in m.config ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('pixels', { w: m.config.pixelW, h: m.config.pixelH, scale: m.config.scale })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: t('col.company'), dataIndex: 'companyName', width: 140 },
    { title: t('col.location'), key: 'loc', width: 200, render: (_: unknown, m: MapRecord) => t('floorOf', { region: m.regionName, building: m.buildingName, floor: m.floor }) },
    { title: t('col.type'), dataIndex: 'mapType', width: 110, render: (v: number) => <Tag>{t(`mapTypes.${v}`)}</Tag> },
    { title: t('col.layer'), dataIndex: 'layer', width: 80 },
    {
      title: t('col.state'),
      key: 'state',
      width: 170,
      render: (_: unknown, m: MapRecord) => (
        <div data-testid={`${IDS.state}-${m.mapId}`} data-state={m.processState} data-progress={m.processProgress}>
          {m.processState === 'done' ? (
            <Tag color="success">{t('state.done')}</Tag>
          ) : m.processState === 'failed' ? (
            <Tooltip title={sliceFailed(m.processError)}>
              <Tag color="error">{t('state.failed')}</Tag>
            </Tooltip>
          ) : (
            <Progress percent={m.processProgress} size="small" status="active" format={(p) => t('state.slicing', { percent: p })} />
          )}
        </div>
      ),
    },
    {
      title: t('col.sync'),
      key: 'sync',
      width: 240,
      render: (_: unknown, m: MapRecord) => (
        <Space size={[4, 4]} wrap data-testid={`${IDS.sync}-${m.mapId}`}>
          {m.syncs
            .filter((s) => s.status !== MapSyncState.notConfigured)
            .map((s) => (
              <Tooltip key={s.robotId} title={s.message ?? t(`syncState.${s.status}`)}>
                <Tag color={SYNC_COLOURS[s.status]} icon={s.status === MapSyncState.syncing ? <SyncOutlined spin /> : undefined} data-robot={s.robotId} data-status={s.status}>
                  {s.robotName} · {t(`syncState.${s.status}`)}
                </Tag>
              </Tooltip>
            ))}
          {m.syncs.every((s) => s.status === MapSyncState.notConfigured) ? <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>{t('syncState.0')}</Typography.Text> : null}
        </Space>
      ),
    },
    { title: t('col.updated'), dataIndex: 'updatedAt', width: 180, render: (v: string) => formatDateTime(v, i18n.language, '—') },
    {
      title: t('col.actions'),
      key: 'actions',
      // Tables fit (issue 22): the actions stay on screen while the rest scrolls inside the card.
      fixed: 'right' as const,
      width: 210,
      render: (_: unknown, m: MapRecord) => (
        <Space size={0} wrap>
          <Tooltip title={t('edit')}>
            <Button type="link" size="small" icon={<EditOutlined />} disabled={m.processState !== 'done'} onClick={() => navigateTo(`/home/mapEditor?mapId=${m.mapId}`)} data-testid={`${IDS.edit}-${m.mapId}`} />
          </Tooltip>
          {can('map:update') ? (
            <Tooltip title={t('modify')}>
              <Button type="link" size="small" icon={<FormOutlined />} onClick={() => setModifying(m)} data-testid={`${IDS.modify}-${m.mapId}`} />
            </Tooltip>
          ) : null}
          {can('map:sync') ? (
            <Tooltip title={t('syncAction')}>
              <Button type="link" size="small" icon={<SyncOutlined />} disabled={m.processState !== 'done'} onClick={() => setSyncing(m)} data-testid={`${IDS.syncButton}-${m.mapId}`} />
            </Tooltip>
          ) : null}
          <Dropdown
            menu={{
              items: [
                { key: 'pgm', label: t('downloadPgm') },
                { key: 'yaml', label: t('downloadYaml') },
                { key: 'png', label: t('downloadPng'), disabled: m.processState !== 'done' },
                ...Object.entries(m.extraFiles ?? {}).map(([k, name]) => ({ key: k, label: `${t(k)} · ${name}` })),
              ],
              onClick: ({ key }) => void download(m, key),
            }}
          >
            <Button type="link" size="small" icon={<DownloadOutlined />} aria-label={t('download')} data-testid={`${IDS.download}-${m.mapId}`} />
          </Dropdown>
          {can('map:delete') ? (
            <Popconfirm title={t('deleteConfirm', { name: m.mapName })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove(m)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} data-testid={`${IDS.remove}-${m.mapId}`} />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const mapsTab = (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Input.Search allowClear aria-label={t('search')} placeholder={t('search')} style={{ width: 220 }} onSearch={(v) => (setPage((p) => ({ ...p, pageNum: 1 })), setFilter((f) => ({ ...f, mapName: v || undefined })))} />
          <Select
            allowClear
            aria-label={t('building')}
            placeholder={t('allBuildings')}
            style={{ width: 200 }}
            options={buildings.map((b) => ({ value: b.id, label: `${b.regionName} / ${b.name}` }))}
            onChange={(v: number | undefined) => (setPage((p) => ({ ...p, pageNum: 1 })), setFilter((f) => ({ ...f, buildingId: v })))}
          />
        </Space>
        {can('map:create') ? (
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploadOpen(true)} data-testid={IDS.upload}>
            {t('upload')}
          </Button>
        ) : null}
      </Space>
      {error ? <Alert type="error" showIcon message={t('loadFailed')} description={error} action={<Button onClick={() => void load()}>{t('retry')}</Button>} /> : null}
      <Table<MapRecord>
        rowKey="mapId"
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={columns}
        data-testid={IDS.table}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total, showSizeChanger: true, pageSizeOptions: [10, 20, 30], onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        scroll={{ x: columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) }}
      />
    </Space>
  );

  return (
    <Card title={t('title')} data-testid={IDS.page}>
      {companies.map((id) => (
        <CompanyMapsLive key={id} companyId={id} onPush={onPush} />
      ))}
      <Tabs
        data-testid={IDS.tabs}
        items={[
          { key: 'maps', label: t('tabMaps'), children: mapsTab },
          { key: 'buildings', label: t('tabBuildings'), children: <BuildingsPanel buildings={buildings} reload={loadBuildings} can={can} /> },
        ]}
      />
      {uploadOpen ? (
        <UploadMapDialog
          buildings={buildings}
          onClose={() => setUploadOpen(false)}
          onUploaded={() => {
            setUploadOpen(false);
            void message.success(t('uploaded'));
            setPage((p) => ({ ...p, pageNum: 1 }));
            void load();
            void loadBuildings();
          }}
        />
      ) : null}
      {syncing ? <SyncDialog map={syncing} onClose={() => setSyncing(null)} /> : null}
      {modifying ? (
        <ModifyMapDialog
          map={modifying}
          buildings={buildings}
          onClose={() => setModifying(null)}
          onSaved={() => {
            setModifying(null);
            void load();
          }}
        />
      ) : null}
    </Card>
  );
}
