/** /trackrobot/map: the robot's track maps: list, create, update (name, length, labels), upload a map file, export it, delete. */
import { useRef, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Paging, formatDateTime, getLang } from '@runtime';
import { DEFAULT_RAIL_LENGTH_M } from '@common/track';
import { TrackLayout } from './track-layout';
import { trackApi, type MapBody, type TrackMap } from './track-api';
import { useRun } from './use-track';
import { TRACK_TEST_IDS as IDS } from './test-ids';

function MapDialog({ robotId, map, onClose }: { robotId: string; map: TrackMap | 'new' | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const editing = map && map !== 'new' ? map : null;
  const submit = async () => {
    const v = (await form.validateFields()) as MapBody;
    const body = { ...v, labels: v.labels ?? [] };
    setSaving(true);
    const ok = await run(() => (editing ? trackApi.maps.update(editing.id, body) : trackApi.maps.create({ ...body, robotId })), t('saved'));
    setSaving(false);
    if (ok) onClose(true);
  };
  return (
    <Modal
      open={map !== null}
      destroyOnHidden
      width={560}
      title={editing ? t('map.edit') : t('map.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': IDS.formOk } as never}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? { length: DEFAULT_RAIL_LENGTH_M, labels: [] }}>
        <Form.Item name="name" label={t('map.name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('map.name') }) }, { max: 32 }]}>
          <Input maxLength={32} data-testid="track-map-name" />
        </Form.Item>
        <Form.Item name="length" label={t('map.length')} rules={[{ required: true, message: t('required', { field: t('map.length') }) }]}>
          <InputNumber min={0.5} max={10000} addonAfter="m" />
        </Form.Item>
        <Typography.Text strong>{t('map.labels')}</Typography.Text>
        <Form.List name="labels">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: t('required', { field: t('map.labelName') }) }]}>
                    <Input placeholder={t('map.labelName')} maxLength={32} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'position']} rules={[{ required: true, message: t('required', { field: t('point.position') }) }]}>
                    <InputNumber min={0} placeholder={t('point.position')} addonAfter="m" />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('delete')} />
                </Space>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', position: 0 })}>
                {t('map.addLabel')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function Maps({ robotId }: { robotId: string }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [page, setPage] = useState({ pageNum: 1, pageSize: Paging.defaultPageSize as number });
  const [dialog, setDialog] = useState<TrackMap | 'new' | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const [uploadTo, setUploadTo] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['track', 'maps', robotId, page], queryFn: () => trackApi.maps.list(robotId, page) });
  return (
    <Card
      title={t('map.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')} data-testid={IDS.addMap}>
          {t('map.add')}
        </Button>
      }
    >
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        style={{ display: 'none' }}
        data-testid="track-map-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f && uploadTo !== null) void run(() => trackApi.maps.upload(uploadTo, f).then(() => list.refetch()), t('map.uploaded'));
        }}
      />
      <Table<TrackMap>
        rowKey="id"
        size="middle"
        data-testid={IDS.mapTable}
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('map.empty') }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: list.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [...Paging.pageSizeOptions], onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        columns={[
          { title: t('map.name'), dataIndex: 'name' },
          { title: t('map.length'), dataIndex: 'length', render: (v: number) => `${v} m` },
          { title: t('map.labels'), dataIndex: 'labels', render: (ls: TrackMap['labels']) => ls.map((l) => <Tag key={`${l.name}-${l.position}`}>{`${l.name} · ${l.position} m`}</Tag>) },
          { title: t('map.file'), dataIndex: 'fileName', render: (v: string | null) => v ?? '-' },
          { title: t('map.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v, getLang()) },
          {
            title: t('operations'),
            width: 220,
            render: (_v, m) => (
              <Space size={0}>
                <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setDialog(m)} aria-label={t('edit')} />
                <Button size="small" type="link" icon={<UploadOutlined />} onClick={() => (setUploadTo(m.id), file.current?.click())} data-testid={`track-map-upload-${m.id}`}>
                  {t('map.upload')}
                </Button>
                <Button size="small" type="link" icon={<DownloadOutlined />} onClick={() => run(() => trackApi.maps.export(m.id))} data-testid={`track-map-export-${m.id}`}>
                  {t('map.export')}
                </Button>
                <Popconfirm title={t('confirmDelete', { name: m.name })} onConfirm={() => run(() => trackApi.maps.remove(m.id).then(() => list.refetch()), t('deleted'))}>
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <MapDialog robotId={robotId} map={dialog} onClose={(saved) => (setDialog(null), saved && void list.refetch())} />
    </Card>
  );
}

export default function MapPage() {
  return <TrackLayout page="map">{(robotId) => <Maps key={robotId} robotId={robotId} />}</TrackLayout>;
}
