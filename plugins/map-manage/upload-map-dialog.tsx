/** The upload dialog: names, building floor, type, layers, pgm + yaml (both required), with upload progress. */
import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Progress, Select, Switch, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getConfig, useSession } from '@runtime';
import { MapLimits } from '@common/constants';
import { MAP_PROCESSING_ESTIMATE_S, MAP_TYPES } from '@common/map';
import { MAP_MANAGE_TEST_IDS as IDS } from './test-ids';
import { formatEstimate, uploadMap } from './map-manage-model';
import type { Building } from './buildings-panel';
import { CompanyFormItem, useCompanyChoices } from './company-select';

/** Optional files (spec §3). */
const EXTRA_KINDS = ['pcd', 'zip', 'calibration'] as const;
type ExtraKind = (typeof EXTRA_KINDS)[number];

interface Values {
  companyId?: number;
  useCalibration?: boolean;
  mapName: string;
  buildingId: number;
  floor: number;
  mapType: number;
  layer: number;
}

/** Modal that uploads one map. */
export function UploadMapDialog({ buildings, onClose, onUploaded }: { buildings: Building[]; onClose: () => void; onUploaded: (mapId: number) => void }) {
  const { t, i18n } = useTranslation('map-manage');
  const [form] = Form.useForm<Values>();
  const [pgm, setPgm] = useState<UploadFile[]>([]);
  const [yaml, setYaml] = useState<UploadFile[]>([]);
  const [extra, setExtra] = useState<Record<ExtraKind, UploadFile[]>>({ pcd: [], zip: [], calibration: [] });
  const useCalibration = Form.useWatch('useCalibration', form) === true;
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const buildingId = Form.useWatch('buildingId', form);
  const session = useSession();
  const { many } = useCompanyChoices();
  // A super admin uploads for a company of its tree: the building list is that company's.
  const companyId = (Form.useWatch('companyId', form) as number | undefined) ?? session?.companyId;
  const choices = many ? buildings.filter((b) => b.companyId === companyId) : buildings;
  const layer = Form.useWatch('layer', form) ?? MapLimits.minLayer;
  const building = buildings.find((b) => b.id === buildingId);
  const maxLayer = Math.min(MapLimits.maxLayer, getConfig()?.mapMaxLayer ?? MapLimits.maxLayer);
  const layers = Array.from({ length: maxLayer - MapLimits.minLayer + 1 }, (_, i) => MapLimits.minLayer + i);

  const submit = async (values: Values) => {
    const p = pgm[0]?.originFileObj;
    const y = yaml[0]?.originFileObj;
    if (!p || !y) return setError(t('fileRequired', { what: !p ? 'pgm' : 'yaml' }));
    if (values.useCalibration && !extra.calibration[0]) return setError(t('fileRequired', { what: t('calibration') }));
    const extras = Object.fromEntries(EXTRA_KINDS.flatMap((k) => (extra[k][0]?.originFileObj ? [[k, extra[k][0].originFileObj]] : []))) as Partial<Record<ExtraKind, File>>;
    setError(null);
    setPercent(0);
    try {
      const mapId = await uploadMap({ pgm: p, yaml: y, pgmName: p.name, yamlName: y.name, extras }, { ...values, companyId: many ? values.companyId : undefined, useCalibration: !!values.useCalibration }, i18n.language, setPercent);
      onUploaded(mapId);
    } catch (err) {
      setError((err as Error).message);
      setPercent(null);
    }
  };

  const picker = (files: UploadFile[], set: (f: UploadFile[]) => void, accept: string | undefined, testId: string) => (
    <div data-testid={testId}>
      <Upload accept={accept} maxCount={1} fileList={files} beforeUpload={() => false} onChange={({ fileList }) => set(fileList.slice(-1))}>
        <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
      </Upload>
    </div>
  );

  return (
    <Modal
      open
      title={t('uploadTitle')}
      onCancel={onClose}
      maskClosable={false}
      data-testid={IDS.uploadDialog}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={percent !== null}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={percent !== null} onClick={() => form.submit()} data-testid={IDS.uploadSubmit}>
          {t('submit')}
        </Button>,
      ]}
    >
      {choices.length === 0 ? <Alert type="warning" showIcon message={t('needBuilding')} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ floor: 1, mapType: 1, layer: MapLimits.minLayer, companyId: session?.companyId }} onFinish={submit} disabled={percent !== null}>
        <CompanyFormItem testId={IDS.uploadCompany} onChange={() => form.setFieldValue('buildingId', undefined)} />
        <Form.Item name="mapName" label={t('mapName')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('mapName') }) }, { max: 32 }]}>
          <Input maxLength={32} data-testid={IDS.uploadName} />
        </Form.Item>
        <Form.Item name="buildingId" label={t('building')} rules={[{ required: true, message: t('required', { field: t('building') }) }]}>
          <Select data-testid={IDS.uploadBuilding} options={choices.map((b) => ({ value: b.id, label: `${b.regionName} / ${b.name}` }))} />
        </Form.Item>
        <Form.Item name="floor" label={t('floor')} rules={[{ required: true, message: t('required', { field: t('floor') }) }]}>
          <InputNumber min={1} max={building?.floors ?? 200} precision={0} style={{ width: '100%' }} data-testid={IDS.uploadFloor} />
        </Form.Item>
        <Form.Item name="mapType" label={t('mapType')}>
          <Select data-testid={IDS.uploadType} options={MAP_TYPES.map((v) => ({ value: v, label: t(`mapTypes.${v}`) }))} />
        </Form.Item>
        <Form.Item name="layer" label={t('layer')} extra={t('layerHint', { layer, estimate: formatEstimate(MAP_PROCESSING_ESTIMATE_S[layer]) })}>
          <Select data-testid={IDS.uploadLayer} options={layers.map((v) => ({ value: v, label: String(v) }))} />
        </Form.Item>
        <Form.Item label={t('pgm')} required>
          {picker(pgm, setPgm, '.pgm', IDS.uploadPgm)}
        </Form.Item>
        <Form.Item label={t('yaml')} required>
          {picker(yaml, setYaml, '.yaml,.yml', IDS.uploadYaml)}
        </Form.Item>
        <Form.Item name="useCalibration" label={t('useCalibration')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {EXTRA_KINDS.map((k) => (
          <Form.Item key={k} label={t(k)} required={k === 'calibration' && useCalibration}>
            {picker(extra[k], (f) => setExtra((e) => ({ ...e, [k]: f })), k === 'zip' ? '.zip' : undefined, `map-upload-${k}`)}
          </Form.Item>
        ))}
      </Form>
      {percent !== null ? <Progress percent={percent} status="active" format={(p) => t('uploading', { percent: p })} data-testid={IDS.uploadProgress} /> : null}
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
