/**
 * Robot health pages (issue 19): systemState (every robot at a glance, live, with a detail of the
 * last hour as charts), historyOnline (timeline with uptime), sensor, chassisMonitoring,
 * chargeMonitoring (live charts and history of the selected robot; static robots have none) and
 * operate (statistics per day, per robot and company, with export).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, DatePicker, Drawer, Empty, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '@common/events';
import { datePattern, EChart, formatDate, formatDateTime, formatDuration, formatMonthDay, formatShort, getLang, getToken, requestExport, SeverityTag, useEventQuery, useRobotSelection, useSchemas, useSkin } from '@runtime';

type SystemAnswer = AnswerOf<'getSystemState'>;
type Row = SystemAnswer['robots'][number];
type HealthAnswer = AnswerOf<'getRobotHealth'>;
type SensorAnswer = AnswerOf<'getSensorData'>;
type OnlineAnswer = AnswerOf<'getOnlineHistory'>;
type OperateAnswer = AnswerOf<'getOperateStats'>;

const NS = 'robot-health';
const LIVE_MS = 5_000;

/** Re-asks every `ms` while the page is open. */
function usePoll(refetch: () => unknown, ms = LIVE_MS) {
  useEffect(() => {
    const id = setInterval(() => void refetch(), ms);
    return () => clearInterval(id);
  }, [refetch, ms]);
}

/** The answer once it has arrived (useEventQuery gives {} before). */
function answer<T>(data: unknown, key: string): T | undefined {
  return data && typeof data === 'object' && key in data ? (data as T) : undefined;
}

function ErrorLine({ error, retry }: { error: { message: string } | null | undefined; retry: () => unknown }) {
  const { t } = useTranslation(NS);
  return error ? (
    <Alert type="error" showIcon data-testid="health-error" message={error.message} action={<Button size="small" icon={<ReloadOutlined />} onClick={() => void retry()}>{t('retry')}</Button>} />
  ) : null;
}

function Page({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={testId}>
      <Card size="small">
        <Row justify="space-between" align="middle" gutter={[12, 8]}>
          <Col>
            <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
          </Col>
          <Col>{extra}</Col>
        </Row>
      </Card>
      {children}
    </Space>
  );
}

const line = (names: string[], series: [number, number][][], opts: { max?: number; unit?: string } = {}) => ({
  tooltip: { trigger: 'axis' as const },
  legend: { top: 0 },
  grid: { left: 44, right: 16, top: 30, bottom: 28 },
  xAxis: { type: 'time' as const },
  yAxis: { type: 'value' as const, max: opts.max, name: opts.unit },
  series: names.map((name, i) => ({ name, type: 'line' as const, showSymbol: false, data: series[i] ?? [] })),
});

/**
 * The alarm level a problem of a robot is marked with: a reading over its threshold or a fault is
 * level 3 (as the generated screens flag readings over their thresholds); a robot that is off is level 2.
 */
const problemLevel = (problem: string): 2 | 3 => (problem === 'offline' ? 2 : 3);

/**
 * Asks the server for a health page's export (POST /api/health-export, the body of the list exports)
 * and saves the .xlsx it answers; the headers come in the caller's language. Resolves with the
 * server's message when it refuses.
 */
async function downloadXlsx(entity: 'onlineHistory' | 'operateStats', param: Record<string, unknown>, failureText: string): Promise<string | null> {
  const result = await requestExport({ entity, param, lang: getLang() }, { getToken, failureText, path: '/api/health-export' });
  if (!result.ok) return result.message;
  const url = URL.createObjectURL(result.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = result.filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return null;
}

/** A robot's last hour as charts (systemState detail). */
function RobotDetail({ robotId }: { robotId: string }) {
  const { t } = useTranslation(NS);
  const dark = useSkin() === 'dark';
  const q = useEventQuery('getRobotHealth', { robotId, minutes: 60 }, { staleTime: 0 });
  usePoll(q.refetch, 30_000);
  const d = answer<HealthAnswer>(q.data, 'samples');
  if (!d) return <Spin />;
  const at = (f: (p: HealthAnswer['samples'][number]) => number) => d.samples.map((p) => [p.t, f(p)] as [number, number]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="health-detail">
      <ErrorLine error={q.error} retry={q.refetch} />
      {d.samples.length === 0 ? <Empty description={t('noSamples')} /> : null}
      <Card size="small" title={t('load')}>
        <EChart dark={dark} option={line([t('cpu'), t('memory'), t('disk')], [at((p) => p.cpu), at((p) => p.memory), at((p) => p.disk)], { max: 100, unit: '%' })} />
      </Card>
      <Card size="small" title={t('temperatureLatency')}>
        <EChart dark={dark} option={line([t('temperature'), t('latency')], [at((p) => p.temperature), at((p) => p.latencyMs)])} />
      </Card>
      {d.latest ? (
        <Card size="small" title={t('services')}>
          <Space wrap>
            {d.latest.services.map((s) => (
              s.up ? <Tag key={s.name} color="green">{`${s.name} ${s.version} · ${t('up')}`}</Tag> : <SeverityTag key={s.name} level={3}>{`${s.name} ${s.version} · ${t('down')}`}</SeverityTag>
            ))}
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}

export function SystemStatePage() {
  const { t } = useTranslation(NS);
  const q = useEventQuery('getSystemState', {}, { staleTime: 0 });
  usePoll(q.refetch);
  const d = answer<SystemAnswer>(q.data, 'robots');
  const [detail, setDetail] = useState<Row | null>(null);
  const lang = getLang();
  // A value the server judged over its threshold (r.problems) carries the severity tag.
  const judged = (r: Row, k: string, text: string) => <SeverityTag level={r.problems.includes(k) ? problemLevel(k) : 0}>{text}</SeverityTag>;
  const num = (v: number | undefined, unit = '') => (v === undefined ? '—' : `${v}${unit}`);
  const sorter = (f: (r: Row) => number | string) => (a: Row, b: Row) => { const x = f(a), y = f(b); return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)); };
  const on = (v: boolean) => (v ? <Tag color="green">{t('online')}</Tag> : <SeverityTag level={problemLevel('offline')}>{t('offline')}</SeverityTag>);
  return (
    <Page title={t('systemState')} testId="health-system-state" extra={<Typography.Text type="secondary">{t('liveEvery', { s: LIVE_MS / 1000 })}</Typography.Text>}>
      <ErrorLine error={q.error} retry={q.refetch} />
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <Table<Row>
          rowKey="robotId"
          size="small"
          loading={!d && !q.error}
          dataSource={d?.robots ?? []}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          scroll={{ x: 1200 }}
          onRow={(r) => ({ onClick: () => setDetail(r), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (r.problems.length ? 'health-row-bad' : '')}
          columns={[
            { title: t('robot'), dataIndex: 'robotName', fixed: 'left', width: 150, sorter: sorter((r) => r.robotName), render: (v: string, r) => <a data-testid={`health-robot-${r.robotId}`}>{v}</a> },
            { title: t('walk'), width: 80, sorter: sorter((r) => Number(r.online.walk)), render: (_, r) => on(r.online.walk) },
            { title: t('video'), width: 80, sorter: sorter((r) => Number(r.online.video)), render: (_, r) => on(r.online.video) },
            { title: t('interaction'), width: 90, sorter: sorter((r) => Number(r.online.interaction)), render: (_, r) => on(r.online.interaction) },
            { title: t('cpu'), width: 80, sorter: sorter((r) => r.health?.cpu ?? -1), render: (_, r) => judged(r, 'cpu', num(r.health?.cpu, '%')) },
            { title: t('memory'), width: 90, sorter: sorter((r) => r.health?.memory ?? -1), render: (_, r) => judged(r, 'memory', num(r.health?.memory, '%')) },
            { title: t('disk'), width: 80, sorter: sorter((r) => r.health?.disk ?? -1), render: (_, r) => judged(r, 'disk', num(r.health?.disk, '%')) },
            { title: t('temperature'), width: 110, sorter: sorter((r) => r.health?.temperatures.cpu ?? -1), render: (_, r) => judged(r, 'temperature', r.health ? `${r.health.temperatures.cpu} / ${r.health.temperatures.board} °C` : '—') },
            { title: t('uptime'), width: 110, sorter: sorter((r) => r.health?.uptime ?? -1), render: (_, r) => formatDuration(r.health?.uptime, lang, '—') },
            { title: t('latency'), width: 90, sorter: sorter((r) => r.health?.latencyMs ?? -1), render: (_, r) => judged(r, 'latency', num(r.health?.latencyMs, ' ms')) },
            { title: t('services'), width: 100, sorter: sorter((r) => r.health?.services.filter((s) => !s.up).length ?? -1), render: (_, r) => (r.health ? judged(r, 'services', `${r.health.services.filter((s) => s.up).length}/${r.health.services.length}`) : '—') },
            { title: t('software'), width: 90, dataIndex: ['health', 'software'], sorter: sorter((r) => r.health?.software ?? '') },
            { title: t('problems'), width: 160, render: (_, r) => (r.problems.length ? <Space size={4} wrap>{r.problems.map((p) => <SeverityTag key={p} level={problemLevel(p)}>{t(`problem.${p}`)}</SeverityTag>)}</Space> : <Tag color="green">{t('ok')}</Tag>) },
          ]}
        />
      </Card>
      <Drawer open={!!detail} width={620} title={detail ? t('detailTitle', { robot: detail.robotName }) : ''} onClose={() => setDetail(null)} destroyOnClose>
        {detail ? <RobotDetail robotId={detail.robotId} /> : null}
      </Drawer>
    </Page>
  );
}

function useRange(days = 7) {
  return useState<[Dayjs, Dayjs]>([dayjs().subtract(days - 1, 'day'), dayjs()]);
}
const RangePick = ({ value, onChange }: { value: [Dayjs, Dayjs]; onChange: (v: [Dayjs, Dayjs]) => void }) => (
  <DatePicker.RangePicker
    value={value}
    allowClear={false}
    format={datePattern(getLang(), 'date')}
    disabledDate={(d) => d.isAfter(dayjs(), 'day')}
    onChange={(v) => {
      const [a, b] = v ?? [];
      if (a && b) onChange([a, b]);
    }}
  />
);

export function OnlineHistoryPage() {
  const { t } = useTranslation(NS);
  const dark = useSkin() === 'dark';
  const { selection } = useRobotSelection();
  const [range, setRange] = useRange(1);
  const q = useEventQuery('getOnlineHistory', { robotId: selection.robotId, start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') });
  const d = answer<OnlineAnswer>(q.data, 'subsystems');
  const option = useMemo(() => {
    if (!d) return null;
    const cats = d.subsystems.map((s) => t(s.key));
    return {
      tooltip: { formatter: (p: { value: [number, number, number, number] }) => `${formatShort(p.value[1], getLang())} – ${formatShort(p.value[2], getLang())}` },
      grid: { left: 90, right: 16, top: 10, bottom: 28 },
      xAxis: { type: 'time' as const, min: d.start, max: d.end },
      yAxis: { type: 'category' as const, data: cats },
      series: [
        {
          type: 'custom' as const,
          renderItem: (_: unknown, api: { value: (i: number) => number; coord: (v: [number, number]) => [number, number]; size: (v: [number, number]) => [number, number] }) => {
            const start = api.coord([api.value(1), api.value(0)]);
            const end = api.coord([api.value(2), api.value(0)]);
            const h = api.size([0, 1])[1] * 0.5;
            return { type: 'rect', shape: { x: start[0], y: start[1] - h / 2, width: Math.max(1, end[0] - start[0]), height: h }, style: { fill: api.value(3) ? '#52c41a' : '#ff4d4f' } };
          },
          encode: { x: [1, 2], y: 0 },
          data: d.subsystems.flatMap((s, i) => s.spans.map((x) => [i, x.start, x.end, x.up ? 1 : 0])),
        },
      ],
    };
  }, [d, t]);
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportIt = async () => {
    setExporting(true);
    const refused = await downloadXlsx('onlineHistory', { robotId: selection.robotId, start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') }, t('exportFailed')).finally(() => setExporting(false));
    if (refused) message.error(refused);
  };
  return (
    <Page title={t('historyOnline')} testId="health-online" extra={<Space><RangePick value={range} onChange={setRange} /><Button icon={<DownloadOutlined />} disabled={!d} loading={exporting} onClick={() => void exportIt()} data-testid="health-export">{t('export')}</Button></Space>}>
      <ErrorLine error={q.error} retry={q.refetch} />
      <Row gutter={12}>
        {(d?.subsystems ?? []).map((s) => (
          <Col key={s.key} flex="1">
            <Card size="small"><Statistic title={t('uptimeOf', { s: t(s.key) })} value={s.uptime} suffix="%" precision={2} /></Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('timeline')} loading={!d && !q.error}>
        {option ? <EChart dark={dark} option={option} testId="health-timeline" /> : null}
      </Card>
    </Page>
  );
}

export function SensorPage() {
  const { t } = useTranslation(NS);
  const dark = useSkin() === 'dark';
  const schemas = useSchemas();
  const { selection } = useRobotSelection();
  const q = useEventQuery('getSensorData', { robotId: selection.robotId, minutes: 60 }, { staleTime: 0 });
  usePoll(q.refetch);
  const d = answer<SensorAnswer>(q.data, 'sensors');
  // A sensor kind is shown by its label of the sensor enumeration (zh / ja / en); a kind the robot
  // alone knows by the name it gives, else the enumeration's "other sensor".
  const known = new Set((schemas.enumById('sensor')?.values ?? []).map((v) => String(v.value)));
  const sensorName = (x: { id: string; name: string }) => (known.has(x.id) || !x.name ? schemas.enumLabel('sensor', x.id, getLang()) : x.name);
  return (
    <Page title={t('sensor')} testId="health-sensor" extra={<Typography.Text type="secondary">{t('liveEvery', { s: LIVE_MS / 1000 })}</Typography.Text>}>
      <ErrorLine error={q.error} retry={q.refetch} />
      {d && d.sensors.length === 0 ? <Card><Empty description={t('noReport')} /></Card> : null}
      <Row gutter={[12, 12]}>
        {(d?.sensors ?? []).map((s) => (
          <Col key={s.id} xs={24} md={12} xl={8}>
            <Card size="small" title={<span style={s.ok ? undefined : { color: '#cf1322' }}>{sensorName(s)}</span>} extra={<Tag color={s.ok ? 'green' : 'red'}>{s.ok ? t('ok') : t('outOfRange')}</Tag>} data-testid={`health-sensor-${s.id}`}>
              <Statistic value={s.value} suffix={s.unit} valueStyle={s.ok ? undefined : { color: '#cf1322' }} />
              <Typography.Text type="secondary">{t('threshold', { min: s.min, max: s.max, unit: s.unit })}</Typography.Text>
              <EChart
                dark={dark}
                height={120}
                option={{
                  ...line([sensorName(s)], [d!.history.filter((h) => s.id in h.values).map((h) => [h.t, h.values[s.id]!] as [number, number])]),
                  legend: { show: false },
                  grid: { left: 36, right: 8, top: 8, bottom: 20 },
                  series: [{ type: 'line', showSymbol: false, data: d!.history.filter((h) => s.id in h.values).map((h) => [h.t, h.values[s.id]]), markLine: { silent: true, symbol: 'none', lineStyle: { color: '#ff4d4f' }, data: [{ yAxis: s.min }, { yAxis: s.max }] } }],
                }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      {!d && !q.error ? <Spin /> : null}
    </Page>
  );
}

function useRobotHealth() {
  const { selection } = useRobotSelection();
  const q = useEventQuery('getRobotHealth', { robotId: selection.robotId, minutes: 60 }, { staleTime: 0 });
  usePoll(q.refetch);
  return { q, d: answer<HealthAnswer>(q.data, 'samples') };
}

export function ChassisPage() {
  const { t } = useTranslation(NS);
  const dark = useSkin() === 'dark';
  const { q, d } = useRobotHealth();
  const c = d?.latest?.chassis;
  const at = (f: (c: NonNullable<HealthAnswer['samples'][number]['chassis']>) => number) => (d?.samples ?? []).filter((p) => p.chassis).map((p) => [p.t, f(p.chassis!)] as [number, number]);
  return (
    <Page title={t('chassisMonitoring')} testId="health-chassis">
      <ErrorLine error={q.error} retry={q.refetch} />
      {!d && !q.error ? <Spin /> : null}
      {d && d.robotType === 4 ? <Alert type="info" showIcon data-testid="health-static" message={t('staticNoChassis')} /> : null}
      {d && d.robotType !== 4 && !c ? <Empty description={t('noReport')} /> : null}
      {c ? (
        <>
          <Row gutter={[12, 12]}>
            <Col flex="1"><Card size="small"><Statistic title={t('speed')} value={c.speed} suffix="m/s" /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('odometry')} value={(c.odometry / 1000).toFixed(2)} suffix="km" /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('bumper')} value={c.bumper ? t('pressed') : t('ok')} formatter={(v) => <SeverityTag level={c.bumper ? 3 : 0} testId="health-bumper">{v}</SeverityTag>} /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('emergencyStop')} value={c.emergencyStop ? t('pressed') : t('released')} formatter={(v) => <SeverityTag level={c.emergencyStop ? 3 : 0} testId="health-emergency-stop">{v}</SeverityTag>} /></Card></Col>
          </Row>
          <Table
            size="small"
            rowKey="wheel"
            pagination={false}
            dataSource={c.wheels}
            columns={[
              { title: t('wheel'), dataIndex: 'wheel', render: (v: string) => t(`wheelName.${v}`, v) },
              { title: t('current'), dataIndex: 'currentA', render: (v: number) => `${v} A` },
              { title: t('motorTemp'), dataIndex: 'temperatureC', render: (v: number) => `${v} °C` },
              { title: t('faults'), render: (_, w) => (w.encoderFault || w.hallFault || w.stall ? <Space size={4} wrap>{[w.encoderFault && t('encoder'), w.hallFault && t('hall'), w.stall && t('stall')].filter(Boolean).map((x) => <SeverityTag key={String(x)} level={3}>{x}</SeverityTag>)}</Space> : <Tag color="green">{t('ok')}</Tag>) },
            ]}
          />
          <Row gutter={12}>
            <Col span={12}><Card size="small" title={t('speed')}><EChart dark={dark} height={180} option={line([t('speed')], [at((x) => x.speed)], { unit: 'm/s' })} /></Card></Col>
            <Col span={12}><Card size="small" title={t('motorCurrents')}><EChart dark={dark} height={180} option={line(c.wheels.map((w) => t(`wheelName.${w.wheel}`, w.wheel)), c.wheels.map((_, i) => at((x) => x.wheels[i]?.currentA ?? 0)), { unit: 'A' })} /></Card></Col>
          </Row>
        </>
      ) : null}
    </Page>
  );
}

export function ChargePage() {
  const { t } = useTranslation(NS);
  const dark = useSkin() === 'dark';
  const { q, d } = useRobotHealth();
  const c = d?.latest?.charging;
  const at = (f: (c: NonNullable<HealthAnswer['samples'][number]['charging']>) => number) => (d?.samples ?? []).filter((p) => p.charging).map((p) => [p.t, f(p.charging!)] as [number, number]);
  return (
    <Page title={t('chargeMonitoring')} testId="health-charge">
      <ErrorLine error={q.error} retry={q.refetch} />
      {!d && !q.error ? <Spin /> : null}
      {d && d.robotType === 4 ? <Alert type="info" showIcon data-testid="health-static" message={t('staticNoCharging')} /> : null}
      {d && d.robotType !== 4 && !c ? <Empty description={t('noReport')} /> : null}
      {c ? (
        <>
          <Row gutter={[12, 12]}>
            <Col flex="1"><Card size="small"><Statistic title={t('chargeState')} value={t(`charge.${c.state}`)} formatter={(v) => <SeverityTag level={c.state === 'failed' ? 3 : 0} testId="health-charge-state">{v}</SeverityTag>} /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('soc')} value={c.soc} suffix="%" /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('voltage')} value={c.voltage} suffix="V" /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('current')} value={c.current} suffix="A" /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('batteryTemp')} value={c.temperatureC} suffix="°C" /></Card></Col>
            <Col flex="1"><Card size="small"><Statistic title={t('pile')} value={c.pile ?? '—'} /></Card></Col>
          </Row>
          <Row gutter={12}>
            <Col span={14}><Card size="small" title={t('socVoltage')}><EChart dark={dark} height={200} option={line([t('soc'), t('voltage'), t('current')], [at((x) => x.soc), at((x) => x.voltage), at((x) => x.current)])} /></Card></Col>
            <Col span={10}>
              <Card size="small" title={t('failures')}>
                <Table size="small" rowKey="t" pagination={false} dataSource={c.failures} locale={{ emptyText: t('noFailures') }} columns={[
                  { title: t('time'), dataIndex: 't', render: (v: number) => formatDateTime(v, getLang()) },
                  { title: t('alarmCode'), dataIndex: 'code' },
                  { title: t('pile'), dataIndex: 'pile' },
                ]} />
              </Card>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t('cycles', { n: c.cycles })}</Typography.Text>
        </>
      ) : null}
    </Page>
  );
}

export function OperatePage() {
  const { t } = useTranslation(NS);
  const dark = useSkin() === 'dark';
  const { selection } = useRobotSelection();
  const [range, setRange] = useRange(7);
  const [onlyRobot, setOnlyRobot] = useState(!!selection.robotId);
  const q = useEventQuery('getOperateStats', { ...(onlyRobot && selection.robotId ? { robotId: selection.robotId } : {}), start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') });
  const d = answer<OperateAnswer>(q.data, 'days');
  const byDate = useMemo(() => {
    const m = new Map<string, { mileage: number; hours: number; tasks: number; cycles: number; alarms: number }>();
    for (const x of d?.days ?? []) {
      const v = m.get(x.date) ?? { mileage: 0, hours: 0, tasks: 0, cycles: 0, alarms: 0 };
      v.mileage += x.mileageM / 1000; v.hours += x.workingHours; v.tasks += x.tasks; v.cycles += x.chargeCycles; v.alarms += x.alarms;
      m.set(x.date, v);
    }
    return [...m.entries()].sort();
  }, [d]);
  const option = {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 30, bottom: 28 },
    xAxis: { type: 'category' as const, data: byDate.map(([k]) => formatMonthDay(k, getLang())) },
    yAxis: { type: 'value' as const },
    series: ([['mileage', t('mileageKm')], ['hours', t('workingHours')], ['tasks', t('tasks')], ['cycles', t('chargeCycles')], ['alarms', t('alarms')]] as const).map(([k, name]) => ({ name, type: 'bar' as const, data: byDate.map(([, v]) => Math.round(v[k] * 100) / 100) })),
  };
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportIt = async () => {
    setExporting(true);
    const param = { ...(onlyRobot && selection.robotId ? { robotId: selection.robotId } : {}), start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') };
    const refused = await downloadXlsx('operateStats', param, t('exportFailed')).finally(() => setExporting(false));
    if (refused) message.error(refused);
  };
  return (
    <Page
      title={t('operate')}
      testId="health-operate"
      extra={
        <Space wrap>
          {selection.robotId ? <Button onClick={() => setOnlyRobot(!onlyRobot)} data-testid="health-operate-scope">{onlyRobot ? t('allRobots') : t('onlySelected')}</Button> : null}
          <RangePick value={range} onChange={setRange} />
          <Button icon={<DownloadOutlined />} disabled={!d?.days.length} loading={exporting} onClick={() => void exportIt()} data-testid="health-export">{t('export')}</Button>
        </Space>
      }
    >
      <ErrorLine error={q.error} retry={q.refetch} />
      <Card size="small" title={onlyRobot && selection.robotId ? t('forRobot', { robot: selection.robotId }) : t('forCompanies')} loading={!d && !q.error}>
        {d && d.days.length === 0 ? <Empty description={t('noSamples')} /> : <EChart dark={dark} height={220} option={option} testId="health-operate-chart" />}
      </Card>
      <Table
        size="small"
        rowKey={(r) => `${r.date}-${r.robotId}`}
        dataSource={d?.days ?? []}
        pagination={{ pageSize: 6, showSizeChanger: false }}
        columns={[
          { title: t('date'), dataIndex: 'date', render: (v: string) => formatDate(v, getLang()), sorter: (a, b) => a.date.localeCompare(b.date) },
          { title: t('robot'), dataIndex: 'robotName', sorter: (a, b) => a.robotName.localeCompare(b.robotName) },
          { title: t('mileageKm'), dataIndex: 'mileageM', render: (v: number) => (v / 1000).toFixed(2), sorter: (a, b) => a.mileageM - b.mileageM },
          { title: t('workingHours'), dataIndex: 'workingHours', sorter: (a, b) => a.workingHours - b.workingHours },
          { title: t('tasks'), dataIndex: 'tasks', sorter: (a, b) => a.tasks - b.tasks },
          { title: t('chargeCycles'), dataIndex: 'chargeCycles', sorter: (a, b) => a.chargeCycles - b.chargeCycles },
          { title: t('alarms'), dataIndex: 'alarms', sorter: (a, b) => a.alarms - b.alarms },
        ]}
      />
    </Page>
  );
}
