import { expect, test, type Page } from '@playwright/test';
import { STUDENT, loginAs } from '../support/portal';

// A signed-in area page comes with its frame (api/src/areas/portal/page-frame.ts): the top bar
// and the area's heading in the user's language, painted with the document. The shell keeps the
// same heading where it stands until the area's remote replaces it (shell/src/features/frame).
test.use({ viewport: { width: 412, height: 823 } });

/** Holds the requests of `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string | RegExp) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Signs the student in and opens `path` with the shell's code (not the small boot script) held
 * back, and the remote's if one is named; returns the server's frame and what lets each come.
 */
async function openHeldBack(page: Page, path: string, remote?: string) {
  await loginAs(page, STUDENT);
  const releaseShell = await holdBack(page, /\/lms\/public\/shell\/(?!boot\.)[^/]+\.js$/);
  const releaseRemote = remote
    ? await holdBack(page, `**/lms/public/${remote}/**`)
    : () => undefined;
  await page.goto(path, { waitUntil: 'commit' });
  return { frame: page.locator('#lms-frame'), releaseShell, releaseRemote };
}

test("a student's library shows its heading before any script has come, and it stays where it is until the library's page is there", async ({
  page,
}) => {
  const {
    frame,
    releaseShell,
    releaseRemote: releaseLibrary,
  } = await openHeldBack(page, '/lms/library', 'library');
  const frameHeading = frame.locator('h1');
  await expect(frameHeading).toHaveText('Электронная библиотека');
  await expect(frame.locator('header p').first()).toHaveText(
    'Электронные книги по категориям с поиском по названию и автору.',
  );
  await expect(frame).toContainText('Учебный портал');
  // The app's root stays hidden behind it; nothing in the frame is for a screen reader.
  await expect(page.locator('#root')).toBeHidden();
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  const framed = await frameHeading.boundingBox();

  // The shell arrives: its page, the same heading in the same place over "loading".
  releaseShell();
  const main = page.getByRole('main');
  const heading = main.getByRole('heading', { level: 1, name: 'Электронная библиотека' });
  await expect(heading).toBeVisible();
  await expect(frame).toHaveCount(0);
  await expect(main.locator('[data-remote="shell"]').getByRole('status')).toHaveText('Загрузка...');
  expect(await heading.boundingBox()).toEqual(framed);

  // The library's page takes its place.
  releaseLibrary();
  const library = main.locator('[data-remote="library"]');
  await expect(library.getByLabel('Категория', { exact: true })).toBeVisible();
  await expect(library.getByRole('heading', { level: 1 })).toHaveText('Электронная библиотека');
  expect(await library.getByRole('heading', { level: 1 }).boundingBox()).toEqual(framed);
});

test.describe('the home page', () => {
  test.describe('on a wide screen', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("shows the news feed's title before any script has come, with no description line, where the feed draws it", async ({
      page,
    }) => {
      const {
        frame,
        releaseShell,
        releaseRemote: releaseNews,
      } = await openHeldBack(page, '/lms', 'news');
      const frameHeading = frame.locator('h1');
      await expect(frameHeading).toHaveText('Лента новостей');
      await expect(frameHeading).toBeVisible();
      // The feed has no description: neither has the frame.
      await expect(frame.locator('header p')).toHaveCount(0);
      await expect(frame).toContainText('Учебный портал');
      await expect(page.locator('#root')).toBeHidden();
      const framed = await frameHeading.boundingBox();

      releaseShell();
      const main = page.getByRole('main');
      const heading = main.getByRole('heading', { level: 1, name: 'Лента новостей' });
      await expect(heading).toBeVisible();
      await expect(frame).toHaveCount(0);
      expect(await heading.boundingBox()).toEqual(framed);

      // The feed takes its place, its title where the frame had it.
      releaseNews();
      const feed = main.locator('[data-remote="news"]');
      await expect(feed.getByRole('article').first()).toBeVisible();
      await expect(feed.getByRole('heading', { level: 1 })).toHaveText('Лента новостей');
      expect(await feed.getByRole('heading', { level: 1 }).boundingBox()).toEqual(framed);
    });
  });

  test('on a phone shows the top bar only (the applications tab opens there, not the feed), then the applications', async ({
    page,
  }) => {
    const { frame, releaseShell } = await openHeldBack(page, '/lms');
    await expect(frame.getByText('Учебный портал')).toBeVisible();
    await expect(frame.locator('h1')).toBeHidden();

    releaseShell();
    await expect(page.getByRole('heading', { level: 2, name: 'Приложения' })).toBeVisible();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Лента новостей' })).toBeHidden();
  });
});
