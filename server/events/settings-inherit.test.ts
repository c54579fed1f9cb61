import { describe, expect, it } from 'vitest';
import { valueAt, withoutLeaves } from './settings-inherit';

describe('inherited settings documents', () => {
  it('removes the cleared leaves and the groups they leave empty, keeping the rest', () => {
    const doc = { logs: { robotLevel: 3 }, thresholds: { cpuPercent: 70, diskPercent: 80 } };
    expect(withoutLeaves(doc, [['logs', 'robotLevel'], ['thresholds', 'cpuPercent']])).toEqual({ thresholds: { diskPercent: 80 } });
    // The document itself is not changed; an absent leaf is no error.
    expect(doc.logs.robotLevel).toBe(3);
    expect(withoutLeaves(doc, [['telemetry', 'statusHz']])).toEqual(doc);
  });

  it('reads a leaf by its path', () => {
    expect(valueAt({ logs: { robotLevel: 2 } }, ['logs', 'robotLevel'])).toBe(2);
    expect(valueAt({ logs: {} }, ['logs', 'robotLevel'])).toBeUndefined();
    expect(valueAt(undefined, ['logs'])).toBeUndefined();
  });
});
