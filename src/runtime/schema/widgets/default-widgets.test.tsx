// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { WIDGET_NAMES } from '@common/widgets';
import { i18n } from '../../i18n/i18n';
import { formWidgets } from './default-widgets';
import { ImageUploadWidget } from './image-upload-widget';

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

  it('image-upload refuses a file above x-max-bytes with a clear message and keeps the value', async () => {
    const onChange = vi.fn();
    const { container } = render(<ImageUploadWidget {...widgetProps({ onChange, schema: { type: 'string', 'x-max-bytes': 1024 } as WidgetProps['schema'] })} />);
    const input = container.querySelector('input[type="file"]')!;
    const big = new File([new Uint8Array(4096)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveProperty('textContent', 'The image is 4 KB, larger than the limit of 1 KB'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('image-upload turns an accepted file into a data URL', async () => {
    const onChange = vi.fn();
    const { container } = render(<ImageUploadWidget {...widgetProps({ onChange, schema: { type: 'string', 'x-max-bytes': 1024 } as WidgetProps['schema'] })} />);
    const small = new File([new Uint8Array([137, 80, 78, 71])], 'small.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [small] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/png;base64,/)));
  });
});
