/**
 * Energy consumption (spec §2 energyConsumption): the selected robot's battery over a period (spec
 * §9 periods) — consumption and charging per day, charging sessions and time, the battery curve.
 */
import { Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Empty, Row, Segmented, Space, Spin, Statistic, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { datePattern, EChart, REPORT_PERIODS, useEventQuery, useRobotSelection, useSkin, type ReportPeriod } from '@runtime';
import { curveOption, dailyEnergyOption, hoursAndMinutes, type EnergyAnswer } from './energy-model';
import { ENERGY_TEST_IDS as IDS } from './test-ids';

/** The page (default export: the plugin route). */
export default function EnergyPage() {
  const { t, i18n } = useTranslation('energy-consumption');
  const { selection } = useRobotSelection();
  const dark = useSkin() === 'dark';
  const [period, setPeriod] = useState<ReportPeriod>('week');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const param = useMemo(
    () =>
      period === 'custom'
        ? custom
          ? { robotId: selection.robotId, period, start: custom[0].format('YYYY-MM-DD'), end: custom[1].format('YYYY-MM-DD') }
          : null
        : { robotId: selection.robotId, period },
    [period, custom, selection.robotId],
  );
  const q = useEventQuery('getEnergyConsumption', param ?? {}, { enabled: param !== null, staleTime: 10_000 });
  // useEventQuery gives {} until the answer arrives.
  const data = q.data && typeof q.data === 'object' && 'summary' in q.data ? (q.data as EnergyAnswer) : undefined;
  const curve = useMemo(() => (data ? curveOption(data.curve, t('batterySeries')) : null), [data, t]);
  const daily = useMemo(() => (data ? dailyEnergyOption(data.daily, { consumed: t('consumedSeries'), charged: t('chargedSeries') }, i18n.language) : null), [data, t, i18n.language]);
  const stat = (key: keyof EnergyAnswer['summary'], value: number | string, suffix?: string) => (
    <Col key={key} flex="1 1 150px">
      <Card size="small" loading={q.isLoading}>
        <Statistic title={t(`stats.${key}`)} value={value} suffix={suffix} />
        <span hidden data-testid={`${IDS.stat}-${key}`} data-value={data ? String(data.summary[key] ?? '') : ''} />
      </Card>
    </Col>
  );
  const charging = hoursAndMinutes(data?.summary.chargingMinutes ?? 0);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid={IDS.page}>
      <Card>
        <Row justify="space-between" align="middle" gutter={[16, 12]}>
          <Col>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('title')}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid={IDS.robot}>
              {t('robot', { robot: selection.robotId })}
            </Typography.Text>
          </Col>
          <Col>
            <Space wrap>
              <Segmented<ReportPeriod> data-testid={IDS.period} value={period} onChange={setPeriod} options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))} />
              {period === 'custom' ? (
                <DatePicker.RangePicker
                  data-testid={IDS.range}
                  value={custom}
                  allowClear={false}
                  format={datePattern(i18n.language, 'date')}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.isBefore(dayjs().subtract(365, 'day'), 'day')}
                  onChange={(v) => {
                    const [a, b] = v ?? [];
                    if (a && b) setCustom([a, b]);
                  }}
                />
              ) : null}
            </Space>
          </Col>
        </Row>
      </Card>
      {q.error ? (
        <Alert
          type="error"
          showIcon
          data-testid={IDS.error}
          message={q.error.message}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}
      {param === null ? (
        <Card>
          <Empty description={t('customHint')} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {stat('consumed', data?.summary.consumed ?? 0, t('unitPercent'))}
            {stat('perDay', data?.summary.perDay ?? 0, t('unitPercentPerDay'))}
            {stat('charged', data?.summary.charged ?? 0, t('unitPercent'))}
            {stat('chargeSessions', data?.summary.chargeSessions ?? 0)}
            {stat('chargingMinutes', t('hours', charging))}
            {stat('battery', data?.summary.battery ?? '—', data?.summary.battery === null ? undefined : t('unitPercent'))}
          </Row>
          {data && data.curve.length === 0 ? (
            <Card>
              <Empty data-testid={IDS.empty} description={t('empty')} />
            </Card>
          ) : (
            <Suspense
              fallback={
                <Card>
                  <Spin tip={t('loading')}>
                    <div style={{ height: 200 }} />
                  </Spin>
                </Card>
              }
            >
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={14}>
                  <Card size="small" title={t('curve')} loading={!curve}>
                    {curve ? <EChart option={curve} dark={dark} testId={IDS.curve} /> : null}
                  </Card>
                </Col>
                <Col xs={24} xl={10}>
                  <Card size="small" title={t('daily')} loading={!daily}>
                    {daily ? <EChart option={daily} dark={dark} testId={IDS.daily} /> : null}
                  </Card>
                </Col>
              </Row>
            </Suspense>
          )}
        </>
      )}
    </Space>
  );
}
