import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../schemas/loader';
import { buildPermissionTree, readPluginManifests, treeIds } from './permission-tree';

describe('role permission tree', () => {
  const root = path.resolve(__dirname, '../..');
  const tree = buildPermissionTree(loadSchemas([path.join(root, 'schemas')]), readPluginManifests(path.join(root, 'plugins')));
  const ids = (nodes: { id: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.id, ...ids((n.children ?? []) as typeof nodes)]);

  it('lists every permission once, row actions included (alarm release and process)', () => {
    const all = ids(tree).filter((id) => !id.startsWith('menu:'));
    expect(new Set(all).size).toBe(all.length);
    const alarm = tree.find((n) => n.id === 'menu:alarmManage')!;
    expect(alarm.children!.map((c) => c.id)).toEqual(['alarm:read', 'alarm:delete', 'alarm:release', 'alarm:process']);
    expect(alarm.children!.find((c) => c.id === 'alarm:release')!.labels.en).toBe('Alarm management: Release');
    expect(tree.find((n) => n.id === 'menu:unhandledEvent')!.children).toEqual([]);
  });

  it('has the report permissions of the dataOutput plugin', () => {
    expect(treeIds(tree).has('report:read')).toBe(true);
    expect(treeIds(tree).has('report:send')).toBe(true);
  });
});
