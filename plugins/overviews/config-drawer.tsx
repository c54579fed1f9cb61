/** The dashboard's settings: cameras (1-16, each once) and maps (at least 1), saved for the company. */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Popconfirm, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent, formatDateTime, getLang } from '@runtime';
import type { MonitoringConfig } from '@common/events/monitoring';
import { useMaps } from './use-maps';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

/** A robot whose cameras may be chosen. */
export interface RobotOption {
  robotId: string;
  robotName: string;
  online: number;
}

/** Spec §9: the dashboard shows at most 16 cameras. */
const MAX_CAMERAS = 16;
const CAMERAS = [0, 1, 2, 3, 4];

/** Props of the settings drawer. */
export interface ConfigDrawerProps {
  open: boolean;
  config: MonitoringConfig;
  /** The name of the company whose configuration this is. */
  companyName: string;
  robots: RobotOption[];
  onClose: () => void;
  onSaved: (config: MonitoringConfig) => void;
}

/** The settings drawer. */
export function ConfigDrawer({ open, config, companyName, robots, onClose, onSaved }: ConfigDrawerProps) {
  const { t } = useTranslation('overviews');
  const [cameras, setCameras] = useState<string[]>([]);
  const [mapIds, setMapIds] = useState<number[]>([]);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { maps } = useMaps(undefined, false);

  useEffect(() => {
    if (!open) return;
    setCameras(config.cameras.map((c) => `${c.robotId}:${c.cameraId}`));
    setMapIds(config.maps);
    setProblem(undefined);
  }, [open, config]);

  const cameraOptions = useMemo(
    () =>
      robots.map((r) => ({
        label: `${r.robotName}${r.online ? '' : ` (${t('offline')})`}`,
        options: CAMERAS.map((c) => ({ value: `${r.robotId}:${c}`, label: `${r.robotName} · ${t(`camera.${c}`)}` })),
      })),
    [robots, t],
  );
  const mapOptions = useMemo(() => (maps ?? []).map((m) => ({ value: m.mapId, label: `${m.mapName} · ${t('mapWhere', { building: m.buildingName, floor: m.floor })}` })), [maps, t]);

  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const list = cameras.map((k) => {
        const i = k.lastIndexOf(':');
        return { robotId: k.slice(0, i), cameraId: Number(k.slice(i + 1)) };
      });
      onSaved(await callEvent('setMonitoringConfig', { companyId: config.companyId, cameras: list, maps: mapIds }));
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await callEvent('delMonitoringConfig', { companyId: config.companyId });
      onSaved({ ...config, configured: false, cameras: [], maps: [], updatedAt: null });
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      title={companyName ? `${t('dashboard.settings')} · ${companyName}` : t('dashboard.settings')}
      open={open}
      onClose={onClose}
      width={480}
      destroyOnHidden
      data-testid={IDS.configDrawer}
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          {config.configured ? (
            <Popconfirm title={t('dashboard.deleteConfirm', { company: companyName })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={remove}>
              <Button danger icon={<DeleteOutlined />} disabled={busy} data-testid={IDS.configDelete}>
                {t('delete')}
              </Button>
            </Popconfirm>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} onClick={save} data-testid={IDS.configSave}>
              {t('save')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('dashboard.cameras', { count: cameras.length, max: MAX_CAMERAS })} extra={t('dashboard.camerasHint')}>
          <Select
            mode="multiple"
            value={cameras}
            onChange={setCameras}
            options={cameraOptions}
            maxCount={MAX_CAMERAS}
            optionFilterProp="label"
            placeholder={t('dashboard.chooseCameras')}
            aria-label={t('dashboard.chooseCameras')}
            data-testid={IDS.configCameras}
          />
        </Form.Item>
        <Form.Item label={t('dashboard.maps')} extra={t('dashboard.mapsHint')}>
          <Select mode="multiple" value={mapIds} onChange={setMapIds} options={mapOptions} loading={!maps} optionFilterProp="label" placeholder={t('dashboard.chooseMaps')} aria-label={t('dashboard.chooseMaps')} data-testid={IDS.configMaps} />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon message={problem} data-testid={IDS.configError} /> : null}
      {config.updatedAt ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
          {t('dashboard.updatedAt', { time: formatDateTime(config.updatedAt, getLang()) })}
        </Typography.Text>
      ) : null}
    </Drawer>
  );
}
