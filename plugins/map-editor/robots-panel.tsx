/** Robots of the map, followed live on their realtime topics, with where they are (or the spec's fallback). */
import { memo } from 'react';
import { Card, Empty, List, Space, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useSubscription } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { robotTopic } from '@runtime';
import { knownRobotWidthMm } from '@common/map';
import type { MapConfig } from '@common/events/maps';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import { mmToPixel } from './model/view';
import type { RobotMark } from './map-canvas';

/** A robot of the map (getRobotsByMapId). */
export interface RobotInfo {
  robotId: string;
  robotName: string;
  robotType: number;
}

/** A robot's last pose (millimetres in the map frame). */
export interface RobotPos {
  x: number | null;
  y: number | null;
  theta: number | null;
  mapId: number | null;
}

/** Follows one robot's topic (snapshot, then gps pushes). */
function RobotLive({ robotId, onPose }: { robotId: string; onPose: (robotId: string, pose: Partial<RobotPos>) => void }) {
  useSubscription({
    channel: robotTopic(robotId),
    types: ['*'],
    onLiveEvent: (e) => {
      if (e.type === 'snapshot' || e.type === 'gps') onPose(robotId, e.payload as Partial<RobotPos>);
    },
  });
  return null;
}

interface Props {
  robots: RobotInfo[];
  poses: Record<string, RobotPos>;
  marks: RobotMark[];
  config: Partial<MapConfig>;
  onPose: (robotId: string, pose: Partial<RobotPos>) => void;
}

/** Robots card of the editor's side panel. */
export const RobotsPanel = memo(function RobotsPanel({ robots, poses, marks, config, onPose }: Props) {
  const { t } = useTranslation('map-editor');
  // A listed model's width in metres; an unlisted one's is not known (never "3 mm").
  const widthText = (mm: number | null) => (mm === null ? t('widthUnknown') : t('width', { m: (mm / 1000).toFixed(2) }));
  return (
    <Card size="small" title={t('robots')} data-testid={IDS.robots} styles={{ body: { padding: 0 } }}>
      {robots.map((r) => (
        <RobotLive key={r.robotId} robotId={r.robotId} onPose={onPose} />
      ))}
      {robots.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRobots')} />
      ) : (
        <List
          size="small"
          dataSource={robots}
          renderItem={(r) => {
            const mark = marks.find((m) => m.robotId === r.robotId);
            const pose = poses[r.robotId];
            const at = pose && pose.x !== null && pose.y !== null ? mmToPixel(config, pose.x, pose.y) : null;
            return (
              <List.Item
                style={{ paddingInline: 12 }}
                data-testid={`${IDS.robot}-${r.robotId}`}
                data-x={mark ? mark.point[0].toFixed(1) : undefined}
                data-y={mark ? mark.point[1].toFixed(1) : undefined}
                data-fallback={at && !at.ok ? '1' : undefined}
              >
                <Space direction="vertical" size={0}>
                  <Space>
                    <AimOutlined />
                    <span>{r.robotName}</span>
                    <Typography.Text type="secondary" data-testid={`${IDS.robot}-width-${r.robotId}`}>{widthText(knownRobotWidthMm(r.robotType))}</Typography.Text>
                  </Space>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {at && !at.ok
                      ? t('robotFallback', { lon: at.fallback.longitude, lat: at.fallback.latitude })
                      : pose && pose.x !== null && pose.y !== null
                        ? t('robotAt', { x: (pose.x / 1000).toFixed(1), y: (pose.y / 1000).toFixed(1) })
                        : '—'}
                  </Typography.Text>
                </Space>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
});
