/**
 * Issue 22: report periods are calendar periods in the caller's time zone, files are named by their
 * period, and the mail dialog knows before any address is typed whether mail can be sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportRange } from '../../common/alarm-codes';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ROBOT = '01WR000001';
const DAY = 86_400_000;
/** Yesterday (UTC) as YYYY-MM-DD, and the day after it. */
const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
const today = new Date(Date.parse(`${yesterday}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
  // One alarm at 23:30 UTC yesterday: still yesterday in London, already today in UTC+1.
  await s.server.services.db.query(
    `INSERT INTO alarms ("robotId", "robotName", "companyId", "code", "kind", "level", "processStatus", "createdAt") VALUES ($1, 'PatrolA1', 2, 301, 'alarm', 2, 0, $2)`,
    [ROBOT, `${yesterday}T23:30:00Z`],
  );
}, 60_000);
afterAll(async () => s?.close());

describe('calendar report periods', () => {
  it('a month is this calendar month up to today, in the caller’s time zone', async () => {
    const a = await s.call('getSummaryStatistics', { robotId: ROBOT, period: 'month' }, t.entsuper);
    const first = `${today.slice(0, 8)}01`;
    expect(a.param).toMatchObject({ firstDay: first, lastDay: today, start: `${first}T00:00:00.000Z`, days: Number(today.slice(8, 10)) });
    const east = await s.call('getSummaryStatistics', { robotId: ROBOT, period: 'month', utcOffset: 480 }, t.entsuper);
    expect(east.param).toEqual(expect.objectContaining(reportRange('month', new Date(), undefined, { utcOffset: 480 })));
    expect(Date.parse(east.param.start) % DAY).toBe(16 * 3_600_000);
  });

  it('a week begins on Sunday in English and Japanese, on Monday in Chinese', async () => {
    const en = (await s.call('getSummaryStatistics', { robotId: ROBOT, period: 'week' }, t.entsuper)).param;
    const zh = (await s.call('getSummaryStatistics', { robotId: ROBOT, period: 'week' }, t.entsuper, 'zh')).param;
    expect(new Date(`${en.firstDay}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(new Date(`${zh.firstDay}T00:00:00Z`).getUTCDay()).toBe(1);
    expect([en.lastDay, zh.lastDay]).toEqual([today, today]);
  });

  it('days begin at the caller’s midnight: an alarm at 23:30 UTC is the next day in UTC+1', async () => {
    const total = async (day: string, utcOffset: number) => (await s.call('getSummaryStatistics', { robotId: ROBOT, period: 'custom', start: day, end: day, utcOffset }, t.entsuper)).param.total as number;
    expect(await total(yesterday, 0)).toBe(1);
    expect(await total(yesterday, 60)).toBe(0);
    expect(await total(today, 60)).toBeGreaterThanOrEqual(1);
    const daily = (await s.call('getOperationalAlarm', { robotId: ROBOT, period: 'custom', start: yesterday, end: today, utcOffset: 60 }, t.entsuper)).param as { date: string; alarm: number }[];
    expect(daily.map((d) => d.date)).toEqual([yesterday, today]);
    expect(daily[0]!.alarm).toBe(0);
    expect(daily[1]!.alarm).toBeGreaterThanOrEqual(1);
  });

  it('names the workbook by its period, never by tomorrow', async () => {
    const file = async (body: Record<string, unknown>) =>
      (await fetch(`${s.url}/api/report/export`, { method: 'POST', headers: { 'content-type': 'application/json', token: t.entsuper }, body: JSON.stringify({ robotId: ROBOT, lang: 'en', ...body }) })).headers.get('content-disposition');
    expect(await file({ period: 'month' })).toBe(`attachment; filename="alarm-report-${ROBOT}-month-${today.slice(0, 7)}.xlsx"`);
    expect(await file({ period: 'year' })).toBe(`attachment; filename="alarm-report-${ROBOT}-year-${today.slice(0, 4)}.xlsx"`);
    expect(await file({ period: 'custom', start: yesterday, end: today })).toBe(`attachment; filename="alarm-report-${ROBOT}-custom-${yesterday}_${today}.xlsx"`);
    expect(await file({ period: 'month', utcOffset: 900 })).toBe(null);
  });
});

describe('mail readiness (getMailReady)', () => {
  it('says no mail server is set before anything is typed, and yes once the company or one above it has one', async () => {
    expect((await s.call('getMailReady', { robotId: ROBOT }, t.entsuper)).param).toEqual({ ready: false });
    expect((await s.call('getMailReady', {}, t.entadmin)).param).toEqual({ ready: false });
    expect((await s.call('sendEmail', { robotId: ROBOT, period: 'week', addresses: ['guard@harbor.example.com'] }, t.entsuper)).statusInfo).toBe(
      'No mail server is set for the company: fill in the sender mailbox, mail password and mail server in company management',
    );
    await s.server.services.db.query(`UPDATE companies SET "mailServer" = '127.0.0.1', "senderMail" = 'reports@harbor.example.com' WHERE "name" = 'HarborSecurity'`);
    expect((await s.call('getMailReady', { robotId: ROBOT }, t.entsuper)).param).toEqual({ ready: true });
    // HarborEast's track robot: its parent company's server sends.
    expect((await s.call('getMailReady', { robotId: '04TP000001' }, t.entadmin)).param).toEqual({ ready: true });
    // A MetroColdChain robot: no server in its chain.
    expect((await s.call('getMailReady', { robotId: '05WV000001' }, t.admin)).param).toEqual({ ready: false });
  });

  it('refuses a user without the mail permission, and a robot outside the caller’s tree', async () => {
    expect(await s.call('getMailReady', { robotId: ROBOT }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('getMailReady', { robotId: '05WV000001' }, t.entsuper)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect((await s.call('getMailReady', { robotId: 7 }, t.entsuper)).statusInfo).toBe('Validation failed: Robot has the wrong type');
  });
});
