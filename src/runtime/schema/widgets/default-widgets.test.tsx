// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { WIDGET_NAMES } from '@common/widgets';
import { i18n } from '../../i18n/i18n';
import { formWidgets } from './default-widgets';
import { FileUploadWidget, ImageUploadWidget } from './upload-widget';
import { decodePicks, encodePicks, HourPickerWidget, MonthPickerWidget, WeekPickerWidget } from './multi-picker';
import { countLabel, ImagePreview, pictureUrls, previewTypeOf } from './image-preview-widget';
import { earlyRefusal } from './upload-request';

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
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** A stand-in XMLHttpRequest answering one upload: progress events, then the given JSON. */
function stubUploadServer(answer: { code: number; message: string; data?: unknown }) {
  const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** Titles of the chosen options in the open select dropdown (antd marks them selected). */
async function selectedOptions(): Promise<string[]> {
  await screen.findAllByRole('option');
  return [...document.querySelectorAll('.ant-select-item-option-selected')].map((o) => o.getAttribute('title') ?? '');
}

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

  it('image-upload (kind image: at most the limit) refuses a file above x-max-bytes before sending, with the server message, and keeps the value', async () => {
    const onChange = vi.fn();
    const { container } = render(<ImageUploadWidget {...widgetProps({ onChange, schema: { type: 'string', 'x-max-bytes': 1024 } as WidgetProps['schema'] })} />);
    const input = container.querySelector('input[type="file"]')!;
    const big = new File([new Uint8Array(1025)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveProperty('textContent', 'The file is too large (at most 1 KB)'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('the early refusal says what the server says, in each language, at the limit and above', () => {
    expect(earlyRefusal(512 * 1024 - 1, 512 * 1024, 'en')).toBeNull();
    expect(earlyRefusal(512 * 1024, 512 * 1024, 'en')).toBe('The file is too large (at most 0.5 MB)');
    expect(earlyRefusal(600 * 1024, 512 * 1024, 'zh')).toBe('文件过大（最大0.5 MB）');
    expect(earlyRefusal(2 * 1024 ** 3, 1024 ** 3, 'ja')).toBe('ファイルが大きすぎます（最大1 GB）');
  });

  it('a point picture (kind image) of exactly 512 KB passes, one byte more is refused (spec §5 "at most 512 KB")', () => {
    expect(earlyRefusal(512 * 1024, 512 * 1024, 'en', 'image')).toBeNull();
    expect(earlyRefusal(512 * 1024 + 1, 512 * 1024, 'en', 'image')).toBe('The file is too large (at most 0.5 MB)');
    expect(earlyRefusal(512 * 1024, 512 * 1024, 'en', 'logo')).toBe('The file is too large (at most 0.5 MB)');
  });

  it('image-upload sends the file to /api/upload?kind=<x-upload-kind> with the token, and stores the returned url 200 ms after success', async () => {
    const sent = stubUploadServer({ code: 0, message: 'Success', data: { url: '/uploads/2026-11/a1.png', name: 'logo.png', size: 3, type: 'png' } });
    const onChange = vi.fn();
    const { container } = render(<ImageUploadWidget {...widgetProps({ onChange, schema: { type: 'string', 'x-upload-kind': 'logo' } as WidgetProps['schema'] })} />);
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [new File([new Uint8Array(3)], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(container.querySelector('.ant-progress')).not.toBeNull());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/uploads/2026-11/a1.png'));
    expect(sent[0]!.url).toBe('/api/upload?kind=logo');
    expect((sent[0]!.body.get('file') as File).name).toBe('logo.png');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("file-upload shows the server's refusal and leaves the field as it was", async () => {
    stubUploadServer({ code: 400, message: 'Wrong file format: png/jpeg expected' });
    const onChange = vi.fn();
    const { container } = render(<FileUploadWidget {...widgetProps({ value: '/uploads/old.pdf', onChange })} />);
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [new File(['%PDF'], 'x.pdf')] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong file format: png/jpeg expected'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('old.pdf')).toBeTruthy();
  });

  it("pickers store '*' when everything is chosen and read it back", () => {
    const months = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(encodePicks(months, months)).toBe('*');
    expect(encodePicks([3, 1], months)).toBe('1,3');
    expect(decodePicks('*', months)).toEqual(months);
    expect(decodePicks('1,3,13', months)).toEqual([1, 3]);
    expect(decodePicks(undefined, months)).toEqual([]);
  });

  it("the month picker's All shortcut stores '*', None clears; '1,3' shows January and March", async () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<MonthPickerWidget {...widgetProps({ id: 'root_months', value: '1,3', onChange })} />);
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    expect(await selectedOptions()).toEqual(['Jan', 'Mar']);
    fireEvent.click(await screen.findByTestId('root_months-all'));
    expect(onChange).toHaveBeenLastCalledWith('*');
    fireEvent.click(screen.getByTestId('root_months-none'));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    rerender(<MonthPickerWidget {...widgetProps({ id: 'root_months', value: '*', onChange })} />);
    expect(decodePicks('*', Array.from({ length: 12 }, (_, i) => i + 1))).toHaveLength(12);
  });

  it('the hour picker shows the shortcuts (24 options, above 5) and stores ascending numbers', async () => {
    const onChange = vi.fn();
    const { container } = render(<HourPickerWidget {...widgetProps({ id: 'root_hours', value: '9', onChange })} />);
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    expect(await screen.findByTestId('root_hours-all')).toBeTruthy();
    fireEvent.click(screen.getByTitle('02:00'));
    expect(onChange).toHaveBeenLastCalledWith('2,9');
  });

  it('week days are labelled Sunday first in the three languages', async () => {
    const labels = async (lang: 'en' | 'zh' | 'ja') => {
      await i18n.changeLanguage(lang);
      const { container, unmount } = render(<WeekPickerWidget {...widgetProps({ id: `root_week_${lang}`, value: '0,6' })} />);
      fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
      const out = await selectedOptions();
      unmount();
      return out;
    };
    expect(await labels('en')).toEqual(['Sunday', 'Saturday']);
    expect(await labels('zh')).toEqual(['周日', '周六']);
    expect(await labels('ja')).toEqual(['日曜日', '土曜日']);
  });

  it('the image preview shows the first of a comma list and caps its counter at 99+', () => {
    expect(pictureUrls('/a.png, /b.png')).toEqual(['/a.png', '/b.png']);
    expect(countLabel(99)).toBe('99');
    expect(countLabel(100)).toBe('99+');
    const many = Array.from({ length: 120 }, (_, i) => `/uploads/p${i}.jpg`);
    const { container, rerender } = render(<ImagePreview value={many.join(',')} previewType={2} />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/uploads/p0.jpg');
    // Named for screen readers (axe image-alt): what it is, and its preview type.
    expect(container.querySelector('img')!.getAttribute('alt')).toBe('Picture · Black list');
    expect(screen.getByTestId('image-preview-count').textContent).toContain('99+');
    expect(screen.getByTestId('image-preview-type').textContent).toBe('Black list');
    rerender(<ImagePreview value={many.slice(0, 7)} />);
    expect(screen.getByTestId('image-preview-count').textContent).toContain('7');
    expect(screen.queryByTestId('image-preview-type')).toBeNull();
    cleanup();
    render(<ImagePreview value="/uploads/one.jpg" />);
    expect(screen.getByTestId('image-preview-count').textContent).toBe('');
  });

  it('the preview type comes from x-preview-type, or from the record field it names', () => {
    expect(previewTypeOf(3)).toBe(3);
    expect(previewTypeOf('kind', { kind: 4 })).toBe(4);
    expect(previewTypeOf('kind', { kind: '1' })).toBe(1);
    expect(previewTypeOf(9)).toBeUndefined();
    expect(previewTypeOf(undefined)).toBeUndefined();
  });
});
