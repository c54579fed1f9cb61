/** Fields of a point of interest (spec §3) with an Apply that runs the spec §5 rules (common/poi) through the model. */
import { useState, type ReactNode } from 'react';
import { App, Button, Card, ConfigProvider, Flex, Form, Image, Input, InputNumber, Progress, Select, Space, Typography, Upload } from 'antd';
import {
  BellOutlined,
  CameraOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  FireOutlined,
  FlagOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  PlusOutlined,
  StarOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '@runtime';
import { DETECTION_KIND_LABELS, DETECTION_KINDS } from '@common/detections';
import { POI_ACTIONS, POI_CAMERAS, POI_ICONS, POI_TYPES, PoiLimits } from '@common/map';
import { elementPoi, pictureProblem, type Poi, type PoiAction } from '@common/poi';
import type { Lang } from '@common/protocol';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import type { MapElement, RuleError } from './model/types';

/** A media entry of the company (queryMediaEntry), the choices of a media action. */
export interface MediaChoice {
  id: number;
  name: string;
  type: string;
}

const ICONS: Record<(typeof POI_ICONS)[number], ReactNode> = {
  pin: <EnvironmentOutlined />,
  flag: <FlagOutlined />,
  star: <StarOutlined />,
  info: <InfoCircleOutlined />,
  camera: <CameraOutlined />,
  bell: <BellOutlined />,
  home: <HomeOutlined />,
  fire: <FireOutlined />,
};

/** Point types that stop at a lift: they carry its device number and elevator. */
const LIFT_TYPES: Poi['type'][] = ['liftIn', 'inLift'];

/** A dense form for the 300 px side panel: small labels close to their fields. */
const DENSE = { components: { Form: { verticalLabelPadding: '0 0 2px', itemMarginBottom: 8, labelFontSize: 12 } } };

/** A section title of the panel. */
const Section = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" strong style={{ display: 'block', fontSize: 12, margin: '4px 0 6px' }}>
    {children}
  </Typography.Text>
);

/** The point-of-interest section of the properties card. */
export function PoiPanel({
  element,
  robots,
  points = [],
  media,
  onApply,
  onProblem,
}: {
  element: MapElement;
  robots: { robotId: string; robotName: string }[];
  /** The map's points of interest (an explanation point's task chooses among them, by name: names outlive ids across saves). */
  points?: { id: string; name: string }[];
  /** The company's media entries (null while loading, 'failed' when the list could not be read). */
  media: MediaChoice[] | null | 'failed';
  onApply: (poi: Poi) => void;
  /** Shows a broken rule (the editor's notice). */
  onProblem?: (problem: RuleError) => void;
}) {
  const { t, i18n } = useTranslation('map-editor');
  const lang = i18n.language as Lang;
  const [draft, setDraft] = useState<Poi>(() => elementPoi(element));
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<number | null>(null);
  const set = (change: Partial<Poi>) => setDraft((d) => ({ ...d, ...change }));
  const setAction = (i: number, change: Partial<PoiAction>) => setDraft((d) => ({ ...d, actions: d.actions.map((a, j) => (j === i ? { ...a, ...change } : a)) }));
  const pictures = draft.pictures ?? [];
  const cameraSelect = (a: PoiAction, i: number) => (
    <Select
      size="small"
      style={{ width: 96 }}
      placeholder={t('poi.camera')}
      value={a.camera}
      onChange={(camera: PoiAction['camera']) => setAction(i, { camera })}
      options={POI_CAMERAS.map((c) => ({ value: c, label: t(`poi.cameras.${c}`) }))}
      data-testid={`${IDS.poiField}-camera`}
    />
  );

  // A picture is checked by the model (type, 512 KB, 5 per point) before it is uploaded (kind image).
  const addPicture = async (file: File) => {
    const problem = pictureProblem(pictures, { name: file.name, size: file.size });
    if (problem) return onProblem?.(problem);
    setUploading(0);
    try {
      const stored = await uploadFile(file, 'image', setUploading, lang);
      setDraft((d) => ({ ...d, pictures: [...(d.pictures ?? []), { name: file.name, size: file.size, url: stored.url }] }));
    } catch (err) {
      void message.error((err as Error).message); // the server's own message, in the user's language
    } finally {
      setUploading(null);
    }
  };

  return (
    <ConfigProvider theme={DENSE}>
      <Form layout="vertical" size="small" component="div" style={{ width: '100%' }} data-testid="map-poi">
        <Flex gap={8}>
          <Form.Item label={t('poi.typeLabel')} style={{ flex: 1 }}>
            <Select value={draft.type} onChange={(type) => set({ type })} options={POI_TYPES.map((v) => ({ value: v, label: t(`poi.type.${v}`) }))} data-testid="map-poi-type" />
          </Form.Item>
          <Form.Item label={t('poi.icon')} style={{ width: 76 }}>
            <Select
              allowClear
              value={draft.icon}
              onChange={(icon: Poi['icon']) => set({ icon })}
              options={POI_ICONS.map((v) => ({ value: v, label: <span title={t(`poi.icons.${v}`)}>{ICONS[v]}</span> }))}
              data-testid={`${IDS.poiField}-icon`}
            />
          </Form.Item>
        </Flex>
        {draft.type === 'welcome' ? (
          <Form.Item label={t('poi.robot')} required>
            <Select
              placeholder={t('poi.robot')}
              value={draft.robotId}
              onChange={(robotId: string) => set({ robotId })}
              options={robots.map((r) => ({ value: r.robotId, label: r.robotName }))}
              notFoundContent={t('noRobots')}
              data-testid={`${IDS.poiField}-robot`}
            />
          </Form.Item>
        ) : null}
        <Flex gap={8}>
          <Form.Item label={t('poi.dwellSeconds')} style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} min={0} max={PoiLimits.dwellSecondsMax} precision={0} value={draft.dwellSeconds ?? null} onChange={(v) => set({ dwellSeconds: v })} data-testid={`${IDS.poiField}-dwell`} />
          </Form.Item>
          <Form.Item label={t('poi.gridSpacing')} style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} min={0} max={PoiLimits.gridSpacingMax} step={0.1} value={draft.gridSpacing ?? null} onChange={(v) => set({ gridSpacing: v })} data-testid={`${IDS.poiField}-grid`} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('poi.phone')}>
          <Input value={draft.phone ?? ''} maxLength={16} onChange={(e) => set({ phone: e.target.value })} data-testid={`${IDS.poiField}-phone`} />
        </Form.Item>
        {LIFT_TYPES.includes(draft.type) ? (
          <Flex gap={8}>
            <Form.Item label={t('poi.liftDeviceNumber')} style={{ flex: 1 }}>
              <Input value={draft.liftDeviceNumber ?? ''} maxLength={PoiLimits.codeMaxLength} onChange={(e) => set({ liftDeviceNumber: e.target.value })} data-testid={`${IDS.poiField}-lift`} />
            </Form.Item>
            <Form.Item label={t('poi.elevator')} style={{ flex: 1 }}>
              <Input value={draft.elevator ?? ''} maxLength={PoiLimits.codeMaxLength} onChange={(e) => set({ elevator: e.target.value })} data-testid={`${IDS.poiField}-elevator`} />
            </Form.Item>
          </Flex>
        ) : null}
        <Form.Item label={t('poi.introduction')}>
          <Input.TextArea
            value={draft.introduction ?? ''}
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={PoiLimits.introductionMaxLength}
            onChange={(e) => set({ introduction: e.target.value })}
            data-testid={`${IDS.poiField}-introduction`}
          />
        </Form.Item>
        {draft.type === 'explain' ? (
          <Form.Item label={t('poi.explainTask', { count: (draft.explainPoints ?? []).length, min: PoiLimits.pointsPerExplanationTaskMin, max: PoiLimits.pointsPerExplanationTaskMax })}>
            <Select
              mode="multiple"
              placeholder={t('poi.explainPoints')}
              value={draft.explainPoints ?? []}
              onChange={(explainPoints: string[]) => set({ explainPoints })}
              options={[...new Set(points.map((p) => p.name).filter(Boolean))].map((name) => ({ value: name, label: name }))}
              notFoundContent={t('poi.noPoints')}
              data-testid="map-poi-explain"
            />
          </Form.Item>
        ) : null}
        <Section>{t('poi.actions')}</Section>
        <Space direction="vertical" size={6} style={{ width: '100%' }}>
          {draft.actions.map((a, i) => (
            <Card key={i} size="small" styles={{ body: { padding: 6 } }} data-testid="map-poi-action">
              <Flex gap={4} align="center">
                <Select style={{ flex: 1 }} size="small" value={a.action} onChange={(action) => setAction(i, { action })} options={POI_ACTIONS.map((v) => ({ value: v, label: t(`poi.action.${v}`) }))} data-testid={`${IDS.poiField}-action`} />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => setDraft((d) => ({ ...d, actions: d.actions.filter((_, j) => j !== i) }))} />
              </Flex>
              <Flex wrap gap={4} align="center" style={{ marginTop: ['wait', 'broadcast'].includes(a.action) ? 0 : 4 }}>
                {a.action === 'media' ? (
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    showSearch
                    optionFilterProp="label"
                    placeholder={t('poi.media')}
                    loading={media === null}
                    value={a.mediaId === null || a.mediaId === undefined || a.mediaId === '' ? undefined : Number(a.mediaId)}
                    onChange={(mediaId: number) => setAction(i, { mediaId })}
                    options={Array.isArray(media) ? media.map((m) => ({ value: m.id, label: m.name })) : []}
                    notFoundContent={media === 'failed' ? t('poi.mediaLoadFailed') : t('poi.noMedia')}
                    data-testid={`${IDS.poiField}-media`}
                  />
                ) : null}
                {a.action === 'headTilt' ? (
                  <InputNumber
                    size="small"
                    style={{ width: '100%' }}
                    addonBefore={t('poi.pitchAngle')}
                    min={PoiLimits.pitchAngleMin}
                    max={PoiLimits.pitchAngleMax}
                    value={a.pitchAngle ?? null}
                    onChange={(v) => setAction(i, { pitchAngle: v ?? undefined })}
                    data-testid={`${IDS.poiField}-pitch`}
                  />
                ) : null}
                {a.action === 'capture' ? (
                  <>
                    <InputNumber size="small" style={{ width: 64 }} min={0} precision={0} placeholder={t('poi.count')} value={a.captureCount} onChange={(v) => setAction(i, { captureCount: v ?? undefined })} />
                    <Input size="small" style={{ width: 80 }} placeholder={t('poi.intervals')} value={a.intervals ?? ''} onChange={(e) => setAction(i, { intervals: e.target.value })} />
                    {cameraSelect(a, i)}
                  </>
                ) : null}
                {a.action === 'preset' ? (
                  <>
                    <Input size="small" style={{ width: 80 }} placeholder={t('poi.preset')} value={a.preset ?? ''} onChange={(e) => setAction(i, { preset: e.target.value })} data-testid="map-poi-preset" />
                    {cameraSelect(a, i)}
                  </>
                ) : null}
                {a.action === 'detect' ? (
                  <>
                    <Select
                      size="small"
                      style={{ width: 140 }}
                      placeholder={t('poi.detectionType')}
                      value={a.detectionType}
                      onChange={(detectionType: PoiAction['detectionType']) => setAction(i, { detectionType })}
                      options={DETECTION_KINDS.map((k) => ({ value: k, label: DETECTION_KIND_LABELS[k][lang] ?? DETECTION_KIND_LABELS[k].en }))}
                      data-testid={`${IDS.poiField}-detection`}
                    />
                    {cameraSelect(a, i)}
                  </>
                ) : null}
              </Flex>
            </Card>
          ))}
          <Button size="small" type="dashed" block icon={<PlusOutlined />} disabled={draft.actions.length >= PoiLimits.actionsPerPoint} onClick={() => setDraft((d) => ({ ...d, actions: [...d.actions, { action: 'wait' }] }))} data-testid="map-poi-add-action">
            {t('poi.addAction')}
          </Button>
        </Space>
        <Section>{t('poi.pictures', { count: pictures.length, max: PoiLimits.picturesPerPoint })}</Section>
        {pictures.length ? (
          <Space wrap size={6} data-testid="map-poi-pictures" style={{ marginBottom: 6 }}>
            {pictures.map((p, i) => (
              <Space key={`${p.url ?? p.name}-${i}`} direction="vertical" size={0} align="center">
                {p.url ? <Image src={p.url} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt={p.name} /> : <Typography.Text>{p.name}</Typography.Text>}
                <Button size="small" type="link" danger onClick={() => setDraft((d) => ({ ...d, pictures: (d.pictures ?? []).filter((_, j) => j !== i) }))}>
                  {t('delete')}
                </Button>
              </Space>
            ))}
          </Space>
        ) : null}
        <Upload
          accept=".png,.jpg,.jpeg"
          showUploadList={false}
          disabled={uploading !== null}
          beforeUpload={(file) => {
            void addPicture(file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} disabled={uploading !== null} data-testid="map-poi-picture">
            {t('poi.addPicture')}
          </Button>
        </Upload>
        {uploading !== null ? <Progress percent={uploading} size="small" /> : null}
        <Button type="primary" block style={{ marginTop: 12 }} onClick={() => onApply({ ...draft, name: element.name })} data-testid="map-poi-apply">
          {t('poi.apply')}
        </Button>
      </Form>
    </ConfigProvider>
  );
}
