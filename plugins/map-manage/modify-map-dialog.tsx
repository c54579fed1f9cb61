/** Modify a map's name, building floor and type (modifyMap). */
import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEvent } from '@runtime';
import { MAP_TYPES } from '@common/map';
import type { MapRecord } from '@common/events/maps';
import { MAP_MANAGE_TEST_IDS as IDS } from './test-ids';
import type { Building } from './buildings-panel';

/** Modal that modifies one map. */
export function ModifyMapDialog({ map, buildings, onClose, onSaved }: { map: MapRecord; buildings: Building[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('map-manage');
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const buildingId = Form.useWatch('buildingId', form) as number | undefined;
  const building = buildings.find((b) => b.id === buildingId);
  const submit = async (values: { mapName: string; buildingId?: number; floor: number; mapType: number }) => {
    setBusy(true);
    try {
      await callEvent('modifyMap', { mapId: map.mapId, ...values, mapName: values.mapName.trim() });
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('modifyTitle')} onCancel={onClose} onOk={() => form.submit()} okText={t('save')} cancelText={t('cancel')} okButtonProps={{ loading: busy }} data-testid={IDS.modifyDialog}>
      <Form form={form} layout="vertical" initialValues={{ mapName: map.mapName, buildingId: map.buildingId ?? undefined, floor: map.floor, mapType: map.mapType }} onFinish={submit}>
        <Form.Item name="mapName" label={t('mapName')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('mapName') }) }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="buildingId" label={t('building')}>
          <Select options={buildings.filter((b) => b.companyId === map.companyId).map((b) => ({ value: b.id, label: `${b.regionName} / ${b.name}` }))} />
        </Form.Item>
        <Form.Item name="floor" label={t('floor')}>
          <InputNumber min={1} max={building?.floors ?? 200} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="mapType" label={t('mapType')}>
          <Select options={MAP_TYPES.map((v) => ({ value: v, label: t(`mapTypes.${v}`) }))} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
