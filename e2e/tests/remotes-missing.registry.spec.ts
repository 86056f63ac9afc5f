import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STUDENT, loginAs, remoteRoot } from '../support/portal';
import { DATA_DIR } from '../support/server';

/** The registry the server serves as /lms/remotes.json; it re-reads the file when it changes. */
const REGISTRY_FILE = path.join(DATA_DIR, 'remotes.json');

// Rewrites the registry every page reads: its own project, after every other test, and the
// registry is restored whatever happens.
test.describe.configure({ mode: 'serial' });

test.describe('with the journal remote missing', () => {
  let original: string;

  test.beforeAll(async () => {
    original = await readFile(REGISTRY_FILE, 'utf8');
  });

  test.afterAll(async () => {
    await writeFile(REGISTRY_FILE, original);
  });

  test('the portal still logs in, journal shows its fallback, other remotes render', async ({
    page,
    request,
  }) => {
    // The older plain form (name → manifest URL) of an entry still works.
    const registry = JSON.parse(original) as Record<string, unknown>;
    const broken = { ...registry, journal: '/lms/public/journal-missing/mf-manifest.json' };
    await writeFile(REGISTRY_FILE, `${JSON.stringify(broken, null, 2)}\n`);
    await expect
      .poll(
        async () =>
          (
            (await (await request.get('/lms/remotes.json')).json()) as {
              remotes: Record<string, string>;
            }
          ).remotes.journal,
      )
      .toBe(broken.journal);

    await loginAs(page, STUDENT);
    await expect(remoteRoot(page, 'news')).toBeVisible();
    await expect(remoteRoot(page, 'chat')).toHaveCount(2);

    await page.goto('/lms/journal');
    const fallback = page.getByRole('main').getByRole('alert');
    await expect(fallback).toContainText('Раздел временно недоступен');
    await expect(remoteRoot(page, 'journal')).toHaveCount(0);
    // The rest of the shell is untouched: profile menu, chat panes.
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await expect(remoteRoot(page, 'chat')).toHaveCount(2);

    // Retry tries again and, with the files still missing, lands on the fallback again.
    await fallback.getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Раздел временно недоступен',
    );

    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Сообщения' })
      .click();
    await expect(page).toHaveURL(/\/lms\/chat$/);
    await expect(page.getByRole('main').locator('[data-remote="chat"]')).toBeVisible();
  });
});
