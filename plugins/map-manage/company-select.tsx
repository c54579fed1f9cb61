/**
 * The company a new building or map belongs to (issue 22): a tree of the companies of the caller's
 * tree, shown only when there is more than one (a caller at the maximum layer has only its own).
 * The server checks the choice is in the caller's tree.
 */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CompanyTreeSelect, useRefOptions } from '@runtime';

/** The visible companies (getCompanysByRoleId through x-ref company). */
export function useCompanyChoices() {
  const { options, isLoading } = useRefOptions('company');
  return { options, isLoading, many: options.length > 1 };
}

/** A `companyId` form item with the company tree; nothing when the caller sees one company only. */
export function CompanyFormItem({ testId, onChange }: { testId: string; onChange?: (companyId: number) => void }) {
  const { t } = useTranslation('map-manage');
  const { many } = useCompanyChoices();
  if (!many) return null;
  return (
    <Form.Item name="companyId" label={t('col.company')} rules={[{ required: true, message: t('required', { field: t('col.company') }) }]}>
      <CompanyTreeSelect testId={testId} onChange={(v) => v !== undefined && onChange?.(Number(v))} />
    </Form.Item>
  );
}
