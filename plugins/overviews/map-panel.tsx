/**
 * One map with its robots live on it: the picture, and per robot a dot in its state's colour (the
 * one legend of the runtime) with a mark for its heading, and its name placed where it overlaps no
 * other name and no dot (label-placement.ts).
 */
import { useMemo } from 'react';
import { Card, Empty, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { robotStateColour, robotStateGroup, type FleetRobot } from '@runtime';
import { placeLabels } from './label-placement';
import type { OverviewMap } from '@common/events/monitoring';
import { toPixel, type MapFrame } from './fleet-model';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

let measurer: CanvasRenderingContext2D | null | undefined;
/** The width of a text at a font size (canvas measure; an estimate where there is no canvas). */
function textWidth(text: string, size: number): number {
  measurer ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (measurer) {
    measurer.font = `600 ${size}px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
    return measurer.measureText(text).width;
  }
  return [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? size : size * 0.6), 0);
}

/** Props of a map panel. */
export interface MapPanelProps {
  map: OverviewMap;
  robots: FleetRobot[];
  statusLabel: (r: FleetRobot) => string;
  height?: number;
  /** Changes when a robot moved (the fleet is changed in place). */
  version?: number;
}

/** A map card with live robots. */
export function MapPanel({ map, robots, statusLabel, height = 420, version = 0 }: MapPanelProps) {
  const { t } = useTranslation('overviews');
  // An unprocessed map's frame has no keys yet: toPixel then places no robot, and the map has no picture.
  const frame = map.config as MapFrame | null;
  const placed = useMemo(() => (frame ? robots.map((r) => ({ r, p: r.x !== null && r.y !== null ? toPixel(frame, r.x, r.y) : null })) : []), [frame, robots, version]);
  const off = placed.filter((x) => !x.p).length;
  // Sizes in picture pixels, relative to the picture so that they look alike on every map.
  const unit = frame ? Math.max(frame.pixelW, frame.pixelH) : 1;
  const dotR = unit / 90;
  const fontSize = unit / 42;
  const padX = fontSize * 0.3;
  const labels = useMemo(() => {
    if (!frame) return new Map<string, ReturnType<typeof placeLabels>[number]>();
    const input = placed.filter((x) => x.p).map(({ r, p }) => ({ id: r.robotId, px: p!.px, py: p!.py, r: dotR * 1.9, w: textWidth(r.robotName, fontSize) + 2 * padX, h: fontSize * 1.3 }));
    return new Map(placeLabels(input, frame.pixelW, frame.pixelH, fontSize * 0.15).map((l) => [l.id, l]));
  }, [placed, frame, dotR, fontSize, padX]);
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
            {placed.map(({ r, p }) => {
              if (!p) return null;
              const group = robotStateGroup(r.online, r.status, r.emergencyButtonStatus);
              const fill = robotStateColour(r.online, r.status, r.emergencyButtonStatus);
              // ROS heading: radians counter-clockwise from the map's x axis; the picture's y runs down.
              const heading = r.theta === null ? null : (-r.theta * 180) / Math.PI;
              return (
                <Tooltip key={r.robotId} title={`${r.robotName} · ${statusLabel(r)}${r.battery !== null ? ` · ${r.battery}%` : ''}`}>
                  <g data-testid={`${IDS.robot}-${r.robotId}`} data-online={r.online ? '1' : '0'} data-state={group} data-px={Math.round(p.px)} data-py={Math.round(p.py)} data-heading={heading === null ? '' : Math.round(heading)} transform={`translate(${p.px} ${p.py})`}>
                    {heading !== null ? <path d={`M ${dotR * 1.9} 0 L ${dotR * 0.6} ${-dotR * 0.9} L ${dotR * 0.6} ${dotR * 0.9} Z`} fill={fill} stroke="#fff" strokeWidth={dotR / 5} transform={`rotate(${heading})`} /> : null}
                    <circle r={dotR} fill={fill} stroke="#fff" strokeWidth={dotR / 3} />
                  </g>
                </Tooltip>
              );
            })}
            {placed.map(({ r, p }) => {
              const l = labels.get(r.robotId);
              if (!p || !l) return null;
              return (
                <g key={r.robotId} data-testid={`${IDS.label}-${r.robotId}`} data-moved={l.moved ? '1' : '0'} pointerEvents="none">
                  {l.moved ? <line x1={p.px} y1={p.py} x2={l.box.x + l.box.w / 2} y2={l.box.y + l.box.h / 2} stroke="#374151" strokeWidth={dotR / 4} /> : null}
                  <rect x={l.box.x} y={l.box.y} width={l.box.w} height={l.box.h} rx={fontSize * 0.25} fill="rgba(255,255,255,0.88)" stroke="#d1d5db" strokeWidth={dotR / 6} />
                  <text x={l.box.x + l.box.w / 2} y={l.box.y + l.box.h / 2} dominantBaseline="central" textAnchor="middle" fontSize={fontSize} fontWeight={600} fill="#111827">
                    {r.robotName}
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
      )}
      {off > 0 ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('noPosition', { count: off })}</Typography.Text> : null}
    </Card>
  );
}
