/** Buildings of the caller's companies: a name unique within a company, a region, floors. */
import { useState } from 'react';
import { Alert, App, Button, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent, useSession } from '@runtime';
import type { Building } from '@common/events/maps';
import { MAP_MANAGE_TEST_IDS as IDS } from './test-ids';
import { CompanyFormItem } from './company-select';

/** One building as queryBuildings answers it. */
export type { Building };

/** The buildings tab. */
export function BuildingsPanel({ buildings, reload, can }: { buildings: Building[]; reload: () => Promise<void>; can: (permission: string) => boolean }) {
  const { t } = useTranslation('map-manage');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Building | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const session = useSession();

  const open = (b: Building | 'new') => {
    setError(null);
    setEditing(b);
    form.setFieldsValue(b === 'new' ? { name: '', regionName: '', floors: 1, companyId: session?.companyId } : b);
  };
  const save = async ({ companyId, ...values }: { name: string; regionName: string; floors: number; companyId?: number }) => {
    try {
      const v = { ...values, name: values.name.trim(), regionName: values.regionName.trim() };
      // A super admin chooses the company of a new building (one of its tree; the server checks it).
      if (editing === 'new') await callEvent('addBuilding', companyId ? { ...v, companyId } : v);
      else if (editing) await callEvent('modifyBuilding', { id: editing.id, ...v });
      setEditing(null);
      void message.success(t('saved'));
      await reload();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async (b: Building) => {
    try {
      await callEvent('deleteBuilding', { id: b.id });
      void message.success(t('deleted'));
      await reload();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {can('map:create') ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid={IDS.addBuilding}>
          {t('addBuilding')}
        </Button>
      ) : null}
      <Table<Building>
        rowKey="id"
        size="middle"
        dataSource={buildings}
        data-testid={IDS.buildings}
        locale={{ emptyText: <Empty description={t('noBuildings')} /> }}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: t('buildingName'), dataIndex: 'name' },
          { title: t('region'), dataIndex: 'regionName' },
          { title: t('floors'), dataIndex: 'floors', width: 100 },
          { title: t('maps'), dataIndex: 'mapCount', width: 100 },
          { title: t('col.company'), dataIndex: 'companyName' },
          {
            title: t('col.actions'),
            key: 'a',
            width: 120,
            render: (_: unknown, b: Building) => (
              <Space size={0}>
                {can('map:update') ? <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('editBuilding')} onClick={() => open(b)} /> : null}
                {can('map:delete') ? (
                  <Popconfirm title={t('deleteBuildingConfirm', { name: b.name })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove(b)}>
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} data-testid={`${IDS.removeBuilding}-${b.id}`} />
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('addBuilding') : t('editBuilding')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        data-testid={IDS.buildingDialog}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={save}>
          {editing === 'new' ? <CompanyFormItem testId={IDS.buildingCompany} /> : null}
          <Form.Item name="name" label={t('buildingName')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('buildingName') }) }]}>
            <Input maxLength={32} data-testid={IDS.buildingName} />
          </Form.Item>
          <Form.Item name="regionName" label={t('region')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('region') }) }]}>
            <Input maxLength={32} data-testid={IDS.buildingRegion} />
          </Form.Item>
          <Form.Item name="floors" label={t('floors')} rules={[{ required: true }]}>
            <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} data-testid={IDS.buildingFloors} />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" showIcon message={error} /> : null}
      </Modal>
    </Space>
  );
}
