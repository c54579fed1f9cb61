/**
 * Column picker of the generated lists: a checklist of the `x-list.columns`, remembered per
 * entity in localStorage. The choice is stored as the columns the user *hid*, so a column a
 * schema adds later shows up by default; at least one column always stays.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { persistedValue, type PersistedValue } from '../../session/persisted-value';

/** localStorage key of an entity's hidden columns. */
export const columnStorageKey = (entityId: string) => `fc.list.hiddenColumns.${entityId}`;

const stores = new Map<string, PersistedValue<string[]>>();

/** The persisted hidden-column list of an entity (one store per entity, shared by every mounted list). */
export function hiddenColumnStore(entityId: string): PersistedValue<string[]> {
  let store = stores.get(entityId);
  if (!store) stores.set(entityId, (store = persistedValue<string[]>(columnStorageKey(entityId), 'local')));
  return store;
}

/** The columns to show, in schema order: all but the hidden ones, and never none. */
export function visibleColumns(all: readonly string[], hidden: readonly string[] | undefined): string[] {
  const hide = new Set(Array.isArray(hidden) ? hidden : []);
  const shown = all.filter((c) => !hide.has(c));
  return shown.length ? shown : [...all];
}

/** The hidden list to store for a wanted visible set (an empty choice keeps the first column). */
export function hiddenFor(all: readonly string[], visible: readonly string[]): string[] {
  const show = new Set(visible.filter((c) => all.includes(c)));
  if (show.size === 0 && all.length) show.add(all[0]!);
  return all.filter((c) => !show.has(c));
}

/** The visible columns of an entity's list and a setter that persists the choice. */
export function useColumnChoice(entityId: string, all: readonly string[]): [string[], (visible: string[]) => void] {
  const store = hiddenColumnStore(entityId);
  const hidden = useSyncExternalStore(store.subscribe, store.get, store.get);
  const key = all.join(',');
  const visible = useMemo(() => visibleColumns(all, hidden), [key, hidden]);
  return [visible, (next) => store.set(hiddenFor(all, next))];
}

/** Props of the column picker button. */
export interface ColumnPickerProps {
  entityId: string;
  /** Every pickable column, in order, with its label in the current language. */
  columns: { name: string; label: string }[];
  visible: string[];
  onChange: (visible: string[]) => void;
}

/** A button opening the column checklist. */
export function ColumnPicker({ entityId, columns, visible, onChange }: ColumnPickerProps) {
  const { t } = useTranslation();
  const shown = new Set(visible);
  const all = columns.map((c) => c.name);
  const content = (
    <div data-testid={`column-picker-${entityId}`} style={{ maxHeight: 360, overflowY: 'auto', minWidth: 180 }}>
      <Space direction="vertical" size={4}>
        {columns.map((c) => {
          const checked = shown.has(c.name);
          // The last visible column cannot be unticked: a list always shows something.
          const last = checked && shown.size === 1;
          return (
            <Checkbox
              key={c.name}
              checked={checked}
              disabled={last}
              data-testid={`column-toggle-${c.name}`}
              onChange={(e) => onChange(e.target.checked ? all.filter((n) => shown.has(n) || n === c.name) : visible.filter((n) => n !== c.name))}
            >
              {c.label}
            </Checkbox>
          );
        })}
      </Space>
      <div style={{ borderTop: '1px solid rgba(128,128,128,0.2)', marginTop: 8, paddingTop: 4 }}>
        <Typography.Link disabled={shown.size === all.length} onClick={() => onChange(all)} data-testid={`column-reset-${entityId}`}>
          {t('entity.columnsShowAll')}
        </Typography.Link>
      </div>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('entity.columnsHint')} content={content}>
      <Button icon={<TableOutlined />} data-testid={`entity-columns-${entityId}`}>
        {t('entity.columns')}
      </Button>
    </Popover>
  );
}
