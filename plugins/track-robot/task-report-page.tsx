/** /trackrobot/task-report: the result of every task run with its pictures and readings; delete; export to an Excel file. */
import { useState } from 'react';
import { Button, Card, Descriptions, Drawer, Empty, Image, Input, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Paging, formatDateTime, getLang } from '@runtime';
import { TRACK_CHECK_ITEMS, TRACK_TASK_STATUS_KEYS } from '@common/track';
import { TrackLayout } from './track-layout';
import { trackApi, type TrackResultRow } from './track-api';
import { TASK_STATUS_COLOURS, useRun } from './use-track';
import { TRACK_TEST_IDS as IDS } from './test-ids';

const UNITS = Object.fromEntries(TRACK_CHECK_ITEMS.map((c) => [c.key, c.unit]));
const when = (v: string | null) => formatDateTime(v, getLang(), '-');

function ResultDetail({ robotId, id, onClose }: { robotId: string; id: number | null; onClose: () => void }) {
  const { t } = useTranslation('track-robot');
  const detail = useQuery({ queryKey: ['track', 'result', robotId, id], queryFn: () => trackApi.results.get(robotId, id!), enabled: id !== null });
  const r = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} width={720} title={t('report.detail')} destroyOnHidden>
      {r && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid={IDS.reportDetail}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('task.name')}>{r.taskName}</Descriptions.Item>
            <Descriptions.Item label={t('task.status')}>
              <Tag color={TASK_STATUS_COLOURS[r.status]}>{t(`taskStatus.${TRACK_TASK_STATUS_KEYS[r.status] ?? 'waiting'}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('report.startedAt')}>{when(r.startedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('report.finishedAt')}>{when(r.finishedAt)}</Descriptions.Item>
          </Descriptions>
          <List
            itemLayout="horizontal"
            dataSource={r.items ?? []}
            locale={{ emptyText: <Empty description={t('report.noItems')} /> }}
            renderItem={(it) => (
              <List.Item data-testid="track-report-item">
                <List.Item.Meta
                  avatar={it.picture ? <Image src={it.picture} width={160} alt={it.pointName} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.noPicture')} style={{ width: 160 }} />}
                  title={`${it.pointName} · ${it.position} m`}
                  description={
                    <Space direction="vertical" size={4}>
                      <Space wrap>
                        {Object.entries(it.readings).map(([k, v]) => (
                          <Tag key={k} color="geekblue">{`${t(`checkItem.${k}`)} ${v}${UNITS[k] ?? ''}`}</Tag>
                        ))}
                        {Object.keys(it.readings).length === 0 && <Typography.Text type="secondary">{t('report.noReadings')}</Typography.Text>}
                      </Space>
                      <Typography.Text type="secondary">{when(it.t)}</Typography.Text>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Space>
      )}
    </Drawer>
  );
}

function Reports({ robotId }: { robotId: string }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [page, setPage] = useState({ pageNum: 1, pageSize: Paging.defaultPageSize as number });
  const [taskName, setTaskName] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({ queryKey: ['track', 'results', robotId, page, taskName], queryFn: () => trackApi.results.list(robotId, { ...page, ...(taskName ? { taskName } : {}) }), refetchInterval: 3000 });
  return (
    <Card
      title={t('report.title')}
      extra={
        <Space>
          <Input.Search allowClear placeholder={t('report.search')} onSearch={(v) => (setTaskName(v.trim()), setPage({ ...page, pageNum: 1 }))} style={{ width: 220 }} />
          <Button icon={<DownloadOutlined />} onClick={() => run(() => trackApi.results.export(robotId, selected), t('report.exported'))} data-testid={IDS.exportReport}>
            {selected.length ? t('report.exportSelected', { count: selected.length }) : t('report.exportAll')}
          </Button>
        </Space>
      }
    >
      <Table<TrackResultRow>
        rowKey="id"
        size="middle"
        data-testid={IDS.reportTable}
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: t('report.empty') }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: list.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [...Paging.pageSizeOptions], onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        columns={[
          { title: t('report.run'), dataIndex: 'id', width: 80 },
          { title: t('task.name'), dataIndex: 'taskName' },
          { title: t('task.status'), dataIndex: 'status', render: (v: number) => <Tag color={TASK_STATUS_COLOURS[v]}>{t(`taskStatus.${TRACK_TASK_STATUS_KEYS[v] ?? 'waiting'}`)}</Tag> },
          { title: t('report.points'), dataIndex: 'pointCount' },
          { title: t('report.startedAt'), dataIndex: 'startedAt', render: when },
          { title: t('report.finishedAt'), dataIndex: 'finishedAt', render: when },
          {
            title: t('operations'),
            width: 160,
            render: (_v, r) => (
              <Space>
                <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setOpen(r.id)} data-testid={`track-report-open-${r.id}`}>
                  {t('detail')}
                </Button>
                <Popconfirm title={t('confirmDelete', { name: `${r.taskName} #${r.id}` })} onConfirm={() => run(() => trackApi.results.remove(robotId, r.id).then(() => list.refetch()), t('deleted'))}>
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ResultDetail robotId={robotId} id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

export default function TaskReportPage() {
  return <TrackLayout page="task-report">{(robotId) => <Reports key={robotId} robotId={robotId} />}</TrackLayout>;
}
