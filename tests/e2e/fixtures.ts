import { test as base, expect } from '@playwright/test';

export { expect };
export type { Browser, Locator, Page } from '@playwright/test';

/**
 * Every spec's `test`: fails a test whose pages broke the content security policy (issue 18):
 * the console, its workers, video players and the framed protocol reference must live with it.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: import('@playwright/test').Page) =>
        page.on('console', (m) => {
          if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
