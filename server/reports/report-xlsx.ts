import ExcelJS from 'exceljs';
import { alarmCodeText } from '../../common/alarm-codes';
import type { Lang } from '../../common/protocol';
import type { Services } from '../services';
import { alarmRows, alarmsByCode, dailyAlarms, summary, type ReportScope } from './report-data';

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
};

/** The report's file name (without folder), e.g. `alarm-report-2026-11-23.xlsx`. */
export function reportFileName(s: ReportScope): string {
  return `alarm-report-${s.robotId ?? 'all'}-${s.period}-${s.end.slice(0, 10)}.xlsx`;
}

/** Builds the report workbook (spec §7 statistics as sheets) in the caller's language. */
export async function reportWorkbook(svc: Services, s: ReportScope, lang: Lang): Promise<Buffer> {
  const t = (k: keyof typeof LABELS) => LABELS[k][lang];
  const enumLabel = (id: string, value: unknown) => svc.schemas.enums.get(id)?.values.find((v) => v.value === value)?.labels[lang] ?? String(value ?? '');
  const [sum, daily, codes, rows] = await Promise.all([summary(svc, s), dailyAlarms(svc, s), alarmsByCode(svc, s), alarmRows(svc, s)]);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Fleet Console';
  wb.title = t('title');
  const bold = (ws: ExcelJS.Worksheet) => (ws.getRow(1).font = { bold: true });

  const ws1 = wb.addWorksheet(t('summary'));
  ws1.columns = [{ header: t('item'), width: 28 }, { header: t('value'), width: 36 }];
  const periodLabel = enumLabel('report-period', s.period) || s.period;
  const lines: [string, string | number][] = [
    [t('robot'), s.robotId ? `${s.robotName ?? ''} (${s.robotId})` : t('allRobots')],
    [t('period'), periodLabel],
    [t('from'), s.start.slice(0, 10)],
    [t('to'), s.end.slice(0, 10)],
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
  return Buffer.from(await wb.xlsx.writeBuffer());
}
