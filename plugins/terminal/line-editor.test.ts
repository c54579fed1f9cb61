import { describe, expect, it } from 'vitest';
import { LineEditor } from './line-editor';

describe('terminal line editor', () => {
  it('echoes, deletes, hands over whole lines and walks the history', () => {
    const e = new LineEditor(10);
    expect(e.input('stx')).toEqual([{ kind: 'echo', text: 's' }, { kind: 'echo', text: 't' }, { kind: 'echo', text: 'x' }]);
    expect(e.input('\x7f')).toEqual([{ kind: 'echo', text: '\b \b' }]);
    e.input('atus');
    expect(e.input('\r')).toEqual([{ kind: 'line', line: 'status' }]);
    expect(e.input('\x1b[A')).toEqual([{ kind: 'echo', text: 'status' }]);
    expect(e.line).toBe('status');
    expect(e.input('\x03')).toEqual([{ kind: 'cancel' }]);
    expect(e.line).toBe('');
  });

  it('keeps a line within its longest length', () => {
    const e = new LineEditor(3);
    e.input('abcdef');
    expect(e.line).toBe('abc');
  });
});
