/**
 * `/home/naviRecord?naviId=…`: the runs of one patrol task (GET /robot/naviRecord/getByNaviId),
 * newest first, with runs per day above them (GET /robot/naviRecord/getDayDataCount: a stacked
 * bar chart and its figures); an ended run's detections can be re-recognised
 * (POST /robot/naviRecord/reRecog) after a confirmation. Refreshes on the `navigation` topic.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Empty, Popconfirm, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { subjectCan } from '@common/access';
import { formatMessage, MESSAGES, type MessageKey } from '@common/messages';
import { EChart, callNamedEvent, isAbortedError, navigateTo, realtimeLink, restCall, useSession, useSkin, type Lang, datePattern, formatDateTime, formatDuration, formatMonthDay, getLang, SeverityTag } from '@runtime';
import type { AnswerOf } from '@common/events';
import { canReRecognise, dayChartOption, defaultRange, FAILED_LEVEL, RESULT_TAG, RESULTS, type NaviDay, type NaviRecord } from './navigation-records-model';
import { NAVI_RECORDS_TEST_IDS as IDS } from './test-ids';

interface TaskInfo {
  id: number;
  name: string;
  robotId: string;
  routeName: string;
  count: number | null;
}

const NAVI_TOPIC = 'navigation';
/** Longest range of the per-day counts (the server's NAVI_DAY_COUNT_MAX_DAYS). */
const MAX_DAYS = 92;
/** A moment in the user's language's one format (issue 22). */
const when = (iso: string | null) => formatDateTime(iso, getLang(), '—');

/** The page. */
export default function NavigationRecordsPage() {
  const { t, i18n } = useTranslation('navigation-records');
  const { message } = App.useApp();
  const session = useSession();
  const canUpdate = !!session && subjectCan(session, 'navigation:update');
  const [params] = useSearchParams();
  const naviId = Number(params.get('naviId'));
  const valid = Number.isInteger(naviId) && naviId > 0;

  const [task, setTask] = useState<TaskInfo | null>();
  const [records, setRecords] = useState<NaviRecord[]>();
  const [days, setDays] = useState<NaviDay[]>();
  const [range, setRange] = useState<[string, string]>(() => defaultRange(new Date()));
  const [error, setError] = useState<string>();
  const [dayError, setDayError] = useState<string>();
  const [busy, setBusy] = useState<number>();

  const loadRecords = useCallback(() => {
    if (!valid) return;
    restCall<AnswerOf<'GET /robot/naviRecord/getByNaviId'>>('/robot/naviRecord/getByNaviId', { method: 'GET', query: { naviId } })
      .then((rows) => (setRecords(rows), setError(undefined)))
      .catch((e: Error) => isAbortedError(e) || (setRecords((r) => r ?? []), setError(e.message)));
  }, [naviId, valid]);
  const loadDays = useCallback(() => {
    if (!valid) return;
    restCall<AnswerOf<'GET /robot/naviRecord/getDayDataCount'>>('/robot/naviRecord/getDayDataCount', { method: 'GET', query: { naviId, startDate: range[0], endDate: range[1] } })
      .then((rows) => (setDays(rows), setDayError(undefined)))
      .catch((e: Error) => isAbortedError(e) || (setDays([]), setDayError(e.message)));
  }, [naviId, valid, range]);

  useEffect(() => {
    if (!valid) return;
    (callNamedEvent('queryNaviTask', { id: naviId, pageNum: 1, pageSize: 1 }) as Promise<{ list: TaskInfo[] }>)
      .then((page) => setTask(page.list.find((x) => Number(x.id) === naviId) ?? null))
      .catch(() => setTask(null));
  }, [naviId, valid]);
  useEffect(loadRecords, [loadRecords]);
  useEffect(loadDays, [loadDays]);

  // A push about this task (progress, end, failure) refreshes the runs and the days, at most twice a second.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const off = realtimeLink.subscribe(NAVI_TOPIC, ({ event, data }) => {
      if (event !== 'naviProgress' || Number((data as { id?: number })?.id) !== naviId || pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        loadRecords();
        loadDays();
      }, 500);
    });
    return () => {
      off();
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [naviId, loadRecords, loadDays]);

  const reRecognise = async (r: NaviRecord) => {
    setBusy(r.id);
    try {
      const out = await restCall<AnswerOf<'POST /robot/naviRecord/reRecog'>>('/robot/naviRecord/reRecog', { method: 'POST', query: { recordId: r.id } });
      message.success(t('reRecogDone', { count: out.recognised, changed: out.changed }));
      loadRecords();
    } catch (e) {
      if (!isAbortedError(e)) message.error((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigateTo('/home/navigation')} data-testid={IDS.back}>
      {t('back')}
    </Button>
  );
  if (!valid) return <Result status="info" title={t('noTask')} extra={back} />;
  if (task === null) return <Result status="404" title={t('taskMissing')} extra={back} data-testid={IDS.error} />;

  const columns = [
    {
      title: t('col.status'),
      dataIndex: 'result',
      width: 90,
      fixed: 'left' as const,
      // A failed run is abnormal: the one severity tag; the other results keep their state colours.
      render: (_: unknown, r: NaviRecord) =>
        r.result === 'failed' ? (
          <SeverityTag level={FAILED_LEVEL} testId={`${IDS.status}-${r.id}`}>
            {t('result.failed')}
          </SeverityTag>
        ) : (
          <Tag color={RESULT_TAG[r.result] ?? 'default'} data-testid={`${IDS.status}-${r.id}`}>
            {t(`result.${r.result}`)}
          </Tag>
        ),
    },
    { title: t('col.laps'), dataIndex: 'laps', width: 70, render: (_: unknown, r: NaviRecord) => t('lapsOf', { laps: r.laps, count: r.count }) },
    { title: t('col.points'), dataIndex: 'point', width: 90, render: (_: unknown, r: NaviRecord) => (r.points ? t('pointsOf', { point: r.point, points: r.points }) : '—') },
    {
      title: t('col.time'),
      dataIndex: 'startedAt',
      width: 175,
      render: (_: unknown, r: NaviRecord) => (
        <Space direction="vertical" size={0}>
          <span>{when(r.startedAt)}</span>
          <Typography.Text type="secondary">{r.endedAt ? when(r.endedAt) : t('result.running')}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('col.duration'),
      dataIndex: 'duration',
      width: 90,
      render: (v: number) => formatDuration(v ?? 0, i18n.language),
    },
    {
      title: t('col.reason'),
      dataIndex: 'reason',
      // The key in the language shown now (the server's text is in the language of the request).
      render: (v: string | null, r: NaviRecord) => {
        const text = r.reasonKey && r.reasonKey in MESSAGES ? formatMessage(r.reasonKey as MessageKey, i18n.language as Lang) : v;
        return text ? <Typography.Text type="danger">{text}</Typography.Text> : '—';
      },
    },
    {
      title: t('col.recognised'),
      dataIndex: 'recognised',
      width: 160,
      render: (_: unknown, r: NaviRecord) =>
        r.recognisedAt ? (
          <Space direction="vertical" size={0}>
            <span>{t('recognisedCount', { count: r.recognised ?? 0 })}</span>
            <Typography.Text type="secondary">{when(r.recognisedAt)}</Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    ...(canUpdate
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            width: 110,
            fixed: 'right' as const,
            render: (_: unknown, r: NaviRecord) =>
              canReRecognise(r) ? (
                <Popconfirm title={t('reRecogConfirm')} onConfirm={() => reRecognise(r)} okButtonProps={{ 'data-testid': `${IDS.reRecog}-${r.id}-ok` } as never}>
                  <Button size="small" type="link" loading={busy === r.id} data-testid={`${IDS.reRecog}-${r.id}`}>
                    {t('reRecog')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid={IDS.page}>
      <Card
        variant="borderless"
        title={
          <Space direction="vertical" size={0}>
            <span>{task ? t('titleOf', { name: task.name }) : t('title')}</span>
            {task ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                {t('robotRoute', { robot: task.robotId, route: task.routeName, count: task.count ?? 1 })}
              </Typography.Text>
            ) : null}
          </Space>
        }
        extra={back}
      >
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Text strong>{t('perDay')}</Typography.Text>
            <DatePicker.RangePicker
              data-testid={IDS.range}
              aria-label={t('range')}
              allowClear={false}
              value={[dayjs(range[0]), dayjs(range[1])]}
              format={datePattern(i18n.language, 'date')}
              // The server counts at most 92 days (NAVI_DAY_COUNT_MAX_DAYS): the picker offers no longer range.
              disabledDate={(d: Dayjs, info?: { from?: Dayjs }) => d.isAfter(dayjs(), 'day') || (!!info?.from && Math.abs(d.diff(info.from, 'day')) >= MAX_DAYS)}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')])}
            />
          </Space>
          {dayError ? <Alert type="error" showIcon message={dayError} data-testid={IDS.error} /> : null}
          <DayChart days={days} />
        </Space>
      </Card>
      <Card
        variant="borderless"
        title={t('runs')}
        extra={<Button icon={<ReloadOutlined />} onClick={() => (loadRecords(), loadDays())} aria-label={t('retry')} />}
      >
        {error ? <Alert type="error" showIcon message={t('loadFailed', { message: error })} style={{ marginBottom: 16 }} /> : null}
        <Table<NaviRecord>
          data-testid={IDS.table}
          rowKey="id"
          size="middle"
          loading={records === undefined}
          dataSource={records ?? []}
          columns={columns}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRuns')} /> }}
        />
      </Card>
    </Space>
  );
}

/** Runs per day: a stacked bar chart (ECharts, loaded lazily) and the figures in a compact table. */
function DayChart({ days }: { days: NaviDay[] | undefined }) {
  const { t, i18n } = useTranslation('navigation-records');
  const dark = useSkin() === 'dark';
  const option = useMemo(() => dayChartOption(days ?? [], Object.fromEntries(RESULTS.map((r) => [r, t(`result.${r}`)])) as never, (d) => formatMonthDay(d, i18n.language)), [days, t, i18n.language]);
  if (!days) return <Card loading size="small" />;
  const total = days.reduce((n, d) => n + d.count, 0);
  return (
    <>
      {total ? (
        <Suspense fallback={<Spin><div style={{ height: 200 }} /></Spin>}>
          <EChart option={option} height={200} dark={dark} testId={IDS.chart} />
        </Suspense>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRunsInRange')} style={{ margin: '12px 0' }} />
      )}
      <div style={{ overflowX: 'auto' }}>
        <table data-testid={IDS.days} style={{ borderCollapse: 'collapse', fontSize: 12, width: '100%' }}>
          <tbody>
            <tr>
              <th style={{ textAlign: 'left', padding: '2px 8px', whiteSpace: 'nowrap', fontWeight: 500 }}>{t('date')}</th>
              {days.map((d) => (
                <th key={d.date} style={{ padding: '2px 6px', fontWeight: 400, whiteSpace: 'nowrap' }}>
                  {formatMonthDay(d.date, i18n.language)}
                </th>
              ))}
            </tr>
            <tr>
              <th style={{ textAlign: 'left', padding: '2px 8px', whiteSpace: 'nowrap', fontWeight: 500 }}>{t('total')}</th>
              {days.map((d) => (
                <td key={d.date} data-testid={`${IDS.day}-${d.date}`} style={{ textAlign: 'center', padding: '2px 6px', color: d.count ? undefined : '#bfbfbf' }}>
                  {d.count}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}
