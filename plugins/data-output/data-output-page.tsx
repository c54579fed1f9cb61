/**
 * Reports (dataOutput): the selected robot's alarms and operations over a period (spec §9: week,
 * month, quarter, year, custom) — figures, charts (ECharts, own chunk), the company tree's
 * robots, export to Excel (the server builds the workbook) and mailing it to mailbox groups or
 * addresses (spec §5: at least one).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, DatePicker, Empty, Form, Modal, Row, Segmented, Select, Space, Spin, Statistic, Table, Tag, Typography, type ButtonProps } from 'antd';
import { DownloadOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  callEvent,
  datePattern,
  getLang,
  getToken,
  ALARM_TOPIC,
  isAbortedError,
  realtimeLink,
  REPORT_PERIODS,
  robotStateGroup,
  robotStatusLabel,
  SeverityTag,
  useBatteryLow,
  useCatalogue,
  useEventQuery,
  useRobotSelection,
  useSchemas,
  type Lang,
  type ReportPeriod,
} from '@runtime';
import type { AnswerOf } from '@common/events';
import { badAddresses, customRangeOk, joinTrends, reportQuery, type DailyPoint, type ReportQuery } from './report-model';
import { DATA_OUTPUT_TEST_IDS as IDS } from './test-ids';

const ReportCharts = lazy(() => import('./report-charts'));

type Summary = AnswerOf<'getSummaryStatistics'>;
type RobotRow = AnswerOf<'getRobots'>[number];

/** useEventQuery gives `{}` until the answer arrives: an answer is there when it has the expected shape. */
const listOf = <T,>(data: unknown): T[] | undefined => (Array.isArray(data) ? (data as T[]) : undefined);
const recordOf = <T extends object>(data: unknown, key: string): T | undefined => (data && typeof data === 'object' && key in data ? (data as T) : undefined);

const STATS = ['total', 'alarms', 'faults', 'environment', 'unprocessed', 'processed', 'outdated'] as const;
/** Figures of detections, patrols and SOS calls (getSummaryStatistics). */
const DETECTION_STATS = ['detections', 'faces', 'plates', 'persons', 'infrared', 'navigations', 'sos'] as const;
type Trend = AnswerOf<'getPlateTrend'>;

/** The page (default export: the plugin route). */
export default function DataOutputPage() {
  const { t } = useTranslation('data-output');
  const { selection } = useRobotSelection();
  const [period, setPeriod] = useState<ReportPeriod>('week');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [mailing, setMailing] = useState(false);
  const customDays = custom ? ([custom[0].format('YYYY-MM-DD'), custom[1].format('YYYY-MM-DD')] as [string, string]) : null;
  const query = reportQuery(selection.robotId, period, customDays);
  const enabled = query !== null;
  const param = (query ?? { period: 'week' }) as unknown as Record<string, unknown>;
  // The company tree's figures over the same calendar days as the robot's (its utcOffset too: without it the robot
  // table counted from UTC midnight while the figures counted from the caller's).
  const companyParam = useMemo(() => ({ period: param.period, start: param.start, end: param.end, utcOffset: param.utcOffset }), [param.period, param.start, param.end, param.utcOffset]);

  // Issue 22 (the page read 0 alarms while the API answered 1): a report is read when opened (no 30 s cache) and
  // again when an alarm is raised or changes while it is open; it kept the figures of when it was first opened.
  const live = { enabled, staleTime: 0 };
  const summaryQ = useEventQuery('getSummaryStatistics', param, live);
  const dailyQ = useEventQuery('getOperationalAlarm', param, live);
  const byCodeQ = useEventQuery('getOperationalAlarmCount', param, live);
  const processQ = useEventQuery('queryAlarmProcessCount', param, live);
  const companyQ = useEventQuery('getCompanyTrend', companyParam, live);
  const robotsQ = useEventQuery('getRobots', companyParam, live);
  const infoQ = useEventQuery('getInfoCount', param, live);
  const faceQ = useEventQuery('getFaceTrend', param, live);
  const plateQ = useEventQuery('getPlateTrend', param, live);
  const personQ = useEventQuery('getPersonTrend', param, live);
  const infraredQ = useEventQuery('getInfraredTrend', param, live);
  const all = [summaryQ, dailyQ, byCodeQ, processQ, companyQ, robotsQ, infoQ, faceQ, plateQ, personQ, infraredQ];
  const alarmQueries = useRef([summaryQ, dailyQ, byCodeQ, processQ, companyQ, robotsQ]);
  alarmQueries.current = enabled ? [summaryQ, dailyQ, byCodeQ, processQ, companyQ, robotsQ] : [];
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = realtimeLink.subscribe(ALARM_TOPIC, ({ event }) => {
      if (event !== 'alarm' && event !== 'alarmChange') return;
      // A burst of alarms is read once.
      clearTimeout(timer);
      timer = setTimeout(() => alarmQueries.current.forEach((q) => void q.refetch()), 500);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);
  const summary = { data: recordOf<Summary>(summaryQ.data, 'total'), isLoading: summaryQ.isLoading };
  const daily = listOf<DailyPoint>(dailyQ.data);
  const byCode = listOf<AnswerOf<'getOperationalAlarmCount'>[number]>(byCodeQ.data);
  const process = recordOf<AnswerOf<'queryAlarmProcessCount'>>(processQ.data, 'unprocessed');
  const company = listOf<AnswerOf<'getCompanyTrend'>[number]>(companyQ.data);
  const robots = { data: listOf<RobotRow>(robotsQ.data), isLoading: robotsQ.isLoading };
  const kinds = recordOf<AnswerOf<'getInfoCount'>>(infoQ.data, 'kinds')?.kinds;
  const [faces, plates, persons, infrared] = [faceQ, plateQ, personQ, infraredQ].map((q) => listOf<Trend[number]>(q.data));
  const detections = useMemo(() => (faces && plates && persons && infrared ? joinTrends(faces, plates, persons, infrared) : undefined), [faces, plates, persons, infrared]);
  const error = all.find((q) => q.error)?.error;
  const refetchAll = () => all.forEach((q) => void q.refetch());
  const robotName = robots.data?.find((r) => r.robotId === selection.robotId)?.robotName ?? selection.robotId;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid={IDS.page}>
      <Card>
        <Row justify="space-between" align="middle" gutter={[16, 12]}>
          <Col>
            <Space direction="vertical" size={2}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {t('title')}
              </Typography.Title>
              <Typography.Text type="secondary" data-testid={IDS.robot}>
                {t('robot', { robot: robotName })}
                {summary.data ? ` · ${t('range', { start: summary.data.firstDay, end: summary.data.lastDay })}` : ''}
              </Typography.Text>
            </Space>
          </Col>
          <Col>
            <Space wrap>
              <Segmented<ReportPeriod>
                data-testid={IDS.period}
                value={period}
                onChange={setPeriod}
                options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
              />
              {period === 'custom' ? (
                <DatePicker.RangePicker
                  data-testid={IDS.range}
                  value={custom}
                  format={datePattern(getLang(), 'date')}
                  allowClear={false}
                  placeholder={[t('customHint'), t('customHint')]}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                  onChange={(v) => {
                    const [a, b] = v ?? [];
                    if (a && b && customRangeOk(a.format('YYYY-MM-DD'), b.format('YYYY-MM-DD'))) setCustom([a, b]);
                  }}
                />
              ) : null}
              <ExportButton query={query} />
              <Button icon={<MailOutlined />} disabled={!query} onClick={() => setMailing(true)} data-testid={IDS.mail}>
                {t('mail')}
              </Button>
            </Space>
          </Col>
        </Row>
      </Card>

      {error ? (
        <Alert
          type="error"
          showIcon
          data-testid={IDS.error}
          message={error.message}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={refetchAll}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}

      {!enabled ? (
        <Card>
          <Empty description={t('customHint')} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {STATS.map((k) => (
              <Col key={k} flex="1 1 140px">
                <Card size="small" loading={summary.isLoading}>
                  <Statistic title={t(`stats.${k}`)} value={summary.data?.[k] ?? 0} valueStyle={k === 'unprocessed' && summary.data?.[k] ? { color: '#cf1322' } : undefined} />
                  <span data-testid={`${IDS.stat}-${k}`} data-value={summary.data?.[k] ?? ''} hidden />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title={t('detectionsTitle')}>
            <Row gutter={[16, 16]}>
              {DETECTION_STATS.map((k) => (
                <Col key={k} flex="1 1 120px">
                  <Statistic loading={summary.isLoading} title={t(`stats.${k}`)} value={summary.data?.[k] ?? 0} valueStyle={k === 'sos' && summary.data?.[k] ? { color: '#cf1322' } : undefined} />
                  <span data-testid={`${IDS.stat}-${k}`} data-value={summary.data?.[k] ?? ''} hidden />
                </Col>
              ))}
            </Row>
          </Card>
          {daily && byCode && process && company && detections && kinds ? (
            <Suspense
              fallback={
                <Card>
                  <Spin tip={t('charts.loading')}>
                    <div style={{ height: 200 }} />
                  </Spin>
                </Card>
              }
            >
              <ReportCharts daily={daily} byCode={byCode} process={process} company={company} detections={detections} kinds={kinds} />
            </Suspense>
          ) : (
            <Card loading />
          )}
          <RobotTable rows={robots.data} loading={robots.isLoading} />
        </>
      )}
      {mailing && query ? <MailDialog query={query} onClose={() => setMailing(false)} /> : null}
    </Space>
  );
}

function RobotTable({ rows, loading }: { rows?: RobotRow[]; loading: boolean }) {
  const { t, i18n } = useTranslation('data-output');
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  // The one battery-low rule (a company's own threshold is not in this answer: the schema default).
  const batteryLow = useBatteryLow();
  return (
    <Card size="small" title={t('robots.title')}>
      <Table<RobotRow>
        data-testid={IDS.robots}
        size="small"
        rowKey="robotId"
        loading={loading}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('robots.name'), dataIndex: 'robotName', render: (v: string, r) => `${v} (${r.robotId})` },
          {
            title: t('robots.status'),
            // An emergency stop, fault or SOS is an alarm state (the robot legend's alert group): the severity tag, not the green of online.
            render: (_, r) => {
              const label = robotStatusLabel(schemas, r.online, r.status, lang).label;
              return robotStateGroup(r.online, r.status) === 'alert' ? <SeverityTag level={3}>{label}</SeverityTag> : <Tag color={r.online ? 'green' : 'default'}>{label}</Tag>;
            },
          },
          { title: t('robots.battery'), dataIndex: 'battery', render: (v: number | null) => (v === null ? '—' : <SeverityTag level={batteryLow.isLow(v) ? 2 : 0}>{`${v}%`}</SeverityTag>) },
          { title: t('robots.alarms'), dataIndex: 'alarms', sorter: (a, b) => a.alarms - b.alarms, defaultSortOrder: 'descend' },
        ]}
      />
    </Card>
  );
}

/** Downloads the report workbook (POST /api/report/export); a refusal shows the server's message. */
function ExportButton({ query }: { query: ReportQuery | null }) {
  const { t } = useTranslation('data-output');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!query) return;
    setBusy(true);
    try {
      const res = await fetch('/api/report/export', {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: getToken() ?? '' },
        body: JSON.stringify({ ...query, lang: getLang() }),
      });
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        const answer = (await res.json()) as { message: string };
        message.error(answer.message);
        return;
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'report.xlsx';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={!query} onClick={() => void run()} data-testid={IDS.export}>
      {busy ? t('exporting') : t('export')}
    </Button>
  );
}

/** Mails the report to groups and addresses (sendEmail); at least one of them (spec §5). */
function MailDialog({ query, onClose }: { query: ReportQuery; onClose: () => void }) {
  const { t } = useTranslation('data-output');
  const catalogue = useCatalogue();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ emailGroupIds: number[]; addresses: string[] }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const groupsQ = useEventQuery('getEmailGroup', { pageNum: 1, pageSize: 1000 });
  // Issue 22: a company without a mail server is told so before any address is typed.
  const readyQ = useEventQuery('getMailReady', query.robotId ? { robotId: query.robotId } : {});
  const notReady = readyQ.data !== undefined && !(readyQ.data as { ready: boolean }).ready;
  const groups = { isLoading: groupsQ.isLoading, list: recordOf<{ list: { id: number; name: string; addresses: string[] }[] }>(groupsQ.data, 'list')?.list ?? [] };
  const send = async () => {
    setProblem(undefined);
    const values = await form.validateFields();
    const emailGroupIds = values.emailGroupIds ?? [];
    const addresses = (values.addresses ?? []).map((a) => a.trim()).filter(Boolean);
    if (!emailGroupIds.length && !addresses.length) return setProblem(catalogue('alarmMailNeedsReceiver'));
    setBusy(true);
    try {
      // The page mails the selected robot's report; without one the server names the missing robot.
      const answer = await callEvent('sendEmail', { ...query, robotId: query.robotId as string, emailGroupIds, addresses });
      message.success(t('sent', { count: answer.accepted.length }));
      onClose();
    } catch (err) {
      if (!isAbortedError(err)) setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('mailTitle')}
      onCancel={onClose}
      onOk={() => void send()}
      okText={t('send')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': IDS.mailSend, disabled: notReady || readyQ.isLoading } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid={IDS.mailDialog}>
        {notReady ? <Alert type="warning" showIcon message={catalogue('mailNotConfigured')} style={{ marginBottom: 12 }} data-testid={`${IDS.mailDialog}-not-ready`} /> : null}
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} data-testid={`${IDS.mailDialog}-error`} /> : null}
        <Form form={form} layout="vertical" initialValues={{ emailGroupIds: [], addresses: [] }} disabled={notReady}>
          <Form.Item name="emailGroupIds" label={t('groups')}>
            <Select
              mode="multiple"
              data-testid={IDS.mailGroups}
              loading={groups.isLoading}
              placeholder={t('groupsPlaceholder')}
              optionFilterProp="label"
              options={groups.list.map((g) => ({ value: g.id, label: `${g.name} (${g.addresses.length})` }))}
            />
          </Form.Item>
          <Form.Item
            name="addresses"
            label={t('addresses')}
            rules={[
              {
                validator: async (_, v: string[] | undefined) => {
                  const bad = badAddresses(v ?? []);
                  if (bad.length) throw new Error(t('badAddress', { address: bad[0] }));
                },
              },
            ]}
          >
            <Select mode="tags" data-testid={IDS.mailAddresses} placeholder={t('addressesPlaceholder')} tokenSeparators={[',', ';', ' ']} open={false} suffixIcon={null} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
