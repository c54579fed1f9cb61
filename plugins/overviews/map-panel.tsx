/** One map with its robots live on it: the picture, and a dot per robot at its position. */
import { Card, Empty, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverviewMap } from '@common/events/monitoring';
import { toPixel, type FleetRobot, type MapFrame } from './fleet-model';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

const colour = (r: FleetRobot) => (!r.online ? '#9ca3af' : r.emergencyButtonStatus || r.status === 6 ? '#ef4444' : r.status === 3 || r.status === 22 ? '#22c55e' : '#3b82f6');

/** Props of a map panel. */
export interface MapPanelProps {
  map: OverviewMap;
  robots: FleetRobot[];
  statusLabel: (r: FleetRobot) => string;
  height?: number;
}

/** A map card with live robots. */
export function MapPanel({ map, robots, statusLabel, height = 420 }: MapPanelProps) {
  const { t } = useTranslation('overviews');
  // An unprocessed map's frame has no keys yet: toPixel then places no robot, and the map has no picture.
  const frame = map.config as MapFrame | null;
  const placed = frame ? robots.map((r) => ({ r, p: r.x !== null && r.y !== null ? toPixel(frame, r.x, r.y) : null })) : [];
  const off = placed.filter((x) => !x.p).length;
  return (
    <Card
      size="small"
      title={
        <span>
          {map.mapName} <Typography.Text type="secondary">· {t('mapWhere', { building: map.buildingName, floor: map.floor })}</Typography.Text>
        </span>
      }
      extra={<Typography.Text type="secondary">{t('robotsOnMap', { count: robots.length })}</Typography.Text>}
      data-testid={`${IDS.map}-${map.mapId}`}
      data-robots={robots.length}
      styles={{ body: { padding: 8 } }}
    >
      {!frame || !map.picture ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mapMissing')} />
      ) : (
        <div style={{ position: 'relative', width: '100%', maxWidth: Math.round((height * frame.pixelW) / frame.pixelH), aspectRatio: `${frame.pixelW} / ${frame.pixelH}`, margin: '0 auto', background: '#f3f4f6' }}>
          <img src={map.picture} alt={map.mapName} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'fill', imageRendering: 'pixelated' }} />
          <svg viewBox={`0 0 ${frame.pixelW} ${frame.pixelH}`} preserveAspectRatio="none" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} role="img" aria-label={t('robotsOnMap', { count: robots.length })}>
            {placed.map(({ r, p }) =>
              p ? (
                <Tooltip key={r.robotId} title={`${r.robotName} · ${statusLabel(r)}${r.battery !== null ? ` · ${r.battery}%` : ''}`}>
                  <g data-testid={`${IDS.robot}-${r.robotId}`} data-online={r.online ? '1' : '0'} data-px={Math.round(p.px)} data-py={Math.round(p.py)} style={{ transition: 'transform 0.5s linear' }} transform={`translate(${p.px} ${p.py})`}>
                    <circle r={frame.pixelW / 60} fill={colour(r)} stroke="#fff" strokeWidth={frame.pixelW / 240} />
                    <text y={-frame.pixelW / 45} textAnchor="middle" fontSize={frame.pixelW / 40} fontWeight={600} fill="#111827">
                      {r.robotName}
                    </text>
                  </g>
                </Tooltip>
              ) : null,
            )}
          </svg>
        </div>
      )}
      {off > 0 ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('noPosition', { count: off })}</Typography.Text> : null}
    </Card>
  );
}
