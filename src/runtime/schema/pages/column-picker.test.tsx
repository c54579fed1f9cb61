// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n/i18n';
import { ColumnPicker, columnStorageKey, hiddenFor, useColumnChoice, visibleColumns } from './column-picker';

beforeAll(async () => {
  // antd reads matchMedia (responsive observers); jsdom has none.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ALL = ['name', 'parentId', 'domain', 'enabled'];
const LABELS: Record<string, string> = { name: 'Name', parentId: 'Parent', domain: 'Domain', enabled: 'Status' };

/** The list header as the list page wires it: the picker and the headers it shows. */
function Harness({ entityId, all = ALL }: { entityId: string; all?: string[] }) {
  const [visible, setVisible] = useColumnChoice(entityId, all);
  return (
    <>
      <ColumnPicker entityId={entityId} columns={all.map((c) => ({ name: c, label: LABELS[c] ?? c }))} visible={visible} onChange={setVisible} />
      <div data-testid="headers">{visible.join(',')}</div>
    </>
  );
}

const headers = () => screen.getByTestId('headers').textContent;
const box = (name: string) => {
  const el = screen.getByTestId(`column-toggle-${name}`);
  return (el instanceof HTMLInputElement ? el : el.querySelector('input')) as HTMLInputElement;
};

describe('column picker', () => {
  it('keeps schema order, hides what was unticked and never shows nothing', () => {
    expect(visibleColumns(ALL, ['domain'])).toEqual(['name', 'parentId', 'enabled']);
    expect(visibleColumns(ALL, ALL)).toEqual(ALL);
    expect(visibleColumns(ALL, undefined)).toEqual(ALL);
    expect(hiddenFor(ALL, ['enabled', 'name'])).toEqual(['parentId', 'domain']);
    expect(hiddenFor(ALL, [])).toEqual(['parentId', 'domain', 'enabled']);
  });

  it('persists the choice per entity in localStorage, and a column added to the schema later shows', () => {
    const first = render(<Harness entityId="company" />);
    fireEvent.click(screen.getByTestId('entity-columns-company'));
    expect(box('domain').checked).toBe(true);
    act(() => void fireEvent.click(box('domain')));
    expect(headers()).toBe('name,parentId,enabled');
    expect(JSON.parse(localStorage.getItem(columnStorageKey('company'))!)).toEqual(['domain']);
    expect(localStorage.getItem(columnStorageKey('robot'))).toBeNull();
    first.unmount();

    // A new visit (same browser): the choice is still there; a new schema column is visible.
    render(<Harness entityId="company" all={[...ALL, 'address']} />);
    expect(headers()).toBe('name,parentId,enabled,address');
  });

  it('lets the last visible column stay: its box is disabled', () => {
    localStorage.setItem(columnStorageKey('user'), JSON.stringify(['parentId', 'domain', 'enabled']));
    render(<Harness entityId="user" />);
    fireEvent.click(screen.getByTestId('entity-columns-user'));
    expect(headers()).toBe('name');
    expect(box('name').disabled).toBe(true);
    act(() => void fireEvent.click(screen.getByTestId('column-reset-user')));
    expect(headers()).toBe(ALL.join(','));
  });
});
