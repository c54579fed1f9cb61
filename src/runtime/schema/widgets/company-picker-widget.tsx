/** `company-picker`: a tree of the companies the caller may see (getCompanysByRoleId). */
import { useEffect } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useSession } from '../../session/session-store';
import { CompanyTreeSelect } from './company-tree-select';

/** The tree of companies (kept here for the modules that import it from the widget). */
export { companyTree } from './company-tree-select';

/** Company picker widget. */
export function CompanyPickerWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  const session = useSession();
  // Spec §6: at the maximum layer there is nothing below the caller's company, so the selector is
  // hidden and the field is the caller's own company.
  const atMaxLayer = !!session && typeof session.layer === 'number' && typeof session.maxLayer === 'number' && session.layer >= session.maxLayer;
  useEffect(() => {
    if (atMaxLayer && value !== session.companyId && !(disabled || readonly)) onChange(session.companyId);
  }, [atMaxLayer]); // once, when the field first shows
  if (atMaxLayer) return <Input id={id} value={String(session.companyName ?? '')} disabled data-testid="company-picker-fixed" />;
  return (
    <CompanyTreeSelect
      id={id}
      refId={(schema['x-ref'] as string | undefined) ?? 'company'}
      style={{ width: '100%' }}
      value={value}
      allowClear
      disabled={disabled || readonly}
      placeholder={placeholder || undefined}
      onChange={(v) => onChange(v)}
    />
  );
}
