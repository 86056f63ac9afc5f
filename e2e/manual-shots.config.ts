import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run manual:shots`: the manual's screenshots from the real portal (manual-shots/), on the
 * same production server from the build as the browser suite (build first), one worker.
 */
export default defineConfig({
  ...base,
  testDir: './manual-shots',
  testMatch: /\.shots\.ts$/,
  workers: 1,
  timeout: 600_000,
  projects: [{ name: 'manual-shots' }],
  // The demo seed on a fresh database: more than a minute on a busy machine.
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? { ...base.webServer, timeout: 180_000 }
      : base.webServer,
});
