import { describe, expect, it } from 'vitest';
import type { MenuCompany } from '@common/events/fleet';
import { companyHierarchy, robotCount, robotPlaces } from './robot-hierarchy';

const robot = (robotId: string, companyId: number, mapId: number | null) => ({ robotId, robotName: robotId, robotType: 1, online: 1 as const, status: 0, mapId, companyId, regionName: null });
const company = (companyId: number, parentId: number | null, robots: string[] = [], loose: string[] = []): MenuCompany => ({
  companyId,
  name: `C${companyId}`,
  parentId,
  regions: robots.length ? [{ regionName: 'North', maps: [{ mapId: companyId * 10, companyId, regionName: 'North', buildingName: 'B', floor: 1, mapName: 'M', mapType: 1, robots: robots.map((r) => robot(r, companyId, companyId * 10)) }] }] : [],
  robots: loose.map((r) => robot(r, companyId, null)),
});

describe('companyHierarchy', () => {
  it('puts subsidiaries under their parent, deeper ones under theirs', () => {
    const tree = companyHierarchy([company(1, null), company(2, 1, ['a']), company(3, 2, ['b'], ['c']), company(4, 1)]);
    expect(tree.map((n) => n.company.companyId)).toEqual([1]);
    expect(tree[0]!.children.map((n) => n.company.companyId)).toEqual([2, 4]);
    expect(tree[0]!.children[0]!.children.map((n) => n.company.companyId)).toEqual([3]);
    expect(robotCount(tree[0]!)).toBe(3);
  });
  it('makes a company whose parent is not visible a root', () => {
    const tree = companyHierarchy([company(2, 1), company(5, 2), company(7, 6)]);
    expect(tree.map((n) => n.company.companyId)).toEqual([2, 7]);
    expect(tree[0]!.children.map((n) => n.company.companyId)).toEqual([5]);
  });
  it('survives a cycle without losing a company', () => {
    const tree = companyHierarchy([company(1, 2), company(2, 1)]);
    const ids: number[] = [];
    const walk = (ns: typeof tree) => ns.forEach((n) => (ids.push(n.company.companyId), walk(n.children)));
    walk(tree);
    expect(ids.sort()).toEqual([1, 2]);
  });
});

describe('robotPlaces', () => {
  it('lists robots on maps with their map and robots on no map with their company only', () => {
    const places = robotPlaces([company(3, null, ['b'], ['c'])]);
    expect(places.map((p) => [p.robot.robotId, p.map?.mapId ?? null, p.company.companyId])).toEqual([
      ['b', 30, 3],
      ['c', null, 3],
    ]);
  });
});
