/**
 * /monitorOverview (spec §2): fleet KPIs, the distribution of robot states and live alarms, live
 * from the `fleet` topic, over the background of 100 animated dots (spec §9).
 */
import { useMemo } from 'react';
import { Card, Col, Empty, Flex, Progress, Row, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DotsBackground } from './dots-background';
import { LiveAlarms } from './live-alarms';
import { kpis, statusDistribution } from './fleet-model';
import { OverviewShell } from './overview-shell';
import { useFleet } from './use-fleet';
import { useStatusLabel } from './use-status-label';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

const KPI_COLOURS: Record<string, string> = { total: '#1677ff', online: '#16a34a', working: '#0891b2', charging: '#65a30d', emergency: '#dc2626', lowBattery: '#d97706' };

/** The monitor overview page. */
export default function MonitorOverviewPage() {
  const { t } = useTranslation('overviews');
  const { fleet, version } = useFleet();
  const status = useStatusLabel();
  const robots = useMemo(() => [...(fleet?.values() ?? [])], [fleet, version]);
  const k = useMemo(() => kpis(robots), [robots]);
  const distribution = useMemo(() => statusDistribution(robots, status.key), [robots, status.key]);

  return (
    <OverviewShell title={t('monitor.title')} testId={IDS.monitor} background={<DotsBackground />}>
      {!fleet ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Row gutter={[12, 12]}>
            {(Object.keys(KPI_COLOURS) as (keyof typeof k)[]).map((name) => (
              <Col key={name} xs={12} md={8} xl={4}>
                <Card size="small" data-testid={`${IDS.kpi}-${name}`} data-value={k[name]} style={{ background: 'rgba(255,255,255,0.92)' }}>
                  <Statistic title={t(`monitor.kpi.${name}`)} value={k[name]} valueStyle={{ color: KPI_COLOURS[name] }} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('monitor.distribution')} data-testid={IDS.distribution} style={{ background: 'rgba(255,255,255,0.92)' }}>
                {distribution.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRobots')} />
                ) : (
                  distribution.map((d) => (
                    <Flex key={d.key} align="center" gap={8} data-status-key={d.key} data-count={d.count}>
                      <Typography.Text style={{ width: 160 }} ellipsis>
                        {status.labelOfKey(d.key)}
                      </Typography.Text>
                      <Progress percent={Math.round((d.count / robots.length) * 100)} format={() => d.count} style={{ flex: 1, margin: 0 }} strokeColor={d.key === 'offline' ? '#9ca3af' : undefined} />
                    </Flex>
                  ))
                )}
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('monitor.alarms')} data-testid={IDS.alarms} style={{ background: 'rgba(255,255,255,0.92)' }}>
                <LiveAlarms />
              </Card>
            </Col>
          </Row>
        </Flex>
      )}
    </OverviewShell>
  );
}
