import { describe, expect, it } from 'vitest';
import { crossFieldErrors, mergeSettings, settingsDefaults, settingsLeaves, type SettingsNode } from './settings';

const schema: SettingsNode = {
  type: 'object',
  properties: {
    schedule: {
      type: 'object',
      properties: {
        bootTime: { type: 'string', default: '07:00:00', 'x-labels': { en: 'Boot time', zh: '开机时间' } },
        shutdownTime: { type: 'string', default: '22:00:00', 'x-differs-from': 'bootTime', 'x-labels': { en: 'Shutdown time', zh: '关机时间' } },
      },
    },
    audio: { type: 'object', properties: { volume: { type: 'integer', default: 100 }, mute: { type: 'boolean' } } },
  },
};

describe('settings documents', () => {
  it('builds the defaults and lists the leaves', () => {
    expect(settingsDefaults(schema)).toEqual({ schedule: { bootTime: '07:00:00', shutdownTime: '22:00:00' }, audio: { volume: 100 } });
    expect(settingsLeaves(schema)).toEqual([['schedule', 'bootTime'], ['schedule', 'shutdownTime'], ['audio', 'volume'], ['audio', 'mute']]);
  });

  it('merges group by group, keeping only what the schema declares', () => {
    const base = settingsDefaults(schema);
    const merged = mergeSettings(schema, base, { audio: { mute: true }, gone: { x: 1 }, schedule: { stale: 1 } });
    expect(merged).toEqual({ schedule: { bootTime: '07:00:00', shutdownTime: '22:00:00' }, audio: { volume: 100, mute: true } });
    expect(mergeSettings(schema, base, undefined)).toEqual(base);
    expect(base.audio).toEqual({ volume: 100 }); // not mutated
  });

  it('reports x-differs-from at the property carrying it, in the language asked', () => {
    expect(crossFieldErrors(schema, settingsDefaults(schema), 'en')).toEqual([]);
    const same = { schedule: { bootTime: '08:00:00', shutdownTime: '08:00:00' } };
    expect(crossFieldErrors(schema, same, 'en')).toEqual([
      { path: ['schedule', 'shutdownTime'], key: 'mustDiffer', vars: { field: 'Shutdown time', other: 'Boot time' }, message: 'Boot time and Shutdown time must differ' },
    ]);
    expect(crossFieldErrors(schema, same, 'zh')[0]!.message).toBe('开机时间与关机时间不能相同');
    expect(crossFieldErrors(schema, same, 'ja')[0]!.message).toBe('Boot timeとShutdown timeは異なる値にしてください');
  });
});
