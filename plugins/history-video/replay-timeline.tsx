/**
 * A day's recordings as a timeline over 00:00–24:00 and a player that streams the recording from
 * any moment (issue 22), without exporting: `/live/<robotId>/<camera>?from=<ISO>` (the robot pushes
 * its recording from then, docs/protocol.md "Replay"). Click in a segment, or choose a time and Play.
 */
import { useState } from 'react';
import { Button, Space, TimePicker, Tooltip, Typography } from 'antd';
import { CaretRightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CAMERA_NAMES } from '@common/camera';
import { datePattern, formatDate, formatTime, getLang, LivePlayer, liveVideoUrl } from '@runtime';
import { clipAt, clipTimes, momentAt, replayClock, timelineSegments, type RecordedClip } from './history-video-model';
import { HISTORY_VIDEO_TEST_IDS as IDS } from './test-ids';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

/** The timeline of one day and camera, with its replay player. */
export function ReplayTimeline({ robotId, camera, day, clips }: { robotId: string; camera: number; day: string; clips: RecordedClip[] }) {
  const { t } = useTranslation('history-video');
  const [from, setFrom] = useState<string>();
  const [played, setPlayed] = useState(0);
  const [picked, setPicked] = useState<Dayjs | null>(null);
  /** The moment last asked for where there is no recording (said beside the controls). */
  const [missing, setMissing] = useState<string>();
  const [ended, setEnded] = useState(false);

  const play = (moment: string) => {
    if (!clipAt(clips, moment)) return setMissing(moment);
    setMissing(undefined);
    setEnded(false);
    setPlayed(0);
    setFrom(moment);
  };
  const url = from ? liveVideoUrl(`/live/${encodeURIComponent(robotId)}/${CAMERA_NAMES[camera]}?from=${encodeURIComponent(dayjs(from).toISOString())}`) : undefined;

  return (
    <div data-testid={IDS.timeline} style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">{t('replay.hint')}</Typography.Text>
      <div
        data-testid={`${IDS.timeline}-bar`}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          play(momentAt(day, (e.clientX - r.left) / r.width));
        }}
        style={{ position: 'relative', height: 28, marginTop: 8, borderRadius: 4, cursor: 'pointer', background: 'var(--ant-color-fill-secondary, #f0f0f0)' }}
      >
        {timelineSegments(day, clips).map((s, i) => (
          <Tooltip key={s.clip.startTime} title={`${clipTimes(s.clip, getLang()).start} – ${clipTimes(s.clip, getLang()).stop}`}>
            <div
              data-testid={`${IDS.timeline}-segment-${i}`}
              style={{ position: 'absolute', top: 0, bottom: 0, left: `${s.leftPct}%`, width: `max(${s.widthPct}%, 3px)`, background: 'var(--ant-color-primary, #1677ff)', borderRadius: 2 }}
            />
          </Tooltip>
        ))}
        {from && from.startsWith(day) ? (
          <div style={{ position: 'absolute', top: -3, bottom: -3, width: 2, background: 'var(--ant-color-error, #ff4d4f)', left: `${((dayjs(from).diff(dayjs(`${day}T00:00:00`), 'second') + played) / 864)}%` }} />
        ) : null}
      </div>
      <div style={{ position: 'relative', height: 18, fontSize: 11 }}>
        {HOURS.map((h) => (
          <Typography.Text key={h} type="secondary" style={{ position: 'absolute', left: `${(h / 24) * 100}%`, transform: h === 0 ? undefined : h === 24 ? 'translateX(-100%)' : 'translateX(-50%)', fontSize: 11, whiteSpace: 'nowrap' }}>
            {String(h).padStart(2, '0')}:00
          </Typography.Text>
        ))}
      </div>
      <Space wrap style={{ marginTop: 4 }}>
        <TimePicker aria-label={t('replay.time')} data-testid={`${IDS.timeline}-time`} value={picked} onChange={setPicked} format={datePattern(getLang(), 'time')} placeholder={t('replay.time')} />
        <Button icon={<CaretRightOutlined />} data-testid={`${IDS.timeline}-play`} disabled={!picked} onClick={() => picked && play(`${day}T${picked.format('HH:mm:ss')}`)}>
          {t('replay.play')}
        </Button>
        <Typography.Text type="warning" role="status" data-testid={`${IDS.timeline}-missing`}>
          {missing ? t('replay.noRecordingAt', { time: formatTime(missing, getLang()) }) : null}
        </Typography.Text>
      </Space>
      {from ? (
        <div style={{ marginTop: 12 }}>
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t('replay.playing', { camera: t(`cameras.${camera}`) })}</Typography.Text>
            <Typography.Text data-testid={`${IDS.timeline}-clock`} code>
              {formatDate(from, getLang())} {replayClock(from, played, getLang())}
            </Typography.Text>
            {ended ? (
              <Typography.Text type="secondary" data-testid={`${IDS.timeline}-ended`}>
                {t('replay.ended')}
              </Typography.Text>
            ) : null}
            <Button size="small" onClick={() => setFrom(undefined)}>
              {t('replay.stop')}
            </Button>
          </Space>
          <LivePlayer key={from} url={url} height={300} data-testid={IDS.replayPlayer} onTime={setPlayed} onEnded={() => setEnded(true)} />
        </div>
      ) : null}
    </div>
  );
}
