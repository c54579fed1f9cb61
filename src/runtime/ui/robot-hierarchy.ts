/**
 * The company hierarchy of the menu tree (`getMenuList` answers a flat list of companies with
 * their parentId): subsidiaries under their parent, each company's regions › maps › robots and its
 * robots on no map. Plain data, shared by the robot tree and the robot switcher.
 */
import type { MenuCompany } from '@common/events/fleet';

type Region = MenuCompany['regions'][number];
type MapNode = Region['maps'][number];
type Robot = MapNode['robots'][number];

/** One company with its subsidiaries. */
export interface CompanyNode {
  company: MenuCompany;
  children: CompanyNode[];
}

/** Where a robot is in the tree (what the persisted selection remembers). */
export interface RobotPlace {
  robot: Robot;
  company: MenuCompany;
  region?: Region;
  map?: MapNode;
}

/**
 * Companies nested by parentId; a company whose parent is not in the list (the caller's own
 * company, or a parent it may not see) is a root. Order: as listed (the server sorts by layer and name).
 */
export function companyHierarchy(list: readonly MenuCompany[]): CompanyNode[] {
  const nodes = new Map<number, CompanyNode>(list.map((c) => [c.companyId, { company: c, children: [] }]));
  const roots: CompanyNode[] = [];
  for (const c of list) {
    const node = nodes.get(c.companyId)!;
    const parent = c.parentId !== null && c.parentId !== c.companyId ? nodes.get(c.parentId) : undefined;
    // A cycle (never from the server) would hide both companies: such a company becomes a root.
    if (parent && !isAncestor(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function isAncestor(node: CompanyNode, candidate: CompanyNode): boolean {
  if (node === candidate) return true;
  return node.children.some((child) => isAncestor(child, candidate));
}

/** Every robot of the list with its company, region and map (robots on no map have neither). */
export function robotPlaces(list: readonly MenuCompany[]): RobotPlace[] {
  const out: RobotPlace[] = [];
  for (const company of list) {
    for (const region of company.regions ?? []) for (const map of region.maps ?? []) for (const robot of map.robots ?? []) out.push({ robot, company, region, map });
    for (const robot of company.robots ?? []) out.push({ robot, company });
  }
  return out;
}

/** Number of robots of a company and its subsidiaries. */
export function robotCount(node: CompanyNode): number {
  const own = (node.company.regions ?? []).reduce((n, r) => n + (r.maps ?? []).reduce((m, map) => m + (map.robots ?? []).length, 0), 0) + (node.company.robots ?? []).length;
  return node.children.reduce((n, c) => n + robotCount(c), own);
}
