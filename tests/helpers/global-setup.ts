import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/app';
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './postgres';

/**
 * Once per API run: a migrated, seeded PGlite template folder that each test file copies,
 * or, with FC_TEST_DB=postgres, a throw-away PostgreSQL server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.FC_TEST_DB === 'postgres') {
    const pgServer = await startThrowawayPostgres();
    project.provide('pgUrl', pgServer.url('').replace(/\/$/, ''));
    return async () => pgServer.stop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-template-'));
  const server = await startServer(
    loadConfig({ ...process.env, CAPTCHA: 'off', PORT: '0', MQTT_PORT: '0', DATA_DIR: dir, SIMULATOR: 'off', LOG_LEVEL: 'error', DEMO_WORK: 'off' }, process.cwd()),
  );
  await server.close();
  project.provide('pgliteTemplate', path.join(dir, 'pglite'));
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    pgliteTemplate: string;
  }
}
