import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lazy-packages';
import { alarmCodeText, reportPeriodLabel } from '../../../common/alarm-codes';
import type { Lang } from '../../../common/protocol';
import type { Services } from '../../services';
import { DETECTION_KIND_LABELS, DETECTION_KINDS } from '../../../common/detections';
import { alarmRows, alarmsByCode, dailyAlarms, summary, type ReportScope } from './report-data';
import { faceTrend, harmfulGasCount, infoCount, infraredTrend, navigationByRoute, personTrend, plateTrend } from './report-detections';

type Text = Record<Lang, string>;
const T = (en: string, zh: string, ja: string): Text => ({ en, zh, ja });

/** Sheet and column titles of the report workbook. */
const LABELS = {
  title: T('Alarm and operations report', '报警与运行报表', 'アラーム・運用レポート'),
  summary: T('Summary', '概览', '概要'),
  daily: T('Daily', '每日', '日別'),
  byCode: T('By code', '按故障码', 'コード別'),
  detail: T('Alarms', '报警明细', 'アラーム明細'),
  item: T('Item', '项目', '項目'),
  value: T('Value', '数值', '値'),
  robot: T('Robot', '机器人', 'ロボット'),
  allRobots: T('All robots of the company tree', '公司树下全部机器人', '会社ツリーの全ロボット'),
  period: T('Period', '统计周期', '期間'),
  from: T('From', '开始', '開始'),
  to: T('To (exclusive)', '结束（不含）', '終了（含まない）'),
  robots: T('Robots', '机器人数', 'ロボット数'),
  online: T('Online', '在线', 'オンライン'),
  total: T('Alarms in all', '报警总数', 'アラーム合計'),
  alarms: T('Alarms', '报警', 'アラーム'),
  faults: T('Faults', '故障', '故障'),
  environment: T('Environment', '环境', '環境'),
  unprocessed: T('Unprocessed', '未处理', '未処理'),
  processed: T('Processed', '已处理', '処理済み'),
  outdated: T('Outdated', '已过期', '期限切れ'),
  noProcessingNeeded: T('No processing needed', '无需处理', '処理不要'),
  released: T('Released', '已解除', '解除済み'),
  date: T('Date', '日期', '日付'),
  code: T('Code', '故障码', 'コード'),
  text: T('Description', '描述', '説明'),
  count: T('Count', '次数', '件数'),
  time: T('Time', '时间', '日時'),
  level: T('Level', '级别', 'レベル'),
  status: T('Release', '解除状态', '解除状態'),
  processStatus: T('Process status', '处理状态', '処理状態'),
  handler: T('Handler', '处理人', '処理者'),
  result: T('Result', '处理结果', '処理結果'),
  detections: T('Detections', '检测统计', '検出統計'),
  detectionTrend: T('Detections per day', '每日检测', '日別検出'),
  patrols: T('Patrol routes', '巡逻路线', '巡回ルート'),
  detectionsTotal: T('Detections in all', '检测总数', '検出合計'),
  faces: T('Faces', '人脸', '顔'),
  blacklistFaces: T('Black-list faces', '黑名单人脸', 'ブラックリストの顔'),
  plates: T('License plates', '车牌', 'ナンバープレート'),
  persons: T('Persons', '人员', '人物'),
  infrared: T('Infrared (thermal and body temperature)', '红外（热成像与测温）', '赤外線（サーマル・体温）'),
  infraredAlarms: T('Infrared over threshold', '红外超阈值', '赤外線しきい値超過'),
  gasExceeded: T('Environment readings over threshold', '环境/气体超阈值', '環境・ガスしきい値超過'),
  navigations: T('Patrol runs', '巡逻次数', '巡回回数'),
  navigationMinutes: T('Patrol minutes', '巡逻时长（分钟）', '巡回時間（分）'),
  sos: T('SOS calls', 'SOS呼叫', 'SOS呼び出し'),
  kind: T('Kind', '类型', '種類'),
  route: T('Route', '路线', 'ルート'),
  runs: T('Runs', '次数', '回数'),
  finished: T('Finished', '已完成', '完了'),
  minutes: T('Minutes', '分钟', '分'),
};

/** The report's file name (without folder), named by its period (issue 22), e.g. `alarm-report-01WR000001-month-2026-11.xlsx`. */
export function reportFileName(s: ReportScope): string {
  return `alarm-report-${s.robotId ?? 'all'}-${s.period}-${reportPeriodLabel(s.period, s.firstDay, s.lastDay)}.xlsx`;
}

/** Builds the report workbook (spec §7 statistics as sheets) in the caller's language. */
export async function reportWorkbook(svc: Services, s: ReportScope, lang: Lang): Promise<Buffer> {
  const t = (k: keyof typeof LABELS) => LABELS[k][lang];
  const enumLabel = (id: string, value: unknown) => svc.schemas.enums.get(id)?.values.find((v) => v.value === value)?.labels[lang] ?? String(value ?? '');
  const [sum, daily, codes, rows] = await Promise.all([summary(svc, s), dailyAlarms(svc, s), alarmsByCode(svc, s), alarmRows(svc, s)]);
  const [info, faces, plates, persons, infrared, gas, routes] = await Promise.all([
    infoCount(svc, s),
    faceTrend(svc, s),
    plateTrend(svc, s),
    personTrend(svc, s),
    infraredTrend(svc, s),
    harmfulGasCount(svc, s),
    navigationByRoute(svc, s),
  ]);
  const wb = new (await loadExcel()).Workbook();
  wb.creator = 'Fleet Console';
  wb.title = t('title');
  const bold = (ws: ExcelJS.Worksheet) => (ws.getRow(1).font = { bold: true });

  const ws1 = wb.addWorksheet(t('summary'));
  ws1.columns = [{ header: t('item'), width: 28 }, { header: t('value'), width: 36 }];
  const periodLabel = enumLabel('report-period', s.period) || s.period;
  const lines: [string, string | number][] = [
    [t('robot'), s.robotId ? `${s.robotName ?? ''} (${s.robotId})` : t('allRobots')],
    [t('period'), periodLabel],
    [t('from'), s.firstDay],
    [t('to'), s.lastDay],
    [t('robots'), sum.robots],
    [t('online'), sum.online],
    [t('total'), sum.total],
    [t('alarms'), sum.alarms],
    [t('faults'), sum.faults],
    [t('environment'), sum.environment],
    [t('unprocessed'), sum.unprocessed],
    [t('processed'), sum.processed],
    [t('outdated'), sum.outdated],
    [t('noProcessingNeeded'), sum.noProcessingNeeded],
    [t('released'), sum.released],
    [t('detectionsTotal'), sum.detections],
    [t('faces'), sum.faces],
    [t('plates'), sum.plates],
    [t('persons'), sum.persons],
    [t('infrared'), sum.infrared],
    [t('navigations'), sum.navigations],
    [t('navigationMinutes'), sum.navigationMinutes],
    [t('sos'), sum.sos],
  ];
  for (const l of lines) ws1.addRow(l);
  bold(ws1);

  const ws2 = wb.addWorksheet(t('daily'));
  ws2.columns = [{ header: t('date'), width: 14 }, { header: t('alarms'), width: 12 }, { header: t('faults'), width: 12 }, { header: t('environment'), width: 14 }];
  for (const d of daily) ws2.addRow([d.date, d.alarm, d.fault, d.environment]);
  bold(ws2);

  const ws3 = wb.addWorksheet(t('byCode'));
  ws3.columns = [{ header: t('code'), width: 10 }, { header: t('text'), width: 48 }, { header: t('count'), width: 10 }];
  for (const c of codes) ws3.addRow([c.code, alarmCodeText(Number(c.code), lang), c.count]);
  bold(ws3);

  const ws4 = wb.addWorksheet(t('detail'));
  ws4.columns = [
    { header: t('time'), width: 22 },
    { header: t('robot'), width: 22 },
    { header: t('code'), width: 10 },
    { header: t('text'), width: 40 },
    { header: t('level'), width: 10 },
    { header: t('status'), width: 12 },
    { header: t('processStatus'), width: 16 },
    { header: t('handler'), width: 14 },
    { header: t('result'), width: 30 },
  ];
  for (const r of rows) {
    ws4.addRow([
      new Date(r.createdAt as string).toISOString().replace('T', ' ').slice(0, 19),
      `${r.robotName ?? ''} (${r.robotId})`,
      r.code,
      alarmCodeText(Number(r.code), lang),
      enumLabel('alarm-level', r.level),
      enumLabel('alarm-release-status', r.status),
      enumLabel('alarm-process-status', r.processStatus),
      r.handler ?? '',
      r.result ?? '',
    ]);
  }
  bold(ws4);

  const ws5 = wb.addWorksheet(t('detections'));
  ws5.columns = [{ header: t('kind'), width: 36 }, { header: t('count'), width: 12 }];
  for (const k of DETECTION_KINDS) ws5.addRow([DETECTION_KIND_LABELS[k][lang], info.kinds[k]]);
  ws5.addRow([t('detectionsTotal'), info.total]);
  ws5.addRow([t('blacklistFaces'), faces.reduce((n, d) => n + d.alarms, 0)]);
  ws5.addRow([t('infraredAlarms'), infrared.reduce((n, d) => n + d.alarms, 0)]);
  ws5.addRow([t('gasExceeded'), gas.exceeded]);
  bold(ws5);

  const ws6 = wb.addWorksheet(t('detectionTrend'));
  ws6.columns = [
    { header: t('date'), width: 14 },
    { header: t('faces'), width: 12 },
    { header: t('plates'), width: 16 },
    { header: t('persons'), width: 12 },
    { header: t('infrared'), width: 24 },
    { header: t('infraredAlarms'), width: 24 },
  ];
  faces.forEach((f, i) => ws6.addRow([f.date, f.count, plates[i]!.count, persons[i]!.count, infrared[i]!.count, infrared[i]!.alarms]));
  bold(ws6);

  const ws7 = wb.addWorksheet(t('patrols'));
  ws7.columns = [{ header: t('route'), width: 28 }, { header: t('runs'), width: 10 }, { header: t('finished'), width: 12 }, { header: t('minutes'), width: 12 }];
  for (const r of routes) ws7.addRow([r.routeName, r.runs, r.finished, r.minutes]);
  bold(ws7);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
