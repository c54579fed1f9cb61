/**
 * The detection viewer (spec §2 picture/video/map viewer): one record of a list at a time with
 * previous / next (buttons and the arrow keys) and a switch between its picture and its position —
 * the start and end GPS points joined by a line, with the line's length in metres.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Descriptions, Empty, Modal, Segmented, Space, Typography } from 'antd';
import { AimOutlined, LeftOutlined, NodeIndexOutlined, PictureOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format';
import { useRefOptions } from '../schema/ref-lookups';
import { gpsDistanceMetres } from '@common/detections';

/** A record the viewer shows: its picture and where the detection started and ended. */
export interface ViewerRecord {
  id?: unknown;
  pictureUrl?: unknown;
  robotId?: unknown;
  detectedAt?: unknown;
  startLat?: unknown;
  startLng?: unknown;
  endLat?: unknown;
  endLng?: unknown;
  startX?: unknown;
  startY?: unknown;
  endX?: unknown;
  endY?: unknown;
  [key: string]: unknown;
}

/** Props of the viewer. */
export interface DetectionViewerProps {
  records: ViewerRecord[];
  /** Index of the record shown first. */
  start: number;
  onClose: () => void;
  /** Where the picture lives on a record (default pictureUrl; a comma-separated list shows its first). */
  pictureField?: string;
  /** The record's fields, shown under the picture or position. */
  fields?: ViewerField[];
}

/** One field the viewer shows under the picture or position. */
export interface ViewerField {
  key: string;
  label: string;
  render: (record: ViewerRecord) => ReactNode;
}

type Mode = 'picture' | 'position' | 'orbit';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** The start and end GPS points of a record, when it has both. */
export function recordTrack(r: ViewerRecord): { start: [number, number]; end: [number, number]; metres: number } | null {
  const [a, b, c, d] = [num(r.startLat), num(r.startLng), num(r.endLat), num(r.endLng)];
  if (a === null || b === null) return null;
  const end: [number, number] = c !== null && d !== null ? [c, d] : [a, b];
  return { start: [a, b], end, metres: gpsDistanceMetres(a, b, end[0], end[1]) };
}

/** The robot a record is of, by name: its `robotName`, else the robot list's name for its id, else the id. */
export function robotTitle(r: ViewerRecord, robots: readonly { value: number | string; label: string }[]): string {
  if (typeof r.robotName === 'string' && r.robotName) return r.robotName;
  const id = r.robotId === undefined || r.robotId === null ? '' : String(r.robotId);
  return robots.find((o) => String(o.value) === id)?.label ?? id;
}

/** The viewer, in a modal (the default export: loaded on demand). */
export default function DetectionViewer({ records, start, onClose, pictureField = 'pictureUrl', fields = [] }: DetectionViewerProps) {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState(Math.min(Math.max(0, start), Math.max(0, records.length - 1)));
  const [mode, setMode] = useState<Mode>('picture');
  // Titled by the robot's name, not its serial (issue 22); the row's own name first, else the robot list's.
  const robots = useRefOptions('robot');
  const record = records[index];
  const canPrev = index > 0;
  const canNext = index < records.length - 1;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
      if (e.key === 'ArrowRight') setIndex((i) => Math.min(records.length - 1, i + 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [records.length]);
  if (!record) return null;
  const picture = String(record[pictureField] ?? '').split(',')[0]?.trim();
  const when = formatDateTime(record.detectedAt as string | undefined, i18n.language);
  return (
    <Modal
      open
      onCancel={onClose}
      width={720}
      title={
        <Space>
          <span data-testid="detection-viewer-title">{[robotTitle(record, robots.options), when].filter(Boolean).join(' · ')}</span>
          <Typography.Text type="secondary" data-testid="detection-viewer-counter">
            {t('detection.viewer.counter', { index: index + 1, total: records.length })}
          </Typography.Text>
        </Space>
      }
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button icon={<LeftOutlined />} disabled={!canPrev} onClick={() => setIndex(index - 1)} data-testid="detection-viewer-prev">
            {t('detection.viewer.previous')}
          </Button>
          <Button onClick={onClose}>{t('detection.viewer.close')}</Button>
          <Button disabled={!canNext} onClick={() => setIndex(index + 1)} data-testid="detection-viewer-next">
            {t('detection.viewer.next')} <RightOutlined />
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <div data-testid="detection-viewer">
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          style={{ marginBottom: 12 }}
          data-testid="detection-viewer-mode"
          options={[
            { value: 'picture', label: t('detection.viewer.picture'), icon: <PictureOutlined /> },
            { value: 'position', label: t('detection.viewer.position'), icon: <AimOutlined /> },
            ...(records.length > 1 ? [{ value: 'orbit' as const, label: t('detection.viewer.orbit'), icon: <NodeIndexOutlined /> }] : []),
          ]}
        />
        {mode === 'picture' ? (
          picture ? (
            <div style={{ textAlign: 'center', background: 'rgba(0,0,0,0.04)', borderRadius: 6, padding: 8 }}>
              <img src={picture} alt={t('detection.viewer.picture')} data-testid="detection-viewer-picture" style={{ maxWidth: '100%', maxHeight: 360, width: 480 }} />
            </div>
          ) : (
            <Empty description={t('detection.viewer.noPicture')} />
          )
        ) : mode === 'position' ? (
          <PositionView record={record} />
        ) : (
          <OrbitView records={records} current={index} onPick={setIndex} />
        )}
        {fields.length ? (
          <Descriptions size="small" column={2} bordered style={{ marginTop: 12 }} data-testid="detection-viewer-details">
            {fields.map((f) => (
              <Descriptions.Item key={f.key} label={f.label}>
                {f.render(record)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : null}
      </div>
    </Modal>
  );
}

const W = 640;
const H = 320;
const PAD = 48;

/** The start and end points on a local plane (metres east and north of the start), fitted to the box. */
function PositionView({ record }: { record: ViewerRecord }) {
  const { t } = useTranslation();
  const track = recordTrack(record);
  if (!track) return <Empty description={t('detection.viewer.noPosition')} />;
  const [lat0, lng0] = track.start;
  const toLocal = ([lat, lng]: [number, number]) => [(lng - lng0) * 111_320 * Math.cos((lat0 * Math.PI) / 180), (lat - lat0) * 110_574] as const;
  const a = toLocal(track.start);
  const b = toLocal(track.end);
  const span = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]), 1);
  const scale = Math.min(W - 2 * PAD, H - 2 * PAD) / span;
  const cx = W / 2 - ((a[0] + b[0]) / 2) * scale;
  const cy = H / 2 + ((a[1] + b[1]) / 2) * scale;
  const px = (p: readonly [number, number]) => [cx + p[0] * scale, cy - p[1] * scale] as const;
  const [sx, sy] = px(a);
  const [ex, ey] = px(b);
  const metres = track.metres.toFixed(1);
  const mm = (x: unknown, y: unknown) => (num(x) !== null && num(y) !== null ? `${num(x)}, ${num(y)}` : '—');
  return (
    <div data-testid="detection-position">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t('detection.viewer.distance', { metres })} style={{ background: 'rgba(22,119,255,0.04)', borderRadius: 6 }}>
        <defs>
          <pattern id="detection-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M 32 0 L 0 0 0 32" fill="none" stroke="rgba(0,0,0,0.06)" />
          </pattern>
        </defs>
        <rect width={W} height={H} fill="url(#detection-grid)" />
        <line x1={sx} y1={sy} x2={ex} y2={ey} stroke="#1677ff" strokeWidth={3} strokeDasharray="8 4" />
        <circle cx={sx} cy={sy} r={9} fill="#52c41a" stroke="#fff" strokeWidth={2} />
        <text x={sx - 12} y={sy - 14} fontSize={14} fill="#389e0d" textAnchor="end">
          {t('detection.viewer.start')}
        </text>
        <circle cx={ex} cy={ey} r={track.metres < 0.05 ? 5 : 9} fill="#f5222d" stroke="#fff" strokeWidth={2} />
        <text x={ex + 12} y={ey + 24} fontSize={14} fill="#cf1322">
          {t('detection.viewer.end')}
        </text>
        <text x={(sx + ex) / 2} y={Math.max(sy, ey) + 48} fontSize={15} fontWeight={600} fill="#1677ff" textAnchor="middle">
          {metres} m
        </text>
      </svg>
      <Typography.Paragraph strong style={{ marginTop: 8 }} data-testid="detection-distance">
        {t('detection.viewer.distance', { metres })}
      </Typography.Paragraph>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('detection.viewer.startGps')}>{`${track.start[0].toFixed(7)}, ${track.start[1].toFixed(7)}`}</Descriptions.Item>
        <Descriptions.Item label={t('detection.viewer.endGps')}>{`${track.end[0].toFixed(7)}, ${track.end[1].toFixed(7)}`}</Descriptions.Item>
        <Descriptions.Item label={t('detection.viewer.startMap')}>{mm(record.startX, record.startY)}</Descriptions.Item>
        <Descriptions.Item label={t('detection.viewer.endMap')}>{mm(record.endX, record.endY)}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/**
 * The orbit: where the records of the list were seen (their end points), joined in time order —
 * filtered by one plate or one person, the path that plate or face took. A click picks a record.
 */
function OrbitView({ records, current, onPick }: { records: ViewerRecord[]; current: number; onPick: (index: number) => void }) {
  const { t } = useTranslation();
  const points = records
    .map((r, i) => ({ i, track: recordTrack(r), at: String(r.detectedAt ?? '') }))
    .filter((p): p is { i: number; track: NonNullable<ReturnType<typeof recordTrack>>; at: string } => p.track !== null)
    .sort((a, b) => a.at.localeCompare(b.at));
  if (points.length === 0) return <Empty description={t('detection.viewer.noPosition')} />;
  const [lat0, lng0] = points[0]!.track.end;
  const local = points.map((p) => [(p.track.end[1] - lng0) * 111_320 * Math.cos((lat0 * Math.PI) / 180), (p.track.end[0] - lat0) * 110_574] as const);
  const xs = local.map((p) => p[0]);
  const ys = local.map((p) => p[1]);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1);
  const scale = Math.min(W - 2 * PAD, H - 2 * PAD) / span;
  const mx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const my = (Math.max(...ys) + Math.min(...ys)) / 2;
  const px = (p: readonly [number, number]) => [W / 2 + (p[0] - mx) * scale, H / 2 - (p[1] - my) * scale] as const;
  let metres = 0;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!.track.end;
    const b = points[k]!.track.end;
    metres += gpsDistanceMetres(a[0], a[1], b[0], b[1]);
  }
  return (
    <div data-testid="detection-orbit">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t('detection.viewer.orbitLength', { count: points.length, metres: metres.toFixed(1) })} style={{ background: 'rgba(22,119,255,0.04)', borderRadius: 6 }}>
        <defs>
          <pattern id="detection-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M 32 0 L 0 0 0 32" fill="none" stroke="rgba(0,0,0,0.06)" />
          </pattern>
        </defs>
        <rect width={W} height={H} fill="url(#detection-grid)" />
        <polyline points={local.map((p) => px(p).join(',')).join(' ')} fill="none" stroke="#1677ff" strokeWidth={2} strokeOpacity={0.6} />
        {points.map((p, k) => {
          const [x, y] = px(local[k]!);
          const here = p.i === current;
          return (
            <g key={p.i} onClick={() => onPick(p.i)} style={{ cursor: 'pointer' }}>
              <circle cx={x} cy={y} r={here ? 10 : 6} fill={here ? '#fa8c16' : '#1677ff'} stroke="#fff" strokeWidth={2} />
              <text x={x + 10} y={y - 10} fontSize={12} fill="#595959">
                {k + 1}
              </text>
            </g>
          );
        })}
      </svg>
      <Typography.Paragraph strong style={{ marginTop: 8 }} data-testid="detection-orbit-length">
        {t('detection.viewer.orbitLength', { count: points.length, metres: metres.toFixed(1) })}
      </Typography.Paragraph>
    </div>
  );
}
