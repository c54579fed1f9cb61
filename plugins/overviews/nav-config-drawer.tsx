/** The navigation overview's settings: the maps it shows (at least 1, each once); none saved shows every map. */
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Popconfirm, Select, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent } from '@runtime';
import type { NavigationConfig, OverviewMap } from '@common/events/monitoring';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

/** Props of the drawer. */
export interface NavConfigDrawerProps {
  open: boolean;
  config: NavigationConfig;
  maps: OverviewMap[];
  onClose: () => void;
  onSaved: (config: NavigationConfig) => void;
}

/** The drawer. */
export function NavConfigDrawer({ open, config, maps, onClose, onSaved }: NavConfigDrawerProps) {
  const { t } = useTranslation('overviews');
  const [mapIds, setMapIds] = useState<number[]>([]);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setMapIds(config.maps);
    setProblem(undefined);
  }, [open, config]);
  const run = async (work: () => Promise<NavigationConfig>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      onSaved(await work());
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      title={t('nav.settings')}
      open={open}
      onClose={onClose}
      width={440}
      destroyOnHidden
      data-testid={IDS.navConfig}
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          {config.configured ? (
            <Popconfirm
              title={t('nav.deleteConfirm')}
              okText={t('delete')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => run(async () => (await callEvent('delNavigationConfig', {}), { ...config, configured: false, maps: [], updatedAt: null }))}
            >
              <Button danger icon={<DeleteOutlined />} disabled={busy}>
                {t('nav.showAll')}
              </Button>
            </Popconfirm>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => run(() => callEvent('setNavigationConfig', { maps: mapIds }))} data-testid={IDS.navConfigSave}>
              {t('save')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('dashboard.maps')} extra={t('nav.mapsHint')}>
          <Select
            mode="multiple"
            value={mapIds}
            onChange={setMapIds}
            options={maps.map((m) => ({ value: m.mapId, label: `${m.mapName} · ${t('mapWhere', { building: m.buildingName, floor: m.floor })}` }))}
            optionFilterProp="label"
            placeholder={t('dashboard.chooseMaps')}
            aria-label={t('dashboard.chooseMaps')}
            data-testid={IDS.navConfigMaps}
          />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon message={problem} data-testid={IDS.configError} /> : null}
    </Drawer>
  );
}
