/** `company-picker`: a tree of the companies the caller may see (getCompanysByRoleId). */
import { useEffect, useMemo } from 'react';
import { Input, TreeSelect } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useRefOptions, type RefOption } from '../ref-lookups';
import { useSession } from '../../session/session-store';

interface TreeNode {
  value: number | string;
  title: string;
  children: TreeNode[];
}

/** Builds a forest from parent links (orphans become roots). */
export function companyTree(options: RefOption[]): TreeNode[] {
  const nodes = new Map(options.map((o) => [String(o.value), { value: o.value, title: o.label, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const o of options) {
    const node = nodes.get(String(o.value))!;
    const parent = o.parent !== undefined && o.parent !== null ? nodes.get(String(o.parent)) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Company picker widget. */
export function CompanyPickerWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  const { t } = useTranslation();
  const { options, isLoading } = useRefOptions((schema['x-ref'] as string | undefined) ?? 'company');
  const treeData = useMemo(() => companyTree(options), [options]);
  const session = useSession();
  // Spec §6: at the maximum layer there is nothing below the caller's company, so the selector is
  // hidden and the field is the caller's own company.
  const atMaxLayer = !!session && typeof session.layer === 'number' && typeof session.maxLayer === 'number' && session.layer >= session.maxLayer;
  useEffect(() => {
    if (atMaxLayer && value !== session.companyId && !(disabled || readonly)) onChange(session.companyId);
  }, [atMaxLayer]); // once, when the field first shows
  if (atMaxLayer) return <Input id={id} value={String(session.companyName ?? '')} disabled data-testid="company-picker-fixed" />;
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      value={value ?? undefined}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      allowClear
      loading={isLoading}
      disabled={disabled || readonly}
      placeholder={placeholder || t('widgets.pickCompany')}
      onChange={(v) => onChange(v === undefined || v === null ? undefined : v)}
    />
  );
}
