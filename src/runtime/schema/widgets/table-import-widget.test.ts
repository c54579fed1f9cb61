import { describe, expect, it } from 'vitest';
import { parseTable } from './table-import-widget';

const cols = ['voltage', 'soc'];
const numeric = new Set(cols);

describe('table-import CSV reading', () => {
  it('skips a header, reads commas, semicolons and tabs, and converts numbers', () => {
    expect(parseTable('\uFEFFVoltage,SOC\r\n48.1, 10\n49;50\n\n51\t100\n', cols, numeric)).toEqual({
      rows: [
        { voltage: 48.1, soc: 10 },
        { voltage: 49, soc: 50 },
        { voltage: 51, soc: 100 },
      ],
    });
  });

  it('names the first bad line (numbers from 1, blank lines counted)', () => {
    expect(parseTable('voltage,soc\n48,10\n\n49,x\n', cols, numeric)).toEqual({ error: 'number', line: 4 });
    expect(parseTable('48,10\n49\n', cols, numeric)).toEqual({ error: 'columns', line: 2 });
    expect(parseTable('voltage,soc\n', cols, numeric)).toEqual({ error: 'empty', line: 1 });
  });
});
