/** Fields of a point of interest (spec §3) with an Apply that runs the spec §5 rules through the model. */
import { useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { POI_ACTIONS, POI_TYPES } from '@common/map';
import type { Poi, PoiAction } from './model/poi';
import type { MapElement } from './model/types';

/** The point-of-interest section of the properties card. */
export function PoiPanel({ element, robots, onApply }: { element: MapElement; robots: { robotId: string; robotName: string }[]; onApply: (poi: Poi) => void }) {
  const { t } = useTranslation('map-editor');
  const props = element.props as Partial<Poi>;
  const [draft, setDraft] = useState<Poi>({ name: element.name, type: props.type ?? 'interest', robotId: props.robotId, actions: props.actions ?? [], pictures: props.pictures });
  const setAction = (i: number, change: Partial<PoiAction>) => setDraft((d) => ({ ...d, actions: d.actions.map((a, j) => (j === i ? { ...a, ...change } : a)) }));
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
      <Typography.Text type="secondary">{t('poi.actions')}</Typography.Text>
      {draft.actions.map((a, i) => (
        <Space key={i} wrap size={4}>
          <Select style={{ width: 120 }} size="small" value={a.action} onChange={(action) => setAction(i, { action })} options={POI_ACTIONS.map((v) => ({ value: v, label: t(`poi.action.${v}`) }))} />
          {a.action === 'media' ? <Input size="small" style={{ width: 110 }} placeholder={t('poi.media')} value={String(a.mediaId ?? '')} onChange={(e) => setAction(i, { mediaId: e.target.value || null })} /> : null}
          {a.action === 'capture' ? (
            <>
              <InputNumber size="small" style={{ width: 70 }} min={0} precision={0} placeholder={t('poi.count')} value={a.captureCount} onChange={(v) => setAction(i, { captureCount: v ?? undefined })} />
              <Input size="small" style={{ width: 90 }} placeholder={t('poi.intervals')} value={a.intervals ?? ''} onChange={(e) => setAction(i, { intervals: e.target.value })} />
            </>
          ) : null}
          {a.action === 'preset' ? <Input size="small" style={{ width: 80 }} placeholder={t('poi.preset')} value={a.preset ?? ''} onChange={(e) => setAction(i, { preset: e.target.value })} /> : null}
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => setDraft((d) => ({ ...d, actions: d.actions.filter((_, j) => j !== i) }))} />
        </Space>
      ))}
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
