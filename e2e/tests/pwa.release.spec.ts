import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Response } from '@playwright/test';
import { STUDENT, loginAs, remoteRoot } from '../support/portal';
import { DATA_DIR, REPO_ROOT } from '../support/server';

// Runs in the "pwa-release" project, after the rest of the suite: it rewrites the registry that
// every page of the portal reads. The portal's service worker runs here (the suite blocks it).
test.use({ serviceWorkers: 'allow' });

function release(...args: string[]): void {
  const result = spawnSync(process.execPath, ['scripts/remote-release.mjs', ...args], {
    cwd: REPO_ROOT,
    // The browser suite's server keeps its database in DATA_DIR (SQLite), whatever CI exports.
    env: { ...process.env, LMS_DATA_DIR: DATA_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`remote-release ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

test('a remote deployed while the page is open: "a new version is ready", then a clean reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, STUDENT);
  await expect(remoteRoot(page, 'news').first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
  const prompt = page.getByRole('status').filter({ hasText: 'Готова новая версия портала' });
  await expect(prompt).toHaveCount(0);

  // The same build under a new label: a new release of news, as remote-release deploys it.
  const label = `pwa-e2e-${Date.now()}`;
  release('deploy', 'news', '--version', label, '--from', path.join(REPO_ROOT, 'mfe-news', 'dist'));
  try {
    // The page keeps running the release it started with until the user reloads.
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Новости' })
      .click();
    await expect(prompt).toBeVisible();

    const manifests: string[] = [];
    page.on('response', (response: Response) => {
      if (response.url().endsWith('/mf-manifest.json')) manifests.push(response.url());
    });
    // The reload may be over before a listener set after the click would hear it.
    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Обновить' }).click(),
    ]);
    await expect(page).toHaveURL(/\/lms\/news$/);
    await expect(remoteRoot(page, 'news').first().getByRole('article').first()).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(manifests).toContain(
      new URL(`/lms/deploy/news/${label}/mf-manifest.json`, page.url()).toString(),
    );
  } finally {
    release('rollback', 'news');
  }
});
