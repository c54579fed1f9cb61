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
  timeout: 240_000,
  // The demo as npm start runs it, but with alarms coming every half minute so the alarm list has rows.
  webServer: base.webServer && !Array.isArray(base.webServer) ? { ...base.webServer, env: { ...base.webServer.env, SIM_ALARM_MINUTES: '0.5' } } : base.webServer,
});
