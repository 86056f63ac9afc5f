// Lighthouse 12.2.3, mobile form factor with its default simulated throttling, on the login page,
// the home page and every area's first screen (issue 44), against a portal that is already running (docs/performance.md, "Phone
// pages (Lighthouse)").
//
//   node tools/lighthouse/phone-pages.mjs [origin] [runs] [page ...]
//   e.g. node tools/lighthouse/phone-pages.mjs http://localhost:8306 3 /lms/login /lms@student
//   (a page is its path, every role that opens it, or path@login for one role)
//   LH_REPORT_DIR=/tmp/lh keeps each run's full report (JSON) there.
//
// Lighthouse and puppeteer-core are not dependencies of the portal (Lighthouse 13 needs Node 22;
// 12.2.3 pulls ~130 packages): the first run installs them into node_modules/.cache (or give
// NODE_PATH to a folder that has them). `npm run bench:lighthouse -- <origin> <runs> [page ...]`.
// Chromium: CHROME_PATH (default /usr/bin/chromium).
//
// Each run is a fresh Chromium. A signed-in page signs in through the real login form first (the
// session cookie and the XSRF cookie the page reads, the token flag in local storage), then the
// HTTP cache, service workers and Cache Storage are emptied, so the page loads cold, as a signed-in
// user's first visit of the day. The median of the runs is printed as a Markdown table.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where Lighthouse is: NODE_PATH when given, else a cache beside the repository's packages,
 * installed there on first use (`npm run bench:lighthouse` needs nothing installed by hand).
 */
function toolsDir() {
  if (process.env.NODE_PATH) return process.env.NODE_PATH;
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const cache = join(root, 'node_modules', '.cache', 'lighthouse-12.2.3');
  const modules = join(cache, 'node_modules');
  if (!existsSync(join(modules, 'lighthouse', 'package.json'))) {
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, 'package.json'), '{"private":true}\n');
    console.error(`Installing Lighthouse 12.2.3 into ${cache} (once)…`);
    execFileSync(
      'npm',
      [
        'install',
        '-E',
        '--no-save',
        '--no-audit',
        '--no-fund',
        'lighthouse@12.2.3',
        'puppeteer-core@24.43.1',
      ],
      { cwd: cache, stdio: 'inherit' },
    );
  }
  return modules;
}

const require = createRequire(join(toolsDir(), 'x.js'));
const load = (name) => import(require.resolve(name));
const { default: puppeteer } = await load('puppeteer-core');
const { default: lighthouse } = await load('lighthouse');

const origin = process.argv[2] ?? 'http://localhost:8080';
const RUNS = Number(process.argv[3] ?? 3);
const only = process.argv.slice(4);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The seed's demo accounts (README). */
const STUDENT = ['student', 'Student1'];
const TEACHER = ['teacher', 'Teacher1'];
const SENIOR = ['senior', 'Student1'];
const REGISTRAR = ['registrar', 'Registrar1'];

/**
 * The login page, the home page, and the first screen of every area of the apps pane for the
 * roles that open it (issue 44). A page is named by its path, or `path@login` for the same path
 * of another role (e.g. `/lms/registration@registrar`, the registrar's office).
 */
const PAGES = [
  { path: '/lms/login', account: null },
  { path: '/lms', account: STUDENT },
  { path: '/lms', account: TEACHER },
  { path: '/lms/apps', account: STUDENT },
  { path: '/lms/news', account: STUDENT },
  { path: '/lms/chat', account: STUDENT },
  { path: '/lms/journal', account: TEACHER },
  { path: '/lms/schedule', account: STUDENT },
  { path: '/lms/umk', account: STUDENT },
  { path: '/lms/library', account: STUDENT },
  { path: '/lms/registration', account: STUDENT },
  { path: '/lms/registration', account: REGISTRAR },
  { path: '/lms/paymentcode', account: STUDENT },
  { path: '/lms/singlewindow', account: STUDENT },
  { path: '/lms/singlewindow', account: REGISTRAR },
  { path: '/lms/transcript', account: SENIOR },
  { path: '/lms/testing', account: STUDENT },
  { path: '/lms/testing', account: TEACHER },
  { path: '/lms/statement', account: TEACHER },
  { path: '/lms/rating', account: STUDENT },
  { path: '/lms/documents', account: STUDENT },
  { path: '/lms/questionnaire', account: STUDENT },
  { path: '/lms/workload', account: TEACHER },
  { path: '/lms/staffaccess', account: REGISTRAR },
  { path: '/lms/rooms', account: TEACHER },
  { path: '/lms/webinars', account: STUDENT },
  { path: '/lms/manual', account: STUDENT },
  { path: '/lms/profile', account: STUDENT },
]
  .map((page) => ({ ...page, name: page.account ? `${page.path}@${page.account[0]}` : page.path }))
  .filter((page) => only.length === 0 || only.includes(page.name) || only.includes(page.path));

async function signIn(page, [login, password]) {
  await page.goto(`${origin}/lms/login`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('form button[type="submit"]:not([disabled])');
  await page.type('input[name="login"]', login);
  // The first key started the app, which takes the screen over: the fields are its from then on.
  await page.waitForSelector('html:not([data-prerendered])', { timeout: 60_000 });
  await page.type('input[name="password"]', password);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-layout]', { timeout: 60_000 });
}

async function measure({ path, name, account }) {
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--headless=new', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    if (account) {
      await signIn(page, account);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'service_workers,cache_storage',
      });
      await page.goto('about:blank');
    }
    const port = Number(new URL(browser.wsEndpoint()).port);
    const { lhr, artifacts } = await lighthouse(
      `${origin}${path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        // Signed in: keep the session (cookies, local storage); the caches were emptied above.
        disableStorageReset: account !== null,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      undefined,
      page,
    );
    // LH_REPORT_DIR: each run's full report (the audits behind a score), for a closer look.
    if (process.env.LH_REPORT_DIR) {
      mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const file = `${name.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(join(process.env.LH_REPORT_DIR, file), JSON.stringify(lhr));
      // The page load's trace beside it (open it in the browser's performance panel).
      writeFileSync(
        join(process.env.LH_REPORT_DIR, file.replace(/\.json$/, '.trace.json')),
        JSON.stringify(artifacts.Trace),
      );
    }
    const score = (name) => Math.round(lhr.categories[name].score * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
    };
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
for (const page of PAGES) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await measure(page);
    console.error(page.name, run + 1, JSON.stringify(result));
    runs.push(result);
  }
  const of = (key) => median(runs.map((run) => run[key]));
  rows.push(
    `| \`${page.name}\` | ${of('performance')} (${runs.map((run) => run.performance).join(' ')}) ` +
      `| ${(of('lcp') / 1000).toFixed(1)} s | ${Math.round(of('tbt'))} ms ` +
      `| ${of('accessibility')} | ${of('bestPractices')} |`,
  );
}
console.log('| page | performance (runs) | LCP | TBT | accessibility | best practices |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
