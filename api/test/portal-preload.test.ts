// The page of an area's address asks for the area's remote files at once (route-preload.ts): a
// signed-in user's page names the registry, and on an area's address the manifest, the entry and
// the module's first chunks of the remote the registry gives them, and every signed-in page the
// shell's signed-in layout; a signed-out visitor and the login page get no hint, the home page
// and a module not for the user's role the registry and the layout alone, and unsafe file names
// are left out.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { manifestFiles, moduleOfPage } from '../src/areas/portal/route-preload.js';
import { createTestApp, DEMO, type TestApp, writeFiles } from './helper.js';

// A remote's production build takes the shell's federation runtime (metaData.requires).
const RUNTIME = '@module-federation/runtime-core';

const manifest = (name: string, sync: string[], runtime = '^2.9.2') =>
  JSON.stringify({
    name,
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      publicPath: 'auto',
      requires: { [RUNTIME]: runtime },
    },
    exposes: [
      { name: 'App', path: './App', assets: { js: { sync, async: ['9.deadbeef.js'] } } },
      { name: 'Feed', path: './Feed', assets: { js: { sync: ['7.feedfeed.js'], async: [] } } },
    ],
  });

async function writeStaticRoot(root: string): Promise<void> {
  const files: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><html lang=ru><head><meta charset=utf-8><title>portal</title></head><body><div id="root"></div></body></html>',
    'mfe-journal/dist/mf-manifest.json': manifest('journal', [
      '945.b5fbe06c.js',
      '__federation_expose_App.d095f561.js',
    ]),
    'mfe-news/dist/mf-manifest.json': manifest('news', ['1.aaaaaaaa.js']),
    // What the built shell gives its remotes (its build writes it).
    'shell/dist/shared-versions.json': JSON.stringify({
      react: '19.3.1',
      '@lms/shared': '6.2.0',
      [RUNTIME]: '2.9.2',
    }),
    // The shell's scripts at start and of its signed-in layout (its build writes them); a name
    // outside the shell's folder is never hinted.
    'shell/dist/start-files.json': JSON.stringify({
      start: ['375.14a10c59.js'],
      signedIn: ['signed-in.1d19a5db.js', '../../secret.js', '87.ca7a42ab.js"><script>'],
    }),
    // A build taking a federation runtime of another major than the shell gives.
    'mfe-registration/dist/mf-manifest.json': manifest('registration', ['5.eeeeeeee.js'], '^3.0.0'),
    // A build needing a newer kit than the shell's: the shell never runs it.
    'mfe-finance/dist/mf-manifest.json': JSON.stringify({
      ...(JSON.parse(manifest('finance', ['4.dddddddd.js'])) as object),
      shared: [{ name: '@lms/shared', requiredVersion: '^99.0.0' }],
    }),
    // A module with side panes (the chat's lists), sharing a chunk with its page.
    'mfe-chat/dist/mf-manifest.json': JSON.stringify({
      ...(JSON.parse(
        manifest('chat', ['4.dddddddd.js', '__federation_expose_App.1.js']),
      ) as object),
      exposes: [
        ...(['App', 'DisciplineList', 'ContactList', 'UnreadBadge'] as const).map((name) => ({
          name,
          path: `./${name}`,
          assets: {
            js: { sync: ['4.dddddddd.js', `__federation_expose_${name}.1.js`], async: [] },
          },
        })),
      ],
    }),
    // A manifest naming files outside its folder or breaking out of the attribute.
    'mfe-library/dist/mf-manifest.json': manifest('library', [
      '../../secret.js',
      '2.bbbbbbbb.js"><script>alert(1)</script>',
      '3.cccccccc.js',
    ]),
  };
  await writeFiles(root, files);
}

const preloads = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="preload" as="(\w+)"(?: crossorigin="anonymous")? href="([^"]+)"( fetchpriority="low")?>/g,
    ),
  ].map((match) => {
    // A script comes after what paints the page; the registry and a manifest are read first.
    assert.equal(Boolean(match[3]), match[1] === 'script', match[0]);
    return `${match[1]} ${match[2]}`;
  });

describe("an area's page asks for the area's files at once", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await writeStaticRoot(String(t.options.staticRoot));
  });
  after(() => t.close());

  // What every signed-in page names: the registry and the shell's signed-in layout.
  const SIGNED_IN = ['fetch /lms/remotes.json', 'script /lms/public/shell/signed-in.1d19a5db.js'];

  const page = async (path: string, account?: { login: string; password: string }) => {
    const client = account ? await t.login(account) : t.client();
    const response = await client.get(path);
    assert.equal(response.statusCode, 200, response.body);
    return response.body;
  };

  test("a teacher's journal page names the journal remote's manifest, entry and first chunks", async () => {
    const html = await page('/lms/journal/some/deep/link', DEMO.teacher);
    assert.deepEqual(preloads(html), [
      ...SIGNED_IN,
      'fetch /lms/public/journal/mf-manifest.json',
      'script /lms/public/journal/remoteEntry.js',
      'script /lms/public/journal/945.b5fbe06c.js',
      'script /lms/public/journal/__federation_expose_App.d095f561.js',
    ]);
    // Right after the charset, which stays first.
    assert.match(html, /^<!doctype html><html[^>]*><head><meta charset=utf-8><link rel="preload"/);
  });

  test('signed out and on the login page no hint; the registry alone on a page of no module of theirs', async () => {
    assert.deepEqual(preloads(await page('/lms/journal')), []);
    assert.deepEqual(preloads(await page('/lms/login', DEMO.teacher)), []);
    // The workload is for teachers and the registrar's office, not students.
    assert.deepEqual(preloads(await page('/lms/workload', DEMO.student)), SIGNED_IN);
    assert.deepEqual(preloads(await page('/lms/no-such-area', DEMO.student)), SIGNED_IN);
    // The home page's first screen is the shell's own (the feed's files beside it delayed it).
    assert.deepEqual(preloads(await page('/lms', DEMO.student)), SIGNED_IN);
  });

  test("the chat's page names its lists' files too: a phone shows them first", async () => {
    assert.deepEqual(preloads(await page('/lms/chat', DEMO.student)), [
      ...SIGNED_IN,
      'fetch /lms/public/chat/mf-manifest.json',
      'script /lms/public/chat/remoteEntry.js',
      'script /lms/public/chat/4.dddddddd.js',
      'script /lms/public/chat/__federation_expose_App.1.js',
      'script /lms/public/chat/__federation_expose_DisciplineList.1.js',
      'script /lms/public/chat/__federation_expose_ContactList.1.js',
    ]);
  });

  test('a build the shell would refuse (a newer kit, another runtime) has its manifest hinted, never its code', async () => {
    assert.deepEqual(preloads(await page('/lms/transcript', DEMO.student)), [
      ...SIGNED_IN,
      'fetch /lms/public/finance/mf-manifest.json',
    ]);
    assert.deepEqual(preloads(await page('/lms/registration', DEMO.student)), [
      ...SIGNED_IN,
      'fetch /lms/public/registration/mf-manifest.json',
    ]);
  });

  test("a manifest's file names outside its folder or its attribute are left out", async () => {
    assert.deepEqual(preloads(await page('/lms/library', DEMO.student)), [
      ...SIGNED_IN,
      'fetch /lms/public/library/mf-manifest.json',
      'script /lms/public/library/remoteEntry.js',
      'script /lms/public/library/3.cccccccc.js',
    ]);
  });
});

describe('route-preload: the module of a page and the files of a manifest', () => {
  const module = (key: string, panes = {}) => ({
    key,
    remote: key,
    module: './App',
    routes: [key],
    labels: { kg: key, ru: key, en: key },
    roles: ['student' as const],
    panes,
  });

  test("a path is its first segment's module; the home page none", () => {
    const modules = [module('journal'), module('news', { home: './Feed' })];
    assert.equal(moduleOfPage(modules, '/lms/journal/5')?.module.key, 'journal');
    assert.deepEqual(moduleOfPage(modules, '/lms/journal/5')?.exposed, ['./App']);
    // A module's side panes are on its page (a phone shows them first); the badge is not.
    const chat = module('chat', {
      disciplines: './DisciplineList',
      contacts: './ContactList',
      badge: './UnreadBadge',
    });
    assert.deepEqual(moduleOfPage([...modules, chat], '/lms/chat')?.exposed, [
      './App',
      './DisciplineList',
      './ContactList',
    ]);
    assert.equal(moduleOfPage(modules, '/lms'), undefined);
    assert.equal(moduleOfPage(modules, '/lms/'), undefined);
    assert.equal(moduleOfPage(modules, '/lms/other'), undefined);
  });

  test('files sit next to the manifest (a release folder too); a missing expose gives the entry alone', () => {
    const parsed = JSON.parse(manifest('x', ['a.12345678.js'])) as Parameters<
      typeof manifestFiles
    >[1];
    assert.deepEqual(manifestFiles('/lms/deploy/x/1.2.0/mf-manifest.json', parsed, './App'), [
      '/lms/deploy/x/1.2.0/remoteEntry.js',
      '/lms/deploy/x/1.2.0/a.12345678.js',
    ]);
    assert.deepEqual(manifestFiles('/lms/public/x/mf-manifest.json', parsed, './Missing'), [
      '/lms/public/x/remoteEntry.js',
    ]);
  });
});
