/** Sync a map to robots of its company (mapDown); the list shows each robot's state as it changes. */
import { useState } from 'react';
import { Alert, App, Checkbox, Empty, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEvent } from '@runtime';
import type { MapRecord } from '@common/events/maps';
import { MAP_MANAGE_TEST_IDS as IDS } from './test-ids';

/** Modal choosing the robots a map is sent to. */
export function SyncDialog({ map, onClose }: { map: MapRecord; onClose: () => void }) {
  const { t } = useTranslation('map-manage');
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    try {
      await callEvent('mapDown', { mapId: map.mapId, robotIds: chosen });
      void message.success(t('syncStarted'));
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('syncTitle', { name: map.mapName })} onCancel={onClose} onOk={submit} okText={t('syncAction')} cancelText={t('cancel')} okButtonProps={{ disabled: chosen.length === 0, loading: busy }} data-testid={IDS.syncDialog}>
      <Typography.Paragraph type="secondary">{t('syncHint')}</Typography.Paragraph>
      {map.syncs.length === 0 ? (
        <Empty description={t('noRobots')} />
      ) : (
        <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])} style={{ width: '100%' }}>
          <Space direction="vertical">
            {map.syncs.map((s) => (
              <Checkbox key={s.robotId} value={s.robotId}>
                {s.robotName} <Typography.Text type="secondary">{s.robotId}</Typography.Text> <Tag>{t(`syncState.${s.status}`)}</Tag>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      )}
      {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
