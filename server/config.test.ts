import { describe, expect, it } from 'vitest';
import { loadConfig, poolSizeOf } from './config';

describe('DATABASE_POOL_SIZE (issue 23)', () => {
  it('defaults to 10 connections per core, at least 10 and at most 50', () => {
    expect(poolSizeOf(undefined, 1)).toBe(10);
    expect(poolSizeOf(undefined, 2)).toBe(20);
    expect(poolSizeOf('', 4)).toBe(40);
    expect(poolSizeOf(undefined, 16)).toBe(50);
  });
  it('takes a whole number from 1 to 500', () => {
    expect(poolSizeOf('1')).toBe(1);
    expect(poolSizeOf('500')).toBe(500);
    expect(loadConfig({ DATABASE_POOL_SIZE: '64' }).databasePoolSize).toBe(64);
  });
  it('refuses anything else at start-up, saying what it takes', () => {
    for (const bad of ['0', '501', '12.5', 'many', '-3']) {
      expect(() => poolSizeOf(bad)).toThrow(`DATABASE_POOL_SIZE must be a whole number from 1 to 500 (got "${bad}").`);
    }
  });
});
