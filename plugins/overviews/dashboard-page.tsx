/**
 * /dashboard (spec §2): the company's monitoring configuration — its cameras live (the video
 * wall's player) and its maps with the robots moving on them. Configured here with
 * set/get/delMonitoringConfig (at least 1 camera and 1 map, at most 16 cameras, no duplicates).
 * Until a company has configured it, everyone (general users too) sees a default: the front
 * cameras of up to four online robots and the maps with the most robots; the settings open only
 * when asked for.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Flex, Row, Select, Space, Spin } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent, isAbortedError, preloadLivePlayer, useFleet, type MenuTreeCompany } from '@runtime';
import { CameraTile } from './camera-tile';
import type { MonitoringConfig } from '@common/events/monitoring';
import { ConfigDrawer, type RobotOption } from './config-drawer';
import { MapPanel } from './map-panel';
import { OverviewShell } from './overview-shell';
import { useMaps } from './use-maps';
import { useStatusLabel } from './use-status-label';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

void preloadLivePlayer();

function flatten(tree: MenuTreeCompany[]): RobotOption[] {
  const out: RobotOption[] = [];
  for (const c of tree) for (const r of c.regions ?? []) for (const m of r.maps ?? []) for (const robot of m.robots ?? []) out.push({ robotId: robot.robotId, robotName: robot.robotName ?? robot.robotId, online: Number(robot.online ?? 0) });
  return out;
}

/** Default cameras: the front camera of up to this many online robots. */
const DEFAULT_CAMERAS = 4;
/** Default maps: up to this many, those with the most robots. */
const DEFAULT_MAPS = 2;

/** The default dashboard of a company tree that has configured none. */
export function defaultDashboard(tree: MenuTreeCompany[]): { cameras: { robotId: string; cameraId: number }[]; maps: number[] } {
  const cameras = flatten(tree)
    .filter((r) => r.online)
    .slice(0, DEFAULT_CAMERAS)
    .map((r) => ({ robotId: r.robotId, cameraId: 0 }));
  const maps = tree
    .flatMap((c) => (c.regions ?? []).flatMap((r) => r.maps ?? []))
    .map((m) => ({ mapId: m.mapId, robots: (m.robots ?? []).length }))
    .filter((m) => m.robots > 0)
    .sort((a, b) => b.robots - a.robots || a.mapId - b.mapId)
    .slice(0, DEFAULT_MAPS)
    .map((m) => m.mapId);
  return { cameras, maps };
}

/** A company and its subsidiaries, from the flat menu tree. */
function subtree(tree: MenuTreeCompany[], companyId: number): MenuTreeCompany[] {
  const ids = new Set([companyId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of tree)
      if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.companyId)) {
        ids.add(c.companyId);
        grew = true;
      }
  }
  return tree.filter((c) => ids.has(c.companyId));
}

/** The dashboard page. */
export default function DashboardPage() {
  const { t } = useTranslation('overviews');
  const [config, setConfig] = useState<MonitoringConfig | null>(null);
  const [robots, setRobots] = useState<RobotOption[]>([]);
  const [fallback, setFallback] = useState<ReturnType<typeof defaultDashboard>>({ cameras: [], maps: [] });
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
        // The default shows the chosen company's robots (its subsidiaries' too).
        setFallback(defaultDashboard(subtree(tree ?? [], c.companyId)));
        setCompanies((tree ?? []).map((co) => ({ value: co.companyId, label: co.name })));
      })
      .catch((err: unknown) => !isAbortedError(err) && setError((err as Error).message));
    return () => abort.abort();
  }, [round, companyId]);

  const mapIds = config ? (config.configured ? config.maps : fallback.maps) : [];
  const { maps: configuredMaps } = useMaps(mapIds, true);
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

  const cameras = config ? (config.configured ? config.cameras : fallback.cameras) : [];
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
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('dashboard.defaultView')}
          description={cameras.length || mapIds.length ? t('dashboard.defaultHint') : t('dashboard.empty')}
          data-testid={IDS.dashboardDefault}
          action={
            <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
              {t('dashboard.configure')}
            </Button>
          }
        />
      ) : null}
      {config && (cameras.length > 0 || mapIds.length > 0) ? (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={14}>
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 8 }}>
              {cameras.map((c, i) => (
                <CameraTile key={`${c.robotId}:${c.cameraId}`} index={i} robotId={c.robotId} cameraId={c.cameraId} robotName={names.get(c.robotId) ?? c.robotId} height={Math.max(120, Math.round(560 / columns) - 40)} stream={cameras.length > 1 ? 'sub' : 'main'} />
              ))}
            </div>
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap={12}>
              {!configuredMaps ? <Spin /> : configuredMaps.map((m) => <MapPanel key={m.mapId} map={m} robots={byMap.get(m.mapId) ?? []} statusLabel={status.label} version={version} height={configuredMaps.length > 1 ? 300 : 460} />)}
            </Flex>
          </Col>
        </Row>
      ) : null}
      {config ? <ConfigDrawer open={open} config={config} companyName={companies.find((c) => c.value === config.companyId)?.label ?? ''} robots={robots} onClose={() => setOpen(false)} onSaved={onSaved} /> : null}
    </OverviewShell>
  );
}
