/** /navPandect (spec §2): every map of the caller's company tree with its robots live on it. */
import { useMemo } from 'react';
import { Alert, Button, Col, Empty, Flex, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FleetRobot } from './fleet-model';
import { MapPanel } from './map-panel';
import { OverviewShell } from './overview-shell';
import { useFleet } from './use-fleet';
import { useMaps } from './use-maps';
import { useStatusLabel } from './use-status-label';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

/** The navigation overview page. */
export default function NavPandectPage() {
  const { t } = useTranslation('overviews');
  const { maps, error, reload } = useMaps(undefined, true);
  const { fleet, version } = useFleet();
  const status = useStatusLabel();
  const byMap = useMemo(() => {
    const out = new Map<number, FleetRobot[]>();
    for (const r of fleet?.values() ?? []) if (r.mapId !== null) out.set(r.mapId, [...(out.get(r.mapId) ?? []), r]);
    return out;
  }, [fleet, version]);
  return (
    <OverviewShell title={t('nav.title')} testId={IDS.navPandect}>
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
              <MapPanel map={m} robots={byMap.get(m.mapId) ?? []} statusLabel={status.label} />
            </Col>
          ))}
        </Row>
      ) : null}
    </OverviewShell>
  );
}
