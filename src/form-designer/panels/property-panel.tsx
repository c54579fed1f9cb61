/** The property panel: a field tab (label, key, default, options, rules, limits…) and a form tab (label width, position, size). */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Form, Input, InputNumber, Radio, Select, Space, Switch, Tabs } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { modelProblem, setGridColumns, updateConfig, updateField, type Command, type FieldPatch } from '../model/commands';
import { DESIGNER_DEFAULTS, holdsData } from '../model/field-types';
import { findField } from '../model/tree';
import { BLANK_TYPES, DATA_TYPES, DATE_TYPES, FORM_SIZES, LABEL_POSITIONS, type DesignerDocument, type DesignerField, type FieldChoice } from '../model/types';
import { FORM_DESIGNER_TEST_IDS as ids } from '../test-ids';

/** What the panel needs from the page. */
export interface PropertyPanelProps {
  doc: DesignerDocument;
  selected: string | null;
  dispatch: (c: Command) => void;
}

const LIMIT: { min: number; max: number } = { min: DESIGNER_DEFAULTS.limitMin, max: DESIGNER_DEFAULTS.limitMax };

/** The key input keeps what is typed and applies it only when valid (a wrong key shows why). */
function ModelInput({ doc, field, onChange }: { doc: DesignerDocument; field: DesignerField; onChange: (m: string) => void }) {
  const { t } = useTranslation('form-designer');
  const [text, setText] = useState(field.model);
  useEffect(() => setText(field.model), [field.model]);
  const problem = text === field.model ? undefined : modelProblem(doc, field.key, text);
  return (
    <Form.Item label={t('panel.model')} validateStatus={problem ? 'error' : undefined} help={problem ? t(`panel.modelProblem.${problem}`) : undefined}>
      <Input
        value={text}
        aria-label={t('panel.model')}
        onChange={(e) => {
          setText(e.target.value);
          if (!modelProblem(doc, field.key, e.target.value)) onChange(e.target.value);
        }}
      />
    </Form.Item>
  );
}

function ChoicesEditor({ value, onChange }: { value: FieldChoice[]; onChange: (v: FieldChoice[]) => void }) {
  const { t } = useTranslation('form-designer');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value.map((c, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input aria-label={`${t('panel.optionValue')} ${i + 1}`} placeholder={t('panel.optionValue')} value={c.value} onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
          <Input aria-label={`${t('panel.optionLabel')} ${i + 1}`} placeholder={t('panel.optionLabel')} value={c.label ?? ''} onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, label: e.target.value || undefined } : x)))} />
          <Button icon={<DeleteOutlined />} aria-label={`${t('canvas.delete')} ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...value, { value: `Option ${value.length + 1}` }])}>
        {t('panel.addOption')}
      </Button>
    </Space>
  );
}

function FieldTab({ doc, field, dispatch }: { doc: DesignerDocument; field: DesignerField; dispatch: (c: Command) => void }) {
  const { t } = useTranslation('form-designer');
  const o = field.options;
  const set = (patch: FieldPatch) => dispatch(updateField(field.key, patch));
  const opt = (k: string, v: unknown) => set({ options: { [k]: v } });
  const has = (k: string) => k in o;
  const numberInput = (k: string, label: string, limits = LIMIT) => (
    <Form.Item label={label}>
      <InputNumber aria-label={label} min={limits.min} max={limits.max} value={o[k] as number | null} onChange={(v) => opt(k, v ?? null)} style={{ width: '100%' }} />
    </Form.Item>
  );
  const check = (k: string, label: string) => (
    <Checkbox checked={o[k] === true} onChange={(e) => opt(k, e.target.checked)}>
      {label}
    </Checkbox>
  );
  return (
    <Form layout="vertical" size="small" component="div">
      {field.type !== 'text' ? (
        <Form.Item label={t('panel.name')}>
          <Input aria-label={t('panel.name')} value={field.name} onChange={(e) => set({ name: e.target.value })} />
        </Form.Item>
      ) : null}
      {holdsData(field.type) ? (
        <>
          <Form.Item label={t('panel.nameZh')}>
            <Input aria-label={t('panel.nameZh')} value={field.labels?.zh ?? ''} placeholder={field.name} onChange={(e) => set({ labels: { ...field.labels, zh: e.target.value || undefined } })} />
          </Form.Item>
          <Form.Item label={t('panel.nameJa')}>
            <Input aria-label={t('panel.nameJa')} value={field.labels?.ja ?? ''} placeholder={field.name} onChange={(e) => set({ labels: { ...field.labels, ja: e.target.value || undefined } })} />
          </Form.Item>
          <ModelInput doc={doc} field={field} onChange={(model) => set({ model })} />
        </>
      ) : null}
      {has('width') ? (
        <Form.Item label={t('panel.width')}>
          <Input aria-label={t('panel.width')} value={String(o.width ?? '')} onChange={(e) => opt('width', e.target.value)} />
        </Form.Item>
      ) : null}
      {has('placeholder') ? (
        <Form.Item label={t('panel.placeholder')}>
          <Input aria-label={t('panel.placeholder')} value={String(o.placeholder ?? '')} onChange={(e) => opt('placeholder', e.target.value)} />
        </Form.Item>
      ) : null}
      {field.type === 'text' ? (
        <Form.Item label={t('panel.text')}>
          <Input.TextArea aria-label={t('panel.text')} value={String(o.defaultValue ?? '')} onChange={(e) => opt('defaultValue', e.target.value)} />
        </Form.Item>
      ) : null}
      {['input', 'textarea', 'editor', 'color'].includes(field.type) ? (
        <Form.Item label={t('panel.defaultValue')}>
          <Input aria-label={t('panel.defaultValue')} value={String(o.defaultValue ?? '')} onChange={(e) => opt('defaultValue', e.target.value)} />
        </Form.Item>
      ) : null}
      {field.type === 'number' || field.type === 'rate' || (field.type === 'slider' && o.range !== true) ? numberInput('defaultValue', t('panel.defaultValue'), { min: -1e9, max: 1e9 }) : null}
      {field.type === 'switch' ? (
        <Form.Item label={t('panel.defaultValue')}>
          <Switch aria-label={t('panel.defaultValue')} checked={o.defaultValue === true} onChange={(v) => opt('defaultValue', v)} />
        </Form.Item>
      ) : null}
      {field.type === 'input' ? (
        <Form.Item label={t('panel.dataType')}>
          <Select aria-label={t('panel.dataType')} value={o.dataType as string} options={DATA_TYPES.map((d) => ({ value: d, label: d }))} onChange={(v) => opt('dataType', v)} />
        </Form.Item>
      ) : null}
      {field.type === 'number' || field.type === 'slider' ? (
        <>
          {numberInput('min', t('panel.min'))}
          {numberInput('max', t('panel.max'))}
          {numberInput('step', t('panel.step'))}
        </>
      ) : null}
      {field.type === 'rate' ? numberInput('max', t('panel.rateMax'), { min: 1, max: 10 }) : null}
      {field.type === 'date' ? (
        <>
          <Form.Item label={t('panel.dateType')}>
            <Select aria-label={t('panel.dateType')} value={o.type as string} options={DATE_TYPES.map((d) => ({ value: d, label: d }))} onChange={(v) => opt('type', v)} />
          </Form.Item>
          <Form.Item label={t('panel.format')}>
            <Input aria-label={t('panel.format')} value={String(o.format ?? '')} onChange={(e) => opt('format', e.target.value)} />
          </Form.Item>
        </>
      ) : null}
      {field.type === 'time' ? (
        <Form.Item label={t('panel.format')}>
          <Input aria-label={t('panel.format')} value={String(o.format ?? '')} onChange={(e) => opt('format', e.target.value)} />
        </Form.Item>
      ) : null}
      {field.type === 'blank' ? (
        <Form.Item label={t('panel.blankType')}>
          <Radio.Group value={o.defaultType} options={BLANK_TYPES.map((b) => ({ value: b, label: b }))} onChange={(e) => opt('defaultType', e.target.value)} />
        </Form.Item>
      ) : null}
      {['radio', 'checkbox', 'select'].includes(field.type) ? (
        <Form.Item label={t('panel.options')}>
          <ChoicesEditor value={(o.options as FieldChoice[]) ?? []} onChange={(v) => opt('options', v)} />
        </Form.Item>
      ) : null}
      {field.type === 'grid' ? (
        <>
          <Form.Item label={t('panel.columns')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {field.columns!.map((c, i) => (
                <Space.Compact key={i} style={{ width: '100%' }}>
                  <InputNumber
                    aria-label={`${t('panel.columns')} ${i + 1}`}
                    min={1}
                    max={24}
                    value={c.span}
                    style={{ width: '100%' }}
                    onChange={(v) => dispatch(setGridColumns(field.key, field.columns!.map((x, j) => (j === i ? Number(v) || 1 : x.span))))}
                  />
                  <Button icon={<DeleteOutlined />} disabled={field.columns!.length <= 1} aria-label={`${t('canvas.delete')} ${i + 1}`} onClick={() => dispatch(setGridColumns(field.key, field.columns!.filter((_, j) => j !== i).map((x) => x.span)))} />
                </Space.Compact>
              ))}
              <Button size="small" icon={<PlusOutlined />} onClick={() => dispatch(setGridColumns(field.key, [...field.columns!.map((x) => x.span), 12]))}>
                {t('panel.addColumn')}
              </Button>
            </Space>
          </Form.Item>
          {numberInput('gutter', t('panel.gutter'))}
          <Form.Item label={t('panel.justify')}>
            <Select aria-label={t('panel.justify')} value={o.justify as string} options={['start', 'end', 'center', 'space-around', 'space-between'].map((v) => ({ value: v, label: v }))} onChange={(v) => opt('justify', v)} />
          </Form.Item>
          <Form.Item label={t('panel.align')}>
            <Select aria-label={t('panel.align')} value={o.align as string} options={['top', 'middle', 'bottom'].map((v) => ({ value: v, label: v }))} onChange={(v) => opt('align', v)} />
          </Form.Item>
        </>
      ) : null}
      {has('pattern') ? (
        <Form.Item label={t('panel.pattern')}>
          <Input aria-label={t('panel.pattern')} value={String(o.pattern ?? '')} onChange={(e) => opt('pattern', e.target.value)} />
        </Form.Item>
      ) : null}
      <Space wrap>
        {has('required') ? check('required', t('panel.required')) : null}
        {has('disabled') ? check('disabled', t('panel.disabled')) : null}
        {field.type === 'select' ? check('multiple', t('panel.multiple')) : null}
        {field.type === 'time' ? check('isRange', t('panel.isRange')) : null}
        {field.type === 'slider' ? check('range', t('panel.range')) : null}
        {field.type === 'rate' ? check('allowHalf', t('panel.allowHalf')) : null}
        {field.type === 'color' ? check('showAlpha', t('panel.showAlpha')) : null}
      </Space>
    </Form>
  );
}

function FormTab({ doc, dispatch }: { doc: DesignerDocument; dispatch: (c: Command) => void }) {
  const { t } = useTranslation('form-designer');
  const c = doc.config;
  return (
    <Form layout="vertical" size="small" component="div">
      <Form.Item label={t('panel.labelWidth')}>
        <InputNumber
          aria-label={t('panel.labelWidth')}
          min={DESIGNER_DEFAULTS.labelWidthMin}
          max={DESIGNER_DEFAULTS.labelWidthMax}
          step={DESIGNER_DEFAULTS.labelWidthStep}
          value={c.labelWidth}
          addonAfter="px"
          onChange={(v) => v !== null && dispatch(updateConfig({ labelWidth: Number(v) }))}
        />
      </Form.Item>
      <Form.Item label={t('panel.labelPosition')}>
        <Radio.Group value={c.labelPosition} optionType="button" options={LABEL_POSITIONS.map((p) => ({ value: p, label: t(`panel.positions.${p}`) }))} onChange={(e) => dispatch(updateConfig({ labelPosition: e.target.value }))} />
      </Form.Item>
      <Form.Item label={t('panel.size')}>
        <Radio.Group value={c.size} optionType="button" options={FORM_SIZES.map((s) => ({ value: s, label: t(`panel.sizes.${s}`) }))} onChange={(e) => dispatch(updateConfig({ size: e.target.value }))} />
      </Form.Item>
    </Form>
  );
}

/** The panel beside the canvas. */
export function PropertyPanel({ doc, selected, dispatch }: PropertyPanelProps) {
  const { t } = useTranslation('form-designer');
  const [tab, setTab] = useState('field');
  const field = selected ? findField(doc, selected)?.field : undefined;
  useEffect(() => {
    if (selected) setTab('field');
  }, [selected]);
  return (
    <div className="fd-panel" data-testid={ids.panel}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'field', label: t('panel.fieldTab'), children: field ? <FieldTab key={field.key} doc={doc} field={field} dispatch={dispatch} /> : <Empty description={t('panel.noSelection')} /> },
          { key: 'form', label: t('panel.formTab'), children: <FormTab doc={doc} dispatch={dispatch} /> },
        ]}
      />
    </div>
  );
}
