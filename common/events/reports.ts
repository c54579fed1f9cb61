/**
 * Reports (spec §7 Statistics, §9 report periods): the statistics events over alarms, detections,
 * patrol runs and SOS calls of one robot or the caller's company tree over a period, and sendEmail
 * (the report workbook to mail groups and addresses). The workbook itself is the HTTP route
 * `POST /api/report/export` of server/features/reports.
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { REPORT_PERIODS, type ReportPeriod } from '../alarm-codes';
import { can, defineEvents } from './define';
import { Dict, Json, labels } from './schema';

/** Permission of the report page (dataOutput) and its statistics. */
export const REPORT_PERMISSION = 'report:read';
/** Permission to e-mail a report. */
export const REPORT_MAIL_PERMISSION = 'report:send';

const Day = (en: string, zh: string, ja: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', ...labels(en, zh, ja) });

/**
 * The fields of a report's params: one robot (or the caller's company tree), the period (a calendar
 * week, month, quarter or year up to today, or a custom period's first and last day, YYYY-MM-DD)
 * in the caller's time zone (`utcOffset`; the week begins on Monday in Chinese, Sunday otherwise).
 */
export const reportParamFields = {
  robotId: Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') }),
  period: Json<ReportPeriod>({ type: 'string', enum: [...REPORT_PERIODS], ...labels('Period', '统计周期', '期間') }),
  start: Type.Optional(Day('Start date', '开始日期', '開始日')),
  end: Type.Optional(Day('End date', '结束日期', '終了日')),
  /** Issue 22: periods are calendar periods whose days begin at the caller's midnight. */
  utcOffset: Type.Optional(Type.Integer({ minimum: -840, maximum: 840, description: 'The caller’s UTC offset in minutes east of UTC (dayjs().utcOffset()); 0 when absent.', ...labels('UTC offset', 'UTC偏移', 'UTCオフセット') })),
};

/** The params every statistics event shares (and the report export's body without `lang`). */
export const ReportParamsSchema = Type.Object({ ...reportParamFields, robotId: Type.Optional(reportParamFields.robotId) }, { additionalProperties: false });
/** Params of the statistics events and of a report. */
export type ReportParams = Static<typeof ReportParamsSchema>;

const MailObject = Type.Object(
  {
    ...reportParamFields,
    emailGroupIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50, uniqueItems: true, ...labels('Mail groups', '邮件组', 'メールグループ') })),
    addresses: Type.Optional(
      Type.Array(Type.String({ format: 'email', minLength: 1, maxLength: 64 }), { maxItems: 50, uniqueItems: true, ...labels('Addresses', '邮箱地址', 'メールアドレス') }),
    ),
  },
  { additionalProperties: false },
);
/** sendEmail's params: a report's (with a robot) and its receivers; `required` keeps the order the messages were written for. */
const MailParams = { ...MailObject, required: ['period', 'robotId'] as string[] } as typeof MailObject;

const Count = Type.Integer({ minimum: 0 });
const Dated = <T extends TProperties>(fields: T) => Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD (UTC).' }), ...fields }));

/** getSummaryStatistics: the figures of a report. */
export const ReportSummarySchema = Type.Object({
  start: Type.String(),
  end: Type.String({ description: 'The day after the last day of the period.' }),
  firstDay: Type.String({ description: 'The period’s first day (YYYY-MM-DD, the caller’s calendar).' }),
  lastDay: Type.String({ description: 'The period’s last day (YYYY-MM-DD, the caller’s calendar): today for this week, month, quarter or year.' }),
  days: Type.Integer(),
  robots: Count,
  online: Count,
  total: Count,
  alarms: Count,
  faults: Count,
  environment: Count,
  unprocessed: Count,
  processed: Count,
  outdated: Count,
  noProcessingNeeded: Count,
  released: Count,
  detections: Count,
  faces: Count,
  plates: Count,
  persons: Count,
  infrared: Count,
  navigations: Count,
  navigationMinutes: Type.Number(),
  sos: Count,
});
export type ReportSummary = Static<typeof ReportSummarySchema>;

/** Alarms by process state (spec §4). */
export const ProcessCountsSchema = Type.Object({ unprocessed: Count, processed: Count, outdated: Count, noProcessingNeeded: Count });
/** One day of getOperationalAlarm: alarms by kind. */
export const DailyAlarmsSchema = Dated({ alarm: Count, fault: Count, environment: Count });
export type DailyPoint = Static<typeof DailyAlarmsSchema>[number];
/** A robot of a report's scope with its state and alarm count (getRobots). */
export const ReportRobotSchema = Type.Object({
  robotId: Type.String(),
  robotName: Type.String(),
  robotType: Type.Integer(),
  companyId: Type.Integer(),
  online: Type.Integer(),
  status: Type.Integer(),
  battery: Type.Union([Type.Number(), Type.Null()]),
  alarms: Count,
});
export type ReportRobot = Static<typeof ReportRobotSchema>;
/** Alarms per day of one company (getCompanyTrend). */
export const CompanyTrendSchema = Type.Object({ companyId: Type.Integer(), name: Type.String(), series: Dated({ count: Count }) });
export type CompanyTrend = Static<typeof CompanyTrendSchema>;
const RobotCount = Type.Object({ robotId: Type.String(), robotName: Type.String(), count: Count });
/** A detection trend: detections per day (`alarms`: those that alarmed, for faces and infrared). */
const Trend = Dated({ count: Count });
const AlarmTrend = Dated({ count: Count, alarms: Count });

const stat = <A extends TSchema>(summary: string, answer: A) =>
  ({ summary, access: can(REPORT_PERMISSION), mutating: false, param: ReportParamsSchema, answer }) as const;

/**
 * What a disinfection / cold-storage robot (kind 7) reports on its `disinfection` topic (issue 20):
 * whether it disinfected during the last `seconds`, and the disinfectant concentration it measures.
 */
export const DisinfectionReportSchema = Type.Object(
  {
    t: Type.Optional(Type.Number({ description: 'When (ms since the epoch); the server’s time if absent.' })),
    working: Type.Integer({ enum: [0, 1], description: '1: disinfecting during the period.' }),
    seconds: Type.Number({ minimum: 0, maximum: 3600, description: 'The period this report covers (s).' }),
    concentration: Type.Number({ minimum: 0, maximum: 10000, description: 'Disinfectant concentration (mg/m³).' }),
  },
  { additionalProperties: false },
);
export type DisinfectionReport = Static<typeof DisinfectionReportSchema>;

/** The statements' query (issue 20 REST paths). */
const DisinfectQuery = Type.Object({ pageNum: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), groupId: Type.Optional(Type.Integer()) }, { additionalProperties: true });

export const reportsEvents = defineEvents('reports', {
  getSummaryStatistics: stat('Robots, online robots, alarms by kind and process state, detections, patrol runs and SOS calls of a period.', ReportSummarySchema),
  getOperationalAlarm: stat('Alarms per day by kind (every day of the period, zero included).', DailyAlarmsSchema),
  getOperationalAlarmCount: stat('Alarms by code, most frequent first (at most 50).', Type.Array(Type.Object({ code: Type.Integer(), kind: Type.String(), count: Count }))),
  queryAlarmProcessCount: stat('Alarms by process state.', ProcessCountsSchema),
  getCompanyTrend: stat('Alarms per day of each company of the scope that had any.', Type.Array(CompanyTrendSchema)),
  getRobots: stat('The robots of the scope with their state and their alarm count in the period.', Type.Array(ReportRobotSchema)),
  getInfoCount: stat('Detections by kind (every kind, zero included) and in all.', Type.Object({ total: Count, kinds: Dict(Count) })),
  queryFaceCount: stat(
    'Face detections in all and by list type of the recognised face.',
    Type.Object({ total: Count, whitelist: Count, blacklist: Count, intrusion: Count, person: Count, other: Count }),
  ),
  queryPlateCount: stat(
    'Plate detections, distinct plates and plates by colour (most first).',
    Type.Object({ total: Count, distinct: Count, colours: Type.Array(Type.Object({ plateColor: Type.String(), count: Count })) }),
  ),
  getPersonCount: stat('Person detections and the persons they counted.', Type.Object({ detections: Count, persons: Count })),
  getInfraredAlarmCount: stat(
    'Thermal images and body temperatures, and those over their threshold.',
    Type.Object({ thermal: Count, overThreshold: Count, temperature: Count, fever: Count, alarms: Count }),
  ),
  queryHarmfulgasCount: stat(
    'Environment readings, those with a reading over its threshold, and the count per reading.',
    Type.Object({ readings: Count, exceeded: Count, byReading: Dict(Count) }),
  ),
  getTestNumber: stat('Detections per robot of the scope (zeros included), most first.', Type.Array(RobotCount)),
  getFaceTrend: stat('Face detections per day; `alarms` are black-list faces.', AlarmTrend),
  getPlateTrend: stat('Plate detections per day.', Trend),
  getPersonTrend: stat('Person detections per day.', Trend),
  getInfraredTrend: stat('Thermal and body-temperature detections per day; `alarms` are those over their threshold.', AlarmTrend),
  getNavigationNameCount: stat(
    'Patrol runs started in the period per route, with finished runs and minutes.',
    Type.Array(Type.Object({ routeName: Type.String(), runs: Count, finished: Count, minutes: Type.Number() })),
  ),
  getNavigationTimeCount: stat(
    'Patrol runs and minutes per day (every day, zero included) and in all.',
    Type.Object({ runs: Count, minutes: Type.Number(), daily: Dated({ runs: Count, minutes: Type.Number() }) }),
  ),
  getSOSCount: stat('SOS calls (a robot entering status 12) in all, per robot and per day.', Type.Object({ total: Count, robots: Type.Array(RobotCount), daily: Trend })),
  getMailReady: {
    summary: 'Whether a report can be mailed (issue 22): the robot’s company (else the caller’s) or one above it has a mail server and sender mailbox, or the server relays all mail (SMTP_URL). The mail dialog says so before any address is typed.',
    access: can(REPORT_MAIL_PERMISSION),
    mutating: false,
    param: Type.Object({ robotId: Type.Optional(reportParamFields.robotId) }, { additionalProperties: false }),
    answer: Type.Object({ ready: Type.Boolean() }),
  },
  sendEmail: {
    summary: 'Mails the report workbook of a robot and period to mail groups and addresses (at least one) through the company’s SMTP server.',
    access: can(REPORT_MAIL_PERMISSION),
    mutating: false,
    audit: true,
    param: MailParams,
    answer: Type.Object({ accepted: Type.Array(Type.String()), fileName: Type.String() }),
  },
  // Issue 20 (spec §7 REST statements): the disinfection / cold-storage robots' statements.
  'GET /robot/statements/totalDisinfectTimeGroup': { summary: 'Reports: disinfection minutes per day per robot (disinfection/cold-storage robots).', access: can('robot:read'), mutating: false, param: DisinfectQuery, answer: Type.Unknown() },
  'GET /robot/statements/totalDisinfectTime': { summary: 'Reports: total disinfection minutes.', access: can('robot:read'), mutating: false, param: DisinfectQuery, answer: Type.Unknown() },
  'GET /robot/statements/concentrationChart': { summary: 'Reports: disinfectant concentration samples.', access: can('robot:read'), mutating: false, param: DisinfectQuery, answer: Type.Unknown() },
});
