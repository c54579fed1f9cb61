import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/app';
import { PROTOCOL_VERSION, type EventAnswer } from '../../common/protocol';

/**
 * Starts the real server on 127.0.0.1 (ephemeral ports) for one test file.
 * PGlite: copies the migrated, seeded template folder made once per run (a new PGlite costs ~3.6 s).
 * PostgreSQL (FC_TEST_DB=postgres): a fresh database in the throw-away server of the global setup.
 */
export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-test-'));
  const env: Record<string, string> = {
    CAPTCHA: 'off',
    PORT: '0',
    MQTT_PORT: '0',
    DATA_DIR: dir,
    STATIC_DIR: path.join(dir, 'no-static'),
    LOG_LEVEL: 'error',
    // Issue 4: no random simulator episodes (statuses, drops, collisions) under tests that rely on its behaviour.
    SIM_EPISODE_MINUTES: '0',
    // The demo's tasks and versions (issue 19) stay out of the tests' databases (tests/api/demo-work.test.ts seeds them).
    DEMO_WORK: 'off',
    ...extraEnv,
  };
  const pgBase = process.env.FC_TEST_DB === 'postgres' ? inject('pgUrl') : '';
  const template = process.env.FC_TEST_DB === 'postgres' ? '' : inject('pgliteTemplate');
  if (process.env.FC_TEST_DB === 'postgres') {
    if (!pgBase) throw new Error('FC_TEST_DB=postgres needs the global setup (FC_TEST_PG_URL)');
    const name = `fc_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    env.DATABASE_URL = `${pgBase}/${name}`;
  } else if (template) {
    fs.cpSync(template, path.join(dir, 'pglite'), { recursive: true });
    fs.cpSync(path.join(template, '..', 'maps'), path.join(dir, 'maps'), { recursive: true });
  }
  const server = await startServer(loadConfig({ ...process.env, ...env }, process.cwd()));
  return new TestServer(server, dir);
}

/** A running test server with small helpers to call it over real HTTP. */
export class TestServer {
  constructor(
    readonly server: RunningServer,
    readonly dir: string,
  ) {}

  get url(): string {
    return this.server.url;
  }

  /** Posts one event envelope and returns the answer. */
  async call<P = any>(event: string, param: unknown = {}, token?: string, lang = 'en'): Promise<EventAnswer<P>> {
    const res = await fetch(`${this.url}/api/interface`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event, param, token, protocolVersion: PROTOCOL_VERSION, lang }),
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status} from /api/interface`);
    return (await res.json()) as EventAnswer<P>;
  }

  /** Logs in a demo user (password demo1234) and returns the token. */
  async login(username: string, password = 'demo1234'): Promise<string> {
    const a = await this.call<{ token: string }>('login', { username, password, codeId: 'x', code: 'x' });
    if (a.statusCode !== 200) throw new Error(`login ${username}: ${a.statusInfo}`);
    return a.param!.token;
  }

  /** A fingerprint of every schema table: changes if any row is added, removed or altered (refusals must change nothing). */
  async fingerprint(): Promise<string> {
    const { schemas, db } = this.server.services;
    const tables = [...new Set([...schemas.entities.values()].map((e) => e.table))].filter((t) => t !== 'operation_log').sort();
    const parts: string[] = [];
    for (const t of tables) {
      const rows = await db.query<{ h: string | null }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) AS h FROM "${t}" x`);
      parts.push(`${t}:${rows[0]!.h}`);
    }
    return parts.join(',');
  }

  /** Issue 18: a robot's own MQTT account, issued as an administrator would (the old secret stops working). */
  readonly credentialsOf = (robotId: string) => this.server.services.robotCredentials.issue(robotId);

  /**
   * Connects to the broker as a robot with its own account, or (no robot id) with the server's
   * account, which may watch and publish every topic (tests that stand in for several robots).
   */
  async mqtt(robotId?: string, options: mqtt.IClientOptions = {}): Promise<mqtt.MqttClient> {
    const account = robotId ? await this.credentialsOf(robotId) : this.server.mqttAccount;
    return mqtt.connectAsync(this.server.mqttUrl, { ...options, username: account.username, password: account.password });
  }

  async close(): Promise<void> {
    await this.server.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
