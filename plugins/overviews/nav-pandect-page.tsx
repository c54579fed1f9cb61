/** /navPandect (spec §2): the maps of the company's navigation configuration (else every map of its tree) with the robots live on them, coloured by state (one legend), heading shown, names placed without overlap. */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Empty, Flex, Row, Spin } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { callEvent, isAbortedError, useFleet, type FleetRobot } from '@runtime';
import type { NavigationConfig } from '@common/events/monitoring';
import { NavConfigDrawer } from './nav-config-drawer';
import { useTranslation } from 'react-i18next';
import { MapPanel } from './map-panel';
import { OverviewShell } from './overview-shell';
import { StateLegend } from './state-legend';
import { useMaps } from './use-maps';
import { useStatusLabel } from './use-status-label';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

/** The navigation overview page. */
export default function NavPandectPage() {
  const { t } = useTranslation('overviews');
  const { maps: all, error, reload } = useMaps(undefined, true);
  const [config, setConfig] = useState<NavigationConfig>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    callEvent('getNavigationConfig', {}, { signal: abort.signal })
      .then(setConfig)
      .catch((err: unknown) => !isAbortedError(err) && setConfig({ companyId: 0, configured: false, maps: [], updatedAt: null }));
    return () => abort.abort();
  }, []);
  const maps = useMemo(() => {
    if (!all || !config) return null;
    if (!config.configured) return all;
    const byId = new Map(all.map((m) => [m.mapId, m]));
    return config.maps.map((id) => byId.get(id)).filter((m) => m !== undefined);
  }, [all, config]);
  const { fleet, version } = useFleet();
  const status = useStatusLabel();
  const byMap = useMemo(() => {
    const out = new Map<number, FleetRobot[]>();
    for (const r of fleet?.values() ?? []) if (r.mapId !== null) out.set(r.mapId, [...(out.get(r.mapId) ?? []), r]);
    return out;
  }, [fleet, version]);
  return (
    <OverviewShell
      title={t('nav.title')}
      testId={IDS.navPandect}
      extra={
        <>
          <StateLegend />
          <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} disabled={!config || !all} data-testid={IDS.navConfigure}>
            {t('dashboard.configure')}
          </Button>
        </>
      }
    >
      {error ? <Alert type="error" showIcon message={t('loadFailed')} description={error} action={<Button onClick={reload}>{t('retry')}</Button>} /> : null}
      {!maps && !error ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      ) : null}
      {maps && maps.length === 0 ? <Empty style={{ padding: 48, background: '#fff', borderRadius: 8 }} description={t('nav.noMaps')} /> : null}
      {maps && maps.length > 0 ? (
        <Row gutter={[12, 12]}>
          {maps.map((m) => (
            <Col key={m.mapId} xs={24} lg={12} xxl={8}>
              <MapPanel map={m} robots={byMap.get(m.mapId) ?? []} statusLabel={status.label} version={version} />
            </Col>
          ))}
        </Row>
      ) : null}
      {config && all ? (
        <NavConfigDrawer
          open={open}
          config={config}
          maps={all}
          onClose={() => setOpen(false)}
          onSaved={(c) => {
            setConfig(c);
            setOpen(false);
          }}
        />
      ) : null}
    </OverviewShell>
  );
}
