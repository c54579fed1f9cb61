/**
 * Company › region › map › robot tree from `getMenuList` (spec §3 "Menu tree"), with online
 * state, search and the selection persisted through useRobotSelection.
 */
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Badge, Button, Empty, Input, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { ApartmentOutlined, EnvironmentOutlined, GlobalOutlined, ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuCompany } from '@common/events/fleet';
import { useEventQuery } from '../api/use-event-query';
import { useRobotSelection } from '../session/robot-selection';

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

function matches(text: string | undefined, q: string): boolean {
  return Boolean(text && text.toLowerCase().includes(q));
}

/** The robot tree. */
export function RobotTree({ 'data-testid': testId, onSelectRobot, height }: RobotTreeProps) {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, refetch, error } = useEventQuery('getMenuList', {}, { staleTime: 10_000 });
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
    const companies: DataNode[] = [];
    for (const company of Array.isArray(data) ? data : []) {
      const cKey = `company:${company.companyId}`;
      info.set(cKey, { kind: 'company', company });
      const cHit = !q || matches(company.name, q);
      const regions: DataNode[] = [];
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
          const robots: DataNode[] = [];
          for (const robot of map.robots ?? []) {
            const key = robotKey(robot.robotId);
            info.set(key, { kind: 'robot', company, region, map, robot });
            const hit = mHit || matches(robot.robotName, q) || matches(robot.robotId, q);
            if (!hit) continue;
            const online = Boolean(robot.online);
            robots.push({
              key,
              isLeaf: true,
              title: title(
                <Badge status={online ? 'success' : 'default'} />,
                <span data-robot-id={robot.robotId}>{robot.robotName || robot.robotId}</span>,
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {online ? t('robot.online') : t('robot.offline')}
                </Typography.Text>,
              ),
            });
          }
          if (!robots.length && !mHit) continue;
          allKeys.push(mKey);
          maps.push({ key: mKey, title: title(<EnvironmentOutlined />, mapLabel), children: robots });
        }
        if (!maps.length && !rHit) continue;
        allKeys.push(rKey);
        regions.push({ key: rKey, title: title(<GlobalOutlined />, region.regionName || t('robot.noRegion')), children: maps, selectable: false });
      }
      if (!regions.length && !cHit) continue;
      allKeys.push(cKey);
      companies.push({ key: cKey, title: title(<ApartmentOutlined />, company.name), children: regions, selectable: false });
    }
    return { treeData: companies, info, allKeys };
  }, [data, search, t]);

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
        <Input.Search allowClear placeholder={t('robot.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Tooltip title={t('common.refresh')}>
          <Button icon={<ReloadOutlined spin={isFetching && !isLoading} />} onClick={() => void refetch()} />
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
