import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, remoteRoot, type Account } from '../support/portal';
import { BASE_URL, DATA_DIR, REPO_ROOT } from '../support/server';

// Runs in the "release" project, after the rest of the suite: it rewrites the registry that
// every page of the portal reads. A small remote built from e2e/fixtures/sports-remote (not a
// workspace; what `npm run remote:new -- sports` makes) is deployed as a new module, "sports",
// for teachers.

const FIXTURE = path.join(REPO_ROOT, 'e2e', 'fixtures', 'sports-remote');
/** A kit one minor version newer than the portal's, as a remote built against it says. */
const NEWER_KIT = (() => {
  const kit = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8'));
  const [major, minor] = String(kit.version).split('.').map(Number);
  return `${major}.${(minor ?? 0) + 1}.0`;
})();
const REGISTRY_FILE = path.join(DATA_DIR, 'remotes.json');

async function hashTree(root: string, skip: string[] = []): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (skip.includes(entry.name)) continue;
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

/** One webpack build of the fixture through tools/webpack's factory, into its own folder. */
function buildFixture(out: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
        '--mode',
        'production',
      ],
      {
        cwd: FIXTURE,
        env: { ...process.env, ...env, APP_OUTPUT_DIR: out },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`fixture build failed:\n${stderr}`)),
    );
  });
}

function release(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/remote-release.mjs', ...args], {
    cwd: REPO_ROOT,
    // The browser suite's server keeps its database in DATA_DIR (SQLite), whatever CI exports.
    env: { ...process.env, LMS_DATA_DIR: DATA_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

function releaseOk(...args: string[]): string {
  const result = release(...args);
  if (result.status !== 0) {
    throw new Error(`release ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'ru-RU' });
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}

/** A teacher of the economics faculty (ЭФ, "FE"): the seed's first one outside the demo's ФИТ. */
const ECONOMICS_TEACHER: Account = { login: 't010', password: 'Teacher1' };

const apps = (page: Page) => page.getByRole('list', { name: 'Доступные разделы' }).first();
const sportsTile = (page: Page) => apps(page).getByRole('link', { name: 'Спорт' });

let builds: { v1: string; v2: string; incompatible: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const base = await mkdtemp(path.join(os.tmpdir(), 'lms-sports-'));
  builds = {
    v1: path.join(base, 'v1'),
    v2: path.join(base, 'v2'),
    incompatible: path.join(base, 'incompatible'),
  };
  // The fixture is what `npm run remote:new` makes of "sports": generated again, it is the same.
  // Made beside the fixture, so its paths to the repository (and its code style) are the same.
  const scaffold = path.join(path.dirname(FIXTURE), `.sports-scaffold-${process.pid}`);
  const made = spawnSync(
    process.execPath,
    [
      'scripts/remote-new.mjs',
      'sports',
      '--dir',
      scaffold,
      '--roles',
      'teacher',
      '--icon',
      'sports',
      '--kg',
      'Спорт',
      '--ru',
      'Спорт',
      '--en',
      'Sports',
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  try {
    const fixtureFiles = await hashTree(FIXTURE, ['node_modules', 'dist']);
    expect(await hashTree(scaffold)).toEqual(fixtureFiles);
  } finally {
    await rm(scaffold, { recursive: true, force: true });
  }
  await buildFixture(builds.v1, { APP_VERSION: '1.0.0' });
  await Promise.all([
    buildFixture(builds.v2, { APP_VERSION: '2.0.0' }),
    buildFixture(builds.incompatible, { APP_VERSION: '9.0.0', LMS_KIT_VERSION: NEWER_KIT }),
  ]);
});

test.afterAll(async () => {
  if (builds) await rm(path.dirname(builds.v1), { recursive: true, force: true });
});

test('a new module is deployed from a fixture build: tile and route for its roles, shell untouched; removing it removes them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shellDist = path.join(REPO_ROOT, 'shell', 'dist');
  const shellBefore = await hashTree(shellDist);
  const teacher = await signedIn(browser, TEACHER);
  const student = await signedIn(browser, STUDENT);
  await expect(apps(teacher).getByRole('link').first()).toBeVisible();
  await expect(sportsTile(teacher)).toHaveCount(0);

  releaseOk('deploy', 'sports', '--version', '1.0.0', '--from', builds.v1);
  let removed = false;
  try {
    await teacher.reload();
    await expect(sportsTile(teacher)).toHaveAttribute('href', '/lms/sports');
    await sportsTile(teacher).click();
    await expect(teacher).toHaveURL(/\/lms\/sports$/);
    const root = teacher.getByRole('main').locator('[data-remote="sports"]');
    await expect(root.getByRole('heading', { name: 'Спорт' })).toBeVisible();
    await expect(root).toHaveAttribute('data-remote-version', '1.0.0');
    await expect(root).toContainText('Версия 1.0.0');
    await expect(teacher).toHaveTitle(/^Спорт/);
    // A deep link works on a fresh load too.
    await teacher.goto('/lms/sports');
    await expect(remoteRoot(teacher, 'sports')).toBeVisible();

    // Students are not among its roles: no tile, no route.
    await student.reload();
    await expect(apps(student).getByRole('link').first()).toBeVisible();
    await expect(sportsTile(student)).toHaveCount(0);
    await student.goto('/lms/sports');
    await expect(student.getByRole('main')).toContainText('Страница не найдена');
    await expect(remoteRoot(student, 'sports')).toHaveCount(0);

    expect(await hashTree(shellDist)).toEqual(shellBefore);

    releaseOk('rollback', 'sports');
    removed = true;
    const registry = JSON.parse(await readFile(REGISTRY_FILE, 'utf8')) as Record<string, unknown>;
    expect(registry.sports).toBeUndefined();
    await teacher.goto('/lms/apps');
    await expect(apps(teacher).getByRole('link').first()).toBeVisible();
    await expect(sportsTile(teacher)).toHaveCount(0);
    await teacher.goto('/lms/sports');
    await expect(teacher.getByRole('main')).toContainText('Страница не найдена');
    expect(await hashTree(shellDist)).toEqual(shellBefore);
  } finally {
    if (!removed) release('rollback', 'sports');
    await teacher.context().close();
    await student.context().close();
  }
});

test('a build needing a newer kit (@lms/shared) or another federation runtime than the portal has is refused; forced into the registry, it shows its fallback', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const original = await readFile(REGISTRY_FILE, 'utf8');
  const refused = release('deploy', 'sports', '--version', '9.0.0', '--from', builds.incompatible);
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toContain('@lms/shared');
  expect(refused.stderr).toContain(`@lms/shared (the kit): the build needs ^${NEWER_KIT}`);
  expect(await readFile(REGISTRY_FILE, 'utf8')).toBe(original);

  // A build taking a federation runtime of another major than the shell gives (its manifest's
  // metaData.requires) is refused the same way, saying what the package is.
  const otherRuntime = await mkdtemp(path.join(os.tmpdir(), 'lms-other-runtime-'));
  try {
    await cp(builds.v1, otherRuntime, { recursive: true });
    const manifestFile = path.join(otherRuntime, 'mf-manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      metaData: { requires?: Record<string, string> };
    };
    expect(manifest.metaData.requires).toEqual({
      '@module-federation/runtime-core': expect.stringMatching(/^\^\d+\.\d+\.\d+$/),
    });
    manifest.metaData.requires = { '@module-federation/runtime-core': '^99.0.0' };
    await writeFile(manifestFile, JSON.stringify(manifest));
    const other = release('deploy', 'sports', '--version', '9.0.1', '--from', otherRuntime);
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain(
      '@module-federation/runtime-core (the federation runtime: the build takes the shell’s): the build needs ^99.0.0',
    );
    expect(await readFile(REGISTRY_FILE, 'utf8')).toBe(original);
  } finally {
    await rm(otherRuntime, { recursive: true, force: true });
  }

  const teacher = await signedIn(browser, TEACHER);
  try {
    // By hand: the files in a release folder and an entry pointing at them.
    await cp(builds.incompatible, path.join(DATA_DIR, 'deploy', 'sports', '9.0.0'), {
      recursive: true,
    });
    const module = JSON.parse(
      await readFile(path.join(builds.incompatible, 'module.json'), 'utf8'),
    );
    const registry = JSON.parse(original) as Record<string, unknown>;
    registry.sports = {
      manifest: '/lms/deploy/sports/9.0.0/mf-manifest.json',
      version: '9.0.0',
      modules: module.modules,
    };
    await writeFile(REGISTRY_FILE, JSON.stringify(registry, null, 2));
    const entryRequests: string[] = [];
    teacher.on('request', (request) => {
      if (request.url().includes('/lms/deploy/sports/9.0.0/remoteEntry')) {
        entryRequests.push(request.url());
      }
    });

    await teacher.goto('/lms/sports');
    const fallback = teacher.getByRole('main').getByRole('alert');
    await expect(fallback).toContainText('Раздел временно недоступен');
    await expect(fallback).toContainText('несовместима с текущей версией портала');
    await expect(remoteRoot(teacher, 'sports')).toHaveCount(0);
    expect(entryRequests).toEqual([]);
    // The browser reported the failure: remote:status shows it for that release.
    await expect
      .poll(() => release('status', 'sports').stdout, { timeout: 15_000 })
      .toMatch(/live\s+9\.0\.0\s+\d+ reports\s+failure rate 100\.0 %.*incompatible \d+/);
    // The rest of the portal works.
    await expect(remoteRoot(teacher, 'chat')).toHaveCount(2);
    await teacher.goto('/lms');
    await expect(remoteRoot(teacher, 'news').first()).toBeVisible();
  } finally {
    await writeFile(REGISTRY_FILE, original);
    await rm(path.join(DATA_DIR, 'deploy', 'sports', '9.0.0'), { recursive: true, force: true });
    await teacher.context().close();
  }
});

test('a candidate release is seen only by the browser that opened its preview link, until it is promoted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A label is never reused: the same build goes live again under a new one.
  releaseOk('deploy', 'sports', '--version', '1.0.0-live', '--from', builds.v1);
  const tester = await signedIn(browser, TEACHER);
  const colleague = await signedIn(browser, TEACHER);
  try {
    const output = releaseOk(
      'deploy',
      'sports',
      '--version',
      '2.0.0',
      '--from',
      builds.v2,
      '--candidate',
    );
    const link = /\/lms\/preview\?token=\S+/.exec(output)?.[0];
    expect(link).toBeTruthy();

    await tester.goto(link ?? '');
    await expect(tester).toHaveURL(/\/lms$/);
    await expect(tester.getByRole('status').filter({ hasText: 'Предпросмотр' })).toBeVisible();
    await tester.goto('/lms/sports');
    await expect(remoteRoot(tester, 'sports')).toHaveAttribute('data-remote-version', '2.0.0');

    await colleague.goto('/lms/sports');
    await expect(remoteRoot(colleague, 'sports')).toHaveAttribute('data-remote-version', '1.0.0');
    const direct = await colleague.request.get('/lms/deploy/sports/2.0.0/mf-manifest.json');
    expect(direct.status()).toBe(404);

    releaseOk('promote', 'sports');
    await colleague.reload();
    await expect(remoteRoot(colleague, 'sports')).toHaveAttribute('data-remote-version', '2.0.0');
    await tester.reload();
    await expect(remoteRoot(tester, 'sports')).toHaveAttribute('data-remote-version', '2.0.0');

    // Rollback stays one command.
    releaseOk('rollback', 'sports');
    await colleague.reload();
    await expect(remoteRoot(colleague, 'sports')).toHaveAttribute('data-remote-version', '1.0.0');
  } finally {
    for (let step = 0; step < 3; step += 1) {
      const registry = JSON.parse(await readFile(REGISTRY_FILE, 'utf8')) as Record<string, unknown>;
      if (!registry.sports) break;
      if (release('drop', 'sports').status !== 0) release('rollback', 'sports');
    }
    await tester.context().close();
    await colleague.context().close();
  }
});

test('a canary for one faculty: its people get the candidate, another faculty keeps the live release; dropped, everyone is back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  releaseOk('deploy', 'sports', '--version', '1.0.0-faculty', '--from', builds.v1);
  // The demo teacher is of the faculty of information technologies (ФИТ, "FIT").
  const fit = await signedIn(browser, TEACHER);
  const economics = await signedIn(browser, ECONOMICS_TEACHER);
  const sports = (page: Page) => page.getByRole('main').locator('[data-remote="sports"]');
  try {
    const output = releaseOk(
      'deploy',
      'sports',
      '--version',
      '2.0.0-faculty',
      '--from',
      builds.v2,
      '--faculty',
      'FIT',
    );
    expect(output).toContain('is a canary for the people of faculty FIT');
    expect(releaseOk('status', 'sports')).toContain(
      'candidate 2.0.0-faculty for the people of faculty FIT',
    );

    await fit.goto('/lms/sports');
    await expect(sports(fit)).toContainText('Версия 2.0.0');
    await expect(sports(fit)).toHaveAttribute('data-remote-version', '2.0.0');
    await economics.goto('/lms/sports');
    await expect(sports(economics)).toContainText('Версия 1.0.0');
    await expect(sports(economics)).toHaveAttribute('data-remote-version', '1.0.0');
    // Outside the faculty, the candidate's files are not served.
    const entry = '/lms/deploy/sports/2.0.0-faculty/remoteEntry.js';
    expect((await economics.request.get(entry)).status()).toBe(404);
    expect((await fit.request.get(entry)).status()).toBe(200);

    // Dropped: the faculty is back on the live release, and the candidate's files are gone.
    releaseOk('drop', 'sports');
    await fit.reload();
    await expect(sports(fit)).toContainText('Версия 1.0.0');
    await expect(sports(fit)).toHaveAttribute('data-remote-version', '1.0.0');
    expect((await fit.request.get(entry)).status()).toBe(404);
  } finally {
    for (let step = 0; step < 3; step += 1) {
      const registry = JSON.parse(await readFile(REGISTRY_FILE, 'utf8')) as Record<string, unknown>;
      if (!registry.sports) break;
      if (release('drop', 'sports').status !== 0) release('rollback', 'sports');
    }
    await fit.context().close();
    await economics.context().close();
  }
});
