/**
 * /home/historyVideo (needs a selected robot): a calendar with the days the robot recorded
 * (reqEnabledDay), the chosen day's clips per camera (reqHistoryVideo), export of a time range
 * (videoRecordUpload) with live progress and cancel, and playback once the clip has arrived; the
 * day's recordings as a timeline that plays from any moment without exporting (replay-timeline.tsx).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Calendar, Card, Col, Empty, Form, List, Modal, Popconfirm, Progress, Row, Select, Space, Spin, Table, Tag, TimePicker, Typography } from 'antd';
import { ExportOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { callEvent, datePattern, formatDate, formatDateTime, formatTime, getLang, useRobotSelection , useCanNow } from '@runtime';
import { ClipPlayer } from './clip-player';
import { ReplayTimeline } from './replay-timeline';
import { clipTimes, defaultRange, minutesBetween, rangeProblem, MAX_EXPORT_MINUTES, type RecordedClip, type VideoRecordInfo } from './history-video-model';
import { HISTORY_VIDEO_TEST_IDS as IDS } from './test-ids';

const CAMERAS = [0, 1, 2, 3, 4];
const STATUS_COLOURS: Record<VideoRecordInfo['status'], string> = { uploading: 'processing', uploaded: 'success', failed: 'error', cancelled: 'default' };

/** The page. */
export default function HistoryVideoPage() {
  const { t, i18n } = useTranslation('history-video');
  const { message } = App.useApp();
  const robotId = useRobotSelection().selection.robotId!;
  const { data: canExport } = useCanNow({ resource: 'video', action: 'export' });
  const [camera, setCamera] = useState(0);
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const [days, setDays] = useState<Set<string>>();
  const [clips, setClips] = useState<RecordedClip[]>();
  const [error, setError] = useState<string>();
  const [exporting, setExporting] = useState<RecordedClip>();
  const [exports, setExports] = useState<VideoRecordInfo[]>([]);
  const [playing, setPlaying] = useState<number>();

  // Days with recordings of the month shown.
  useEffect(() => {
    let live = true;
    setDays(undefined);
    callEvent('reqEnabledDay', { robotId, month: month.format('YYYY-MM') })
      .then((r) => live && setDays(new Set(r.days)))
      .catch((e: Error) => live && (setDays(new Set()), setError(e.message)));
    return () => {
      live = false;
    };
  }, [robotId, month]);

  const loadClips = useCallback(() => {
    setClips(undefined);
    setError(undefined);
    callEvent('reqHistoryVideo', { robotId, day: day.format('YYYY-MM-DD'), cameraId: camera })
      .then((r) => setClips(r.clips))
      .catch((e: Error) => (setClips([]), setError(e.message)));
  }, [robotId, day, camera]);
  useEffect(loadClips, [loadClips]);

  // Progress of the exports under way, once a second.
  const uploading = exports.filter((e) => e.status === 'uploading').map((e) => e.id);
  useEffect(() => {
    if (uploading.length === 0) return;
    const timer = setInterval(() => {
      for (const id of uploading)
        callEvent('videoRecordInfo', { id })
          .then((r) => setExports((list) => list.map((e) => (e.id === r.id ? r : e))))
          .catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [uploading.join(',')]);

  const cancel = async (id: number) => {
    try {
      const r = await callEvent('cancelVideoRecordUpload', { id });
      setExports((list) => list.map((e) => (e.id === r.id ? r : e)));
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const ready = useMemo(() => exports.filter((e) => e.status === 'uploaded'), [exports]);

  return (
    <div data-testid={IDS.page}>
      <Card
        variant="borderless"
        title={
          <Space>
            {t('title')}
            <Typography.Text type="secondary">{t('robot', { robot: robotId })}</Typography.Text>
          </Space>
        }
        extra={
          <Space>
            <span>{t('camera')}</span>
            <Select data-testid={IDS.camera} aria-label={t('camera')} value={camera} style={{ width: 120 }} onChange={setCamera} options={CAMERAS.map((c) => ({ value: c, label: t(`cameras.${c}`) }))} />
          </Space>
        }
      >
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} action={<Button onClick={loadClips}>{t('retry')}</Button>} /> : null}
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={9}>
            <Spin spinning={days === undefined} tip={t('daysLoading')}>
              <div data-testid={IDS.calendar} style={{ border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 8 }}>
                <Calendar
                  fullscreen={false}
                  value={day}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                  onSelect={(d) => setDay(d)}
                  onPanelChange={(d) => setMonth(d.startOf('month'))}
                  // antd's own header has two unnamed selects (axe label): the same choice, named.
                  headerRender={({ value, onChange }) => {
                    const pick = (next: Dayjs) => {
                      const d = next.isAfter(dayjs(), 'day') ? dayjs() : next;
                      onChange(d);
                      setDay(d);
                      setMonth(d.startOf('month'));
                    };
                    const thisYear = dayjs().year();
                    const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short' });
                    return (
                      <Space style={{ display: 'flex', justifyContent: 'flex-end', padding: 8 }}>
                        <Select
                          size="small"
                          aria-label={t('year')}
                          data-testid={`${IDS.calendar}-year`}
                          value={value.year()}
                          onChange={(y: number) => pick(value.year(y))}
                          options={Array.from({ length: 5 }, (_, i) => thisYear - 4 + i).map((y) => ({ value: y, label: String(y) }))}
                        />
                        <Select
                          size="small"
                          aria-label={t('month')}
                          data-testid={`${IDS.calendar}-month`}
                          value={value.month()}
                          popupMatchSelectWidth={false}
                          onChange={(m: number) => pick(value.month(m))}
                          options={Array.from({ length: 12 }, (_, m) => ({ value: m, label: monthName.format(new Date(2020, m, 1)) }))}
                        />
                      </Space>
                    );
                  }}
                  fullCellRender={(d, info) => {
                    if (info.type !== 'date') return info.originNode;
                    const has = days?.has(d.format('YYYY-MM-DD'));
                    return (
                      <div className="ant-picker-cell-inner" data-recorded={has ? 'yes' : undefined} style={{ position: 'relative' }}>
                        {d.date()}
                        {has ? <Badge status="success" style={{ position: 'absolute', bottom: -8, left: '50%', transform: 'translateX(-50%)' }} /> : null}
                      </div>
                    );
                  }}
                />
              </div>
            </Spin>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
              {t('noDay')}
            </Typography.Text>
          </Col>
          <Col xs={24} lg={15}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('day', { day: formatDate(day, getLang()) })}
            </Typography.Title>
            {clips?.length ? <ReplayTimeline key={`${day.format('YYYY-MM-DD')} ${camera}`} robotId={robotId} camera={camera} day={day.format('YYYY-MM-DD')} clips={clips} /> : null}
            <Table<RecordedClip>
              data-testid={IDS.clips}
              size="middle"
              rowKey="startTime"
              loading={clips === undefined}
              dataSource={clips ?? []}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noClips')} /> }}
              columns={[
                { key: 'start', title: t('start'), render: (_, c) => clipTimes(c, getLang()).start },
                { key: 'end', title: t('end'), render: (_, c) => clipTimes(c, getLang()).stop },
                { key: 'duration', title: t('duration'), render: (_, c) => t('minutes', { count: minutesBetween(c.startTime, c.stopTime) }) },
                {
                  key: 'actions',
                  title: t('actions'),
                  render: (_, c, i) =>
                    canExport?.can ? (
                      <Button size="small" icon={<ExportOutlined />} data-testid={`${IDS.exportClip}-${i}`} onClick={() => setExporting(c)}>
                        {t('export')}
                      </Button>
                    ) : null,
                },
              ]}
            />
            <Typography.Title level={5}>{t('exports')}</Typography.Title>
            <List
              data-testid={IDS.exports}
              bordered
              dataSource={exports}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noExports')} /> }}
              renderItem={(e) => (
                <List.Item
                  data-testid={`${IDS.exports}-${e.id}`}
                  actions={[
                    e.status === 'uploading' ? (
                      <Popconfirm key="cancel" title={t('cancelConfirm')} onConfirm={() => void cancel(e.id)}>
                        <Button size="small" danger icon={<StopOutlined />} data-testid={`${IDS.cancel}-${e.id}`}>
                          {t('cancel')}
                        </Button>
                      </Popconfirm>
                    ) : null,
                    e.status === 'uploaded' ? (
                      <Button key="play" size="small" type="primary" icon={<PlayCircleOutlined />} data-testid={`${IDS.play}-${e.id}`} onClick={() => setPlaying(ready.findIndex((r) => r.id === e.id))}>
                        {t('play')}
                      </Button>
                    ) : null,
                  ].filter(Boolean)}
                >
                  <Space direction="vertical" size={2} style={{ width: '100%' }}>
                    <Space wrap>
                      <Tag color={STATUS_COLOURS[e.status]}>{t(`status.${e.status}`)}</Tag>
                      <span>
                        {t(`cameras.${e.cameraId}`)} · {formatDateTime(e.startTime, getLang())} – {formatTime(e.stopTime, getLang())}
                      </span>
                    </Space>
                    {e.status === 'uploading' ? <Progress percent={e.progress} size="small" status="active" /> : null}
                    {e.status === 'failed' && e.errorCode ? <Typography.Text type="danger">{t(`errors.${e.errorCode}`)}</Typography.Text> : null}
                  </Space>
                </List.Item>
              )}
            />
          </Col>
        </Row>
      </Card>
      {exporting ? (
        <ExportDialog
          clip={exporting}
          robotId={robotId}
          onClose={() => setExporting(undefined)}
          onStarted={(r) => {
            setExports((list) => [r, ...list]);
            setExporting(undefined);
          }}
        />
      ) : null}
      {playing !== undefined && playing >= 0 ? <ClipPlayer clips={ready} index={playing} onIndex={setPlaying} onClose={() => setPlaying(undefined)} /> : null}
    </div>
  );
}

/** Chooses the time range of a clip to export and starts the export. */
function ExportDialog({ clip, robotId, onClose, onStarted }: { clip: RecordedClip; robotId: string; onClose: () => void; onStarted: (r: VideoRecordInfo) => void }) {
  const { t } = useTranslation('history-video');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange(clip).map((s) => dayjs(s)) as [Dayjs, Dayjs]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const date = clip.startTime.slice(0, 10);
  const at = (d: Dayjs) => `${date}T${d.format('HH:mm:ss')}`;
  const problem = rangeProblem(clip, at(range[0]), at(range[1]));
  const shown = clipTimes(clip, getLang());
  const clipHint = { start: shown.start, end: shown.stop };
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onStarted(await callEvent('videoRecordUpload', { robotId, cameraId: clip.cameraId, startTime: at(range[0]), stopTime: at(range[1]) }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('exportTitle')} onCancel={onClose} okText={t('exportStart')} onOk={() => void start()} okButtonProps={{ disabled: Boolean(problem), loading: busy, 'data-testid': 'history-video-export-ok' } as never} destroyOnHidden>
      <div data-testid={IDS.exportDialog}>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
        <Form layout="vertical">
          <Form.Item label={t('exportRange')} help={problem ? t(`rangeProblem.${problem}`) : t('exportHint', { minutes: MAX_EXPORT_MINUTES, ...clipHint })} validateStatus={problem ? 'error' : undefined}>
            <TimePicker.RangePicker value={range} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} format={datePattern(getLang(), 'time')} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
