import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from './menu-icons';

describe('menu icons', () => {
  it('has every icon a schema or plugin manifest names', () => {
    const files = [
      ...fs.readdirSync('schemas/entities').map((f) => path.join('schemas/entities', f)),
      ...fs.readdirSync('plugins').map((d) => path.join('plugins', d, 'plugin.json')).filter((f) => fs.existsSync(f)),
    ];
    const named = files.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/"icon":\s*"(\w+)"/g)].map((m) => m[1]!));
    expect(named.filter((n) => !MENU_ICONS[n])).toEqual([]);
  });
});
