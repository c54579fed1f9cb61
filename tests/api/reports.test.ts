import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startInbox, type Mail } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION } from './admin-support';
import { reportRange, weekStartOf, type ReportPeriod } from '../../common/alarm-codes';

/**
 * Issue 22: periods are calendar periods (this week, month, quarter, year up to today), so which of
 * the fixed alarms below a period holds depends on today: the expectations are counted from the
 * alarms' ages (PatrolA1's alarms are 0, 0, 3 and 40 days old; the week begins on Sunday in English,
 * on Monday in Chinese).
 */
const AGES = [0, 0, 3, 40];
const holds = (period: ReportPeriod, age: number, lang = 'en') =>
  Date.parse(reportRange(period, new Date(), undefined, { weekStartsOn: weekStartOf(lang) }).start) <= Date.now() - age * 86_400_000 - 60_000;
const inPeriod = (period: ReportPeriod, ages = AGES, lang = 'en') => ages.filter((a) => holds(period, a, lang)).length;
const daysOf = (period: ReportPeriod, lang = 'en') => reportRange(period, new Date(), undefined, { weekStartsOn: weekStartOf(lang) }).days;

/** A local SMTP server on 127.0.0.1 collecting what it receives. */
let inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startInbox>>;
let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;

beforeAll(async () => {
  smtp = await startInbox();
  inbox = smtp.inbox;
  s = await startTestServer({ SIM_ALARM_MINUTES: '0', SMTP_URL: smtp.url });
  t = await loginAll(s);
  // Alarms of known days: two today on PatrolA1 (one processed), one 3 days ago, one 40 days ago, one of a Metro robot.
  const db = s.server.services.db;
  const add = (robotId: string, companyId: number, code: number, kind: string, daysAgo: number, processStatus = 0) =>
    db.query(
      `INSERT INTO alarms ("robotId", "robotName", "companyId", "code", "kind", "level", "processStatus", "createdAt") VALUES ($1, $2, $3, $4, $5, 2, $6, now() - make_interval(days => $7))`,
      [robotId, robotId === '01WR000001' ? 'PatrolA1' : 'Other', companyId, code, kind, processStatus, daysAgo],
    );
  await add('01WR000001', 2, 301, 'alarm', 0);
  await add('01WR000001', 2, 202, 'fault', 0, 1);
  await add('01WR000001', 2, 301, 'alarm', 3);
  await add('01WR000001', 2, 103, 'environment', 40);
  await add('05WV000001', 3, 301, 'alarm', 0);
  await s.call('setCompanyParam', { companyId: 2, defaultMapType: 1 }, t.admin);
  await db.query(`UPDATE companies SET "senderMail" = 'reports@harbor.example.com' WHERE id = 2`);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

const week = { robotId: '01WR000001', period: 'week' };

describe('statistics events (spec §7) over a period (spec §9)', () => {
  it('sums up a robot week: alarms by kind and by process state', async () => {
    const a = await s.call('getSummaryStatistics', week, t.entsuper);
    expect(a.statusCode).toBe(200);
    const weekly = inPeriod('week');
    expect(a.param).toMatchObject({ days: daysOf('week'), robots: 1, total: weekly, alarms: weekly - 1, faults: 1, environment: 0, unprocessed: weekly - 1, processed: 1, outdated: 0, noProcessingNeeded: 0 });
    expect((await s.call('getSummaryStatistics', { ...week, period: 'month' }, t.entsuper)).param).toMatchObject({ total: inPeriod('month'), days: daysOf('month') });
    expect((await s.call('getSummaryStatistics', { ...week, period: 'quarter' }, t.entsuper)).param.total).toBe(inPeriod('quarter'));
    expect((await s.call('getSummaryStatistics', { ...week, period: 'year' }, t.entsuper)).param).toMatchObject({ total: inPeriod('year'), days: daysOf('year') });
    // Without a robot: the caller's company tree (Harbor sees its own robots only).
    expect((await s.call('getSummaryStatistics', { period: 'week' }, t.entsuper)).param.total).toBe(weekly);
    expect((await s.call('getSummaryStatistics', { period: 'week' }, t.admin)).param.total).toBe(weekly + 1);
  });

  it('gives alarms per day (every day, zeros included), by code, by process state, per company and per robot', async () => {
    const daily = (await s.call('getOperationalAlarm', week, t.entsuper)).param as { date: string; alarm: number; fault: number }[];
    const weekly = inPeriod('week');
    expect(daily).toHaveLength(daysOf('week'));
    expect(daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), alarm: 1, fault: 1, environment: 0 });
    expect(daily.reduce((n, d) => n + d.alarm + d.fault, 0)).toBe(weekly);
    expect((await s.call('getOperationalAlarmCount', week, t.entsuper)).param).toEqual(
      weekly === 3
        ? [
            { code: 301, kind: 'alarm', count: 2 },
            { code: 202, kind: 'fault', count: 1 },
          ]
        : [
            { code: 202, kind: 'fault', count: 1 },
            { code: 301, kind: 'alarm', count: 1 },
          ],
    );
    expect((await s.call('queryAlarmProcessCount', week, t.entsuper)).param).toEqual({ unprocessed: weekly - 1, processed: 1, outdated: 0, noProcessingNeeded: 0 });
    const trend = (await s.call('getCompanyTrend', { period: 'week' }, t.admin)).param as { name: string; series: { count: number }[] }[];
    expect(trend.map((c) => c.name).sort()).toEqual(['HarborSecurity', 'MetroColdChain']);
    expect(trend.find((c) => c.name === 'HarborSecurity')!.series.reduce((n, p) => n + p.count, 0)).toBe(weekly);
    const robots = (await s.call('getRobots', { period: 'week' }, t.entsuper)).param as { robotId: string; alarms: number }[];
    expect(Array.isArray(robots)).toBe(true);
    expect(robots.find((r) => r.robotId === '01WR000001')!.alarms).toBe(weekly);
    expect(robots.some((r) => r.robotId === '05WV000001')).toBe(false);
  });

  it('takes a custom period of at most 366 days and refuses a bad one with the spec message', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const custom = await s.call('getSummaryStatistics', { ...week, period: 'custom', start: today, end: today }, t.entsuper);
    expect(custom.param).toMatchObject({ days: 1, total: 2 });
    expect(await s.call('getSummaryStatistics', { ...week, period: 'custom', start: today, end: '2020-01-01' }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'Custom period: the start date must not be after the end date, and the period is at most 366 days',
    });
    expect((await s.call('getSummaryStatistics', { ...week, period: 'custom' }, t.entsuper, 'zh')).statusInfo).toBe('自定义时段：开始日期不能晚于结束日期，且不超过366天');
    expect((await s.call('getSummaryStatistics', { ...week, period: 'fortnight' }, t.entsuper)).statusInfo).toBe('Validation failed: Period has a value that is not allowed');
  });

  it('keeps callers to their company tree and refuses general users', async () => {
    expect(await s.call('getSummaryStatistics', { robotId: '05WV000001', period: 'week' }, t.entsuper)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect(await s.call('getSummaryStatistics', week, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('sendEmail', { ...week, addresses: ['a@b.com'] }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
  });
});

describe('report workbook and mail', () => {
  it('exports the report as an Excel workbook in the caller language', async () => {
    const res = await fetch(`${s.url}/api/report/export`, { method: 'POST', headers: { 'content-type': 'application/json', token: t.entsuper }, body: JSON.stringify({ ...week, lang: 'zh' }) });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    // Named by its period: the week's first day (Monday in Chinese), never tomorrow (issue 22).
    const firstDay = reportRange('week', new Date(), undefined, { weekStartsOn: 1 }).firstDay;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="alarm-report-01WR000001-week-${firstDay}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['概览', '每日', '按故障码', '报警明细', '检测统计', '每日检测', '巡逻路线']);
    const summary = wb.getWorksheet('概览')!;
    expect(summary.getRow(8).values).toEqual([undefined, '报警总数', inPeriod('week', AGES, 'zh')]);
    const detail = wb.getWorksheet('报警明细')!;
    // The heading and the alarms of the Chinese week (it starts on Monday: on a Monday the 3-day-old alarm is not in it).
    expect(detail.rowCount).toBe(1 + inPeriod('week', AGES, 'zh'));
    expect(detail.getRow(2).getCell(4).value).toMatch(/报警：发生碰撞|故障：激光雷达通信中断/);
    const refused = await fetch(`${s.url}/api/report/export`, { method: 'POST', headers: { 'content-type': 'application/json', token: t.entsuper }, body: JSON.stringify({ period: 'week' }) });
    expect(await refused.json()).toEqual({ code: 400, message: 'Choose a robot first' });
  });

  it('mails the report with its workbook to groups and addresses through SMTP', async () => {
    const group = (await s.call('addEmailGroup', { name: 'Managers', addresses: ['boss@harbor.example.com', 'deputy@harbor.example.com'] }, t.entsuper)).param.id;
    const sent = await s.call('sendEmail', { ...week, emailGroupIds: [group], addresses: ['guard@harbor.example.com'] }, t.entsuper);
    expect(sent.statusCode).toBe(200);
    expect(sent.param.accepted.sort()).toEqual(['boss@harbor.example.com', 'deputy@harbor.example.com', 'guard@harbor.example.com']);
    const mail = inbox.at(-1)!;
    expect(mail.from).toBe('reports@harbor.example.com');
    expect(mail.to.sort()).toEqual(['boss@harbor.example.com', 'deputy@harbor.example.com', 'guard@harbor.example.com']);
    expect(mail.raw).toContain('Subject: Alarm and operations report');
    // The attachment is the workbook: decode it and read it back.
    const part = /Content-Disposition: attachment;\s+filename="?(alarm-report-[^"\r\n]+\.xlsx)"?\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
    expect(part?.[1]).toMatch(/^alarm-report-01WR000001-week-/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(part![2]!.replace(/\s+/g, ''), 'base64') as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Daily', 'By code', 'Alarms', 'Detections', 'Detections per day', 'Patrol routes']);
    expect(mail.raw).toMatch(/Detections: \d+/);
  });

  it('needs at least one group or address, and groups of the caller tree; nothing is sent', async () => {
    const n = inbox.length;
    expect(await s.call('sendEmail', week, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Choose at least one mail group or address' });
    expect(await s.call('sendEmail', { ...week, emailGroupIds: [], addresses: [] }, t.entsuper, 'ja')).toEqual({
      statusCode: 400,
      statusInfo: 'メールグループまたはアドレスを1つ以上選択してください',
    });
    const metro = (await s.call('addEmailGroup', { name: 'Metro', addresses: ['m@metro.example.com'], companyId: 3 }, t.admin)).param.id;
    expect(await s.call('sendEmail', { ...week, emailGroupIds: [metro] }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'E-mail group not found' });
    expect((await s.call('sendEmail', { ...week, addresses: ['not-mail'] }, t.entsuper)).statusInfo).toBe('Validation failed: Addresses: Invalid e-mail address');
    expect(inbox.length).toBe(n);
  });
});
