import { expect, test } from '@playwright/test';
import { TEACHER, loginAs } from '../support/portal';

// A signed-in page names the registry, the shell's signed-in layout and its area's remote files in
// its head (api/src/areas/portal/route-preload.ts): the browser fetches each once, the shell's own
// requests take the preloaded copies, and nothing in the console says a preload went unused.
test("a teacher's deep link to the journal fetches the registry and the journal's code once each", async ({
  page,
}) => {
  await loginAs(page, TEACHER);
  const requests: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/lms/journal');
  const journal = page.getByRole('main').locator('[data-remote="journal"]');
  await expect(journal.getByRole('heading', { name: 'Журнал занятий' })).toBeVisible();

  const hinted = await page
    .locator('head link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(hinted).toContain('/lms/remotes.json');
  expect(hinted).toContain('/lms/public/journal/remoteEntry.js');
  // The shell's signed-in layout, which the shell asks for only once it knows the session.
  expect(
    hinted.filter((path) => /^\/lms\/public\/shell\/signed-in\.[0-9a-f]{8}\.js$/.test(path)),
  ).toHaveLength(1);
  // Every hinted script was fetched exactly once (the preload, taken by the runtime's script tag).
  for (const path of hinted.filter((hint) => hint.endsWith('.js'))) {
    expect(
      requests.filter((request) => request === path),
      path,
    ).toHaveLength(1);
  }
  expect(requests.filter((request) => request === '/lms/remotes.json')).toHaveLength(1);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
});

// The shell's own page names the scripts its entry loads at once, the bootstrap and the shared
// libraries (tools/webpack/start-preload-plugin.cjs): each is fetched once, and each is one the
// shell runs (its chunk is in the shell's loaded chunks), so no preload goes unused.
test("the login page preloads the shell's start scripts, and the shell runs each of them", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/lms/login');
  // The app has taken over the prerendered screen.
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', 'login');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeEnabled();

  const hinted = await page
    .locator('head link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  const start = hinted.filter((path) => /^\/lms\/public\/shell\/\d+\.[0-9a-f]{8}\.js$/.test(path));
  // The bootstrap, React, react-dom, the router, i18next, the kit, ...
  expect(start.length).toBeGreaterThanOrEqual(8);
  for (const path of start) {
    expect(
      requests.filter((request) => request === path),
      path,
    ).toHaveLength(1);
  }
  const ran = await page.evaluate(() => {
    const loaded = (self as unknown as { webpackChunkshell?: [Array<string | number>][] })
      .webpackChunkshell;
    return (loaded ?? []).flatMap(([ids]) => ids.map(String));
  });
  for (const path of start) {
    const chunk = /\/(\d+)\.[0-9a-f]{8}\.js$/.exec(path)?.[1];
    expect(ran, path).toContain(chunk);
  }
});
