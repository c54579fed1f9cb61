/**
 * `x-chart`: readings of a list over time (envDetection's environment and gas readings), one
 * small line chart per field with its threshold as a dashed line — drawn as SVG, no chart library.
 */
import { useState } from 'react';
import { Alert, Button, Col, Empty, Modal, Row, Spin, Typography } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatShort } from '../../i18n/format';
import { getLang } from '../../i18n/i18n';
import type { Lang } from '@common/protocol';
import { callNamedEvent } from '../../api/clients';
import { isAbortedError } from '../../api/errors';
import { pickLabel, type EntitySchema } from '../schema-types';

/** The `x-chart` keyword: the numeric fields to draw and the field holding their thresholds (`{field: limit}`). */
export interface ChartSpec {
  fields: string[];
  thresholds?: string;
}

/** Most points one chart draws (the newest of the filtered list). */
export const CHART_MAX_POINTS = 500;

type Row = Record<string, unknown>;

/** The toolbar button and its dialog (`param`: the list's filters). */
export function ChartButton({ entity, spec, param }: { entity: EntitySchema; spec: ChartSpec; param: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[]>();
  const [problem, setProblem] = useState<string>();
  const event = entity['x-api']?.list?.event;
  const load = async () => {
    if (!event) return;
    setOpen(true);
    setRows(undefined);
    setProblem(undefined);
    const { pageNum: _n, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = param;
    try {
      const page = (await callNamedEvent(event, { ...filters, sortField: 'detectedAt', sortOrder: 'descend', pageNum: 1, pageSize: CHART_MAX_POINTS })) as { list: Row[] };
      setRows([...page.list].reverse());
    } catch (err) {
      if (!isAbortedError(err)) setProblem((err as Error).message);
    }
  };
  const latest = rows?.[rows.length - 1];
  const limits = (spec.thresholds && latest?.[spec.thresholds]) as Record<string, number | null> | undefined;
  return (
    <>
      <Button icon={<LineChartOutlined />} onClick={() => void load()} data-testid={`entity-chart-${entity.$id}`}>
        {t('detection.chart.button')}
      </Button>
      {open ? (
        <Modal open title={t('detection.chart.title')} footer={null} width={960} onCancel={() => setOpen(false)}>
          {problem ? <Alert type="error" showIcon message={problem} /> : null}
          {!rows && !problem ? <Spin /> : null}
          {rows && rows.length === 0 ? <Empty /> : null}
          {rows && rows.length > 0 ? (
            <Row gutter={[16, 16]} data-testid="detection-chart">
              {spec.fields.map((f) => (
                <Col span={12} key={f}>
                  <Typography.Text strong>{pickLabel(entity.properties[f]?.['x-labels'], lang, f)}</Typography.Text>
                  <LineChart rows={rows} field={f} limit={limits?.[f] ?? null} limitLabel={t('detection.chart.threshold')} />
                </Col>
              ))}
            </Row>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}

const W = 420;
const H = 150;
const L = 44;
const B = 22;

function LineChart({ rows, field, limit, limitLabel }: { rows: Row[]; field: string; limit: number | null; limitLabel: string }) {
  const points = rows
    .map((r) => ({ t: dayjs(r.detectedAt as string).valueOf(), v: typeof r[field] === 'number' ? (r[field] as number) : NaN }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.v));
  if (points.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const values = points.map((p) => p.v).concat(limit !== null ? [limit] : []);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const pad = (hi - lo) * 0.1 || 1;
  const [y0, y1] = [lo - pad, hi + pad];
  const [t0, t1] = [points[0]!.t, points[points.length - 1]!.t];
  const x = (t: number) => L + ((t - t0) / Math.max(1, t1 - t0)) * (W - L - 8);
  const y = (v: number) => 8 + (1 - (v - y0) / (y1 - y0)) * (H - B - 8);
  const over = (v: number) => limit !== null && v > limit;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={field} data-testid={`chart-${field}`}>
      <line x1={L} y1={H - B} x2={W - 8} y2={H - B} stroke="rgba(0,0,0,0.25)" />
      <line x1={L} y1={8} x2={L} y2={H - B} stroke="rgba(0,0,0,0.25)" />
      {[y0 + pad, (y0 + y1) / 2, y1 - pad].map((v) => (
        <text key={v} x={L - 4} y={y(v) + 4} fontSize={10} textAnchor="end" fill="#8c8c8c">
          {+v.toFixed(2)}
        </text>
      ))}
      <text x={L} y={H - 6} fontSize={10} fill="#8c8c8c">
        {formatShort(t0, getLang())}
      </text>
      <text x={W - 8} y={H - 6} fontSize={10} fill="#8c8c8c" textAnchor="end">
        {formatShort(t1, getLang())}
      </text>
      {limit !== null ? (
        <g data-testid={`chart-threshold-${field}`}>
          <line x1={L} y1={y(limit)} x2={W - 8} y2={y(limit)} stroke="#f5222d" strokeDasharray="6 4" />
          <text x={W - 10} y={y(limit) - 4} fontSize={10} textAnchor="end" fill="#f5222d">
            {limitLabel} {limit}
          </text>
        </g>
      ) : null}
      <polyline points={points.map((p) => `${x(p.t)},${y(p.v)}`).join(' ')} fill="none" stroke="#1677ff" strokeWidth={1.5} />
      {points.map((p, i) => (
        <circle key={i} cx={x(p.t)} cy={y(p.v)} r={over(p.v) ? 3.5 : 2} fill={over(p.v) ? '#f5222d' : '#1677ff'} />
      ))}
    </svg>
  );
}
