import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, DATA_DIR, PORT, REPO_ROOT, SCHEDULE_CLOCK_START } from './support/server';

/**
 * Browser suite against the production server started from the build (run `npm run build` first;
 * `npm test` does). Debian's Chromium, not a downloaded browser.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  // A run that hangs ends with a report of what did not finish, inside CI's limit.
  globalTimeout: 50 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // CI keeps a run's tail: the failures are summed up, with why, at the end.
  reporter: [[process.env.CI ? 'line' : 'list'], ['./support/failure-summary-reporter.ts']],
  // Per port, so two suites run side by side (LMS_E2E_PORT) never delete each other's traces.
  outputDir: PORT === 18080 ? './test-results' : `./test-results-${PORT}`,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    // The portal's service worker stays out of the suite (page.route sees every request);
    // tests/pwa*.spec.ts let it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'portal', testIgnore: [/\.release\.spec\.ts$/, /\.registry\.spec\.ts$/] },
    // These rewrite the registry every page reads: after the rest, and one project at a time
    // (a project's files would otherwise run side by side on the two workers).
    // Deploys and rolls back a remote.
    { name: 'release', testMatch: /news\.release\.spec\.ts$/, dependencies: ['portal'] },
    // Adds a module, refuses an incompatible build, previews a candidate.
    { name: 'modules', testMatch: /modules\.release\.spec\.ts$/, dependencies: ['release'] },
    // Breaks the registry by hand (a remote missing).
    { name: 'registry', testMatch: /\.registry\.spec\.ts$/, dependencies: ['modules'] },
    // Deploys a remote while a page is open: the "new version" prompt (service worker allowed).
    { name: 'pwa-release', testMatch: /pwa\.release\.spec\.ts$/, dependencies: ['registry'] },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/lms/config.json`,
    env: {
      PORT: String(PORT),
      LMS_DATA_DIR: DATA_DIR,
      LMS_SCHEDULE_CLOCK_START: SCHEDULE_CLOCK_START,
    },
    reuseExistingServer: false,
    // A fresh start migrates and seeds the database: on a busy 2-core machine that takes minutes.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
