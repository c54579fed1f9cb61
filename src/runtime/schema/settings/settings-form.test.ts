import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import robotSettingSchema from '../../../../schemas/settings/robot-setting.schema.json';
import collisionMode from '../../../../schemas/enums/collision-mode.json';
import { createSchemaRegistry } from '../schema-registry';
import type { EnumSchema, SettingsSchema } from '../schema-types';
import { catalogueErrors, formValidator } from '../validator';
import { createWidgetRegistry } from '../widgets/widget-registry';
import { buildSettingsForm, countErrors, fillEmptyNumbers, settingsCustomValidate, settingsLabel } from './settings-form';

const settings = robotSettingSchema as unknown as SettingsSchema;
const schemas = createSchemaRegistry({ settings: [settings], enums: [collisionMode as EnumSchema] });
const widgets = createWidgetRegistry({});
const NumberWidget = () => null;

function validate(data: Record<string, unknown>, lang: 'en' | 'zh' = 'en') {
  const form = buildSettingsForm(settings, { lang, schemas, widgets, numberWidget: NumberWidget });
  return formValidator.validateFormData(data, form.schema, settingsCustomValidate(settings, lang), catalogueErrors(lang, form.labelOf)).errors;
}

const defaults = () => {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [g, group] of Object.entries(settings.properties)) out[g] = Object.fromEntries(Object.entries(group.properties!).map(([k, p]) => [k, p.default]));
  return out;
};

describe('settings form', () => {
  it('finds the settings schemas in the registry', () => {
    expect(schemas.setting('robot-setting')?.['x-route']).toBe('/home/robotSetting');
    expect(schemas.settings).toHaveLength(1);
  });

  it('builds one form of groups with labels in the language, enum choices and the number widget', () => {
    const form = buildSettingsForm(settings, { lang: 'zh', schemas, widgets, numberWidget: NumberWidget });
    expect(form.groups.map((g) => g.key)).toEqual(Object.keys(settings.properties));
    expect(form.groups[0]).toEqual({ key: 'battery', label: '电池与充电' });
    const collision = form.schema.properties!.collision as RJSFSchema;
    expect((collision.properties!.collisionMode as RJSFSchema).oneOf).toEqual([
      { const: 1, title: '普通（停止直到解除）' },
      { const: 2, title: '安全（停止30秒，连续3次碰撞后故障）' },
    ]);
    expect((collision.properties!.safeModeStopSeconds as RJSFSchema).title).toBe('安全模式停止时间(秒)');
    expect(form.uiSchema.collision).toMatchObject({ 'ui:title': '', safeModeStopSeconds: { 'ui:widget': NumberWidget } });
    // Texts and choices must have a value; numbers fall back to their minimum instead.
    expect((form.schema.properties!.schedule as RJSFSchema).required).toContain('bootTime');
    expect(collision.required).toEqual(['collisionMode']);
    expect((form.uiSchema.schedule as Record<string, Record<string, unknown>>).bootTime!['ui:placeholder']).toBe('HH:mm:ss');
  });

  it('accepts the defaults and names a nested field by its own label in the catalogue message', () => {
    expect(validate(defaults())).toEqual([]);
    const data = defaults();
    data.interaction!.chatTimeout = 10;
    expect(validate(data).map((e) => e.message)).toEqual(['Chat timeout (s) is out of range']);
    expect(validate(data, 'zh').map((e) => e.stack)).toEqual(['对话超时(秒): 对话超时(秒)超出范围']);
  });

  it('checks boot time against shutdown time (x-differs-from) beside the shutdown field', () => {
    const data = defaults();
    data.schedule!.bootTime = '22:00:00';
    const errors = validate(data);
    expect(errors.map((e) => [e.property, e.message])).toEqual([['.schedule.shutdownTime', 'Boot time and Shutdown time must differ']]);
  });

  it('sends an emptied number as its minimum, labels paths, counts errors', () => {
    const data = defaults();
    delete data.interaction!.greetingTimeout;
    data.audio!.masterVolume = undefined;
    const filled = fillEmptyNumbers(settings, data);
    expect(filled.interaction).toMatchObject({ greetingTimeout: 1 });
    expect((filled.audio as Record<string, unknown>).masterVolume).toBe(0);
    expect(settingsLabel(settings, ['video', 'nightToDayFilterLevel'], 'ja')).toBe('昼夜切替レベル');
    expect(countErrors({ schedule: { bootTime: { __errors: ['a'] }, shutdownTime: { __errors: ['b', 'c'] } } } as never)).toBe(3);
  });
});
