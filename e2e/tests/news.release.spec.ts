import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, remoteRoot } from '../support/portal';
import { BASE_URL, DATA_DIR, REPO_ROOT } from '../support/server';

// Runs in the "release" project, after the rest of the suite: it rewrites the registry that
// every page of the portal reads.

async function hashTree(root: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else
        hashes.set(
          path.relative(root, full),
          createHash('sha256')
            .update(await readFile(full))
            .digest('hex'),
        );
    }
  };
  await walk(root);
  return hashes;
}

function run(command: string, args: string[], env: Record<string, string>): string {
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

const release = (...args: string[]) =>
  // The browser suite's server keeps its database in DATA_DIR (SQLite), whatever CI exports.
  run(process.execPath, ['scripts/remote-release.mjs', ...args], {
    LMS_DATA_DIR: DATA_DIR,
    DATABASE_URL: '',
  });

async function newsVersion(page: Page): Promise<string> {
  const pane = remoteRoot(page, 'news').first();
  await expect(pane).toBeVisible();
  return (await pane.getAttribute('data-remote-version')) ?? '';
}

test.describe.configure({ mode: 'serial' });

test('a remote is deployed and rolled back alone: new label, shell files untouched', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const shellDist = path.join(REPO_ROOT, 'shell', 'dist');
  const shellBefore = await hashTree(shellDist);
  await loginAs(page, STUDENT);
  const oldVersion = await newsVersion(page);
  const newVersion = `${oldVersion.replace(/[^A-Za-z0-9._-]/g, '')}-e2e${Date.now()}`;

  // Build mfe-news alone, with another label, into a folder of its own.
  const out = await mkdtemp(path.join(os.tmpdir(), 'lms-news-release-'));
  let deployed = false;
  try {
    run('npm', ['run', 'build', '-w', 'mfe-news'], {
      APP_VERSION: newVersion,
      APP_OUTPUT_DIR: out,
    });
    release('deploy', 'news', '--version', newVersion, '--from', out);
    deployed = true;

    const manifests: string[] = [];
    page.on('response', (response: Response) => {
      if (response.url().endsWith('/mf-manifest.json')) manifests.push(response.url());
    });
    await page.reload();
    await expect(remoteRoot(page, 'news').first()).toHaveAttribute(
      'data-remote-version',
      newVersion,
    );
    await expect(remoteRoot(page, 'news').first().getByRole('article').first()).toBeVisible();
    expect(manifests).toContain(
      new URL(`/lms/deploy/news/${newVersion}/mf-manifest.json`, page.url()).toString(),
    );
    expect(await hashTree(shellDist)).toEqual(shellBefore);

    release('rollback', 'news');
    deployed = false;
    await page.reload();
    await expect(remoteRoot(page, 'news').first()).toHaveAttribute(
      'data-remote-version',
      oldVersion,
    );
    expect(await hashTree(shellDist)).toEqual(shellBefore);
  } finally {
    if (deployed) release('rollback', 'news');
    await rm(out, { recursive: true, force: true });
  }
});

test('a canary of news at 50 %: two users get different releases, each keeps theirs across reloads', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const out = await mkdtemp(path.join(os.tmpdir(), 'lms-news-canary-'));
  const canaryVersion = `canary-e2e${Date.now()}`;
  const signedOut = async () =>
    (await browser.newContext({ baseURL: BASE_URL, locale: 'ru-RU' })).newPage();
  const teacher = await signedOut();
  const student = await signedOut();
  let label = '';
  try {
    run('npm', ['run', 'build', '-w', 'mfe-news'], {
      APP_VERSION: canaryVersion,
      APP_OUTPUT_DIR: out,
    });
    await loginAs(teacher, TEACHER);
    await loginAs(student, STUDENT);
    const liveVersion = await newsVersion(teacher);
    // Each release draws its own half of the users: deploy under new labels until these two
    // users fall on different sides (each try is one chance in two).
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      label = `${canaryVersion}-${attempt}`;
      release('deploy', 'news', '--version', label, '--from', out, '--canary', '50');
      await Promise.all([teacher.reload(), student.reload()]);
      const seen = [await newsVersion(teacher), await newsVersion(student)];
      if (seen[0] !== seen[1]) break;
      release('drop', 'news');
      label = '';
    }
    expect(label, 'no label split the two users').not.toBe('');
    const teacherVersion = await newsVersion(teacher);
    const studentVersion = await newsVersion(student);
    expect([teacherVersion, studentVersion].sort()).toEqual([canaryVersion, liveVersion].sort());
    for (let reload = 0; reload < 2; reload += 1) {
      await Promise.all([teacher.reload(), student.reload()]);
      expect(await newsVersion(teacher)).toBe(teacherVersion);
      expect(await newsVersion(student)).toBe(studentVersion);
    }
    // The one without the canary is never served its files.
    const outside = teacherVersion === canaryVersion ? student : teacher;
    const entry = await outside.request.get(`/lms/deploy/news/${label}/remoteEntry.js`);
    expect(entry.status()).toBe(404);
    expect(release('status', 'news')).toContain(`candidate ${label} for 50 % of signed-in users`);
  } finally {
    if (label) release('drop', 'news');
    await teacher.context().close();
    await student.context().close();
    await rm(out, { recursive: true, force: true });
  }
});
