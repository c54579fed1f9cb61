/**
 * `map-route-picker`: a route of the map chosen in the form's sibling `mapId` field — the names of
 * the map's path elements (map editor routes), read with getMapElements. A value that names no
 * route of the map (a task written before, a route since renamed) stays shown as it is.
 */
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { MapElementKind } from '@common/map';

/** The field holding the chosen map. */
const MAP_FIELD = 'mapId';

/** The route names of a getMapElements answer, each once, in the map's order. */
export function routeNames(answer: unknown): string[] {
  const elements = (answer as { elements?: unknown } | null)?.elements;
  if (!Array.isArray(elements)) return [];
  const names = elements
    .filter((e): e is { kind: number; name: string } => e?.kind === MapElementKind.path && typeof e.name === 'string' && e.name.trim() !== '')
    .map((e) => e.name);
  return [...new Set(names)];
}

/** The widget: a Select of the chosen map's route names, disabled until a map is chosen. */
export function MapRoutePickerWidget({ id, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider();
  const mapId = (registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData?.[MAP_FIELD];
  const chosen = typeof mapId === 'number' ? mapId : null;
  const { data, isLoading } = useQuery({
    queryKey: ['fleet-console', 'map-routes', chosen],
    enabled: chosen !== null,
    staleTime: 30_000,
    retry: false,
    queryFn: async ({ signal }) => (await dataProvider().custom!({ url: 'getMapElements', method: 'post', payload: { mapId: chosen }, meta: { queryContext: { signal } as never } })).data,
  });
  const options = routeNames(data).map((name) => ({ value: name, label: name }));
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      showSearch
      loading={chosen !== null && isLoading}
      value={typeof value === 'string' && value !== '' ? value : undefined}
      options={options}
      disabled={disabled || readonly || chosen === null}
      placeholder={chosen === null ? t('entity.chooseMapFirst') : undefined}
      notFoundContent={chosen !== null && !isLoading ? t('entity.noRoutes') : undefined}
      allowClear
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}
