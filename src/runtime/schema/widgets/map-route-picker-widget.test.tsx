// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { i18n } from '../../i18n/i18n';
import { MapRoutePickerWidget, routeNames } from './map-route-picker-widget';

beforeAll(async () => {
  // antd reads matchMedia (responsive observers); jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('map-route-picker', () => {
  it('offers the names of the map\'s routes (path elements), each once, in the map\'s order', () => {
    const answer = {
      mapId: 1,
      elements: [
        { id: '1', kind: 101, name: 'Hall', points: [] },
        { id: '2', kind: 100, name: 'Forbidden', points: [] },
        { id: '3', kind: 101, name: 'Dock', points: [] },
        { id: '4', kind: 101, name: 'Hall', points: [] },
        { id: '5', kind: 101, name: ' ', points: [] },
      ],
    };
    expect(routeNames(answer)).toEqual(['Hall', 'Dock']);
    expect(routeNames(null)).toEqual([]);
    expect(routeNames({ elements: 'x' })).toEqual([]);
  });

  it('asks for the map first while the form has none chosen', () => {
    const props = { id: 'root_routeName', name: 'routeName', label: 'Route', value: undefined, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), options: {}, schema: { type: 'string' }, registry: { formContext: { formData: {} } } } as unknown as WidgetProps;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MapRoutePickerWidget {...props} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Choose the map first')).toBeTruthy();
    expect(document.querySelector('.ant-select-disabled')).not.toBeNull();
  });
});
