import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subjectCan } from '../../../common/access';
import { formatMessage, pickLang } from '../../../common/messages';
import { StatusCode, type Lang } from '../../../common/protocol';
import { AppError, fail } from '../../errors';
import { companyChain } from '../alarms/alarm-service';
import type { Services } from '../../services';
import type { AuthedContext, EventContext, EventRegistry } from '../../events/registry';
import { mailReady, sendCompanyMail } from './mailer';
import { REPORT_PERMISSION, ReportParamsSchema, reportsEvents, type ReportParams } from '../../../common/events/reports';
import { alarmsByCode, companyTrend, dailyAlarms, processCounts, reportScope, robotsWithAlarms, summary, type ReportScope } from './report-data';
import {
  detectionsPerRobot,
  faceCount,
  faceTrend,
  harmfulGasCount,
  infoCount,
  infraredCount,
  infraredTrend,
  navigationByDay,
  navigationByRoute,
  personCount,
  personTrend,
  plateCount,
  plateTrend,
  sosCount,
} from './report-detections';
import { reportFileName, reportWorkbook } from './report-xlsx';
import { lazyCompile } from '../../schemas/shared-ajv';

// Compiled on first use, not at start-up (issue 23).
const validateReportParams = lazyCompile(ReportParamsSchema);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Spec §7 statistics events over alarms and operations, the report workbook (POST /api/report/export)
 * and sendEmail (the workbook to mail groups and addresses through SMTP). Every statistic takes
 * `{robotId?, period, start?, end?}`: one robot, or the caller's company tree.
 */
export function registerReportEvents(reg: EventRegistry, svc: Services): void {
  const E = reportsEvents;
  const scope = (ctx: AuthedContext, p: ReportParams) => reportScope(svc, ctx, p);
  reg.handle(E.getSummaryStatistics, async (ctx, p) => summary(svc, await scope(ctx, p)));
  reg.handle(E.getOperationalAlarm, async (ctx, p) => dailyAlarms(svc, await scope(ctx, p)));
  reg.handle(E.getOperationalAlarmCount, async (ctx, p) => alarmsByCode(svc, await scope(ctx, p)));
  reg.handle(E.queryAlarmProcessCount, async (ctx, p) => processCounts(svc, await scope(ctx, p)));
  reg.handle(E.getCompanyTrend, async (ctx, p) => companyTrend(svc, await scope(ctx, p)));
  reg.handle(E.getRobots, async (ctx, p) => robotsWithAlarms(svc, await scope(ctx, p)));
  reg.handle(E.getInfoCount, async (ctx, p) => infoCount(svc, await scope(ctx, p)));
  reg.handle(E.queryFaceCount, async (ctx, p) => faceCount(svc, await scope(ctx, p)));
  reg.handle(E.queryPlateCount, async (ctx, p) => plateCount(svc, await scope(ctx, p)));
  reg.handle(E.getPersonCount, async (ctx, p) => personCount(svc, await scope(ctx, p)));
  reg.handle(E.getInfraredAlarmCount, async (ctx, p) => infraredCount(svc, await scope(ctx, p)));
  reg.handle(E.queryHarmfulgasCount, async (ctx, p) => harmfulGasCount(svc, await scope(ctx, p)));
  reg.handle(E.getTestNumber, async (ctx, p) => detectionsPerRobot(svc, await scope(ctx, p)));
  reg.handle(E.getFaceTrend, async (ctx, p) => faceTrend(svc, await scope(ctx, p)));
  reg.handle(E.getPlateTrend, async (ctx, p) => plateTrend(svc, await scope(ctx, p)));
  reg.handle(E.getPersonTrend, async (ctx, p) => personTrend(svc, await scope(ctx, p)));
  reg.handle(E.getInfraredTrend, async (ctx, p) => infraredTrend(svc, await scope(ctx, p)));
  reg.handle(E.getNavigationNameCount, async (ctx, p) => navigationByRoute(svc, await scope(ctx, p)));
  reg.handle(E.getNavigationTimeCount, async (ctx, p) => navigationByDay(svc, await scope(ctx, p)));
  reg.handle(E.getSOSCount, async (ctx, p) => sosCount(svc, await scope(ctx, p)));

  reg.handle(E.getMailReady, async (ctx, p) => {
    const s = await scope(ctx, { period: 'week', robotId: p.robotId });
    return { ready: await mailReady(svc, await companyChain(svc.db, s.companyId)) };
  });

  reg.handle(E.sendEmail, async (ctx, p) => {
    const groups = p.emailGroupIds ?? [];
    // Spec §5: at least one mail group or address.
    if (!groups.length && !(p.addresses ?? []).length) throw fail.message(StatusCode.badRequest, 'alarmMailNeedsReceiver');
    const s = await scope(ctx, p);
    const to = new Set(p.addresses ?? []);
    if (groups.length) {
      const rows = await svc.db.query<{ id: number; addresses: string[] }>(
        `SELECT id, "addresses" FROM email_groups WHERE id = ANY($1::bigint[]) ${s.companies === null ? '' : 'AND "companyId" = ANY($2::bigint[])'}`,
        s.companies === null ? [groups] : [groups, s.companies],
      );
      if (rows.length !== groups.length) throw fail.message(StatusCode.badRequest, 'emailGroupNotFound');
      for (const g of rows) for (const a of g.addresses) to.add(a);
    }
    const file = await workbookOrFail(svc, s, ctx);
    const title = formatTitle(s, ctx.lang);
    const sum = await summary(svc, s);
    const sent = await sendCompanyMail(svc, await companyChain(svc.db, s.companyId), {
      to: [...to],
      subject: title,
      text: `${title}\n${s.firstDay} – ${s.lastDay}\n${mailFigures(sum, ctx.lang)}`,
      attachments: [{ filename: reportFileName(s), content: file, contentType: XLSX }],
    });
    return { accepted: sent.accepted, fileName: reportFileName(s) };
  });
}

function formatTitle(s: ReportScope, lang: Lang): string {
  const head = { en: 'Alarm and operations report', zh: '报警与运行报表', ja: 'アラーム・運用レポート' }[lang];
  return `${head} - ${s.robotName ?? s.robotId ?? ''} - ${s.period}`;
}

/** The report's main figures as lines of the mail body. */
function mailFigures(sum: Awaited<ReturnType<typeof summary>>, lang: Lang): string {
  const L: Record<Lang, [string, string, string, string, string, string, string]> = {
    en: ['Alarms', 'Detections', 'Faces', 'License plates', 'Persons', 'Patrol runs', 'SOS calls'],
    zh: ['报警', '检测', '人脸', '车牌', '人员', '巡逻次数', 'SOS呼叫'],
    ja: ['アラーム', '検出', '顔', 'ナンバープレート', '人物', '巡回回数', 'SOS呼び出し'],
  };
  const values = [sum.total, sum.detections, sum.faces, sum.plates, sum.persons, sum.navigations, sum.sos];
  return L[lang].map((label, i) => `${label}: ${values[i]}`).join('\n');
}

async function workbookOrFail(svc: Services, scope: ReportScope, ctx: EventContext): Promise<Buffer> {
  try {
    return await reportWorkbook(svc, scope, ctx.lang);
  } catch (err) {
    console.warn(`report: ${(err as Error).message}`);
    throw fail.message(StatusCode.serverError, 'reportFailed');
  }
}

/** `POST /api/report/export` `{robotId, period, start?, end?, lang?}` with the token header: the report as .xlsx. */
export function registerReportExport(app: FastifyInstance, svc: Services): void {
  app.post('/api/report/export', async (req: FastifyRequest, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const lang: Lang = body.lang === 'zh' || body.lang === 'ja' || body.lang === 'en' ? body.lang : pickLang(req.headers['accept-language'], 'en');
    const answer = (code: number, message: string) => reply.code(200).send({ code, message });
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return answer(StatusCode.tokenInvalid, formatMessage('tokenInvalid', lang));
    if (!subjectCan(session, REPORT_PERMISSION)) return answer(StatusCode.noPermission, formatMessage('noPermission', lang));
    const { lang: _l, ...param } = body;
    if (!validateReportParams(param)) return answer(StatusCode.badRequest, formatMessage('validationFailed', lang, { detail: validateReportParams.errors?.[0]?.message ?? 'invalid' }));
    if (!param.robotId) return answer(StatusCode.badRequest, formatMessage('reportNeedsRobot', lang));
    const ctx: AuthedContext = { db: svc.db, lang, ip: req.ip, session, event: 'reportExport' };
    try {
      const scope = await reportScope(svc, ctx, param as unknown as ReportParams);
      const file = await workbookOrFail(svc, scope, ctx);
      const name = reportFileName(scope);
      return reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${name}"`).send(file);
    } catch (err) {
      if (err instanceof AppError) return answer(err.statusCode, formatMessage(err.messageKey, lang, err.vars));
      req.log.error(err);
      return answer(StatusCode.serverError, formatMessage('reportFailed', lang));
    }
  });
}
