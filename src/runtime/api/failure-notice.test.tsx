// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { i18n } from '../i18n/i18n';
import { FailureNotice } from './failure-notice';
import { reportFailure } from './failure-reports';

beforeAll(async () => {
  // antd reads matchMedia (responsive observers); jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('failure reports (spec §8: a failed call alerts with the common tip title)', () => {
  it('a report shows as a notification titled with the tip title while the console is mounted, and nowhere once it is not', async () => {
    const { unmount } = render(
      <App>
        <FailureNotice />
      </App>,
    );
    reportFailure('The request timed out');
    const notice = await screen.findByTestId('failure-notice');
    expect(notice.textContent).toContain('Tip');
    expect(notice.textContent).toContain('The request timed out');
    unmount();
    // No listener left: a report with no console mounted is dropped, not thrown.
    expect(() => reportFailure('again')).not.toThrow();
  });
});
