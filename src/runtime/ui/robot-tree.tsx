/**
 * Company › region › map › robot tree from `getMenuList` (spec §3 "Menu tree"): subsidiaries
 * nested under their parent company (after its own regions and its robots on no map), robots
 * coloured by state (the one legend of robot-state.ts), search, keyboard (arrows, Enter) and the
 * selection persisted through useRobotSelection.
 */
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Badge, Button, Empty, Input, Popover, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { ApartmentOutlined, EnvironmentOutlined, GlobalOutlined, InfoCircleOutlined, ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuCompany } from '@common/events/fleet';
import { useEventQuery } from '../api/use-event-query';
import { useRobotSelection } from '../session/robot-selection';
import { useFleet, type FleetRobot } from '../realtime/fleet';
import { useSchemas } from '../schema/schema-context';
import { robotStatusLabel } from '../schema/robot-status';
import type { Lang } from '@common/protocol';
import { companyHierarchy, robotCount, type CompanyNode } from './robot-hierarchy';
import { ROBOT_STATE_COLOURS, ROBOT_STATE_GROUPS, robotStateGroup } from './robot-state';

/** A company in the menu tree (the `getMenuList` answer is a list of these; common/events/fleet). */
export type MenuTreeCompany = MenuCompany;
/** A region in the menu tree. */
export type MenuTreeRegion = MenuTreeCompany['regions'][number];
/** A map in the menu tree. */
export type MenuTreeMap = MenuTreeRegion['maps'][number];
/** A robot in the menu tree. */
export type MenuTreeRobot = MenuTreeMap['robots'][number];

/** Props of the robot tree. */
export interface RobotTreeProps {
  'data-testid'?: string;
  /** Called after a robot is selected (the selection is already persisted). */
  onSelectRobot?: (robot: MenuTreeRobot) => void;
  height?: number;
}

interface NodeInfo {
  kind: 'company' | 'region' | 'map' | 'robot';
  company: MenuTreeCompany;
  region?: MenuTreeRegion;
  map?: MenuTreeMap;
  robot?: MenuTreeRobot;
}

const robotKey = (id: string) => `robot:${id}`;

/** The live fields the tree shows: a robot's state (its dot and text) and its name; poses do not redraw it. */
const LIVE_FIELDS: readonly (keyof FleetRobot)[] = ['online', 'status', 'emergencyButtonStatus', 'robotName'];

function matches(text: string | undefined, q: string): boolean {
  return Boolean(text && text.toLowerCase().includes(q));
}

/** The robot tree. */
export function RobotTree({ 'data-testid': testId, onSelectRobot, height }: RobotTreeProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { data, isLoading, isFetching, refetch, error } = useEventQuery('getMenuList', {}, { staleTime: 10_000 });
  // The robots' states follow their pushes (the realtime `fleet` topic) over the tree's last read.
  const { fleet, version } = useFleet({ fields: LIVE_FIELDS });
  const { selection, selectRobot, selectMap } = useRobotSelection();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[] | undefined>();

  const { treeData, info, allKeys } = useMemo(() => {
    const info = new Map<string, NodeInfo>();
    const allKeys: Key[] = [];
    const q = search.trim().toLowerCase();
    const title = (icon: ReactNode, text: ReactNode, extra?: ReactNode) => (
      <Space size={6}>
        {icon}
        <span>{text}</span>
        {extra}
      </Space>
    );
    const robotNode = (robot: MenuTreeRobot, company: MenuTreeCompany, region?: MenuTreeRegion, map?: MenuTreeMap): DataNode => {
      const key = robotKey(robot.robotId);
      info.set(key, { kind: 'robot', company, region, map, robot });
      const live = fleet?.get(robot.robotId);
      const online = live?.online ?? robot.online;
      const status = live?.status ?? robot.status;
      const group = robotStateGroup(online, status, live?.emergencyButtonStatus);
      const stateText = group === 'offline' ? t('robot.offline') : robotStatusLabel(schemas, online, status, lang).label;
      return {
        key,
        isLeaf: true,
        title: title(
          <Badge color={ROBOT_STATE_COLOURS[group]} />,
          <span data-robot-id={robot.robotId} data-state={group}>
            {live?.robotName || robot.robotName || robot.robotId}
          </span>,
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {stateText}
          </Typography.Text>,
        ),
      };
    };
    // A company: its regions › maps › robots, its robots on no map, then its subsidiaries (nested).
    const companyNode = (node: CompanyNode, parentHit: boolean): DataNode | null => {
      const company = node.company;
      const cKey = `company:${company.companyId}`;
      info.set(cKey, { kind: 'company', company });
      const cHit = parentHit || !q || matches(company.name, q);
      const children: DataNode[] = [];
      for (const region of company.regions ?? []) {
        const rKey = `region:${company.companyId}:${region.regionName}`;
        info.set(rKey, { kind: 'region', company, region });
        const rHit = cHit || matches(region.regionName, q);
        const maps: DataNode[] = [];
        for (const map of region.maps ?? []) {
          const mKey = `map:${map.mapId}`;
          info.set(mKey, { kind: 'map', company, region, map });
          const mapLabel = map.mapName || [map.buildingName, map.floor].filter((x) => x !== undefined && x !== '').join(' · ') || String(map.mapId);
          const mHit = rHit || matches(mapLabel, q) || matches(map.buildingName, q);
          const robots = (map.robots ?? []).filter((r) => mHit || matches(r.robotName, q) || matches(r.robotId, q)).map((r) => robotNode(r, company, region, map));
          if (!robots.length && !mHit) continue;
          allKeys.push(mKey);
          maps.push({ key: mKey, title: title(<EnvironmentOutlined />, mapLabel), children: robots });
        }
        if (!maps.length && !rHit) continue;
        allKeys.push(rKey);
        children.push({ key: rKey, title: title(<GlobalOutlined />, region.regionName || t('robot.noRegion')), children: maps, selectable: false });
      }
      for (const robot of company.robots ?? []) if (cHit || matches(robot.robotName, q) || matches(robot.robotId, q)) children.push(robotNode(robot, company));
      for (const sub of node.children) {
        const child = companyNode(sub, cHit && Boolean(q));
        if (child) children.push(child);
      }
      if (!children.length && !cHit) return null;
      allKeys.push(cKey);
      return {
        key: cKey,
        title: title(
          <ApartmentOutlined />,
          <span data-company-id={company.companyId}>{company.name}</span>,
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('robot.robotsCount', { count: robotCount(node) })}
          </Typography.Text>,
        ),
        children,
        selectable: false,
      };
    };
    const companies = companyHierarchy(Array.isArray(data) ? data : [])
      .map((n) => companyNode(n, false))
      .filter((n): n is DataNode => n !== null);
    return { treeData: companies, info, allKeys };
    // `version` changes when the live fleet does (the map is updated in place).
  }, [data, search, t, schemas, lang, fleet, version]);

  const selectedKeys = selection.robotId ? [robotKey(selection.robotId)] : selection.mapId !== undefined && selection.mapId !== null ? [`map:${selection.mapId}`] : [];

  const onSelect = (keys: Key[]) => {
    const node = keys[0] !== undefined ? info.get(String(keys[0])) : undefined;
    if (!node) return;
    if (node.kind === 'robot' && node.robot) {
      selectRobot({
        robotId: node.robot.robotId,
        robotType: node.robot.robotType,
        mapId: node.map?.mapId ?? null,
        companyId: node.company.companyId,
        buildingName: node.map?.buildingName,
        floor: node.map?.floor,
        regionName: node.region?.regionName,
      });
      onSelectRobot?.(node.robot);
    } else if (node.kind === 'map' && node.map) {
      selectMap({ mapId: node.map.mapId, buildingName: node.map.buildingName, floor: node.map.floor });
    }
  };

  return (
    <div data-testid={testId} className="fc-robot-tree">
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <Input.Search allowClear aria-label={t('robot.search')} placeholder={t('robot.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Popover
          trigger={['click', 'hover']}
          title={t('robotState.legend')}
          content={
            <Space direction="vertical" size={2} data-testid="robot-state-legend">
              {ROBOT_STATE_GROUPS.map((g) => (
                <Badge key={g} color={ROBOT_STATE_COLOURS[g]} text={t(`robotState.${g}`)} />
              ))}
            </Space>
          }
        >
          <Button icon={<InfoCircleOutlined />} aria-label={t('robotState.legend')} />
        </Popover>
        <Tooltip title={t('common.refresh')}>
          <Button icon={<ReloadOutlined spin={isFetching && !isLoading} />} onClick={() => void refetch()} aria-label={t('common.refresh')} />
        </Tooltip>
      </Space.Compact>
      {isLoading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : error ? (
        <Typography.Text type="danger">{error.message}</Typography.Text>
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('robot.noRobots')} />
      ) : (
        <Tree
          showLine={{ showLeafIcon: false }}
          blockNode
          height={height}
          treeData={treeData}
          selectedKeys={selectedKeys}
          expandedKeys={search.trim() ? allKeys : (expanded ?? allKeys)}
          onExpand={(keys) => setExpanded(keys)}
          onSelect={(keys) => onSelect(keys)}
          icon={<RobotOutlined />}
        />
      )}
    </div>
  );
}
