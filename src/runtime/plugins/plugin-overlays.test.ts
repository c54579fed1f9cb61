import { describe, expect, it } from 'vitest';
import { createPluginRegistry } from './plugin-registry';

const page = () => Promise.resolve({ default: () => null });
const quiet = { error: () => undefined };

describe('plugin overlays (components mounted in the /home shell)', () => {
  it('collects the overlays of accepted plugins', () => {
    const reg = createPluginRegistry({ '/plugins/alarms/index.ts': { default: { id: 'alarms', routes: [], overlays: [{ key: 'alarm-popup', component: page }] } } }, quiet);
    expect(reg.overlays.map((o) => `${o.pluginId}/${o.key}`)).toEqual(['alarms/alarm-popup']);
  });

  it('skips a plugin whose overlay is malformed, naming the problem', () => {
    const reg = createPluginRegistry(
      {
        '/plugins/a/index.ts': { default: { id: 'a', routes: [], overlays: [{ key: 'x' }] } },
        '/plugins/b/index.ts': { default: { id: 'b', routes: [], overlays: 'nope' } },
        '/plugins/c/index.ts': { default: { id: 'c', routes: [], overlays: [{ component: page }] } },
      },
      quiet,
    );
    expect(reg.overlays).toEqual([]);
    expect(reg.rejected.map((r) => r.reason)).toEqual(["overlay x needs component: () => import('./…')", 'overlays must be an array', 'overlay 0 needs a key']);
  });
});
