import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { STUDENT, loginAs, remoteRoot } from '../support/portal';
import { DATA_DIR, REPO_ROOT } from '../support/server';

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
  run(process.execPath, ['scripts/remote-release.mjs', ...args], { LMS_DATA_DIR: DATA_DIR });

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
