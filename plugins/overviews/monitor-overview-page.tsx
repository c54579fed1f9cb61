/**
 * /monitorOverview (spec §2): a wall screen filled at 1366×768 and 1920×1080 — fleet KPIs on top,
 * then the busiest map live (or the one chosen), every robot with its state (the one legend),
 * the distribution of states and the live alarms, each region scrolling inside itself; live from
 * the `fleet` topic, over the background of 100 animated dots (spec §9).
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Badge, Card, Empty, Flex, Progress, Select, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROBOT_STATE_COLOURS, robotStateGroup, useBatteryLow, useFleet, type FleetRobot, type RobotStateGroup } from '@runtime';
import { DotsBackground } from './dots-background';
import { LiveAlarms } from './live-alarms';
import { kpis, statusDistribution } from './fleet-model';
import { MapPanel } from './map-panel';
import { OverviewShell } from './overview-shell';
import { StateLegend } from './state-legend';
import { useMaps } from './use-maps';
import { useStatusLabel } from './use-status-label';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

const KPI_COLOURS: Record<string, string> = { total: '#1677ff', online: '#16a34a', working: '#0891b2', charging: '#4d7c0f', emergency: '#dc2626', lowBattery: '#b45309' };
const CARD = { background: 'rgba(255,255,255,0.95)', height: '100%', display: 'flex', flexDirection: 'column' as const, minHeight: 0 };
const CARD_BODY = { flex: 1, minHeight: 0, overflow: 'auto', padding: 8 };
const KPI_HEIGHT = 84;
const GAP = 12;
const ORDER: Record<RobotStateGroup, number> = { alert: 0, working: 1, charging: 2, idle: 3, offline: 4 };

/** The height from an element's top to the window's bottom, kept current on resize. */
function useFillHeight(bottom: number): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(() => window.innerHeight - 160);
  useLayoutEffect(() => {
    const measure = () => ref.current && setHeight(Math.max(420, window.innerHeight - ref.current.getBoundingClientRect().top - bottom));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return [ref, height];
}

/** The monitor overview page. */
export default function MonitorOverviewPage() {
  const { t } = useTranslation('overviews');
  const { fleet, version } = useFleet();
  const status = useStatusLabel();
  const robots = useMemo(() => [...(fleet?.values() ?? [])], [fleet, version]);
  const { threshold: batteryLowPercent } = useBatteryLow();
  const k = useMemo(() => kpis(robots, batteryLowPercent), [robots, batteryLowPercent]);
  const distribution = useMemo(() => statusDistribution(robots, status.key), [robots, status.key]);
  const groups = useMemo(() => {
    const out: Partial<Record<RobotStateGroup, number>> = {};
    for (const r of robots) {
      const g = robotStateGroup(r.online, r.status, r.emergencyButtonStatus);
      out[g] = (out[g] ?? 0) + 1;
    }
    return out;
  }, [robots]);
  const sorted = useMemo(
    () => [...robots].sort((a, b) => ORDER[robotStateGroup(a.online, a.status, a.emergencyButtonStatus)] - ORDER[robotStateGroup(b.online, b.status, b.emergencyButtonStatus)] || a.robotName.localeCompare(b.robotName)),
    [robots],
  );
  const { maps } = useMaps(undefined, true);
  const [chosenMap, setChosenMap] = useState<number>();
  const byMap = useMemo(() => {
    const out = new Map<number, FleetRobot[]>();
    for (const r of robots) if (r.mapId !== null) out.set(r.mapId, [...(out.get(r.mapId) ?? []), r]);
    return out;
  }, [robots]);
  // The map shown: the one chosen, else the one with the most robots.
  const busiest = useMemo(() => [...(maps ?? [])].sort((a, b) => (byMap.get(b.mapId)?.length ?? 0) - (byMap.get(a.mapId)?.length ?? 0))[0]?.mapId, [maps, byMap]);
  const map = maps?.find((m) => m.mapId === (chosenMap ?? busiest));
  const fullPage = typeof window !== 'undefined' && !window.location.pathname.startsWith('/home/');
  const [area, height] = useFillHeight(fullPage ? 16 : 24);
  const regionHeight = height - KPI_HEIGHT - GAP;

  return (
    <OverviewShell title={t('monitor.title')} testId={IDS.monitor} background={<DotsBackground />} extra={<StateLegend counts={groups} />}>
      {!fleet ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      ) : (
        <div ref={area} data-testid={IDS.monitorArea} style={{ display: 'grid', gridTemplateRows: `${KPI_HEIGHT}px ${regionHeight}px`, gap: GAP }}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: GAP }}>
            {(Object.keys(KPI_COLOURS) as (keyof typeof k)[]).map((name) => (
              <Card key={name} size="small" data-testid={`${IDS.kpi}-${name}`} data-value={k[name]} style={{ background: 'rgba(255,255,255,0.95)', height: KPI_HEIGHT }} styles={{ body: { padding: '8px 12px' } }}>
                <Statistic title={t(`monitor.kpi.${name}`)} value={k[name]} valueStyle={{ color: KPI_COLOURS[name], fontSize: 26, lineHeight: '34px' }} />
              </Card>
            ))}
          </div>
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr) minmax(0, 1fr)', gap: GAP, minHeight: 0 }}>
            <Card
              size="small"
              title={t('monitor.map')}
              data-testid={IDS.mainMap}
              style={CARD}
              styles={{ body: { ...CARD_BODY, overflow: 'hidden' } }}
              extra={
                maps && maps.length > 1 ? (
                  <Select
                    size="small"
                    value={map?.mapId}
                    onChange={setChosenMap}
                    options={maps.map((m) => ({ value: m.mapId, label: `${m.mapName} (${byMap.get(m.mapId)?.length ?? 0})` }))}
                    style={{ minWidth: 160 }}
                    aria-label={t('monitor.chooseMap')}
                    popupMatchSelectWidth={false}
                  />
                ) : null
              }
            >
              {!maps ? <Spin /> : !map ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nav.noMaps')} /> : <MapPanel map={map} robots={byMap.get(map.mapId) ?? []} statusLabel={status.label} version={version} height={regionHeight - 110} />}
            </Card>
            <Card size="small" title={t('monitor.robots', { count: robots.length })} data-testid={IDS.robotList} style={CARD} styles={{ body: CARD_BODY }}>
              {sorted.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRobots')} />
              ) : (
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {sorted.map((r) => {
                    const g = robotStateGroup(r.online, r.status, r.emergencyButtonStatus);
                    return (
                      <li key={r.robotId} data-robot-id={r.robotId} data-state={g} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 4px', borderBottom: '1px solid #f0f0f0' }}>
                        <Badge color={ROBOT_STATE_COLOURS[g]} />
                        <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>
                          {r.robotName}
                        </Typography.Text>
                        <Typography.Text ellipsis style={{ maxWidth: '45%', color: ROBOT_STATE_COLOURS[g] }}>
                          {status.label(r)}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ width: 40, textAlign: 'right' }}>
                          {r.online && r.battery !== null ? `${r.battery}%` : '—'}
                        </Typography.Text>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Card>
            <div style={{ display: 'grid', gridTemplateRows: 'minmax(0, 1fr) minmax(0, 1.3fr)', gap: GAP, minHeight: 0 }}>
              <Card size="small" title={t('monitor.distribution')} data-testid={IDS.distribution} style={CARD} styles={{ body: CARD_BODY }}>
                {distribution.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRobots')} />
                ) : (
                  distribution.map((d) => (
                    <Flex key={d.key} align="center" gap={8} data-status-key={d.key} data-count={d.count}>
                      <Typography.Text style={{ width: 110 }} ellipsis>
                        {status.labelOfKey(d.key)}
                      </Typography.Text>
                      <Progress aria-label={status.labelOfKey(d.key)} percent={Math.round((d.count / robots.length) * 100)} format={() => d.count} size="small" style={{ flex: 1, margin: 0 }} strokeColor={d.key === 'offline' ? ROBOT_STATE_COLOURS.offline : undefined} />
                    </Flex>
                  ))
                )}
              </Card>
              <Card size="small" title={t('monitor.alarms')} data-testid={IDS.alarms} style={CARD} styles={{ body: CARD_BODY }}>
                <LiveAlarms maxHeight="none" />
              </Card>
            </div>
          </div>
        </div>
      )}
    </OverviewShell>
  );
}
