/**
 * `x-heat`: a list's heat (spec §7 getFaceHeat, getPlateHeat, getInfraredHeat) — how many of the
 * filtered rows fall on each weekday and hour, as a coloured grid.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Spin, Tooltip, Typography } from 'antd';
import { HeatMapOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { callNamedEvent } from '../../api/clients';
import { isAbortedError } from '../../api/errors';

/** The `x-heat` keyword: the event counting the list's rows. */
export interface HeatSpec {
  event: string;
}

type Heat = { counts: number[][]; total: number; max: number };

/** The toolbar button and its dialog (`param`: the list's filters). */
export function HeatButton({ entityId, spec, param }: { entityId: string; spec: HeatSpec; param: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [heat, setHeat] = useState<Heat>();
  const [problem, setProblem] = useState<string>();
  const load = async () => {
    setOpen(true);
    setHeat(undefined);
    setProblem(undefined);
    const { pageNum: _n, pageSize: _s, ...filters } = param;
    try {
      setHeat((await callNamedEvent(spec.event, { ...filters, utcOffset: dayjs().utcOffset() })) as Heat);
    } catch (err) {
      if (!isAbortedError(err)) setProblem((err as Error).message);
    }
  };
  const days = [0, 1, 2, 3, 4, 5, 6].map((d) => dayjs().day(d).format('ddd'));
  return (
    <>
      <Button icon={<HeatMapOutlined />} onClick={() => void load()} data-testid={`entity-heat-${entityId}`}>
        {t('detection.heat.button')}
      </Button>
      {open ? (
        <Modal open title={t('detection.heat.title')} footer={null} width={900} onCancel={() => setOpen(false)}>
          {problem ? <Alert type="error" showIcon message={problem} /> : null}
          {!heat && !problem ? <Spin /> : null}
          {heat ? (
            <div data-testid="heat-grid">
              <Typography.Paragraph type="secondary">{t('detection.heat.total', { count: heat.total })}</Typography.Paragraph>
              <div style={{ display: 'grid', gridTemplateColumns: '48px repeat(24, 1fr)', gap: 2, fontSize: 11 }}>
                <span />
                {Array.from({ length: 24 }, (_, h) => (
                  <span key={h} style={{ textAlign: 'center', opacity: 0.6 }}>
                    {h}
                  </span>
                ))}
                {heat.counts.map((row, d) => [
                  <span key={`d${d}`} style={{ opacity: 0.75 }}>
                    {days[d]}
                  </span>,
                  ...row.map((n, h) => (
                    <Tooltip key={`${d}-${h}`} title={t('detection.heat.cell', { day: days[d], hour: h, count: n })}>
                      <div
                        data-testid={`heat-${d}-${h}`}
                        style={{ height: 22, borderRadius: 3, background: n === 0 ? 'rgba(0,0,0,0.04)' : `rgba(245, 34, 45, ${0.15 + 0.85 * (n / Math.max(1, heat.max))})` }}
                      />
                    </Tooltip>
                  )),
                ])}
              </div>
            </div>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}
