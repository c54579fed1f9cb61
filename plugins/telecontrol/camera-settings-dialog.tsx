/**
 * Camera settings dialog (spec §2): the camera parameter set of spec §3 read with camParamGet,
 * edited with the sliders, choices and HH:mm pickers of spec §5/§9, saved one parameter per
 * camParamSet call (as the protocol wants). "More settings" leads to robotSetting.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Col, InputNumber, Modal, Row, Select, Skeleton, Slider, Space, Tabs, TimePicker, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { callEvent, isAbortedError, navigateTo } from '@runtime';
import { CAMERA_PARAMS, defaultCameraParams } from '@common/camera';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';

/** Parameter groups, one tab each. */
const GROUPS: Record<string, string[]> = {
  image: ['BrightnessLevel', 'ContrastLevel', 'SaturationLevel', 'SharpnessLevel'],
  exposure: ['ExposureType', 'ShutterLevel', 'LightInhibitMode', 'LightInhibitLevel', 'BLCMode', 'WDRMode', 'WDRLevel', 'OverExposureEnable', 'OverExposureType'],
  dayNight: ['IrcutFilterType', 'beginTime', 'endTime', 'NightToDayFilterLevel', 'NightToDayFilterTime'],
  light: ['supplementLightMode', 'whiteLightBrightnessHigh', 'whiteLightBrightnessLow', 'infraredLightBrightnessHigh', 'infraredLightBrightnessLow', 'DistanceLevel'],
  detection: ['targetSpeed', 'imgNum', 'sensitiveLevel', 'imgInterval', 'threshold'],
};

/** The dialog (open when `open`), for one camera of one robot. */
export function CameraSettingsDialog({ robotId, cameraId, open, onClose }: { robotId: string; cameraId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('telecontrol');
  const { message } = App.useApp();
  const [saved, setSaved] = useState<Record<string, string> | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setSaved(null);
    setError(undefined);
    callEvent('camParamGet', { robotId, cameraId }, { signal: abort.signal })
      .then((p) => {
        const all = { ...defaultCameraParams(), ...(p ?? {}) };
        setSaved(all);
        setValues(all);
      })
      .catch((err: unknown) => !isAbortedError(err) && setError((err as Error).message));
    return () => abort.abort();
  }, [open, robotId, cameraId]);

  const changed = useMemo(() => (saved ? Object.keys(values).filter((k) => values[k] !== saved[k]) : []), [values, saved]);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const save = async () => {
    setSaving(true);
    setError(undefined);
    let now = saved!;
    try {
      // One parameter per call, as camParamSet takes them; stop at the first refusal.
      for (const name of changed) now = await callEvent('camParamSet', { robotId, cameraId, [name]: values[name] });
      setSaved(now);
      setValues(now);
      void message.success(t('settings.saved'));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: string) => {
    const def = CAMERA_PARAMS[name]!;
    const value = values[name] ?? String(def.default);
    const label = t(`param.${name}`);
    let input: React.ReactNode;
    if (def.kind === 'number') {
      const n = Number(value);
      input = (
        <Row gutter={8} align="middle">
          <Col flex="auto">
            <Slider min={def.min} max={def.max} step={1} value={n} onChange={(v) => set(name, String(v))} aria-label={label} ariaLabelForHandle={label} />
          </Col>
          <Col flex="80px">
            {/* Spec §5: a number input falls back to the minimum when emptied. */}
            <InputNumber size="small" min={def.min} max={def.max} precision={0} value={n} onChange={(v) => set(name, String(v ?? def.min))} aria-label={label} data-testid={`${IDS.cameraParam}-${name}`} style={{ width: 80 }} />
          </Col>
        </Row>
      );
    } else if (def.kind === 'choice') {
      input = <Select size="small" value={value} onChange={(v) => set(name, v)} options={def.options.map((o) => ({ value: o, label: t(`choice.${o}`, { defaultValue: o }) }))} aria-label={label} style={{ width: '100%' }} data-testid={`${IDS.cameraParam}-${name}`} />;
    } else {
      input = <TimePicker size="small" format="HH:mm" allowClear={false} value={dayjs(value, 'HH:mm')} onChange={(d) => d && set(name, d.format('HH:mm'))} aria-label={label} data-testid={`${IDS.cameraParam}-${name}`} />;
    }
    return (
      <Row key={name} gutter={12} align="middle" style={{ marginBottom: 10 }}>
        <Col flex="190px">
          <Typography.Text>{label}</Typography.Text>
          {changed.includes(name) ? <Typography.Text type="warning"> •</Typography.Text> : null}
        </Col>
        <Col flex="auto">{input}</Col>
      </Row>
    );
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={680}
      title={
        <Space>
          <SettingOutlined />
          {t('settings.title', { camera: t(`camera.${cameraId}`) })}
        </Space>
      }
      destroyOnHidden
      footer={[
        <Button key="more" onClick={() => navigateTo('/home/robotSetting')} data-testid={IDS.moreSettings}>
          {t('settings.more')}
        </Button>,
        <Button key="defaults" disabled={!saved} onClick={() => setValues(defaultCameraParams())}>
          {t('settings.defaults')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!saved || changed.length === 0} onClick={() => void save()} data-testid={IDS.cameraSave}>
          {t('settings.save')}
        </Button>,
      ]}
      data-testid={IDS.cameraDialog}
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid={IDS.cameraError} /> : null}
      {!saved && !error ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {saved ? <Tabs size="small" items={Object.entries(GROUPS).map(([key, names]) => ({ key, label: t(`settings.group.${key}`), children: names.map(field) }))} /> : null}
    </Modal>
  );
}
