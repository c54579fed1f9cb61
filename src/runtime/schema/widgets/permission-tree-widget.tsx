/**
 * `permission-tree`: the role permission tree of GET /robot/permission/tree (every schema screen
 * and every plugin's menu entries and permissions, found by themselves) as a checkable tree; the
 * value is the list of checked ids (`menu:<route>`, `resource:action`). The tree offers only what
 * a role of the form's `kind` may hold (and the caller may grant); ticking a page ticks what it
 * needs to show its data too (the server adds it as well), and a kind change drops what the new
 * kind may not hold.
 */
import { useEffect, useMemo } from 'react';
import { Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCustom } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import type { PermissionNode } from '@common/events/roles';
import { pickLabel } from '../schema-types';

function toTreeData(nodes: PermissionNode[], lang: Lang): DataNode[] {
  return nodes.map((n) => ({ key: n.id, title: pickLabel(n.labels, lang, n.id), children: n.children?.length ? toTreeData(n.children, lang) : undefined }));
}

/** The tree out of the custom call's answer, whichever envelope it comes in. */
function treeOf(answer: unknown): PermissionNode[] {
  if (Array.isArray(answer)) return answer as PermissionNode[];
  const inner = (answer as { data?: unknown } | undefined)?.data;
  return Array.isArray(inner) ? (inner as PermissionNode[]) : [];
}

/** Every id the tree offers (nodes, children and the pages' needs). */
function offeredIds(nodes: PermissionNode[]): Set<string> {
  const ids = new Set<string>();
  for (const n of nodes) {
    ids.add(n.id);
    n.needs?.forEach((x) => ids.add(x));
    n.children?.forEach((c) => ids.add(c.id));
  }
  return ids;
}

/** Permission tree widget. */
export function PermissionTreeWidget({ id, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const { i18n } = useTranslation();
  const kind = (registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData?.kind;
  const tierKind = typeof kind === 'number' && kind >= 1 && kind <= 5 ? kind : undefined;
  const { query, result } = useCustom<PermissionNode[]>({
    url: '/robot/permission/tree',
    method: 'get',
    config: tierKind ? { query: { kind: tierKind } } : undefined,
    queryOptions: { staleTime: 60_000 },
    errorNotification: false,
  });
  const nodes = useMemo(() => treeOf(result?.data), [result?.data]);
  const data = useMemo(() => toTreeData(nodes, i18n.language as Lang), [nodes, i18n.language]);
  const checked = useMemo(() => (Array.isArray(value) ? (value as string[]) : []), [value]);
  // A kind that may not hold a ticked permission drops it (the server would refuse the role).
  useEffect(() => {
    if (!tierKind || !nodes.length) return;
    const offered = offeredIds(nodes);
    const kept = checked.filter((p) => offered.has(p));
    if (kept.length !== checked.length) onChange(kept);
  }, [tierKind, nodes, checked, onChange]);
  if (query.isLoading) return <Spin size="small" />;
  const needsOf = new Map(nodes.map((n) => [n.id, n.needs ?? []]));
  return (
    <div id={id} data-testid="permission-tree" style={{ maxHeight: 320, overflow: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 8 }}>
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        disabled={disabled || readonly}
        treeData={data}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
          // A ticked page comes with what it needs to show its data.
          if (info.checked) for (const need of needsOf.get(String(info.node.key)) ?? []) if (!list.includes(need)) list.push(need);
          onChange(list.length ? list : []);
        }}
      />
    </div>
  );
}
