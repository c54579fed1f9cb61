/** How each field type looks on the canvas: a static antd control (the canvas is for arranging, not typing). */
import { Cascader, Checkbox, ColorPicker, DatePicker, Input, InputNumber, Radio, Rate, Select, Slider, Switch, TimePicker, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { DesignerField, FieldChoice } from '../model/types';

const choices = (f: DesignerField) => ((f.options.options as FieldChoice[] | undefined) ?? []).map((c) => ({ value: c.value, label: c.label || c.value }));

/** The static control of a field. */
export function FieldMock({ field }: { field: DesignerField }) {
  const o = field.options;
  const placeholder = typeof o.placeholder === 'string' ? o.placeholder : undefined;
  const width = typeof o.width === 'string' && o.width ? o.width : undefined;
  switch (field.type) {
    case 'input':
      return <Input placeholder={placeholder} value={typeof o.defaultValue === 'string' ? o.defaultValue : ''} readOnly tabIndex={-1} style={{ width }} />;
    case 'textarea':
    case 'editor':
      return <Input.TextArea rows={field.type === 'editor' ? 4 : 2} placeholder={placeholder} value={String(o.defaultValue ?? '')} readOnly tabIndex={-1} />;
    case 'number':
      return <InputNumber value={o.defaultValue as number} readOnly tabIndex={-1} />;
    case 'radio':
      return <Radio.Group options={choices(field)} value={o.defaultValue} />;
    case 'checkbox':
      return <Checkbox.Group options={choices(field)} value={o.defaultValue as string[]} />;
    case 'time':
      return o.isRange ? <TimePicker.RangePicker open={false} tabIndex={-1} /> : <TimePicker open={false} placeholder={placeholder} tabIndex={-1} />;
    case 'date':
      return String(o.type).endsWith('range') ? <DatePicker.RangePicker open={false} tabIndex={-1} /> : <DatePicker open={false} placeholder={placeholder} tabIndex={-1} />;
    case 'rate':
      return <Rate count={Number(o.max) || 5} value={Number(o.defaultValue) || 0} disabled />;
    case 'color':
      return <ColorPicker open={false} value={typeof o.defaultValue === 'string' && o.defaultValue ? o.defaultValue : undefined} />;
    case 'select':
      return <Select open={false} mode={o.multiple ? 'multiple' : undefined} options={choices(field)} placeholder={placeholder} style={{ width: width ?? '100%' }} tabIndex={-1} />;
    case 'switch':
      return <Switch checked={o.defaultValue === true} />;
    case 'slider':
      return o.range === true ? <Slider range min={Number(o.min) || 0} max={Number(o.max) || 100} /> : <Slider min={Number(o.min) || 0} max={Number(o.max) || 100} value={o.defaultValue as number} />;
    case 'text':
      return <Typography.Text>{String(o.defaultValue ?? '')}</Typography.Text>;
    case 'blank':
      return <div className="fd-blank">{String(o.defaultType)}</div>;
    case 'imgupload':
      return (
        <div className="fd-upload">
          <PictureOutlined />
        </div>
      );
    case 'cascader':
      return <Cascader open={false} placeholder={placeholder} style={{ width: '100%' }} tabIndex={-1} />;
    default:
      return null;
  }
}
