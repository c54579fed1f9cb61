import { describe, expect, it } from 'vitest';
import { compareVersions, isOutdated } from './node-version-model';

describe('node versions', () => {
  it('orders dotted versions by their numbers, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBe(1);
    expect(compareVersions('1.9.2', '1.10.0')).toBe(-1);
    expect(compareVersions('2.3', '2.3.0')).toBe(0);
    expect(compareVersions('V9.1', 'V9.1')).toBe(0);
  });

  it('marks a version older than the latest as outdated; none or a newer one is not', () => {
    expect(isOutdated('1.8.0', '1.9.0')).toBe(true);
    expect(isOutdated('2.4.0', '2.3.1')).toBe(false);
    expect(isOutdated('3.1.0', undefined)).toBe(false);
    expect(isOutdated('3.1.0', '3.1.0')).toBe(false);
  });
});
