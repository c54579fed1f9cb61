/**
 * The one company tree picker: the companies the caller may see (getCompanysByRoleId through the
 * `company` x-ref; its company tree, every company for a super admin) as a searchable tree, open
 * in full. The settings page's company switch, a single-record page's subject, the company-picker
 * form widget, the list filter of a company column and plugins' forms (map management) use it;
 * each passes its own test id, label, width and clearing.
 */
import { useMemo } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRefOptions, type RefOption } from '../ref-lookups';

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

export interface CompanyTreeSelectProps extends Omit<TreeSelectProps, 'treeData' | 'value' | 'onChange' | 'loading' | 'treeDefaultExpandAll' | 'showSearch' | 'treeNodeFilterProp'> {
  /** The x-ref of the companies (default `company`). */
  refId?: string;
  /** The chosen company's id (null / undefined: none). */
  value?: number | string | null;
  /** The chosen company's id, undefined when cleared. */
  onChange?: (companyId: number | string | undefined) => void;
  /** data-testid of the picker. */
  testId?: string;
}

/** The company tree picker (placeholder "Choose a company" unless given). */
export function CompanyTreeSelect({ refId = 'company', value, onChange, testId, placeholder, ...rest }: CompanyTreeSelectProps) {
  const { t } = useTranslation();
  const { options, isLoading } = useRefOptions(refId);
  const treeData = useMemo(() => companyTree(options), [options]);
  return (
    <TreeSelect
      data-testid={testId}
      value={value ?? undefined}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      loading={isLoading}
      placeholder={placeholder ?? t('widgets.pickCompany')}
      onChange={(v: number | string | null | undefined) => onChange?.(v === undefined || v === null ? undefined : v)}
      {...rest}
    />
  );
}
