import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STUDENT } from '../support/portal';
import { BASE_URL, REPO_ROOT } from '../support/server';

/** The news remote's own dev-server port (README); overridable when 3001 is taken. */
const PORT = Number(process.env.LMS_E2E_NEWS_PORT ?? 3001);
const ORIGIN = `http://localhost:${PORT}`;

let devServer: ChildProcess | undefined;

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (devServer?.exitCode !== null && devServer?.exitCode !== undefined) {
      throw new Error(`the dev server exited with ${devServer.exitCode}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

test.describe('the news remote standalone', () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    // `npm run start -w mfe-news`, forwarding the API to this suite's server.
    devServer = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
        'serve',
        '--mode',
        'development',
        '--port',
        String(PORT),
      ],
      {
        cwd: path.join(REPO_ROOT, 'mfe-news'),
        env: { ...process.env, LMS_API_ORIGIN: BASE_URL },
        stdio: 'ignore',
        detached: true,
      },
    );
    await waitForServer(`${ORIGIN}/`, 140_000);
  });

  test.afterAll(() => {
    // The dev server and its children form one process group.
    if (devServer?.pid) process.kill(-devServer.pid, 'SIGTERM');
  });

  test('logs in on its own page and shows the feed', async ({ page }) => {
    await page.goto(`${ORIGIN}/lms/news`);
    await page.getByLabel('Логин', { exact: true }).fill(STUDENT.login);
    await page.getByLabel('Пароль', { exact: true }).fill(STUDENT.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    const feed = page.locator('[data-remote="news"]');
    await expect(feed.getByRole('heading', { name: 'Новости' })).toBeVisible({ timeout: 20_000 });
    await expect(feed.getByRole('article')).toHaveCount(10);
    await expect(feed.getByRole('button', { name: 'Загрузить ещё' })).toBeVisible();
    // A student: no compose form.
    await expect(feed.getByRole('form')).toHaveCount(0);
  });
});
