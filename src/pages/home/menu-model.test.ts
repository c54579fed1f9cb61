import { describe, expect, it } from 'vitest';
import { canOpenRoute, RoleId } from '@common/access';
import companySchema from '../../../schemas/entities/company.schema.json';
import userSchema from '../../../schemas/entities/user.schema.json';
import plateSchema from '../../../schemas/entities/plate-detection.schema.json';
import temperatureSchema from '../../../schemas/entities/temperature-monitoring.schema.json';
import type { EntitySchema, RegisteredMenuItem } from '@runtime';
import { buildMenuModel, collectMenuEntries, entryOpenTo, landingPage } from './menu-model';

const labels = { en: 'Telecontrol', zh: '远程控制', ja: '遠隔操作' };
const plugin: RegisteredMenuItem = { pluginId: 'telecontrol', key: 'telecontrol', path: '/home/telecontrol', group: 'operations', order: 0, labels };
const entries = collectMenuEntries([plugin], [companySchema, userSchema] as unknown as EntitySchema[]);

describe('side menu model', () => {
  it('groups plugin and schema entries, operations first, ordered by x-menu.order', () => {
    const groups = buildMenuModel(entries, () => true);
    expect(groups.map((g) => [g.key, g.entries.map((e) => e.path)])).toEqual([
      ['operations', ['/home/telecontrol']],
      ['admin', ['/home/companyManage', '/home/userManage']],
    ]);
  });

  it('leaves out routes the role may not open', () => {
    const operator = { roleId: RoleId.generalUser, companyId: 2 };
    const groups = buildMenuModel(entries, (path) => canOpenRoute(operator, path));
    expect(groups.flatMap((g) => g.entries.map((e) => e.path))).toEqual(['/home/telecontrol', '/home/userManage']);
  });

  it("offers a plugin page only to roles holding its menu entry's needs (the terminal: super admins, not platform admins)", () => {
    const terminal = collectMenuEntries([{ ...plugin, key: 'terminal', path: '/home/terminal', group: 'system', needs: ['terminal:use'] }], []);
    expect(terminal[0]?.needs).toEqual(['terminal:use']);
    const offered = (roleId: number) => buildMenuModel(terminal, (path, e) => entryOpenTo({ roleId, companyId: 1 }, path, e)).flatMap((g) => g.entries.map((e) => e.path));
    expect(offered(RoleId.superAdmin)).toEqual(['/home/terminal']);
    expect(offered(RoleId.platformAdmin)).toEqual([]);
  });

  it("hides plugin pages serving none of the company's robot types", () => {
    const trackOnly = collectMenuEntries([{ ...plugin, key: 'track', path: '/trackrobot/control', robotTypes: [5] }], []);
    expect(buildMenuModel(trackOnly, () => true, [1, 2])).toEqual([]);
    expect(buildMenuModel(trackOnly, () => true, [5]).flatMap((g) => g.entries.map((e) => e.path))).toEqual(['/trackrobot/control']);
  });

  it("hides detection screens serving none of the company's robot types (x-menu.robotTypes)", () => {
    const detections = collectMenuEntries([], [plateSchema, temperatureSchema] as unknown as EntitySchema[]);
    const paths = (types: number[]) => buildMenuModel(detections, () => true, types).flatMap((g) => g.entries.map((e) => e.path));
    expect(paths([1])).toEqual(['/home/plateDetection']);
    expect(paths([7])).toEqual(['/home/temperatureMonitoring']);
    expect(paths([3, 5])).toEqual([]);
    // Temperature monitoring also needs a body-temperature infrared robot (infrared kind 2).
    const withInfrared = (kinds: number[]) => buildMenuModel(detections, () => true, [7], kinds).flatMap((g) => g.entries.map((e) => e.path));
    expect(withInfrared([0, 1])).toEqual([]);
    expect(withInfrared([0, 2])).toEqual(['/home/temperatureMonitoring']);
  });

  it("lands on the role's home page only when the user's menu offers it, else on the menu's first page", () => {
    const groups = buildMenuModel(entries, () => true);
    expect(landingPage(groups, '/home/userManage', '/home/telecontrol')).toBe('/home/userManage');
    expect(landingPage(groups, '/home/terminal', '/home/telecontrol')).toBe('/home/telecontrol');
    const operator = { roleId: RoleId.generalUser, companyId: 2 };
    const limited = buildMenuModel(entries.filter((e) => e.path !== '/home/telecontrol'), (path) => canOpenRoute(operator, path));
    expect(landingPage(limited, '/home/companyManage', '/home/telecontrol')).toBe('/home/userManage');
    expect(landingPage([], undefined, '/home/telecontrol')).toBe('/home/telecontrol');
  });
});
