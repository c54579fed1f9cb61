// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { AppProviders } from './app-providers';

beforeAll(() => {
  // antd reads matchMedia; jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});
afterEach(cleanup);

describe('AppProviders', () => {
  it('keeps a two-character CJK button label as written (antd would show "处 理")', () => {
    render(
      <AppProviders>
        <Button type="primary">处理</Button>
        <Button>処理</Button>
      </AppProviders>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['处理', '処理']);
  });
});
