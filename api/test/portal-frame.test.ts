// A signed-in user's area page is written with its frame (page-frame.ts, login-page.ts): the
// shell's prerendered top bar and the area's heading in the user's language, from the keys
// page-headings.ts names and the language file beside the remote's manifest, the audience's
// own where it differs; the home page with its pane's title and no description. No frame signed
// out, on the login page, under the first screen's address, on a page of no module of theirs or
// without a heading, or when the file lacks a key.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { LANGUAGES } from '@lms/shared/contract';
import { DEFAULT_MODULES } from '../src/areas/portal/default-modules.js';
import { headingKeys, moduleOfFirstScreen, textOf } from '../src/areas/portal/page-frame.js';
import { HOME_HEADINGS, MODULE_HEADINGS } from '../src/areas/portal/page-headings.js';
import { createTestApp, DEMO, type TestApp, writeFiles } from './helper.js';

const manifest = (name: string) =>
  JSON.stringify({
    name,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [{ name: 'App', path: './App', assets: { js: { sync: [], async: [] } } }],
  });

/** The frame as the shell's build leaves it in index.html: one template per language. */
const frameTemplate = (language: string) =>
  `<template id="lms-frame-${language}"><div class="shell"><header><span data-frame-name="">` +
  `@@lms-frame-name@@</span></header><main><h1>@@lms-frame-title@@</h1>` +
  `<p>@@lms-frame-description@@</p><div role="status">${language}: loading</div></main></div></template>`;

async function writeStaticRoot(root: string): Promise<void> {
  const files: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><html lang=ru><head><meta charset=utf-8><title>portal</title></head><body>' +
      '<template id="lms-login-ru"><form>вход</form></template>' +
      ['kg', 'ru', 'en'].map(frameTemplate).join('') +
      '<script src="/lms/public/shell/boot.0123abcd.js"></script><div id="root"></div></body></html>',
    'mfe-library/dist/mf-manifest.json': manifest('library'),
    'mfe-library/dist/locales/ru/library.json': JSON.stringify({
      libraryTitle: 'Электронная библиотека',
      libraryDescription: 'Книги <по> категориям & авторам.',
      umkTitle: 'Материалы',
      umkDescription: 'Материалы {{count}} дисциплин',
    }),
    'mfe-library/dist/locales/en/library.json': JSON.stringify({
      libraryTitle: 'E-library',
      libraryDescription: 'E-books by category.',
    }),
    'mfe-registration/dist/mf-manifest.json': manifest('registration'),
    'mfe-registration/dist/locales/ru/registration.json': JSON.stringify({
      title: 'Регистрация на дисциплины',
      description: 'Выберите семестр и поток.',
      teacher: { description: 'Ваши потоки.', registrarDescription: 'Все потоки и блокировки.' },
    }),
    'mfe-planning/dist/mf-manifest.json': manifest('planning'),
    'mfe-news/dist/mf-manifest.json': manifest('news'),
    'mfe-news/dist/locales/ru/news.json': JSON.stringify({
      title: 'Новости',
      description: 'Объявления университета.',
      feedTitle: 'Лента новостей',
    }),
    'mfe-news/dist/locales/en/news.json': JSON.stringify({ title: 'News' }),
  };
  await writeFiles(root, files);
}

/** The frame written into a page: its heading, address and language; null without one. */
function frameOf(html: string) {
  const frame =
    /<div id="lms-frame" aria-hidden="true" data-path="([^"]*)" data-lang="(\w+)">([\s\S]*?)<\/div><script/.exec(
      html,
    );
  if (!frame) return null;
  const markup = frame[3]!;
  return {
    path: frame[1],
    language: frame[2],
    name: /data-frame-name="">([^<]*)</.exec(markup)?.[1],
    title: /<h1>([^<]*)<\/h1>/.exec(markup)?.[1],
    description: /<p>([^<]*)<\/p>/.exec(markup)?.[1],
  };
}

describe("a signed-in user's area page is written with its frame", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await writeStaticRoot(String(t.options.staticRoot));
  });
  after(() => t.close());

  const page = async (
    path: string,
    account?: { login: string; password: string },
    cookies: Record<string, string> = {},
  ) => {
    const client = account ? await t.login(account) : t.client();
    for (const [name, value] of Object.entries(cookies)) client.cookies.set(name, value);
    const response = await client.get(path);
    assert.equal(response.statusCode, 200, response.body);
    return response;
  };

  test("a student's library: the area's heading in Russian under the portal's name, the app's root hidden behind it", async () => {
    const response = await page('/lms/library', DEMO.student);
    const html = response.body;
    assert.deepEqual(frameOf(html), {
      path: '/lms/library',
      language: 'ru',
      name: 'Учебный портал',
      title: 'Электронная библиотека',
      // Written as text, never as markup.
      description: 'Книги &lt;по&gt; категориям &amp; авторам.',
    });
    assert.match(html, /<html lang="ru" data-prerendered="frame">/);
    // Before the boot script and the app's root; no template of any language is left.
    assert.match(
      html,
      /<\/div><script src="\/lms\/public\/shell\/boot\.0123abcd\.js"><\/script><div id="root">/,
    );
    assert.doesNotMatch(html, /<template id="lms-(frame|login)-/);
    assert.doesNotMatch(html, /@@lms-frame-/);
    assert.match(String(response.headers.vary), /Accept-Language/);
  });

  test("in the user's language: their cookie, the address's ?lang", async () => {
    const english = frameOf((await page('/lms/library', DEMO.student, { lang: 'en' })).body);
    assert.equal(english?.language, 'en');
    assert.equal(english?.title, 'E-library');
    assert.equal(english?.name, 'Learning portal');
    assert.match(
      (await page('/lms/library/?lang=en', DEMO.student)).body,
      /<html lang="en" data-prerendered="frame">/,
    );
    // No Kyrgyz file in this release: no frame rather than another language's.
    const kyrgyz = await page('/lms/library', DEMO.student, { lang: 'kg' });
    assert.equal(frameOf(kyrgyz.body), null);
    assert.doesNotMatch(kyrgyz.body, /data-prerendered/);
  });

  test("each audience gets its own page's description: the student's, the teacher's, the registrar's office's", async () => {
    const description = async (account: { login: string; password: string }) =>
      frameOf((await page('/lms/registration', account)).body)?.description;
    assert.equal(await description(DEMO.student), 'Выберите семестр и поток.');
    assert.equal(await description(DEMO.teacher), 'Ваши потоки.');
    assert.equal(await description(DEMO.registrar), 'Все потоки и блокировки.');
  });

  test("the home page: its pane's title (the news feed's), with no description line, as the feed shows it", async () => {
    for (const account of [DEMO.student, DEMO.teacher, DEMO.registrar]) {
      for (const path of ['/lms', '/lms/']) {
        const html = (await page(path, account)).body;
        assert.deepEqual(frameOf(html), {
          path,
          language: 'ru',
          name: 'Учебный портал',
          title: 'Лента новостей',
          description: undefined,
        });
        assert.match(html, /<html lang="ru" data-prerendered="frame">/);
        assert.doesNotMatch(html, /@@lms-frame-/);
      }
    }
    // The release's English file has no feed title: no frame rather than another heading.
    const english = (await page('/lms', DEMO.student, { lang: 'en' })).body;
    assert.equal(frameOf(english), null);
    assert.doesNotMatch(english, /data-prerendered/);
    // Signed out: nothing of anyone's.
    assert.equal(frameOf((await page('/lms')).body), null);
  });

  test('no frame signed out, on the login page, below the first screen, on a page not theirs or without a heading, or for a text with parameters', async () => {
    const none = async (path: string, account?: { login: string; password: string }) => {
      const html = (await page(path, account)).body;
      assert.equal(frameOf(html), null, path);
      assert.doesNotMatch(html, /<template id="lms-frame-/, path);
      assert.doesNotMatch(html, /data-prerendered="frame"/, path);
    };
    await none('/lms/library');
    await none('/lms/login', DEMO.student);
    await none('/lms/library/book/12', DEMO.student);
    await none('/lms/no-such-area', DEMO.student);
    // The registrar's office has no library; the workload's page has no heading to write.
    await none('/lms/library', DEMO.registrar);
    await none('/lms/workload', DEMO.teacher);
    // The materials' description waits for a count the remote fills in.
    await none('/lms/umk', DEMO.student);
  });
});

describe('page-frame: the heading of a module for a viewer', () => {
  const registration = DEFAULT_MODULES.registration[0]!;

  test('the audience of the viewer picks its keys, else the heading of the module', () => {
    const heading = MODULE_HEADINGS['registration/registration']!;
    assert.deepEqual(headingKeys(heading, { role: 2 }), {
      title: 'title',
      description: 'description',
    });
    assert.equal(headingKeys(heading, { role: 1 }).description, 'teacher.description');
    assert.equal(
      headingKeys(heading, { role: 1, registrarPerms: true }).description,
      'teacher.registrarDescription',
    );
  });

  test('a nested key is read; an object, a blank, a missing key or a text with parameters is not a heading', () => {
    const texts = { a: { b: 'Текст' }, blank: ' ', param: 'Привет, {{name}}', nested: '$t(a.b)' };
    assert.equal(textOf(texts, 'a.b'), 'Текст');
    for (const key of ['a', 'blank', 'param', 'nested', 'a.c', 'a.b.c', 'z']) {
      assert.equal(textOf(texts, key), undefined, key);
    }
    assert.equal(textOf(null, 'a'), undefined);
  });

  test("the first screen is the module's first route, a trailing slash allowed; nothing under it", () => {
    const modules = [{ ...registration, remote: 'registration' }];
    assert.equal(moduleOfFirstScreen(modules, '/lms/registration')?.key, 'registration');
    assert.equal(moduleOfFirstScreen(modules, '/lms/registration/')?.key, 'registration');
    assert.equal(moduleOfFirstScreen(modules, '/lms/registration/streams'), undefined);
    assert.equal(moduleOfFirstScreen(modules, '/lms'), undefined);
  });

  test("every heading of the portal's own modules is a plain text in each language of its remote", async () => {
    const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    for (const [name, heading] of Object.entries(MODULE_HEADINGS)) {
      const [remote, key] = name.split('/') as [keyof typeof DEFAULT_MODULES, string];
      // A module of that remote, as the portal describes it.
      assert.ok(
        DEFAULT_MODULES[remote].some((module) => module.key === key),
        name,
      );
      const keys = [heading!, ...Object.values(heading!.audiences ?? {})];
      for (const language of LANGUAGES) {
        const file = join(repo, `mfe-${remote}`, 'src', 'locales', language, `${remote}.json`);
        const texts: unknown = JSON.parse(await readFile(file, 'utf8'));
        for (const { title, description } of keys) {
          assert.ok(textOf(texts, title), `${remote} ${language} ${title}`);
          assert.ok(textOf(texts, description), `${remote} ${language} ${description}`);
        }
      }
    }
  });

  test("the home page's title is a plain text in each language, of a module with a home pane", async () => {
    const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    for (const [name, key] of Object.entries(HOME_HEADINGS)) {
      const [remote, moduleKey] = name.split('/') as [keyof typeof DEFAULT_MODULES, string];
      assert.ok(
        DEFAULT_MODULES[remote].some((module) => module.key === moduleKey && module.panes?.home),
        name,
      );
      for (const language of LANGUAGES) {
        const file = join(repo, `mfe-${remote}`, 'src', 'locales', language, `${remote}.json`);
        const texts: unknown = JSON.parse(await readFile(file, 'utf8'));
        assert.ok(textOf(texts, key!), `${remote} ${language} ${key}`);
      }
    }
  });
});
