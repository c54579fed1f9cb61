/**
 * The company a new building or map belongs to (issue 22): a tree of the companies of the caller's
 * tree, shown only when there is more than one (a caller at the maximum layer has only its own).
 * The server checks the choice is in the caller's tree.
 */
import { useMemo } from 'react';
import { Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyTree, useRefOptions } from '@runtime';

/** The visible companies (getCompanysByRoleId through x-ref company). */
export function useCompanyChoices() {
  const { options, isLoading } = useRefOptions('company');
  const tree = useMemo(() => companyTree(options), [options]);
  return { options, tree, isLoading, many: options.length > 1 };
}

/** A `companyId` form item with the company tree; nothing when the caller sees one company only. */
export function CompanyFormItem({ testId, onChange }: { testId: string; onChange?: (companyId: number) => void }) {
  const { t } = useTranslation('map-manage');
  const { tree, isLoading, many } = useCompanyChoices();
  if (!many) return null;
  return (
    <Form.Item name="companyId" label={t('col.company')} rules={[{ required: true, message: t('required', { field: t('col.company') }) }]}>
      <TreeSelect
        data-testid={testId}
        treeData={tree}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        loading={isLoading}
        onChange={(v: number) => onChange?.(v)}
      />
    </Form.Item>
  );
}
