import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subjectCan } from '../../common/access';
import { formatMessage, pickLang } from '../../common/messages';
import { StatusCode, type Lang } from '../../common/protocol';
import { AppError, fail } from '../errors';
import { companyChain } from '../alarms/alarm-service';
import { createAjv } from '../schemas/loader';
import type { Services } from '../services';
import type { AuthedContext, EventContext, EventRegistry } from '../events/registry';
import { sendCompanyMail } from './mailer';
import {
  alarmsByCode,
  companyTrend,
  dailyAlarms,
  processCounts,
  reportParamsSchema,
  reportScope,
  robotsWithAlarms,
  summary,
  type ReportParams,
  type ReportScope,
} from './report-data';
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

/** Permission of the report page (dataOutput) and its statistics. */
export const REPORT_PERMISSION = 'report:read';
/** Permission to e-mail a report. */
export const REPORT_MAIL_PERMISSION = 'report:send';

const ajv = createAjv();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const mailSchema = {
  ...reportParamsSchema,
  required: ['period', 'robotId'],
  properties: {
    ...reportParamsSchema.properties,
    emailGroupIds: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'integer', minimum: 1 }, 'x-labels': { en: 'Mail groups', zh: '邮件组', ja: 'メールグループ' } },
    addresses: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', format: 'email', minLength: 1, maxLength: 64 }, 'x-labels': { en: 'Addresses', zh: '邮箱地址', ja: 'メールアドレス' } },
  },
};

type Stat = (svc: Services, s: ReportScope) => Promise<unknown>;

/**
 * Spec §7 statistics events over alarms and operations, the report workbook (POST /api/report/export)
 * and sendEmail (the workbook to mail groups and addresses through SMTP). Every statistic takes
 * `{robotId?, period, start?, end?}`: one robot, or the caller's company tree.
 */
export function registerReportEvents(reg: EventRegistry, svc: Services): void {
  const stats: Record<string, Stat> = {
    getSummaryStatistics: summary,
    getOperationalAlarm: dailyAlarms,
    getOperationalAlarmCount: alarmsByCode,
    queryAlarmProcessCount: processCounts,
    getCompanyTrend: companyTrend,
    getRobots: robotsWithAlarms,
    getInfoCount: infoCount,
    queryFaceCount: faceCount,
    queryPlateCount: plateCount,
    getPersonCount: personCount,
    getInfraredAlarmCount: infraredCount,
    queryHarmfulgasCount: harmfulGasCount,
    getTestNumber: detectionsPerRobot,
    getFaceTrend: faceTrend,
    getPlateTrend: plateTrend,
    getPersonTrend: personTrend,
    getInfraredTrend: infraredTrend,
    getNavigationNameCount: navigationByRoute,
    getNavigationTimeCount: navigationByDay,
    getSOSCount: sosCount,
  };
  const validate = ajv.compile(reportParamsSchema);
  for (const [name, run] of Object.entries(stats)) {
    reg.register<ReportParams>({
      name,
      access: { kind: 'permission', permission: REPORT_PERMISSION },
      mutating: false,
      validate,
      labelSchema: reportParamsSchema,
      handler: async (ctx, p) => run(svc, await reportScope(svc, ctx as AuthedContext, p)),
    });
  }

  reg.register<ReportParams & { emailGroupIds?: number[]; addresses?: string[] }>({
    name: 'sendEmail',
    access: { kind: 'permission', permission: REPORT_MAIL_PERMISSION },
    mutating: false,
    audit: true,
    validate: ajv.compile(mailSchema),
    labelSchema: mailSchema,
    handler: async (ctx, p) => {
      const actx = ctx as AuthedContext;
      const groups = p.emailGroupIds ?? [];
      // Spec §5: at least one mail group or address.
      if (!groups.length && !(p.addresses ?? []).length) throw fail.message(StatusCode.badRequest, 'alarmMailNeedsReceiver');
      const scope = await reportScope(svc, actx, p);
      const to = new Set(p.addresses ?? []);
      if (groups.length) {
        const rows = await svc.db.query<{ id: number; addresses: string[] }>(
          `SELECT id, "addresses" FROM email_groups WHERE id = ANY($1::bigint[]) ${scope.companies === null ? '' : 'AND "companyId" = ANY($2::bigint[])'}`,
          scope.companies === null ? [groups] : [groups, scope.companies],
        );
        if (rows.length !== groups.length) throw fail.message(StatusCode.badRequest, 'emailGroupNotFound');
        for (const g of rows) for (const a of g.addresses) to.add(a);
      }
      const file = await workbookOrFail(svc, scope, ctx);
      const title = formatTitle(scope, ctx.lang);
      const sum = await summary(svc, scope);
      const sent = await sendCompanyMail(svc, await companyChain(svc.db, scope.companyId), {
        to: [...to],
        subject: title,
        text: `${title}\n${scope.start.slice(0, 10)} – ${scope.end.slice(0, 10)}\n${mailFigures(sum, ctx.lang)}`,
        attachments: [{ filename: reportFileName(scope), content: file, contentType: XLSX }],
      });
      return { accepted: sent.accepted, fileName: reportFileName(scope) };
    },
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
    const validate = ajv.compile(reportParamsSchema);
    if (!validate(param)) return answer(StatusCode.badRequest, formatMessage('validationFailed', lang, { detail: validate.errors?.[0]?.message ?? 'invalid' }));
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
