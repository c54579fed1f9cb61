import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/app';
import { startTestServer } from '../helpers/test-server';

describe('production mode', () => {
  it('refuses CAPTCHA=off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA: 'off' })).toThrow('CAPTCHA=off is refused when NODE_ENV=production.');
  });

  it('refuses to start while an account has the demo password', async () => {
    // Demo data first (as a developer would have), then a production start on the same folder.
    const s = await startTestServer({ SIMULATOR: 'off' });
    const dir = s.dir;
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-prod-'));
    await s.server.close();
    fs.cpSync(dir, copy, { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: '0', MQTT_PORT: '0', DATA_DIR: copy, SIMULATOR: 'off', LOG_LEVEL: 'error' };
    if (process.env.FC_TEST_DB === 'postgres') env.DATABASE_URL = s.server.services.config.databaseUrl;
    await expect(startServer(loadConfig(env))).rejects.toThrow('Refusing to start in production: user "admin" still has the demo password.');
    fs.rmSync(copy, { recursive: true, force: true });
  });
});
