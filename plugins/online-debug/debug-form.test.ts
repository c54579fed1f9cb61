import { describe, expect, it } from 'vitest';
import { DEBUG_PARAM_SCHEMAS } from '@common/debug-params';
import { changedParams, rjsfSchema } from './debug-form';

describe('online debug forms', () => {
  it('are the shared schemas with their labels in the language, limits kept, log levels named', () => {
    const walk = rjsfSchema('walk', 'ja');
    expect(Object.keys(walk.properties)).toEqual(Object.keys(DEBUG_PARAM_SCHEMAS.walk.properties));
    expect(walk.properties.maxLinearSpeed).toEqual({ type: 'number', title: '最高速度(m/s)', minimum: 0.1, maximum: 2 });
    expect(rjsfSchema('debug', 'zh').properties.logLevel!.oneOf).toEqual([
      { const: 'error', title: '错误' },
      { const: 'warn', title: '警告' },
      { const: 'info', title: '信息' },
      { const: 'debug', title: '调试' },
    ]);
  });

  it('sends only what changed', () => {
    expect(changedParams({ a: 1, b: true, c: 'x' }, { a: 1, b: false, c: 'x' })).toEqual({ b: false });
    expect(changedParams({ a: 1 }, { a: 1 })).toEqual({});
  });
});
