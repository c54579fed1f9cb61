import { describe, expect, it } from 'vitest';
import { describeAjvError, type LabelledSchema } from './validation';

const schema: LabelledSchema = {
  properties: {
    name: { 'x-labels': { en: 'Name', zh: '名称' } },
    robotIds: { 'x-labels': { en: 'Robots' } },
    data: { 'x-labels': { en: 'SOC data' } },
    battery: {
      'x-labels': { en: 'Battery' },
      properties: { lowLevel: { 'x-labels': { en: 'Low battery level (%)', zh: '低电量阈值(%)' } }, plain: {} },
    } as never,
  },
};
const err = (keyword: string, instancePath: string, params: Record<string, unknown> = {}) => ({ keyword, instancePath, params });

describe('describeAjvError', () => {
  it('names a top-level field by its label, as before', () => {
    expect(describeAjvError(err('maxLength', '/name', { limit: 16 }), schema, 'en').message).toBe('Name must be at most 16 characters');
    expect(describeAjvError(err('required', '', { missingProperty: 'name' }), schema, 'zh').message).toBe('名称不能为空');
    expect(describeAjvError(err('additionalProperties', '', { additionalProperty: 'theme' }), schema, 'en').message).toBe('Unknown field theme');
    expect(describeAjvError(err('maxItems', '/robotIds'), schema, 'en').message).toBe('Robots is out of range');
  });

  it('names array items by their array and unknown keys in items by themselves', () => {
    expect(describeAjvError(err('type', '/robotIds/0'), schema, 'en')).toEqual({ field: 'robotIds', message: 'Robots has the wrong type' });
    expect(describeAjvError(err('additionalProperties', '/data/0', { additionalProperty: 'extra' }), schema, 'en').message).toBe('Unknown field extra');
    // A missing key of an item is labelled from the top level (event label schemas list the item fields there).
    expect(describeAjvError(err('required', '/data/0', { missingProperty: 'name' }), schema, 'en').message).toBe('Name is required');
  });

  it('names a nested field (settings groups) by its own label', () => {
    expect(describeAjvError(err('maximum', '/battery/lowLevel'), schema, 'en')).toEqual({ field: 'battery.lowLevel', message: 'Low battery level (%) is out of range' });
    expect(describeAjvError(err('minimum', '/battery/lowLevel'), schema, 'zh').message).toBe('低电量阈值(%)超出范围');
    expect(describeAjvError(err('required', '/battery', { missingProperty: 'lowLevel' }), schema, 'en').message).toBe('Low battery level (%) is required');
    expect(describeAjvError(err('type', '/battery/plain'), schema, 'en').message).toBe('plain has the wrong type');
    expect(describeAjvError(err('additionalProperties', '/battery', { additionalProperty: 'turbo' }), schema, 'en').message).toBe('Unknown field battery.turbo');
    expect(describeAjvError(err('type', '/battery'), schema, 'en').message).toBe('Battery has the wrong type');
  });
});
