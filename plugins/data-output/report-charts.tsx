/** The report's charts: their own chunk, with ECharts (the runtime's lazy EChart) after the page's figures show. */
import { useMemo } from 'react';
import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '@common/events';
import { alarmCodeText, EChart, useSkin, type Lang } from '@runtime';
import { byCodeOption, companyOption, dailyOption, detectionTrendOption, kindsOption, processOption, type DailyPoint, type DetectionDay } from './report-model';
import { DATA_OUTPUT_TEST_IDS as IDS } from './test-ids';

/** What the charts show: the answers of the statistics events (common/events/reports.ts). */
export interface ReportChartsProps {
  daily: DailyPoint[];
  byCode: AnswerOf<'getOperationalAlarmCount'>;
  process: AnswerOf<'queryAlarmProcessCount'>;
  company: AnswerOf<'getCompanyTrend'>;
  /** Face, plate, person and infrared detections per day. */
  detections: DetectionDay[];
  /** Detections by kind (getInfoCount). */
  kinds: AnswerOf<'getInfoCount'>['kinds'];
}

/** Four charts in a grid (default export: lazy). */
export default function ReportCharts({ daily, byCode, process, company, detections, kinds }: ReportChartsProps) {
  const { t, i18n } = useTranslation('data-output');
  const lang = i18n.language as Lang;
  const dark = useSkin() === 'dark';
  const daysOpt = useMemo(() => dailyOption(daily, { alarm: t('stats.alarms'), fault: t('stats.faults'), environment: t('stats.environment') }, lang), [daily, t, lang]);
  const codeOpt = useMemo(() => byCodeOption(byCode, (c) => alarmCodeText(c, lang)), [byCode, lang]);
  const processOpt = useMemo(
    () =>
      processOption(process, {
        unprocessed: t('stats.unprocessed'),
        processed: t('stats.processed'),
        outdated: t('stats.outdated'),
        noProcessingNeeded: t('stats.noProcessingNeeded'),
      }),
    [process, t],
  );
  const companyOpt = useMemo(() => companyOption(company, lang), [company, lang]);
  const trendOpt = useMemo(
    () => detectionTrendOption(detections, { face: t('stats.faces'), plate: t('stats.plates'), person: t('stats.persons'), infrared: t('stats.infrared') }, lang),
    [detections, t, lang],
  );
  const kindsOpt = useMemo(() => kindsOption(kinds, (k) => t(`kinds.${k}`)), [kinds, t]);
  const detected = Object.values(kinds).reduce((a, b) => a + b, 0);
  const trendTotal = detections.reduce((a, d) => a + d.face + d.plate + d.person + d.infrared, 0);
  const noDetections = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.noDetections')} style={{ height: 240, paddingTop: 60 }} />;
  const total = Object.values(process).reduce((a, b) => a + b, 0);
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.empty')} style={{ height: 240, paddingTop: 60 }} />;
  return (
    <Row gutter={[16, 16]} data-testid={IDS.charts}>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('charts.daily')}>
          {total ? <EChart option={daysOpt} dark={dark} testId="chart-daily" /> : empty}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('charts.process')}>
          {total ? <EChart option={processOpt} dark={dark} testId="chart-process" /> : empty}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('charts.byCode')}>
          {byCode.length ? <EChart option={codeOpt} dark={dark} testId="chart-by-code" /> : empty}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('charts.company')}>
          {company.length ? <EChart option={companyOpt} dark={dark} testId="chart-company" /> : empty}
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('charts.detectionTrend')}>
          {trendTotal ? <EChart option={trendOpt} dark={dark} testId="chart-detection-trend" /> : noDetections}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('charts.kinds')}>
          {detected ? <EChart option={kindsOpt} dark={dark} testId="chart-detection-kinds" /> : noDetections}
        </Card>
      </Col>
    </Row>
  );
}
