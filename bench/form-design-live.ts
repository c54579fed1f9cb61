/**
 * Bench: form designer "saved → visible" (issue 6, goal ≤ 2 s). Against the real server
 * (PGlite, in this process), each round saves a design that adds one more field, then does what
 * the saving console does — refetch /api/schemas until the field is there — and creates a record
 * that uses the field (the server validates against the new schema). Prints p50/p95/max.
 */
import { addField, updateField, type EditorState } from '../src/form-designer/model/commands';
import { defaultConfig } from '../src/form-designer/model/field-types';
import { run, startHistory } from '../src/form-designer/model/history';
import { newEntityEnvelope, withListColumns } from '../src/form-designer/model/entity-envelope';
import { designToSchema } from '../src/form-designer/model/schema-conversion';
import { ROOT } from '../src/form-designer/model/types';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server/app';
import { loadConfig } from '../server/config';
import { PROTOCOL_VERSION, type EventAnswer } from '../common/protocol';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const GOAL_MS = 2000;
const envelope = newEntityEnvelope({ id: 'bench-form', labels: { en: 'Bench form', zh: 'Bench form', ja: 'Bench form' }, group: 'other' });

function design(fields: number) {
  let h = startHistory({ doc: { list: [], config: defaultConfig() }, selected: null } as EditorState);
  for (let i = 0; i < fields; i++) {
    h = run(h, addField('input', ROOT, i, `Field ${i}`, `f${i}`));
    h = run(h, updateField(`f${i}`, { model: `f${i}`, options: { required: i === fields - 1 } }));
  }
  return withListColumns(designToSchema(h.present.doc, envelope));
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-form-'));
const env = { CAPTCHA: 'off', PORT: '0', MQTT_PORT: '0', DATA_DIR: dir, STATIC_DIR: path.join(dir, 'none'), LOG_LEVEL: 'error', SIMULATOR: 'off' };
const server = await startServer(loadConfig({ ...process.env, ...env }, process.cwd()));
const s = {
  url: server.url,
  async call(event: string, param: unknown, token?: string): Promise<EventAnswer<{ token: string }>> {
    const res = await fetch(`${server.url}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, param, token, protocolVersion: PROTOCOL_VERSION, lang: 'en' }) });
    return (await res.json()) as EventAnswer<{ token: string }>;
  },
};
try {
  const admin = (await s.call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' })).param!.token;
  const times: number[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const field = `f${r - 1}`;
    const t0 = performance.now();
    const saved = await s.call('saveFormDesign', { schema: design(r) }, admin);
    if (saved.statusCode !== 200) throw new Error(`save ${r}: ${saved.statusInfo}`);
    for (;;) {
      const list = (await (await fetch(`${s.url}/api/schemas`)).json()) as { entities: { $id: string; properties: Record<string, unknown> }[] };
      if (list.entities.find((e) => e.$id === 'bench-form')?.properties[field]) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    const made = await s.call('addBenchForm', { [field]: `value ${r}` }, admin);
    if (made.statusCode !== 200) throw new Error(`create ${r}: ${made.statusInfo}`);
    times.push(performance.now() - t0);
  }
  const p95 = pct(times, 95);
  console.log(`form design saved → visible (save + schema refetch + first record), ${ROUNDS} rounds:`);
  console.log(`  p50 ${pct(times, 50).toFixed(0)} ms · p95 ${p95.toFixed(0)} ms · max ${Math.max(...times).toFixed(0)} ms   goal ≤ ${GOAL_MS} ms  ${p95 <= GOAL_MS ? 'OK' : 'OVER'}`);
} finally {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
