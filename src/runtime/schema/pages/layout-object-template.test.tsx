// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import Form from '@rjsf/antd';
import validator from '@rjsf/validator-ajv8';
import { LayoutObjectTemplate, placedFields, type FormLayoutItem } from './layout-object-template';

beforeAll(() => {
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
});
afterEach(cleanup);

const SCHEMA = {
  type: 'object' as const,
  properties: { title: { type: 'string' as const, title: 'Title' }, left: { type: 'string' as const, title: 'Left' }, right: { type: 'string' as const, title: 'Right' }, extra: { type: 'string' as const, title: 'Extra' } },
};
const LAYOUT: FormLayoutItem[] = [
  { field: 'title' },
  { type: 'text', key: 'note', options: { defaultValue: 'Fill in both sides' } },
  { type: 'grid', key: 'g1', options: { gutter: 8, justify: 'start', align: 'top' }, columns: [{ span: 12, list: [{ field: 'left' }] }, { span: 12, list: [{ field: 'right' }] }] },
];

function renderForm(layout?: FormLayoutItem[]) {
  return render(<Form schema={SCHEMA} validator={validator} templates={{ ObjectFieldTemplate: LayoutObjectTemplate }} formContext={{ layout, colSpan: { string: 12 } }} />);
}

describe('designer layout in generated dialogs', () => {
  it('finds the fields a layout places, nested grids included', () => {
    expect([...placedFields(LAYOUT)]).toEqual(['title', 'left', 'right']);
  });

  it('puts grid fields side by side in their columns, shows static text, and keeps unplaced fields', () => {
    renderForm(LAYOUT);
    const grid = screen.getByTestId('form-grid-g1');
    const cols = grid.querySelectorAll(':scope > .ant-col');
    expect(cols).toHaveLength(2);
    expect(cols[0]!.className).toContain('ant-col-12');
    expect(within(cols[0] as HTMLElement).getByLabelText('Left')).toBeTruthy();
    expect(within(cols[1] as HTMLElement).getByLabelText('Right')).toBeTruthy();
    expect(screen.getByText('Fill in both sides')).toBeTruthy();
    // Not in the layout: still in the form, after it.
    expect(screen.getByLabelText('Extra')).toBeTruthy();
    expect(within(screen.getByTestId('form-layout')).getByLabelText('Title')).toBeTruthy();
  });

  it('renders as before without a layout', () => {
    renderForm(undefined);
    expect(screen.queryByTestId('form-layout')).toBeNull();
    expect(screen.getByLabelText('Left')).toBeTruthy();
  });
});
