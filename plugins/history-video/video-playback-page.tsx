/**
 * /home/videoPlayback: every export of the caller's companies (GET /robot/avstream/listVideoRecord),
 * newest first, paged on the server; a ready one plays with previous / next through the ready
 * clips of the page. With a selected robot, only that robot's exports.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Paging, restCall, useRobotSelection, formatDateTime, getLang } from '@runtime';
import { ClipPlayer } from './clip-player';
import { clipTimes, sizeLabel, type VideoRecordInfo } from './history-video-model';
import { HISTORY_VIDEO_TEST_IDS as IDS } from './test-ids';

const STATUS_COLOURS: Record<VideoRecordInfo['status'], string> = { uploading: 'processing', uploaded: 'success', failed: 'error', cancelled: 'default' };

/** The page. */
export default function VideoPlaybackPage() {
  const { t } = useTranslation('history-video');
  const robotId = useRobotSelection().selection.robotId;
  const [onlyRobot, setOnlyRobot] = useState(Boolean(robotId));
  const [page, setPage] = useState<{ pageNum: number; pageSize: number }>({ pageNum: 1, pageSize: Paging.defaultPageSize });
  const [data, setData] = useState<{ list: VideoRecordInfo[]; total: number }>();
  const [error, setError] = useState<string>();
  const [playing, setPlaying] = useState<number>();

  const load = useCallback(() => {
    setError(undefined);
    restCall('GET /robot/avstream/listVideoRecord', { pageNum: page.pageNum, pageSize: page.pageSize, robotId: onlyRobot ? robotId : undefined })
      .then(setData)
      .catch((e: Error) => (setData({ list: [], total: 0 }), setError(e.message)));
  }, [page, onlyRobot, robotId]);
  useEffect(load, [load]);
  const ready = useMemo(() => (data?.list ?? []).filter((r) => r.status === 'uploaded'), [data]);

  return (
    <Card
      data-testid={IDS.playbackPage}
      variant="borderless"
      title={t('playbackTitle')}
      extra={
        <Space>
          {robotId ? (
            <Space size={6}>
              <Switch size="small" checked={onlyRobot} onChange={setOnlyRobot} aria-label={t('robot', { robot: robotId })} />
              <Typography.Text>{t('robot', { robot: robotId })}</Typography.Text>
            </Space>
          ) : null}
          <Button icon={<ReloadOutlined />} onClick={load} aria-label={t('retry')} />
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon message={t('loadFailed', { message: error })} style={{ marginBottom: 16 }} /> : null}
      <Table<VideoRecordInfo>
        data-testid={IDS.playbackTable}
        rowKey="id"
        loading={data === undefined}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noExports')} /> }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: Paging.pageSizeOptions.map(String), onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        columns={[
          { key: 'robot', title: t('robotCol'), dataIndex: 'robotId' },
          { key: 'camera', title: t('camera'), render: (_, r) => t(`cameras.${r.cameraId}`) },
          { key: 'start', title: t('start'), render: (_, r) => formatDateTime(r.startTime, getLang()) },
          { key: 'end', title: t('end'), render: (_, r) => clipTimes(r, getLang()).stop },
          {
            key: 'state',
            title: t('state'),
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOURS[r.status]}>{t(`status.${r.status}`)}</Tag>
                {r.status === 'failed' && r.errorCode ? <Typography.Text type="danger">{t(`errors.${r.errorCode}`)}</Typography.Text> : null}
              </Space>
            ),
          },
          { key: 'size', title: t('size'), render: (_, r) => sizeLabel(r.size) },
          { key: 'created', title: t('createdAt'), render: (_, r) => formatDateTime(r.createdAt, getLang()) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, r) =>
              r.status === 'uploaded' ? (
                <Button size="small" type="link" icon={<PlayCircleOutlined />} data-testid={`${IDS.play}-${r.id}`} onClick={() => setPlaying(ready.findIndex((x) => x.id === r.id))}>
                  {t('play')}
                </Button>
              ) : null,
          },
        ]}
      />
      {playing !== undefined && playing >= 0 ? <ClipPlayer clips={ready} index={playing} onIndex={setPlaying} onClose={() => setPlaying(undefined)} /> : null}
    </Card>
  );
}
