/**
 * The robot switcher (issue 22): a searchable pick of a robot of the caller's company tree —
 * companies nested as in the robot tree, robots coloured by state — that changes the persisted
 * selection. In the header of every robot-required page and in the "choose a robot" tip.
 */
import { useMemo } from 'react';
import { Badge, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEventQuery } from '../api/use-event-query';
import { useRobotSelection } from '../session/robot-selection';
import { companyHierarchy, robotPlaces, type CompanyNode, type RobotPlace } from './robot-hierarchy';
import { ROBOT_STATE_COLOURS, robotStateGroup } from './robot-state';

/** Props of the switcher. */
export interface RobotSwitcherProps {
  'data-testid'?: string;
  /** Opens its list at once (the tip dialog). */
  autoFocus?: boolean;
  width?: number | string;
}

interface Option {
  value: string;
  title: React.ReactNode;
  label: string;
  selectable?: boolean;
  children?: Option[];
}

/** The switcher. */
export function RobotSwitcher({ 'data-testid': testId = 'robot-switcher', autoFocus, width = 280 }: RobotSwitcherProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useEventQuery('getMenuList', {}, { staleTime: 10_000 });
  const { selection, selectRobot } = useRobotSelection();

  const { options, places } = useMemo(() => {
    const list = Array.isArray(data) ? data : [];
    const places = new Map<string, RobotPlace>(robotPlaces(list).map((p) => [p.robot.robotId, p]));
    const byCompany = new Map<number, RobotPlace[]>();
    for (const p of places.values()) byCompany.set(p.company.companyId, [...(byCompany.get(p.company.companyId) ?? []), p]);
    const node = (n: CompanyNode): Option => ({
      value: `company:${n.company.companyId}`,
      title: <Typography.Text strong>{n.company.name}</Typography.Text>,
      label: n.company.name,
      selectable: false,
      children: [
        ...(byCompany.get(n.company.companyId) ?? []).map(({ robot, map }) => {
          const group = robotStateGroup(robot.online, robot.status);
          const name = robot.robotName || robot.robotId;
          return {
            value: robot.robotId,
            label: name,
            title: (
              <span data-robot-id={robot.robotId} data-state={group}>
                <Badge color={ROBOT_STATE_COLOURS[group]} /> {name}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {robot.robotId}
                  {map ? ` · ${map.mapName}` : ''} · {t(`robotState.${group}`)}
                </Typography.Text>
              </span>
            ),
          };
        }),
        ...n.children.map(node),
      ],
    });
    return { options: companyHierarchy(list).map(node), places };
  }, [data, t]);

  const value = selection.robotId && places.has(selection.robotId) ? selection.robotId : undefined;
  return (
    <TreeSelect
      data-testid={testId}
      aria-label={t('robot.switch')}
      style={{ width }}
      popupMatchSelectWidth={false}
      value={value}
      treeData={options}
      treeDefaultExpandAll
      showSearch
      autoFocus={autoFocus}
      loading={isLoading}
      placeholder={t('robot.switchPlaceholder')}
      treeNodeFilterProp="label"
      treeNodeLabelProp="label"
      filterTreeNode={(input, node) => String((node as unknown as Option).label).toLowerCase().includes(input.toLowerCase()) || String(node.value).toLowerCase().includes(input.toLowerCase())}
      onChange={(robotId: string) => {
        const p = places.get(robotId);
        if (!p) return;
        selectRobot({
          robotId: p.robot.robotId,
          robotType: p.robot.robotType,
          mapId: p.map?.mapId ?? null,
          companyId: p.company.companyId,
          buildingName: p.map?.buildingName,
          floor: p.map?.floor,
          regionName: p.region?.regionName,
        });
      }}
    />
  );
}
