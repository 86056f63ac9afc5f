// The long tasks of a signed-in page on a phone's CPU, each with the source lines it spent its
// time in (docs/performance.md, "The phone start, task by task"). Lighthouse says how long the
// main thread was blocked; this says by what.
//
//   node tools/lighthouse/long-tasks.mjs <origin> <path> <login> <password> [runs]
//   e.g. node tools/lighthouse/long-tasks.mjs http://localhost:8307 /lms/library student Student1 2
//   (login and password '-': the page signed out, e.g. /lms/login)
//   LT_RATE=1 runs the CPU at full speed (the tasks as Lighthouse observes them before it scales
//   them); LT_MIN=<ms> lists tasks from that length (default 50); LT_EVENTS=1 adds the browser's
//   own events of 8 ms or more inside each task (a script's evaluation, a timer, layout).
//   LT_MOBILE=1 emulates the phone as Lighthouse does (touch, a 1.75 pixel ratio).
//
// Chromium (CHROME_PATH, default /usr/bin/chromium) at a 412 px phone's size signs in through the
// real form, then loads the page cold (HTTP cache off, no service worker) with the CPU slowed 4×
// as Lighthouse's mobile profile does, traced with V8's sampling profiler. Every task of 50 ms or
// more is printed with its start (ms after the navigation), its length, the browser's own work
// in it (style, layout, paint, script evaluation) and the source lines most samples fell in,
// mapped through the build's source maps (the files the portal serves from `<app>/dist`). The
// sum of each task's time over 50 ms is the page's blocking time as this run saw it.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'package.json'));
const { chromium } = require('playwright-core');
// webpack's own source-map reader; without it the lines stay the built files'.
let SourceMapConsumer = null;
try {
  ({ SourceMapConsumer } = require('source-map'));
} catch {
  console.error('source-map not found: lines are the built files’');
}

const [origin, path, login, password, runs = '1'] = process.argv.slice(2);
if (!origin || !path || !login || !password) {
  console.error('usage: long-tasks.mjs <origin> <path> <login> <password> [runs]');
  process.exit(2);
}
const MIN_TASK_US = Number(process.env.LT_MIN ?? 50) * 1000;
const BROWSER_WORK = ['UpdateLayoutTree', 'Layout', 'Paint', 'EvaluateScript', 'v8.compile'];

async function trace() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      ...(process.env.LT_MOBILE ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 } : {}),
      locale: 'ru-RU',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    if (login !== '-') {
      await page.goto(`${origin}/lms/login`);
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill(password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto('about:blank');
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.LT_RATE ?? 4) });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(`${origin}${path}`);
    await page.waitForLoadState('networkidle');
    const buffer = await browser.stopTracing();
    return JSON.parse(buffer.toString()).traceEvents;
  } finally {
    await browser.close();
  }
}

const maps = new Map();
/** The source map of a file the portal serves (`/lms/public/<app>/<file>.js`), or null. */
function mapOf(url) {
  if (maps.has(url)) return maps.get(url);
  let map = null;
  const served = /\/lms\/public\/([^/]+)\/(.+\.js)$/.exec(url ?? '');
  if (served && SourceMapConsumer) {
    const file = join(
      root,
      served[1] === 'shell' ? 'shell' : `mfe-${served[1]}`,
      'dist',
      `${served[2]}.map`,
    );
    if (existsSync(file)) map = new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')));
  }
  maps.set(url, map);
  return map;
}

/**
 * LT_BY=package: each sample counts for the library (or source file) its innermost frame is in;
 * LT_BY=function: for that frame's function and line.
 */
const BY_FUNCTION = process.env.LT_BY === 'function';
const BY_PACKAGE = process.env.LT_BY === 'package' || BY_FUNCTION;

function lineOf({ url, functionName, lineNumber, columnNumber }) {
  const original = mapOf(url)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (original?.source) {
    const source = original.source
      .replace(/^webpack:\/\/[^/]*\//, '')
      .replace(/.*node_modules\//, '');
    if (BY_FUNCTION) return `${source}:${original.line} ${functionName}`;
    if (BY_PACKAGE) {
      const pkg = /^(@[^/]+\/[^/]+|[^@/][^/]*)\//.exec(source);
      return /^(src|shared|webpack)$/.test(pkg?.[1] ?? '') ? source : (pkg?.[1] ?? source);
    }
    return `${source}:${original.line}`;
  }
  return url ? `${url.replace(/.*\/lms\//, '')}:${lineNumber + 1}` : functionName || '(program)';
}

function report(events) {
  const threads = events.filter(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const busy = (t) =>
    events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const main = threads.sort((a, b) => busy(b) - busy(a))[0];
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const start =
    events.find(
      (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes(path),
    )?.ts ?? own[0].ts;
  const nodes = new Map();
  const samples = [];
  let at = 0;
  for (const e of events.filter(
    (e) => e.pid === main.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'),
  )) {
    if (e.name === 'Profile') {
      at = e.args.data.startTime;
      continue;
    }
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    (profile.samples ?? []).forEach((id, i) => {
      at += e.args.data.timeDeltas[i];
      samples.push([at, id]);
    });
  }
  /** The innermost frame of the portal's own code (not a library's, not webpack's), else the innermost. */
  const lineFor = (id) => {
    if (BY_PACKAGE) return lineOf(nodes.get(id)?.callFrame ?? {});
    const frames = [];
    for (let node = nodes.get(id); node; node = nodes.get(node.parent))
      frames.push(lineOf(node.callFrame));
    const own = frames.find((l) => /^(src|shared\/dist)\//.test(l));
    return own ?? frames.find((l) => !l.startsWith('webpack/')) ?? frames[0] ?? '?';
  };
  let blocking = 0;
  for (const task of own.filter(
    (e) => e.name === 'RunTask' && e.dur >= MIN_TASK_US && e.ts >= start,
  )) {
    blocking += Math.max(0, task.dur - 50_000);
    const inside = own.filter((e) => e.dur && e.ts >= task.ts && e.ts < task.ts + task.dur);
    const work = BROWSER_WORK.map((name) => [
      name,
      inside.filter((e) => e.name === name).reduce((s, e) => s + e.dur, 0),
    ])
      .filter(([, us]) => us >= 1000)
      .map(([name, us]) => `${name} ${Math.round(us / 1000)}`);
    const lines = new Map();
    const taken = samples.filter(([ts]) => ts >= task.ts && ts < task.ts + task.dur);
    for (const [, id] of taken) {
      const line = lineFor(id);
      lines.set(line, (lines.get(line) ?? 0) + 1);
    }
    const top = [...lines]
      .sort((a, b) => b[1] - a[1])
      .slice(0, BY_PACKAGE ? Number(process.env.LT_TOP ?? 8) : 4);
    console.log(
      `${String(Math.round((task.ts - start) / 1000)).padStart(6)} ms  ${String(Math.round(task.dur / 1000)).padStart(4)} ms  ${work.join(', ')}`,
    );
    if (process.env.LT_EVENTS) {
      const events = inside.filter(
        (e) => e.dur >= 8000 && e.name !== 'RunTask' && e.name !== 'ProfileChunk',
      );
      for (const e of events) {
        const what = e.args?.data?.url ?? e.args?.data?.type ?? '';
        console.log(
          `          · ${e.name} ${Math.round(e.dur / 1000)} ms at +${Math.round((e.ts - task.ts) / 1000)} ${what}`,
        );
      }
    }
    for (const [line, count] of top)
      console.log(`        ${Math.round((100 * count) / Math.max(1, taken.length))}% ${line}`);
  }
  console.log(`blocking time (this run, CPU 4×): ${Math.round(blocking / 1000)} ms`);
}

for (let run = 1; run <= Number(runs); run += 1) {
  console.log(`— ${path} as ${login}, run ${run}`);
  report(await trace());
}
