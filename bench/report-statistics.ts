/**
 * Bench: the report page's statistics over a year of data — 100 000 detections, 5 000 patrol runs
 * and 100 000 minute samples spread over 365 days and the 9 demo robots, then the 11 statistics
 * events the dataOutput page asks for (period year, the platform's whole tree) in parallel, and the
 * report workbook. Real server in-process on a fresh PGlite, simulator off.
 * Goals (issue 7): the page's statistics answer within 2 s (median of 5), the workbook within 4 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { startServer } from '../server/app';
import { DETECTION_KINDS } from '../common/detections';
import { PROTOCOL_VERSION } from '../common/protocol';

const DETECTIONS = Number(process.env.BENCH_DETECTIONS ?? 100_000);
const BUDGET_PAGE_MS = 2000;
const BUDGET_WORKBOOK_MS = 4000;
const PAGE_EVENTS = [
  'getSummaryStatistics',
  'getOperationalAlarm',
  'getOperationalAlarmCount',
  'queryAlarmProcessCount',
  'getCompanyTrend',
  'getRobots',
  'getInfoCount',
  'getFaceTrend',
  'getPlateTrend',
  'getPersonTrend',
  'getInfraredTrend',
];

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-report-bench-'));
  const server = await startServer(
    loadConfig({ ...process.env, DATA_DIR: dir, PORT: '0', MQTT_PORT: '0', CAPTCHA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'error', SIM_ALARM_MINUTES: '0' }, process.cwd()),
  );
  try {
    const db = server.services.db;
    const robots = server.services.fleet.all().map((r) => ({ robotId: r.robotId, companyId: r.companyId }));
    const kinds = [...DETECTION_KINDS];
    await db.query(
      `INSERT INTO detections ("robotId", "companyId", kind, "detectedAt", data)
       SELECT (($1::jsonb)->(i % $2)->>'robotId'), (($1::jsonb)->(i % $2)->>'companyId')::int, ($3::text[])[1 + (i % $4)],
              now() - make_interval(secs => ((i::bigint * 314159) % (364 * 86400))::float8),
              jsonb_build_object('entryType', 1 + i % 4, 'plateNumber', 'P' || (i % 5000), 'plateColor', 'blue', 'personCount', 1 + i % 3, 'overThreshold', i % 7 = 0, 'tempStatus', i % 9 = 0, 'exceeded', CASE WHEN i % 11 = 0 THEN '["methane"]'::jsonb ELSE '[]'::jsonb END)
         FROM generate_series(1, $5) AS i`,
      [JSON.stringify(robots), robots.length, kinds, kinds.length, DETECTIONS],
    );
    await db.query(
      `INSERT INTO nav_records ("taskId", "robotId", "routeName", "status", "startedAt", "endedAt")
       SELECT 1, (($1::jsonb)->(i % $2)->>'robotId'), 'Route ' || (i % 12), 3, now() - make_interval(hours => i), now() - make_interval(hours => i) + interval '25 minutes'
         FROM generate_series(1, 5000) AS i`,
      [JSON.stringify(robots), robots.length],
    );
    await db.query(
      `INSERT INTO energy_samples ("robotId", "companyId", "t", "battery", "status")
       SELECT (($1::jsonb)->(i % $2)->>'robotId'), (($1::jsonb)->(i % $2)->>'companyId')::int, now() - make_interval(mins => i * 5), 80, CASE WHEN i % 97 < 2 THEN 12 ELSE 0 END
         FROM generate_series(1, 100000) AS i`,
      [JSON.stringify(robots), robots.length],
    );
    const login = await fetch(`${server.url}/api/interface`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'login', param: { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' }, protocolVersion: PROTOCOL_VERSION }),
    });
    const token = ((await login.json()) as { param: { token: string } }).param.token;
    const call = async (event: string, param: object) => {
      const res = await fetch(`${server.url}/api/interface`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event, param, token, protocolVersion: PROTOCOL_VERSION }),
      });
      const a = (await res.json()) as { statusCode: number; statusInfo?: string };
      if (a.statusCode !== 200) throw new Error(`${event}: ${a.statusInfo}`);
    };
    const pageTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await Promise.all(PAGE_EVENTS.map((e) => call(e, { period: 'year' })));
      pageTimes.push(performance.now() - t0);
    }
    pageTimes.sort((a, b) => a - b);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/report/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ robotId: robots[0]!.robotId, period: 'year', lang: 'en' }),
    });
    const size = (await res.arrayBuffer()).byteLength;
    const workbook = performance.now() - t0;
    const page = pageTimes[2]!;
    console.log(
      `report statistics, ${DETECTIONS} detections/year   page (11 events, year, whole tree) median ${Math.round(page)} ms (budget ≤ ${BUDGET_PAGE_MS})   ` +
        `workbook ${Math.round(workbook)} ms, ${Math.round(size / 1024)} KB (budget ≤ ${BUDGET_WORKBOOK_MS})   ${page <= BUDGET_PAGE_MS && workbook <= BUDGET_WORKBOOK_MS ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
