import { expect, test } from '@playwright/test';
import { STUDENT, TEACHER, loginAs } from '../support/portal';

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

// On a phone the chat's page is its discipline and contact lists (the side tab), not its content:
// the page's head names those lists' code too, and each file is fetched once.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a student's deep link to the chat names its lists' code in the page and fetches each once", async ({
    page,
  }) => {
    await loginAs(page, STUDENT);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/lms/chat');
    await expect(
      page.getByRole('list', { name: 'Контакты' }).getByRole('listitem').first(),
    ).toBeVisible();

    const hinted = await page
      .locator('head link[rel="preload"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    for (const list of ['DisciplineList', 'ContactList']) {
      const file = hinted.filter((path) =>
        path.startsWith(`/lms/public/chat/__federation_expose_${list}.`),
      );
      expect(file, list).toHaveLength(1);
      expect(
        requests.filter((request) => request === file[0]),
        list,
      ).toHaveLength(1);
    }
    // The applications' pane (another tab) was never drawn on the way.
    await expect(page.locator('#lms-pane-apps > *')).toHaveCount(0);
  });
});

// The login page runs no app until the visitor acts (api/src/areas/portal/login-page.ts): it names
// the shell's entry and the scripts the entry loads at once (the bootstrap and the shared
// libraries, tools/webpack/start-preload-plugin.cjs) in a meta tag; the boot script fetches them
// once the page has loaded and starts the entry at the first key or press. Then each is one the
// shell runs (its chunk is in the shell's loaded chunks), so nothing was fetched for nothing.
test('the login page runs no app until a key is pressed, then runs each start script it fetched ahead', async ({
  page,
}) => {
  await page.goto('/lms/login');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeEnabled();
  const named = ((await page.locator('meta[name="lms-app"]').getAttribute('content')) ?? '').split(
    ' ',
  );
  expect(named[0]).toMatch(/^\/lms\/public\/shell\/main\.[0-9a-f]{8}\.js$/);
  const start = named.filter((path) => /^\/lms\/public\/shell\/\d+\.[0-9a-f]{8}\.js$/.test(path));
  // The bootstrap, React, react-dom, the router, i18next, the kit, ...
  expect(start.length).toBeGreaterThanOrEqual(8);
  // Fetched ahead once the page has loaded, all of them, and none run.
  const prefetched = page.locator('head link[rel="prefetch"][as="script"]');
  await expect(prefetched).toHaveCount(named.length);
  expect(
    await prefetched.evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    ),
  ).toEqual(named);
  const loadedChunks = () =>
    page.evaluate(() => {
      const loaded = (self as unknown as { webpackChunkshell?: [Array<string | number>][] })
        .webpackChunkshell;
      return (loaded ?? []).flatMap(([ids]) => ids.map(String));
    });
  expect(await loadedChunks()).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'login');
  // Its logos ride inside the page: it asks for no image file ahead of them.
  await expect(page.locator('img[data-logo]').first()).toHaveAttribute('src', /^data:image\/svg/);
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);

  // The visitor's first key: the app starts and takes the screen over.
  await page.getByLabel('Логин', { exact: true }).press('s');
  await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', 'login');
  await expect(page.getByLabel('Логин', { exact: true })).toHaveValue('s');
  const ran = await loadedChunks();
  for (const path of start) {
    const chunk = /\/(\d+)\.[0-9a-f]{8}\.js$/.exec(path)?.[1];
    expect(ran, path).toContain(chunk);
  }
});
