import { describe, expect, it } from 'vitest';
import { checkIdCard, idCardCheckChar } from './id-card';

const today = new Date('2026-11-23T00:00:00Z');
const valid = (first17: string) => first17 + idCardCheckChar(first17);

describe('ID card checks (spec §5)', () => {
  it('accepts valid 18- and 15-character numbers', () => {
    expect(checkIdCard('11010519491231002X', today)).toBeNull();
    expect(checkIdCard('11010519491231002x', today)).toBeNull();
    expect(checkIdCard(valid('31010119900101123'), today)).toBeNull();
    expect(checkIdCard('110105491231002', today)).toBeNull();
  });
  it('names the first failed check: length, format, region, birth date', () => {
    expect(checkIdCard('1101051949123100', today)).toBe('idCardLength');
    expect(checkIdCard('11010519491231002Y', today)).toBe('idCardFormat');
    expect(checkIdCard('110105194912310021', today)).toBe('idCardFormat'); // wrong check character
    expect(checkIdCard(valid('99010519491231002'), today)).toBe('idCardRegion');
    expect(checkIdCard(valid('11010519490231002'), today)).toBe('idCardBirth'); // 31 February
    expect(checkIdCard(valid('11010520300101002'), today)).toBe('idCardBirth'); // in the future
    expect(checkIdCard(valid('11010518991231002'), today)).toBe('idCardBirth');
  });
});
