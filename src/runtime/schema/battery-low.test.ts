import { describe, expect, it } from 'vitest';
import { batteryLowThreshold, isBatteryLow } from './battery-low';
import { createSchemaRegistry } from './schema-registry';
import type { EntitySchema } from './schema-types';

const alarmSetting = (batteryDefault: unknown) =>
  createSchemaRegistry({ entities: [{ $id: 'alarm-setting', type: 'object', properties: { batteryLowPercent: { type: 'integer', default: batteryDefault } } } as unknown as EntitySchema], enums: [] });

describe('the battery-low rule', () => {
  it("takes the threshold from the alarm-setting schema default, or the company's configured value first", () => {
    expect(batteryLowThreshold(alarmSetting(20))).toBe(20);
    expect(batteryLowThreshold(alarmSetting(25))).toBe(25);
    expect(batteryLowThreshold(alarmSetting(20), 35)).toBe(35);
    expect(batteryLowThreshold(alarmSetting(20), null)).toBe(20);
  });

  it('has no threshold without the schema or with a default that is not a number', () => {
    expect(batteryLowThreshold(createSchemaRegistry({}))).toBeUndefined();
    expect(batteryLowThreshold(undefined)).toBeUndefined();
    expect(batteryLowThreshold(alarmSetting('20'))).toBeUndefined();
    expect(batteryLowThreshold(undefined, 15)).toBe(15);
  });

  it('is low strictly below the threshold, never without a level or a threshold', () => {
    expect(isBatteryLow(19, 20)).toBe(true);
    expect(isBatteryLow(0, 20)).toBe(true);
    expect(isBatteryLow(20, 20)).toBe(false);
    expect(isBatteryLow(80, 20)).toBe(false);
    expect(isBatteryLow(null, 20)).toBe(false);
    expect(isBatteryLow(undefined, 20)).toBe(false);
    expect(isBatteryLow(Number.NaN, 20)).toBe(false);
    expect(isBatteryLow(5, undefined)).toBe(false);
  });
});
