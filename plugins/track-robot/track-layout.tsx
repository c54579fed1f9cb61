/**
 * The frame of every /trackrobot page (inside the console's shell): a bar with the track-robot
 * picker, and the page. Spec §2: each page needs a selected track robot; without one a tip dialog says so,
 * offers the track robots at hand and otherwise sends the user to robot management.
 */
import { Suspense, useMemo, type ReactNode } from 'react';
import { Empty, Flex, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { AlertOutlined, ControlOutlined, EnvironmentOutlined, FileSearchOutlined, SafetyOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pickLabel, ROBOT_MANAGE_PATH, RobotType, useRobotSelection } from '@runtime';
import type { Lang } from '@common/protocol';
import manifest from './plugin.json';
import { trackApi, type DeviceTreeCompany } from './track-api';
import { TRACK_TEST_IDS as IDS } from './test-ids';

/** The area's children (spec §2), in menu order. */
export const TRACK_CHILDREN = ['control', 'task', 'task-report', 'warning-rule', 'warning', 'map'] as const;
/** One child of /trackrobot. */
export type TrackChild = (typeof TRACK_CHILDREN)[number];

const ICONS: Record<TrackChild, ReactNode> = {
  control: <ControlOutlined />,
  task: <ScheduleOutlined />,
  'task-report': <FileSearchOutlined />,
  'warning-rule': <SafetyOutlined />,
  warning: <AlertOutlined />,
  map: <EnvironmentOutlined />,
};

/** The track robots the caller may see (getDeviceTreeNew). */
export function useTrackRobots() {
  return useQuery({ queryKey: ['track', 'deviceTree'], queryFn: ({ signal }) => trackApi.deviceTree(signal), staleTime: 15_000 });
}

function robotOptions(tree: DeviceTreeCompany[] | undefined, offline: string) {
  return (tree ?? []).map((c) => ({
    label: c.companyName,
    options: c.robots.map((r) => ({ value: r.robotId, label: `${r.robotName} (${r.robotId})${r.online ? '' : ` · ${offline}`}` })),
  }));
}

/** Picker of the track robot the area works on. */
function TrackRobotPicker({ testId, width = 260 }: { testId: string; width?: number }) {
  const { t } = useTranslation('track-robot');
  const { selection, selectRobot } = useRobotSelection();
  const { data, isLoading } = useTrackRobots();
  const options = useMemo(() => robotOptions(data, t('offline')), [data, t]);
  const current = selection.robotType === RobotType.trackRobot ? selection.robotId : undefined;
  return (
    <Select
      data-testid={testId}
      style={{ width }}
      placeholder={t('pickRobot')}
      loading={isLoading}
      value={current}
      options={options}
      showSearch
      optionFilterProp="label"
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noTrackRobots')} />}
      onChange={(robotId: string) => {
        const r = data?.flatMap((c) => c.robots).find((x) => x.robotId === robotId);
        if (r) selectRobot({ robotId: r.robotId, robotType: r.robotType, mapId: r.mapId, companyId: r.companyId, regionName: r.regionName ?? undefined });
      }}
    />
  );
}

/**
 * Frame of a track page inside the console's shell (its menu entries are in the main menu): a bar
 * with the area's title, the page and the track-robot picker; renders the page with the selected
 * track robot's id.
 */
export function TrackLayout({ page, children }: { page: TrackChild; children: (robotId: string) => ReactNode }) {
  const { t, i18n } = useTranslation('track-robot');
  const { selection } = useRobotSelection();
  const robotId = selection.robotType === RobotType.trackRobot ? selection.robotId : undefined;
  return (
    <div data-testid={IDS.layout} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {t('title')}
        </Typography.Title>
        <Tag color="blue" icon={ICONS[page]} data-testid={`${IDS.nav}-current`}>
          {pickLabel(manifest.areaLabels[page], i18n.language as Lang, page)}
        </Tag>
        <div style={{ flex: 1 }} />
        <TrackRobotPicker testId={IDS.robotSelect} />
      </Flex>
      <Suspense fallback={<Spin />}>{robotId ? children(robotId) : <TrackRobotTip />}</Suspense>
    </div>
  );
}

/** Spec §2 tip: a track robot must be chosen first; OK goes to robot management. */
function TrackRobotTip() {
  const { t } = useTranslation('track-robot');
  const navigate = useNavigate();
  return (
    <Modal
      open
      title={t('tipTitle')}
      closable={false}
      maskClosable={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('goRobotManage')}
      onOk={() => navigate(ROBOT_MANAGE_PATH)}
      okButtonProps={{ 'data-testid': IDS.tipOk } as never}
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid={IDS.tip}>
        <Typography.Text>{t('tip')}</Typography.Text>
        <TrackRobotPicker testId={IDS.tipSelect} width={360} />
      </Space>
    </Modal>
  );
}
