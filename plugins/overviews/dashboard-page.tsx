/**
 * /dashboard (spec §2): the company's monitoring configuration — its cameras live (the video
 * wall's player) and its maps with the robots moving on them. Configured here with
 * set/get/delMonitoringConfig (at least 1 camera and 1 map, at most 16 cameras, no duplicates).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Empty, Flex, Row, Select, Space, Spin } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent, isAbortedError, preloadLivePlayer, type MenuTreeCompany } from '@runtime';
import { CameraTile } from './camera-tile';
import type { MonitoringConfig } from '@common/events/monitoring';
import { ConfigDrawer, type RobotOption } from './config-drawer';
import { MapPanel } from './map-panel';
import { OverviewShell } from './overview-shell';
import { useFleet } from './use-fleet';
import { useMaps } from './use-maps';
import { useStatusLabel } from './use-status-label';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

void preloadLivePlayer();

function flatten(tree: MenuTreeCompany[]): RobotOption[] {
  const out: RobotOption[] = [];
  for (const c of tree) for (const r of c.regions ?? []) for (const m of r.maps ?? []) for (const robot of m.robots ?? []) out.push({ robotId: robot.robotId, robotName: robot.robotName ?? robot.robotId, online: Number(robot.online ?? 0) });
  return out;
}

/** The dashboard page. */
export default function DashboardPage() {
  const { t } = useTranslation('overviews');
  const [config, setConfig] = useState<MonitoringConfig | null>(null);
  const [robots, setRobots] = useState<RobotOption[]>([]);
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  // Whose configuration: the caller's company first; a caller with subsidiaries may choose one of its tree.
  const [companyId, setCompanyId] = useState<number>();
  const [companies, setCompanies] = useState<{ value: number; label: string }[]>([]);
  const { fleet, version } = useFleet();
  const status = useStatusLabel();

  useEffect(() => {
    const abort = new AbortController();
    setError(undefined);
    Promise.all([
      callEvent('getMonitoringConfig', companyId === undefined ? {} : { companyId }, { signal: abort.signal }),
      callEvent('getMenuList', {}, { signal: abort.signal }),
    ])
      .then(([c, tree]) => {
        setConfig(c);
        setRobots(flatten(tree ?? []));
        setCompanies((tree ?? []).map((co) => ({ value: co.companyId, label: co.name })));
        if (!c.configured) setOpen(true);
      })
      .catch((err: unknown) => !isAbortedError(err) && setError((err as Error).message));
    return () => abort.abort();
  }, [round, companyId]);

  const mapIds = config?.configured ? config.maps : undefined;
  const { maps: configuredMaps } = useMaps(mapIds ?? [], true);
  const names = useMemo(() => new Map(robots.map((r) => [r.robotId, r.robotName])), [robots]);
  const byMap = useMemo(() => {
    const out = new Map<number, NonNullable<typeof fleet> extends Map<string, infer R> ? R[] : never>();
    for (const r of fleet?.values() ?? []) if (r.mapId !== null) out.set(r.mapId, [...(out.get(r.mapId) ?? []), r]);
    return out;
  }, [fleet, version]);
  const onSaved = useCallback((c: MonitoringConfig) => {
    setConfig(c);
    setOpen(false);
  }, []);

  const cameras = config?.configured ? config.cameras : [];
  const columns = cameras.length <= 1 ? 1 : cameras.length <= 4 ? 2 : cameras.length <= 9 ? 3 : 4;
  return (
    <OverviewShell
      title={t('dashboard.title')}
      testId={IDS.dashboard}
      extra={
        <Space>
          {companies.length > 1 ? (
            <Select
              aria-label={t('dashboard.company')}
              value={config?.companyId}
              options={companies}
              showSearch
              optionFilterProp="label"
              onChange={(v: number) => {
                setConfig(null);
                setCompanyId(v);
              }}
              style={{ minWidth: 180 }}
              data-testid={IDS.company}
            />
          ) : null}
          <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} disabled={!config} data-testid={IDS.configure}>
            {t('dashboard.configure')}
          </Button>
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon message={t('loadFailed')} description={error} action={<Button onClick={() => setRound((r) => r + 1)}>{t('retry')}</Button>} /> : null}
      {!config && !error ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      ) : null}
      {config && !config.configured ? (
        <Empty style={{ padding: 48, background: '#fff', borderRadius: 8 }} description={t('dashboard.empty')} data-testid={IDS.dashboardEmpty}>
          <Button type="primary" icon={<SettingOutlined />} onClick={() => setOpen(true)}>
            {t('dashboard.configure')}
          </Button>
        </Empty>
      ) : null}
      {config?.configured ? (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={14}>
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 8 }}>
              {cameras.map((c, i) => (
                <CameraTile key={`${c.robotId}:${c.cameraId}`} index={i} robotId={c.robotId} cameraId={c.cameraId} robotName={names.get(c.robotId) ?? c.robotId} height={Math.max(120, Math.round(560 / columns) - 40)} />
              ))}
            </div>
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap={12}>
              {!configuredMaps ? <Spin /> : configuredMaps.map((m) => <MapPanel key={m.mapId} map={m} robots={byMap.get(m.mapId) ?? []} statusLabel={status.label} />)}
            </Flex>
          </Col>
        </Row>
      ) : null}
      {config ? <ConfigDrawer open={open} config={config} companyName={companies.find((c) => c.value === config.companyId)?.label ?? ''} robots={robots} onClose={() => setOpen(false)} onSaved={onSaved} /> : null}
    </OverviewShell>
  );
}
