/** Fields of a point of interest (spec §3) with an Apply that runs the spec §5 rules through the model. */
import { useState } from 'react';
import { App, Button, Image, Input, InputNumber, Progress, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '@runtime';
import { POI_ACTIONS, POI_TYPES, PoiLimits } from '@common/map';
import type { Lang } from '@common/protocol';
import { pictureProblem, type Poi, type PoiAction } from '@common/poi';
import type { MapElement, RuleError } from './model/types';

/** The point-of-interest section of the properties card. */
export function PoiPanel({
  element,
  robots,
  points = [],
  onApply,
  onProblem,
}: {
  element: MapElement;
  robots: { robotId: string; robotName: string }[];
  /** The map's points of interest (an explanation point's task chooses among them, by name: names outlive ids across saves). */
  points?: { id: string; name: string }[];
  onApply: (poi: Poi) => void;
  /** Shows a broken rule (the editor's notice). */
  onProblem?: (problem: RuleError) => void;
}) {
  const { t, i18n } = useTranslation('map-editor');
  const props = element.props as Partial<Poi>;
  const [draft, setDraft] = useState<Poi>({ name: element.name, type: props.type ?? 'interest', robotId: props.robotId, actions: props.actions ?? [], pictures: props.pictures, explainPoints: props.explainPoints });
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<number | null>(null);
  const setAction = (i: number, change: Partial<PoiAction>) => setDraft((d) => ({ ...d, actions: d.actions.map((a, j) => (j === i ? { ...a, ...change } : a)) }));
  const pictures = draft.pictures ?? [];

  // A picture is checked by the model (type, 512 KB, 5 per point) before it is uploaded (kind image).
  const addPicture = async (file: File) => {
    const problem = pictureProblem(pictures, { name: file.name, size: file.size });
    if (problem) return onProblem?.(problem);
    setUploading(0);
    try {
      const stored = await uploadFile(file, 'image', setUploading, i18n.language as Lang);
      setDraft((d) => ({ ...d, pictures: [...(d.pictures ?? []), { name: file.name, size: file.size, url: stored.url }] }));
    } catch (err) {
      void message.error((err as Error).message); // the server's own message, in the user's language
    } finally {
      setUploading(null);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="map-poi">
      <Select style={{ width: '100%' }} value={draft.type} onChange={(type) => setDraft((d) => ({ ...d, type }))} options={POI_TYPES.map((v) => ({ value: v, label: t(`poi.type.${v}`) }))} data-testid="map-poi-type" />
      {draft.type === 'welcome' ? (
        <Select
          style={{ width: '100%' }}
          placeholder={t('poi.robot')}
          value={draft.robotId}
          onChange={(robotId: string) => setDraft((d) => ({ ...d, robotId }))}
          options={robots.map((r) => ({ value: r.robotId, label: r.robotName }))}
        />
      ) : null}
      {draft.type === 'explain' ? (
        <>
          <Typography.Text type="secondary">{t('poi.explainTask', { count: (draft.explainPoints ?? []).length, min: PoiLimits.pointsPerExplanationTaskMin, max: PoiLimits.pointsPerExplanationTaskMax })}</Typography.Text>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={t('poi.explainPoints')}
            value={draft.explainPoints ?? []}
            onChange={(explainPoints: string[]) => setDraft((d) => ({ ...d, explainPoints }))}
            options={[...new Set(points.map((p) => p.name).filter(Boolean))].map((name) => ({ value: name, label: name }))}
            notFoundContent={t('poi.noPoints')}
            data-testid="map-poi-explain"
          />
        </>
      ) : null}
      <Typography.Text type="secondary">{t('poi.actions')}</Typography.Text>
      {draft.actions.map((a, i) => (
        <Space key={i} wrap size={4} data-testid="map-poi-action">
          <Select style={{ width: 120 }} size="small" value={a.action} onChange={(action) => setAction(i, { action })} options={POI_ACTIONS.map((v) => ({ value: v, label: t(`poi.action.${v}`) }))} />
          {a.action === 'media' ? <Input size="small" style={{ width: 110 }} placeholder={t('poi.media')} value={String(a.mediaId ?? '')} onChange={(e) => setAction(i, { mediaId: e.target.value || null })} /> : null}
          {a.action === 'capture' ? (
            <>
              <InputNumber size="small" style={{ width: 70 }} min={0} precision={0} placeholder={t('poi.count')} value={a.captureCount} onChange={(v) => setAction(i, { captureCount: v ?? undefined })} />
              <Input size="small" style={{ width: 90 }} placeholder={t('poi.intervals')} value={a.intervals ?? ''} onChange={(e) => setAction(i, { intervals: e.target.value })} />
            </>
          ) : null}
          {a.action === 'preset' ? <Input size="small" style={{ width: 80 }} placeholder={t('poi.preset')} value={a.preset ?? ''} onChange={(e) => setAction(i, { preset: e.target.value })} data-testid="map-poi-preset" /> : null}
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => setDraft((d) => ({ ...d, actions: d.actions.filter((_, j) => j !== i) }))} />
        </Space>
      ))}
      <Typography.Text type="secondary">{t('poi.pictures', { count: pictures.length, max: PoiLimits.picturesPerPoint })}</Typography.Text>
      {pictures.length ? (
        <Space wrap size={6} data-testid="map-poi-pictures">
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
      <Space>
        <Button size="small" icon={<PlusOutlined />} onClick={() => setDraft((d) => ({ ...d, actions: [...d.actions, { action: 'wait' }] }))} data-testid="map-poi-add-action">
          {t('poi.addAction')}
        </Button>
        <Button size="small" type="primary" onClick={() => onApply({ ...draft, name: element.name })} data-testid="map-poi-apply">
          {t('poi.apply')}
        </Button>
      </Space>
    </Space>
  );
}
