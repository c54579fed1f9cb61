import { afterEach, describe, expect, it, vi } from 'vitest';

type Early = { __fcConfig?: Promise<Response | null> };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fresh copy of the module (it keeps the configuration once loaded). */
async function freshConfig() {
  vi.resetModules();
  return import('./config');
}

describe('loadConfig takes index.html\'s early request (issue 23)', () => {
  afterEach(() => {
    delete (globalThis as Early).__fcConfig;
  });

  it('uses the early answer once and asks nothing more', async () => {
    (globalThis as Early).__fcConfig = Promise.resolve(json({ version: 'early', captcha: false }));
    const { loadConfig, getConfig } = await freshConfig();
    const fetchImpl = vi.fn(async () => json({ version: 'fetched' }));
    expect(await loadConfig(fetchImpl)).toEqual({ version: 'early', captcha: false });
    expect(await loadConfig(fetchImpl)).toEqual({ version: 'early', captcha: false });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(getConfig()).toEqual({ version: 'early', captcha: false });
    expect((globalThis as Early).__fcConfig).toBeUndefined();
  });

  it('asks again when the early request failed or was refused', async () => {
    for (const early of [Promise.resolve(null), Promise.resolve(json({}, 503))]) {
      (globalThis as Early).__fcConfig = early;
      const { loadConfig } = await freshConfig();
      const fetchImpl = vi.fn(async () => json({ version: 'fetched' }));
      expect(await loadConfig(fetchImpl)).toEqual({ version: 'fetched' });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(fetchImpl).toHaveBeenCalledWith('/config.json', { headers: { accept: 'application/json' } });
    }
  });

  it('without an early request fetches, and a failure gives the defaults (an empty configuration)', async () => {
    const { loadConfig } = await freshConfig();
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('network down');
    });
    expect(await loadConfig(fetchImpl)).toEqual({});
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
