// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { WIDGET_NAMES } from '@common/widgets';
import { i18n } from '../../i18n/i18n';
import { formWidgets } from './default-widgets';
import { ImageUploadWidget } from './upload-widget';
import { decodePicks, encodePicks } from './multi-picker';
import { countLabel, pictureUrls } from './image-preview-widget';

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
afterEach(cleanup);

function widgetProps(overrides: Partial<WidgetProps>): WidgetProps {
  return {
    id: 'root_logo',
    name: 'logo',
    label: 'Logo',
    value: undefined,
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    options: {},
    schema: { type: 'string' },
    registry: {} as WidgetProps['registry'],
    ...overrides,
  } as WidgetProps;
}

describe('default widgets', () => {
  it('registers a component for every widget name schemas may use', () => {
    for (const name of WIDGET_NAMES) expect(formWidgets.resolve(name, 'test')).toBeTypeOf('function');
  });

  it('image-upload refuses a file at or above x-max-bytes before sending, with the server message, and keeps the value', async () => {
    const onChange = vi.fn();
    const { container } = render(<ImageUploadWidget {...widgetProps({ onChange, schema: { type: 'string', 'x-max-bytes': 1024 } as WidgetProps['schema'] })} />);
    const input = container.querySelector('input[type="file"]')!;
    const big = new File([new Uint8Array(1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveProperty('textContent', 'The file is too large (at most 1 KB)'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("pickers store '*' when everything is chosen and read it back", () => {
    const months = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(encodePicks(months, months)).toBe('*');
    expect(encodePicks([3, 1], months)).toBe('1,3');
    expect(decodePicks('*', months)).toEqual(months);
    expect(decodePicks('1,3,13', months)).toEqual([1, 3]);
    expect(decodePicks(undefined, months)).toEqual([]);
  });

  it('the image preview shows the first of a comma list and caps its counter at 99+', () => {
    expect(pictureUrls('/a.png, /b.png')).toEqual(['/a.png', '/b.png']);
    expect(countLabel(99)).toBe('99');
    expect(countLabel(100)).toBe('99+');
  });
});
