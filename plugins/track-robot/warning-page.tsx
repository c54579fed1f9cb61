/** /trackrobot/warning: warnings the rules raised against the readings; detail and handling (`/deal/{id}`). */
import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Image, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Paging, SeverityTag, formatDateTime, getLang } from '@runtime';
import { TRACK_CHECK_ITEMS } from '@common/track';
import { TrackLayout } from './track-layout';
import { trackApi, type TrackWarning } from './track-api';
import { useRun } from './use-track';
import { TRACK_TEST_IDS as IDS } from './test-ids';

const UNITS = Object.fromEntries(TRACK_CHECK_ITEMS.map((c) => [c.key, c.unit]));
const when = (v: string | null) => formatDateTime(v, getLang(), '-');
/** A warning's reading broke its rule: marked as the generated screens mark a reading over its threshold. */
const WARNING_LEVEL = 3;
const reading = (w: TrackWarning) => <SeverityTag level={WARNING_LEVEL}>{`${w.value}${UNITS[w.checkItem] ?? ''}`}</SeverityTag>;

function WarningDialog({ id, onClose }: { id: number | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [result, setResult] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const detail = useQuery({ queryKey: ['track', 'warning', id], queryFn: () => trackApi.warnings.get(id!), enabled: id !== null });
  const w = detail.data;
  const deal = async () => {
    if (!result.trim()) return setProblem(t('required', { field: t('warning.dealResult') }));
    setSaving(true);
    const ok = await run(() => trackApi.warnings.deal(id!, result.trim()), t('warning.handled'));
    setSaving(false);
    if (ok) {
      setResult('');
      onClose(true);
    }
  };
  return (
    <Modal
      open={id !== null}
      destroyOnHidden
      width={640}
      title={t('warning.detail')}
      onCancel={() => (setResult(''), setProblem(undefined), onClose(false))}
      footer={
        w && !w.dealt
          ? [
              <Button key="cancel" onClick={() => onClose(false)}>
                {t('cancel')}
              </Button>,
              <Button key="deal" type="primary" icon={<CheckOutlined />} loading={saving} onClick={() => void deal()} data-testid="track-deal-submit">
                {t('warning.deal')}
              </Button>,
            ]
          : null
      }
    >
      {w ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid={IDS.warningDetail}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('warning.rule')}>{w.ruleName}</Descriptions.Item>
            <Descriptions.Item label={t('rule.checkItem')}>{t(`checkItem.${w.checkItem}`)}</Descriptions.Item>
            <Descriptions.Item label={t('warning.value')}>{reading(w)}</Descriptions.Item>
            <Descriptions.Item label={t('warning.point')}>{w.pointName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('warning.time')}>{when(w.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('warning.state')}>
              <Tag color={w.dealt ? 'green' : 'red'}>{w.dealt ? t('warning.dealt') : t('warning.undealt')}</Tag>
            </Descriptions.Item>
            {w.dealt && (
              <>
                <Descriptions.Item label={t('warning.dealResult')} span={2}>
                  {w.dealResult}
                </Descriptions.Item>
                <Descriptions.Item label={t('warning.dealtBy')}>{w.dealtBy}</Descriptions.Item>
                <Descriptions.Item label={t('warning.dealtAt')}>{when(w.dealtAt)}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          {w.picture ? <Image src={w.picture} width={320} alt={w.pointName ?? ''} /> : <Typography.Text type="secondary">{t('report.noPicture')}</Typography.Text>}
          {!w.dealt && (
            <>
              <Typography.Text strong>{t('warning.dealResult')}</Typography.Text>
              <Input.TextArea
                rows={3}
                maxLength={200}
                showCount
                value={result}
                status={problem ? 'error' : undefined}
                onChange={(e) => (setResult(e.target.value), setProblem(undefined))}
                data-testid={IDS.dealInput}
              />
              {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
            </>
          )}
        </Space>
      ) : (
        <Empty />
      )}
    </Modal>
  );
}

function Warnings({ robotId }: { robotId: string }) {
  const { t } = useTranslation('track-robot');
  const [page, setPage] = useState({ pageNum: 1, pageSize: Paging.defaultPageSize as number });
  const [dealt, setDealt] = useState<'' | 'true' | 'false'>('');
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['track', 'warnings', robotId, page, dealt], queryFn: () => trackApi.warnings.list(robotId, { ...page, ...(dealt ? { dealt } : {}) }), refetchInterval: 3000 });
  return (
    <Card
      title={t('warning.title')}
      extra={
        <Segmented
          value={dealt}
          onChange={(v) => (setDealt(v as '' | 'true' | 'false'), setPage({ ...page, pageNum: 1 }))}
          options={[
            { value: '', label: t('warning.all') },
            { value: 'false', label: t('warning.undealt') },
            { value: 'true', label: t('warning.dealt') },
          ]}
        />
      }
    >
      <Table<TrackWarning>
        rowKey="id"
        size="middle"
        data-testid={IDS.warningTable}
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('warning.empty') }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: list.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [...Paging.pageSizeOptions], onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        columns={[
          { title: t('warning.time'), dataIndex: 'createdAt', render: when },
          { title: t('warning.rule'), dataIndex: 'ruleName' },
          { title: t('rule.checkItem'), dataIndex: 'checkItem', render: (v: string) => t(`checkItem.${v}`) },
          { title: t('warning.value'), dataIndex: 'value', render: (_v: number, r) => reading(r) },
          { title: t('warning.point'), dataIndex: 'pointName' },
          { title: t('warning.state'), dataIndex: 'dealt', render: (v: boolean, r) => <Tag color={v ? 'green' : 'red'} data-testid={`track-warning-state-${r.id}`}>{v ? t('warning.dealt') : t('warning.undealt')}</Tag> },
          {
            title: t('operations'),
            width: 120,
            render: (_v, r) => (
              <Button size="small" type="link" icon={r.dealt ? <EyeOutlined /> : <CheckOutlined />} onClick={() => setOpen(r.id)} data-testid={`track-warning-open-${r.id}`}>
                {r.dealt ? t('detail') : t('warning.deal')}
              </Button>
            ),
          },
        ]}
      />
      <WarningDialog id={open} onClose={(changed) => (setOpen(null), changed && void list.refetch())} />
    </Card>
  );
}

export default function WarningPage() {
  return <TrackLayout page="warning">{(robotId) => <Warnings key={robotId} robotId={robotId} />}</TrackLayout>;
}
