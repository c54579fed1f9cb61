/**
 * `permission-tree`: the role permission tree of GET /robot/permission/tree (every schema screen
 * and every plugin's menu entries and permissions, found by themselves) as a checkable tree; the
 * value is the list of checked ids (`menu:<route>`, `resource:action`).
 */
import { useMemo } from 'react';
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

/** Permission tree widget. */
export function PermissionTreeWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const { i18n } = useTranslation();
  const { query, result } = useCustom<PermissionNode[]>({ url: '/robot/permission/tree', method: 'get', queryOptions: { staleTime: 60_000 }, errorNotification: false });
  const nodes = useMemo(() => treeOf(result?.data), [result?.data]);
  const data = useMemo(() => toTreeData(nodes, i18n.language as Lang), [nodes, i18n.language]);
  const checked = Array.isArray(value) ? (value as string[]) : [];
  if (query.isLoading) return <Spin size="small" />;
  return (
    <div id={id} data-testid="permission-tree" style={{ maxHeight: 320, overflow: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 8 }}>
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        disabled={disabled || readonly}
        treeData={data}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
          onChange(list.length ? list : []);
        }}
      />
    </div>
  );
}
