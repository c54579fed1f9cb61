import { defineConfig } from '@playwright/test';
import base from '../e2e/playwright.config';

/**
 * `npm run screenshots`: the README's pictures (docs/screenshots), taken from the same real server
 * the end-to-end suite starts (built console, PGlite, broker, simulator) in Debian's Chromium.
 * Not part of `npm test`: it writes files into the repository, it checks nothing.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'readme.shots.ts',
  retries: 0,
  timeout: 180_000,
});
