/**
 * /trackrobot/warning-rule: rules (name, check item from /checkItems, condition, value, an
 * optional second condition joined by and/or, consecutive-trigger interval in minutes, enabled).
 * Spec §5: name and check item are required.
 */
import { useState } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Switch, Table } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Paging } from '@runtime';
import { TRACK_CONDITIONS, TRACK_RELATIONS } from '@common/track';
import { TrackLayout } from './track-layout';
import { trackApi, type RuleBody, type TrackRule } from './track-api';
import { useRun } from './use-track';
import { TRACK_TEST_IDS as IDS } from './test-ids';

function RuleDialog({ robotId, rule, onClose }: { robotId: string; rule: TrackRule | 'new' | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const items = useQuery({ queryKey: ['track', 'checkItems'], queryFn: () => trackApi.rules.checkItems(), staleTime: Infinity });
  const editing = rule && rule !== 'new' ? rule : null;
  const submit = async () => {
    const v = (await form.validateFields()) as RuleBody;
    const body = { ...v, condition2: v.condition2 ?? null, value2: v.condition2 ? (v.value2 ?? 0) : null };
    setSaving(true);
    const ok = await run(() => (editing ? trackApi.rules.update(robotId, editing.id, body) : trackApi.rules.create(robotId, body)), t('saved'));
    setSaving(false);
    if (ok) onClose(true);
  };
  const conditions = TRACK_CONDITIONS.map((c) => ({ value: c, label: t(`condition.${c}`) }));
  return (
    <Modal
      open={rule !== null}
      destroyOnHidden
      width={600}
      title={editing ? t('rule.edit') : t('rule.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': IDS.formOk } as never}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? { condition: '>', value: 0, relation: 'and', interval: 0, enabled: true }}>
        <Form.Item name="name" label={t('rule.name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('rule.name') }) }, { max: 32 }]}>
          <Input maxLength={32} data-testid="track-rule-name" />
        </Form.Item>
        <Form.Item name="checkItem" label={t('rule.checkItem')} rules={[{ required: true, message: t('required', { field: t('rule.checkItem') }) }]}>
          <Select loading={items.isLoading} data-testid="track-rule-item" options={(items.data ?? []).map((c) => ({ value: c.key, label: `${t(`checkItem.${c.key}`)} (${c.unit})` }))} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="condition" label={t('rule.condition')}>
              <Select options={conditions} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="value" label={t('rule.value')}>
              <InputNumber style={{ width: '100%' }} data-testid="track-rule-value" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="relation" label={t('rule.relation')}>
              <Select options={TRACK_RELATIONS.map((r) => ({ value: r, label: t(`relation.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="condition2" label={t('rule.condition2')}>
              <Select allowClear options={conditions} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="value2" label={t('rule.value2')}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap size={24}>
          <Form.Item name="interval" label={t('rule.interval')}>
            <InputNumber min={0} max={1440} addonAfter={t('minutes')} />
          </Form.Item>
          <Form.Item name="enabled" label={t('rule.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function Rules({ robotId }: { robotId: string }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [dialog, setDialog] = useState<TrackRule | 'new' | null>(null);
  const list = useQuery({ queryKey: ['track', 'rules', robotId], queryFn: () => trackApi.rules.list(robotId) });
  const describe = (r: TrackRule) =>
    `${t(`checkItem.${r.checkItem}`)} ${r.condition} ${r.value}${r.condition2 ? ` ${t(`relation.${r.relation}`)} ${r.condition2} ${r.value2 ?? ''}` : ''}`;
  return (
    <Card
      title={t('rule.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')} data-testid={IDS.addRule}>
          {t('rule.add')}
        </Button>
      }
    >
      <Table<TrackRule>
        rowKey="id"
        size="middle"
        data-testid={IDS.ruleTable}
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('rule.empty') }}
        pagination={{ pageSize: Paging.defaultPageSize, showSizeChanger: true, pageSizeOptions: [...Paging.pageSizeOptions] }}
        columns={[
          { title: t('rule.name'), dataIndex: 'name' },
          { title: t('rule.checkItem'), dataIndex: 'checkItem', render: (v: string) => t(`checkItem.${v}`) },
          { title: t('rule.condition'), render: (_v, r) => describe(r) },
          { title: t('rule.interval'), dataIndex: 'interval', render: (v: number) => `${v} ${t('minutes')}` },
          {
            title: t('rule.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean, r) => <Switch size="small" checked={v} onChange={(on) => run(() => trackApi.rules.update(robotId, r.id, { enabled: on }).then(() => list.refetch()))} aria-label={t('rule.enabled')} />,
          },
          {
            title: t('operations'),
            width: 120,
            render: (_v, r) => (
              <Space>
                <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setDialog(r)} aria-label={t('edit')} />
                <Popconfirm title={t('confirmDelete', { name: r.name })} onConfirm={() => run(() => trackApi.rules.remove(robotId, r.id).then(() => list.refetch()), t('deleted'))}>
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RuleDialog robotId={robotId} rule={dialog} onClose={(saved) => (setDialog(null), saved && void list.refetch())} />
    </Card>
  );
}

export default function WarningRulePage() {
  return <TrackLayout page="warning-rule">{(robotId) => <Rules key={robotId} robotId={robotId} />}</TrackLayout>;
}
