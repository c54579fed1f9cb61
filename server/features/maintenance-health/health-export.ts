import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OnlineAnswer, OperateDay } from '../../../common/events/maintenance-health';
import { formatMessage, pickLang } from '../../../common/messages';
import { StatusCode, type Lang } from '../../../common/protocol';
import { runOperation } from '../../events/dispatch';
import type { EventRegistry } from '../../events/registry';
import { loadExcel } from '../../lazy-packages';
import type { Services } from '../../services';

/** The health pages' exports, and the event whose answer each one writes (its access and param rules hold). */
const EXPORTS = { onlineHistory: 'getOnlineHistory', operateStats: 'getOperateStats' } as const;
type ExportId = keyof typeof EXPORTS;

/** Sheet titles and column headers, as the health pages name them (plugins/robot-health/locales). */
const HEADERS: Record<Lang, Record<string, string>> = {
  en: {
    onlineHistory: 'Online history', operateStats: 'Operation statistics', subsystem: 'Subsystem', state: 'State', from: 'From', to: 'To', minutes: 'Minutes',
    walk: 'Walk', video: 'Video', interaction: 'Interaction', online: 'Online', offline: 'Offline',
    date: 'Date', robot: 'Robot', company: 'Company', mileageKm: 'Mileage (km)', workingHours: 'Working hours', tasks: 'Tasks', chargeCycles: 'Charge cycles', alarms: 'Alarms',
  },
  zh: {
    onlineHistory: '历史在线', operateStats: '运营统计', subsystem: '子系统', state: '状态', from: '开始', to: '结束', minutes: '分钟',
    walk: '行走', video: '视频', interaction: '交互', online: '在线', offline: '离线',
    date: '日期', robot: '机器人', company: '公司', mileageKm: '里程（km）', workingHours: '工作时长（小时）', tasks: '任务数', chargeCycles: '充电次数', alarms: '告警数',
  },
  ja: {
    onlineHistory: 'オンライン履歴', operateStats: '運用統計', subsystem: 'サブシステム', state: '状態', from: '開始', to: '終了', minutes: '分',
    walk: '走行', video: '映像', interaction: '対話', online: 'オンライン', offline: 'オフライン',
    date: '日付', robot: 'ロボット', company: '会社', mileageKm: '走行距離（km）', workingHours: '稼働時間（時間）', tasks: 'タスク数', chargeCycles: '充電回数', alarms: 'アラーム数',
  },
};

/**
 * `POST /api/health-export` `{entity: 'onlineHistory' | 'operateStats', param, lang}` with the token
 * header (the body `requestExport` sends): the online history of a robot or the operation statistics
 * as an .xlsx with headers in the caller's language. The answer is the one of getOnlineHistory /
 * getOperateStats for `param`, so their permissions, scope and param rules apply; a refusal is `{code, message}`.
 */
export function registerHealthExport(app: FastifyInstance, svc: Services, events: EventRegistry): void {
  app.post('/api/health-export', async (req: FastifyRequest, reply) => {
    const body = (req.body ?? {}) as { entity?: unknown; param?: unknown; lang?: unknown };
    const lang: Lang = body.lang === 'zh' || body.lang === 'ja' || body.lang === 'en' ? body.lang : pickLang(req.headers['accept-language'], 'en');
    const id = typeof body.entity === 'string' && Object.hasOwn(EXPORTS, body.entity) ? (body.entity as ExportId) : null;
    const def = id && events.get(EXPORTS[id]);
    if (!id || !def) return reply.code(200).send({ code: StatusCode.notFound, message: formatMessage('notFound', lang) });
    const param = body.param && typeof body.param === 'object' && !Array.isArray(body.param) ? (body.param as Record<string, unknown>) : {};
    const answer = await runOperation(svc, def, param, req.headers.token as string | undefined, lang, req.ip, req.log);
    if (answer.statusCode !== StatusCode.ok) return reply.code(200).send({ code: answer.statusCode, message: answer.statusInfo });
    try {
      const h = HEADERS[lang];
      const wb = new (await loadExcel()).Workbook();
      wb.creator = 'Fleet Console';
      const sheet = wb.addWorksheet(h[id]);
      let file: string;
      if (id === 'onlineHistory') {
        const d = answer.param as OnlineAnswer;
        file = `online-${d.robotId}`;
        sheet.columns = (['subsystem', 'state', 'from', 'to', 'minutes'] as const).map((key) => ({ header: h[key], key, width: 22 }));
        for (const s of d.subsystems) {
          for (const x of s.spans) {
            sheet.addRow({ subsystem: h[s.key] ?? s.key, state: x.up ? h.online : h.offline, from: new Date(x.start), to: new Date(x.end), minutes: Math.round((x.end - x.start) / 60000) });
          }
        }
      } else {
        const d = answer.param as { days: OperateDay[] };
        file = 'operate';
        // A reference shows the referenced record's name (spec: nothing the user sees is raw).
        const companies = new Map((await svc.db.query<{ id: number; name: string }>('SELECT id, "name" FROM companies')).map((c) => [Number(c.id), c.name] as const));
        sheet.columns = (['date', 'robot', 'company', 'mileageKm', 'workingHours', 'tasks', 'chargeCycles', 'alarms'] as const).map((key) => ({ header: h[key], key, width: 18 }));
        for (const x of d.days) {
          sheet.addRow({
            date: x.date, robot: x.robotName || x.robotId, company: companies.get(x.companyId) ?? x.companyId, mileageKm: Math.round(x.mileageM) / 1000,
            workingHours: Math.round(x.workingHours * 100) / 100, tasks: x.tasks, chargeCycles: x.chargeCycles, alarms: x.alarms,
          });
        }
      }
      sheet.getRow(1).font = { bold: true };
      const name = `${h[id]}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(Buffer.from(await wb.xlsx.writeBuffer()));
    } catch (err) {
      req.log.error(err);
      return reply.code(200).send({ code: StatusCode.serverError, message: formatMessage('serverError', lang) });
    }
  });
}
