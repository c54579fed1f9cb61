/**
 * The list filters' heavy controls (list-filters.tsx loads them lazily, issue 23): the date range
 * (antd RangePicker with presets), the company tree and the number box.
 */
import { useMemo } from 'react';
import { DatePicker, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { datePattern } from '../../i18n/format';
import { CompanyTreeSelect } from '../widgets/company-tree-select';
import { baseType, type FilterControlProps } from './filter-control-props';

export function NumberFilter({ id, label, property, value, onChange }: FilterControlProps) {
  return (
    <InputNumber
      id={id}
      placeholder={label}
      style={{ width: 140 }}
      min={property.minimum}
      max={property.maximum}
      precision={baseType(property) === 'integer' ? 0 : undefined}
      value={value as number | null}
      onChange={(v) => onChange?.(v)}
    />
  );
}

export function DateRangeFilter({ id, name, value, onChange }: FilterControlProps) {
  const { t, i18n } = useTranslation();
  const presets = useMemo(() => {
    const today = dayjs();
    return [
      { label: t('filters.today'), value: [today.startOf('day'), today.endOf('day')] as [Dayjs, Dayjs] },
      { label: t('filters.last7Days'), value: [today.subtract(6, 'day').startOf('day'), today.endOf('day')] as [Dayjs, Dayjs] },
      { label: t('filters.last30Days'), value: [today.subtract(29, 'day').startOf('day'), today.endOf('day')] as [Dayjs, Dayjs] },
    ];
  }, [t]);
  return (
    <span data-testid={`filter-range-${name}`}>
      <DatePicker.RangePicker
        id={id}
        allowEmpty={[true, true]}
        placeholder={[t('filters.from'), t('filters.to')]}
        presets={presets}
        format={datePattern(i18n.language, 'date')}
        value={value as [Dayjs | null, Dayjs | null] | null}
        onChange={(v) => onChange?.(v)}
        style={{ width: 260 }}
      />
    </span>
  );
}

export function CompanyFilter({ id, property, value, onChange }: FilterControlProps) {
  return <CompanyTreeSelect id={id} refId={property['x-ref'] ?? 'company'} style={{ minWidth: 200 }} value={value as number | string | undefined} allowClear popupMatchSelectWidth={false} onChange={(v) => onChange?.(v)} />;
}
