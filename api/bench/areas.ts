// The portal's areas on a phone, in a real browser (bench/phone.ts's profile: 375 px, CPU 4×
// slower, 150 ms round trip, 1.6 Mbit/s), against the production server:
// - tile tap: a student signs in, the home page shows (a phone's opens on the applications), they
//   scroll once and look for a few seconds (the shell fetches the areas' code ahead once
//   somebody is there), then tap the area's tile; measured from the tap to the area usable;
// - tap at once: a signed-in student opens /lms/apps with an empty HTTP cache (no service
//   worker, no Cache Storage: nothing fetched ahead) and taps the area's tile 1.5 s after the
//   navigation began (or when the tile is first on screen, if later), before the shell's
//   fetching ahead of the areas has begun; measured from the tap to the area usable;
// - deep link: the area's address loaded again in the same browser (its HTTP cache warm), from
//   the navigation's start to the area usable; on the phone profile and on a desktop with no
//   throttling.
// "Usable": the area's heading is on screen (its PageFrame's h1, `data-remote` of its remote)
// and no loading text is (the kit's Loading, a table still busy). Measured inside the page.
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  homeShown,
  LOADS,
  median,
  openPage,
  type PhoneRow,
  type Profile,
} from './phone.js';

/**
 * The areas timed, by their module key in the registry (a student's tiles); BENCH_AREA_KEYS
 * (comma-separated keys) times only some of them.
 */
export const AREAS = process.env.BENCH_AREA_KEYS
  ? process.env.BENCH_AREA_KEYS.split(',').map((key) => key.trim())
  : ['library', 'umk', 'registration', 'paymentcode', 'journal'];

export const AREA_TARGETS = {
  tileTapMs: 800,
  tapAtOnceMs: 800,
  deepLinkPhoneMs: 1500,
  deepLinkDesktopMs: 600,
};

/** The time after the home page before the tap (a person looking at it, scrolling once). */
const IDLE_MS = 4000;
/** The tap made at once: this long after the applications page's navigation began. */
const AT_ONCE_MS = 1500;

// Watches, on every page of the context, for the area named in session storage to be usable;
// a tap (capture phase) starts a new measurement.
const WATCH_AREA = `(() => {
  const bench = { remote: null, tapAt: null, usableAt: null };
  window.__lmsArea = bench;
  const visible = (element) => Boolean(element && element.getClientRects().length);
  const check = () => {
    const remote = sessionStorage.getItem('lmsBenchRemote');
    if (!remote || bench.usableAt !== null) return;
    const heading = document.querySelector('[data-remote="' + remote + '"] h1');
    if (!visible(heading)) return;
    for (const loading of document.querySelectorAll('.lms-ui-loading, [data-remote="' + remote + '"] [aria-busy="true"]')) {
      if (visible(loading)) return;
    }
    bench.usableAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  document.addEventListener('click', () => {
    if (!sessionStorage.getItem('lmsBenchRemote')) return;
    bench.tapAt = performance.now();
    bench.usableAt = null;
  }, true);
})();`;

interface Area {
  key: string;
  remote: string;
  path: string;
}

async function areasOf(base: string): Promise<Area[]> {
  const registry = (await (await fetch(`${base}/lms/remotes.json`)).json()) as {
    modules: Array<{ key: string; remote: string; routes: string[] }>;
  };
  return AREAS.flatMap((key) => {
    const module = registry.modules.find((candidate) => candidate.key === key);
    return module ? [{ key, remote: module.remote, path: `/lms/${module.routes[0]}` }] : [];
  });
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/lms/login`, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction('window.__lmsBench.usableAt !== null', undefined, { timeout: 60_000 });
  await page.locator('input[name="login"]').fill('student');
  await page.locator('input[name="password"]').fill('Student1');
  await page.locator('form button[type="submit"]').click();
  await homeShown(page);
}

async function usable(page: Page): Promise<number> {
  await page.waitForFunction('window.__lmsArea && window.__lmsArea.usableAt !== null', undefined, {
    timeout: 60_000,
    polling: 100,
  });
  return (await page.evaluate(
    '(() => window.__lmsArea.usableAt - (window.__lmsArea.tapAt ?? 0))()',
  )) as number;
}

/** Tile tap, then deep link (warm cache) on the phone; a new browser, cold cache. */
async function phoneRun(base: string, area: Area): Promise<{ tap: number; link: number }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const { page } = await openPage(browser, { phone: true, network: true });
    await page.addInitScript({ content: WATCH_AREA });
    await signIn(page, base);
    // A scroll (the areas' code is fetched ahead only once somebody is there).
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(IDLE_MS);
    await page.getByRole('tab', { name: 'Приложения' }).click();
    const tile = page.locator(`ul[aria-label] a[href="${area.path}"]`).first();
    await tile.waitFor({ state: 'visible', timeout: 60_000 });
    await page.evaluate(`sessionStorage.setItem('lmsBenchRemote', ${JSON.stringify(area.remote)})`);
    await tile.click();
    const tap = await usable(page);
    // The same address again: the shell, the remote and its chunks from the HTTP cache.
    await page.goto(`${base}${area.path}`, { waitUntil: 'commit', timeout: 60_000 });
    const link = await usable(page);
    return { tap, link };
  } finally {
    await browser.close();
  }
}

/**
 * The tap made at once: signed in, the HTTP cache, service workers and Cache Storage emptied
 * (what the areas' fetching ahead would have left), /lms/apps opened, the tile tapped 1.5 s after
 * the navigation began. A new browser.
 */
async function atOnceRun(base: string, area: Area): Promise<number> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const { page, cdp } = await openPage(browser, { phone: true, network: true });
    await page.addInitScript({ content: WATCH_AREA });
    await signIn(page, base);
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(base).origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await page.goto(`${base}/lms/apps`, { waitUntil: 'commit', timeout: 60_000 });
    const tile = page
      .locator(`ul[aria-label] a[href="${area.path}"]`)
      .locator('visible=true')
      .first();
    await tile.waitFor({ state: 'visible', timeout: 60_000 });
    const since = (await page.evaluate('performance.now()')) as number;
    if (since < AT_ONCE_MS) await page.waitForTimeout(AT_ONCE_MS - since);
    await page.evaluate(`sessionStorage.setItem('lmsBenchRemote', ${JSON.stringify(area.remote)})`);
    await tile.click();
    return await usable(page);
  } finally {
    await browser.close();
  }
}

/** A deep link on a desktop, no throttling, after one load that warms the HTTP cache. */
async function desktopRun(browser: Browser, base: string, area: Area): Promise<number> {
  const profile: Profile = { phone: false, network: false };
  const { page, cdp } = await openPage(browser, profile);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.addInitScript({ content: WATCH_AREA });
  await signIn(page, base);
  await page.evaluate(`sessionStorage.setItem('lmsBenchRemote', ${JSON.stringify(area.remote)})`);
  await page.goto(`${base}${area.path}`, { waitUntil: 'commit', timeout: 60_000 });
  await usable(page);
  await page.goto(`${base}${area.path}`, { waitUntil: 'commit', timeout: 60_000 });
  const link = await usable(page);
  await page.context().close();
  return link;
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

export async function benchAreas(base: string): Promise<PhoneRow[]> {
  const areas = await areasOf(base);
  const rows: PhoneRow[] = [];
  const desktop = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    for (const area of areas) {
      const taps: number[] = [];
      const links: number[] = [];
      const atOnce: number[] = [];
      const desks: number[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        const { tap, link } = await phoneRun(base, area);
        taps.push(tap);
        links.push(link);
        atOnce.push(await atOnceRun(base, area));
        desks.push(await desktopRun(desktop, base, area));
      }
      const row = (measure: string, values: number[], target: number): PhoneRow => {
        const value = median(values);
        return {
          measure: `${area.key}: ${measure} (median of ${LOADS})`,
          value: seconds(value),
          target: `≤ ${seconds(target)}`,
          met: value <= target ? 'yes' : 'NO',
          detail: values.map(seconds).join(', '),
        };
      };
      rows.push(
        row('tile tap → usable, phone', taps, AREA_TARGETS.tileTapMs),
        row(
          'tap at once (1.5 s after opening /lms/apps cold) → usable, phone',
          atOnce,
          AREA_TARGETS.tapAtOnceMs,
        ),
        row('deep link, warm cache, phone', links, AREA_TARGETS.deepLinkPhoneMs),
        row('deep link, warm cache, desktop', desks, AREA_TARGETS.deepLinkDesktopMs),
      );
    }
  } finally {
    await desktop.close();
  }
  return rows;
}
