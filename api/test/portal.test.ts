import assert from 'node:assert/strict';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { REGISTRY_SESSION_HEADER } from '@lms/shared/contract';
import { type Client, createTestApp, DEMO, envelope, type TestApp, writeFiles } from './helper.js';

/** A built-looking static root: the shell and one remote (news), plus a file outside them. */
async function writeStaticRoot(root: string): Promise<void> {
  const files: Record<string, string> = {
    'secret.txt': 'outside the dists',
    'shell/secret.json': '{"outside":"dist"}',
    'shell/dist/index.html': '<!doctype html><title>portal</title><div id="root"></div>',
    'shell/dist/main.1a2b3c4d.js': 'console.log("shell")',
    'shell/dist/main.1a2b3c4d.js.br': 'brotli twin',
    'shell/dist/main.1a2b3c4d.js.gz': 'gzip twin',
    'shell/dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'shell/dist/sw.js': 'self.addEventListener("fetch", () => {});',
    'shell/dist/.hidden': 'dotfile',
    'shell/dist/locales/ru/common.json': '{"hello":"Привет"}',
    'shared/dist/locales/en/ui.json': '{"loading":"Loading..."}',
    'mfe-news/dist/remoteEntry.js': 'var news;',
    'mfe-news/dist/mf-manifest.json': '{"name":"news"}',
    'mfe-news/dist/412.abcdef12.js': 'chunk',
    'mfe-news/dist/locales/ru/news.json': '{"title":"Новости"}',
    'mfe-news/dist/locales/kg/news.json': '{"title":"Жаңылыктар"}',
  };
  await writeFiles(root, files);
}

/** Rewrites a config file with a visibly newer mtime (edits within one millisecond happen). */
async function edit(path: string, content: string, secondsAhead: number): Promise<void> {
  await writeFile(path, content);
  const when = new Date(Date.now() + secondsAhead * 1000);
  await utimes(path, when, when);
}

describe('portal files, registry and static serving', () => {
  let t: TestApp;
  let client: Client;
  before(async () => {
    t = await createTestApp();
    await writeStaticRoot(String(t.options.staticRoot));
    client = t.client();
  });
  after(async () => t.close());

  test('/ redirects to /lms', async () => {
    const response = await client.get('/');
    assert.equal(response.statusCode, 302);
    assert.equal(response.headers.location, '/lms');
  });

  test('every other /lms path is the shell page, with security headers and no caching', async () => {
    for (const url of ['/lms', '/lms/', '/lms/news', '/lms/chat/deep/link?x=1', '/lms/login']) {
      const response = await client.get(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.match(response.body, /<title>portal<\/title>/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.equal(response.headers['x-frame-options'], 'DENY');
      assert.match(String(response.headers['content-security-policy']), /default-src 'self'/);
      assert.match(String(response.headers['permissions-policy']), /camera=\(self\)/);
      assert.match(String(response.headers['permissions-policy']), /geolocation=\(self\)/);
      assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin');
      // Plain HTTP here: no HSTS.
      assert.equal(response.headers['strict-transport-security'], undefined);
    }
  });

  test('behind HTTPS (secure cookies) the session cookie is Secure and HSTS is sent', async () => {
    const https = await t.sibling({ secureCookies: true });
    const page = await t.client().on(https).get('/lms/config.json');
    assert.match(String(page.headers['strict-transport-security']), /^max-age=31536000/);
    assert.match(String(page.headers['set-cookie']), /Secure/);
    const client = t.client().on(https);
    await client.get('/lms/config.json');
    const login = await client.post('/lms/api/auth/orize.json', DEMO.teacher);
    assert.equal(login.statusCode, 200);
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('lms_session='));
    assert.match(session ?? '', /; Secure/i);
  });

  test('without a built shell the page is a plain 503 saying how to build', async () => {
    const bare = await t.sibling({ staticRoot: join(t.dataDir, 'nothing-built') });
    const response = await bare.inject({ method: 'GET', url: '/lms/news' });
    assert.equal(response.statusCode, 503);
    assert.match(response.body, /npm run build/);
  });

  test('built assets: hashed files cached for a year, entry files revalidated', async () => {
    const cases: [string, string, RegExp][] = [
      ['/lms/public/shell/main.1a2b3c4d.js', 'public, max-age=31536000, immutable', /javascript/],
      ['/lms/public/shell/index.html', 'no-cache', /text\/html/],
      ['/lms/public/shell/favicon.svg', 'no-cache', /image\/svg\+xml/],
      ['/lms/public/news/remoteEntry.js', 'no-cache', /javascript/],
      ['/lms/public/news/mf-manifest.json', 'no-cache', /json/],
      ['/lms/public/news/412.abcdef12.js', 'public, max-age=31536000, immutable', /javascript/],
    ];
    for (const [url, cacheControl, type] of cases) {
      const response = await client.get(url);
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], cacheControl, url);
      assert.match(String(response.headers['content-type']), type, url);
    }
  });

  test("the build's compressed twins are sent to browsers that accept them", async () => {
    const asked = (url: string, encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const main = '/lms/public/shell/main.1a2b3c4d.js';
    const brotli = await asked(main, 'gzip, deflate, br');
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.body, 'brotli twin');
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    assert.match(String(brotli.headers['content-type']), /javascript/);
    const gzip = await asked(main, 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gzip.body, 'gzip twin');
    const plain = await asked(main);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, 'console.log("shell")');
    // A file without twins is compressed as it is sent (a file is streamed: its size is not
    // known to the compressor), and is the same file once the browser decompresses it.
    const entry = await asked('/lms/public/news/remoteEntry.js', 'br');
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(entry.rawPayload).toString(), 'var news;');
    assert.equal((await asked('/lms/public/news/remoteEntry.js')).body, 'var news;');
  });

  test('the service worker is revalidated and may control the whole portal', async () => {
    const response = await client.get('/lms/public/shell/sw.js');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.equal(response.headers['service-worker-allowed'], '/lms');
    // Only the shell's own worker widens its scope.
    const chunk = await client.get('/lms/public/shell/main.1a2b3c4d.js');
    assert.equal(chunk.headers['service-worker-allowed'], undefined);
  });

  test("the web app manifest names the portal in the reader's language", async () => {
    const names = { ru: 'Учебный портал', kg: 'Окуу порталы', en: 'Learning portal' };
    for (const [lng, name] of Object.entries(names)) {
      const response = await t.client().request({
        method: 'GET',
        url: '/lms/manifest.webmanifest',
        headers: { cookie: `lang=${lng}` },
      });
      assert.equal(response.statusCode, 200, lng);
      assert.match(String(response.headers['content-type']), /^application\/manifest\+json/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      const manifest = JSON.parse(response.body) as Record<string, unknown>;
      assert.equal(manifest.name, name);
      assert.equal(manifest.start_url, '/lms');
      assert.equal(manifest.scope, '/lms');
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.theme_color, '#4967a3');
      const icons = manifest.icons as Array<{ sizes: string; purpose: string }>;
      assert.ok(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'any'));
      assert.ok(icons.some((icon) => icon.sizes === '192x192'));
    }
    const english = await t.client().request({
      method: 'GET',
      url: '/lms/manifest.webmanifest',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    assert.equal((JSON.parse(english.body) as { short_name: string }).short_name, 'Portal');
  });

  test('missing assets are 404, never the shell page', async () => {
    for (const url of [
      '/lms/public/shell/missing.js',
      '/lms/public/chat/remoteEntry.js',
      '/lms/public/shell/',
      '/lms/public/shell',
      '/lms/public/shell/locales',
      '/lms/public/Shell/index.html',
    ]) {
      const response = await client.get(url);
      assert.equal(response.statusCode, 404, url);
      assert.doesNotMatch(response.body, /<title>portal/);
    }
  });

  test('path traversal and hidden files → 404', async () => {
    for (const url of [
      '/lms/public/shell/..%2f..%2fsecret.txt',
      '/lms/public/shell/%2e%2e%2fsecret.json',
      '/lms/public/shell/locales%5c..%5c..%5cindex.html',
      '/lms/public/..%2f..%2fsecret.txt/x',
      '/lms/public/shell/.hidden',
      '/lms/public/shell//etc/passwd',
      '/lms/public/shell/%00index.html',
      '/lms/locales/ru/..%2f..%2f..%2fsecret.json',
      '/lms/locales/..%2f..%2fshell/common.json',
      '/lms/locales/ru/%2e%2e.json',
    ]) {
      const response = await client.get(url);
      assert.equal(response.statusCode, 404, url);
      assert.doesNotMatch(response.body, /outside/);
    }
  });

  test('raw dot segments sent over the wire (no client normalization) → 404', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    for (const path of [
      '/lms/public/shell/../../secret.txt',
      '/lms/public/shell/../secret.json',
      '/lms/public/shell/%2e%2e/%2e%2e/secret.txt',
      '/lms/public/%2e%2e/secret.txt',
      '/lms/locales/ru/../../../secret.txt',
    ]) {
      const status = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      assert.match(status, /^HTTP\/1\.1 404/, path);
      assert.doesNotMatch(status, /outside/);
    }
  });

  test('language files come from the shell, shared and the remotes; names are validated', async () => {
    const common = await client.get('/lms/locales/ru/common.json');
    assert.equal(common.statusCode, 200);
    assert.deepEqual(common.json(), { hello: 'Привет' });
    assert.equal(common.headers['cache-control'], 'no-cache');
    const news = await client.get('/lms/locales/kg/news.json');
    assert.deepEqual(news.json(), { title: 'Жаңылыктар' });
    const ui = await client.get('/lms/locales/en/ui.json');
    assert.deepEqual(ui.json(), { loading: 'Loading...' });
    for (const url of [
      '/lms/locales/en/news.json',
      '/lms/locales/RU/common.json',
      '/lms/locales/ru/Common.json',
      '/lms/locales/ru/common.txt',
      '/lms/locales/rus/common.json',
      '/lms/locales/ru/common',
      '/lms/locales/ru',
    ]) {
      assert.equal((await client.get(url)).statusCode, 404, url);
    }
  });

  test('config.json and logo.json (overridable from the data folder)', async () => {
    const config = (await client.get('/lms/config.json')).json();
    assert.deepEqual(Object.keys(config.name).sort(), ['en', 'kg', 'ru']);
    assert.match(config.version, /^\d+\.\d+\.\d+/);
    assert.equal(config.uploadLimitBytes, 20 * 1024 * 1024);
    assert.equal(config.api.base, '/lms/api');
    // The zone every time is written in, on pages and in files.
    assert.equal(config.timeZone, 'Asia/Bishkek');

    const logo = (await client.get('/lms/logo.json')).json();
    assert.equal(logo.width, 30);
    assert.equal(logo.fontsize, 16);
    assert.equal(typeof logo.name, 'string');
    assert.deepEqual(Object.keys(logo.names).sort(), ['en', 'kg', 'ru']);
    await edit(
      join(t.dataDir, 'logo.json'),
      JSON.stringify({ logo: '/lms/public/shell/favicon.svg', width: 40 }),
      1,
    );
    const overridden = (await client.get('/lms/logo.json')).json();
    assert.equal(overridden.logo, '/lms/public/shell/favicon.svg');
    assert.equal(overridden.width, 40);
    assert.equal(overridden.fontsize, 16);
  });

  test('remotes.json: created on first start, re-read after an edit, a broken edit ignored', async () => {
    const path = join(t.dataDir, 'remotes.json');
    const created = JSON.parse(await readFile(path, 'utf8'));
    assert.deepEqual(Object.keys(created).sort(), [
      'campus',
      'chat',
      'finance',
      'journal',
      'library',
      'manual',
      'news',
      'planning',
      'records',
      'registration',
      'testing',
    ]);
    assert.equal(created.news.manifest, '/lms/public/news/mf-manifest.json');

    const first = await client.get('/lms/remotes.json');
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'no-cache');
    // Asked without a session: nothing says it is anyone's (the service worker keeps none).
    assert.equal(first.headers[REGISTRY_SESSION_HEADER], undefined);
    const inSession = await (await t.login(DEMO.student)).get('/lms/remotes.json');
    assert.equal(inSession.headers[REGISTRY_SESSION_HEADER], '1');
    const served = first.json();
    assert.equal(served.remotes.news, '/lms/public/news/mf-manifest.json');
    assert.deepEqual(
      served.modules.map((module: { key: string; remote: string }) => module.key),
      [
        'journal',
        'schedule',
        'markhistory',
        'umk',
        'library',
        'registration',
        'paymentcode',
        'singlewindow',
        'transcript',
        'news',
        'chat',
        'questionnaire',
        'workload',
        'staffaccess',
        'statement',
        'rating',
        'documents',
        'testing',
        'rooms',
        'webinars',
        'manual',
      ],
    );

    // The older plain form (name → manifest URL) still works and keeps the remote's modules.
    const edited = { ...created, news: 'https://news.faculty.example.kg/v2/mf-manifest.json' };
    await edit(path, JSON.stringify(edited), 2);
    const afterEdit = (await client.get('/lms/remotes.json')).json();
    assert.equal(afterEdit.remotes.news, edited.news);
    assert.ok(afterEdit.modules.some((module: { key: string }) => module.key === 'news'));
    // The remote's origin may now provide scripts to the page.
    const page = await client.get('/lms');
    assert.match(
      String(page.headers['content-security-policy']),
      /script-src 'self' https:\/\/news\.faculty\.example\.kg/,
    );

    await edit(path, '{ "news": ', 3);
    assert.deepEqual((await client.get('/lms/remotes.json')).json(), afterEdit);
    // A malformed entry is skipped; the others stay.
    await edit(path, JSON.stringify({ ...edited, news: 42 }), 4);
    const skipped = (await client.get('/lms/remotes.json')).json();
    assert.equal(skipped.remotes.news, undefined);
    assert.equal(skipped.remotes.chat, '/lms/public/chat/mf-manifest.json');

    const rolledBack = { news: '/lms/public/news/mf-manifest.json' };
    await edit(path, JSON.stringify(rolledBack), 5);
    assert.deepEqual(Object.keys((await client.get('/lms/remotes.json')).json().remotes), ['news']);
  });

  test('CORS only for origins listed in cors-origins.json', async () => {
    const ask = (origin: string, method: 'GET' | 'OPTIONS' = 'GET') =>
      t.app.inject({ method, url: '/lms/remotes.json', headers: { origin } });
    assert.equal(
      (await ask('https://faculty.example.kg')).headers['access-control-allow-origin'],
      undefined,
    );
    await edit(
      join(t.dataDir, 'cors-origins.json'),
      JSON.stringify(['https://faculty.example.kg']),
      1,
    );
    const allowed = await ask('https://faculty.example.kg');
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://faculty.example.kg');
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true');
    const preflight = await ask('https://faculty.example.kg', 'OPTIONS');
    assert.equal(preflight.statusCode, 204);
    assert.match(String(preflight.headers['access-control-allow-headers']), /X-XSRF-TOKEN/);
    assert.equal(
      (await ask('https://evil.example.com')).headers['access-control-allow-origin'],
      undefined,
    );
  });

  test('unknown non-API paths outside /lms are a plain 404', async () => {
    const response = await client.get('/wp-admin');
    assert.equal(response.statusCode, 404);
    assert.equal(envelope(await client.get('/lms/api/unknown')).result, true);
  });
});

describe('the login screen in the page is branded with the logo configuration', () => {
  let t: TestApp;
  const copy = (alt: string, name: string) =>
    `<img data-logo="" class="logo" src="data:image/svg+xml;base64,AAAA" alt="${alt}" style="width:30%"/>` +
    `<p data-logo-name="" class="name" style="font-size:16px">${name}</p>` +
    `<p class="footer">${name} · 0.1.0</p>` +
    `<button type="button" role="switch" aria-checked="false">${alt}</button>` +
    `<form><button type="submit">${name}</button></form>`;
  // What tools/webpack/prerender-html.cjs makes: the shown copy, then one template per language.
  const BUILT =
    '<!doctype html><html lang=ru><head><meta charset=utf-8>' +
    '<link rel="preload" as="script" href="/lms/public/shell/boot.0a1b2c3d.js"><title>portal</title>' +
    '<script defer src=/lms/public/shell/main.1a2b3c4d.js></script>' +
    '<link rel=preload as=script href=/lms/public/shell/470.5e6f7a8b.js>' +
    '<link rel=preload as=script href=/lms/public/shell/723.9c0d1e2f.js></head><body>' +
    `<div id="lms-prerendered">${copy('Логотип: LMS-портал', 'LMS-портал')}</div>` +
    `<template id="lms-login-kg">${copy('Логотип: LMS-портал', 'LMS-портал')}</template>` +
    `<template id="lms-login-ru">${copy('Логотип: LMS-портал', 'LMS-портал')}</template>` +
    `<template id="lms-login-en">${copy('Logo: LMS portal', 'LMS portal')}</template>` +
    '<div id="root"></div></body></html>';
  const copies = (html: string) =>
    html.split(/<template id="lms-login-(?:kg|ru|en)">/).map((part) => ({
      name: /<p data-logo-name=""[^>]*>([^<]*)<\/p>/.exec(part)?.[1],
      image: /<img data-logo=""[^>]*>/.exec(part)?.[0] ?? '',
    }));
  const metaOf = (html: string, name = 'lms-logo') => {
    const content = new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? '';
    const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
    return JSON.parse(
      content.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => entities[e]!),
    ) as unknown;
  };

  before(async () => {
    t = await createTestApp();
    const index = join(String(t.options.staticRoot), 'shell', 'dist', 'index.html');
    await mkdir(dirname(index), { recursive: true });
    await writeFile(index, BUILT);
  });
  after(async () => t.close());

  test("every page has the university zone's offsets from UTC, for the browser's arithmetic", async () => {
    for (const path of ['/lms/login', '/lms/library']) {
      const page = await t.client().get(path);
      const table = metaOf(page.body, 'lms-time-zone') as {
        zone: string;
        until: number;
        offsets: [number, number][];
      };
      assert.equal(table.zone, 'Asia/Bishkek', path);
      // From 2000 (then UTC+5, +6 in summer) to ten years ahead; UTC+6 all year since 2005.
      assert.deepEqual(table.offsets[0], [Date.UTC(2000, 0, 1), 300], path);
      assert.deepEqual(table.offsets[1], [Date.UTC(2000, 2, 25, 21, 30), 360], path);
      assert.deepEqual(table.offsets.at(-1), [Date.UTC(2005, 2, 26, 21, 30), 360], path);
      assert.equal(table.until, Date.UTC(new Date().getUTCFullYear() + 10, 0, 1), path);
    }
  });

  test("by default each language's copy names the university in that language", async () => {
    const page = await t.client().get('/lms/login');
    assert.equal(page.statusCode, 200);
    assert.deepEqual(
      copies(page.body).map((c) => c.name),
      [
        'Тянь-Шаньский университет',
        'Тянь-Шань университети',
        'Тянь-Шаньский университет',
        'Tian Shan University',
      ],
    );
    assert.match(copies(page.body)[3]!.image, /alt="Logo: Tian Shan University"/);
    // The product's own name in the footer stays.
    assert.match(page.body, /<p class="footer">LMS portal · 0.1.0<\/p>/);
    // The app starts from the same configuration as /lms/logo.json answers.
    assert.deepEqual(metaOf(page.body), (await t.client().get('/lms/logo.json')).json());
  });

  test('an edited logo.json is in the next page; a name alone is the name in every language', async () => {
    await edit(
      join(t.dataDir, 'logo.json'),
      JSON.stringify({
        logo: '/lms/files/logo.png?a=1&b="2"',
        width: 45,
        name: 'Ош <мамлекеттик> университети',
        fontsize: 20,
      }),
      2,
    );
    const page = await t.client().get('/lms/login');
    const shown = copies(page.body);
    for (const { name, image } of shown) {
      assert.equal(name, 'Ош &lt;мамлекеттик&gt; университети');
      assert.match(image, / src="\/lms\/files\/logo\.png\?a=1&amp;b=&quot;2&quot;"/);
      assert.match(image, / style="width:45%"/);
    }
    assert.match(page.body, /style="font-size:20px">Ош/);
    assert.match(shown[3]!.image, /alt="Logo: Ош &lt;мамлекеттик&gt; университети"/);
    const logo = (await t.client().get('/lms/logo.json')).json();
    assert.deepEqual(logo.names, {});
    assert.deepEqual(metaOf(page.body), logo);
  });

  test("/lms/login shows the visitor's language with no script before it; other pages no copy", async () => {
    const ask = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const shown = (body: string) =>
      /<div id="lms-login-static" data-lang="(kg|ru|en)">([\s\S]*?)<\/div><template/.exec(body);
    const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];

    // The cookie the portal sets; ?lang comes before it (spec §4), the browser's languages after.
    const english = await ask('/lms/login', { cookie: 'lang=en' });
    assert.equal(shown(english.body)?.[1], 'en');
    assert.match(shown(english.body)?.[2] ?? '', /alt="Logo: /);
    assert.equal(htmlTag(english.body), '<html lang="en" data-prerendered="login">');
    // Its "sign in" waits for the boot script, which holds a submit for the app; the templates'
    // copies (for the language switch) are as built.
    assert.match(shown(english.body)?.[2] ?? '', /<button type="submit" disabled="">/);
    assert.equal(english.body.match(/<template id="lms-login-/g)?.length, 3);
    assert.match(String(english.headers.vary), /Accept-Language/);
    assert.match(String(english.headers.vary), /Cookie/);

    const kyrgyz = await ask('/lms/login?lang=kg', { cookie: 'lang=en' });
    assert.equal(shown(kyrgyz.body)?.[1], 'kg');
    assert.equal(htmlTag(kyrgyz.body), '<html lang="ky" data-prerendered="login">');
    assert.notEqual(kyrgyz.headers.etag, english.headers.etag);
    const browser = await ask('/lms/login/', { 'accept-language': 'en-US,en;q=0.9,ru;q=0.8' });
    assert.equal(shown(browser.body)?.[1], 'en');
    const unknown = await ask('/lms/login?lang=de', { 'accept-language': 'de-DE' });
    assert.equal(shown(unknown.body)?.[1], 'ru');

    // A theme picked before (its cookie) is painted at once, its switch on; any other value is
    // ignored (the page follows the system's setting).
    const dark = await ask('/lms/login', { cookie: 'lang=en; theme=dark' });
    assert.equal(htmlTag(dark.body), '<html lang="en" data-prerendered="login" data-theme="dark">');
    assert.match(shown(dark.body)?.[2] ?? '', /role="switch" aria-checked="true"/);
    assert.match(dark.body, /<template id="lms-login-kg">[^]*?role="switch" aria-checked="false"/);
    const odd = await ask('/lms/login', { cookie: 'theme=<b>' });
    assert.equal(htmlTag(odd.body), '<html lang="ru" data-prerendered="login">');

    // Elsewhere the app shows its own page: no copy of the login screen at all.
    const news = await ask('/lms/news', { cookie: 'lang=en; theme=light' });
    assert.equal(news.statusCode, 200);
    assert.equal(htmlTag(news.body), '<html lang="ru" data-theme="light">');
    assert.doesNotMatch(news.body, /lms-login-static|<template/);
  });

  test('the login page runs no app until the visitor acts: its entry and start files are named for the boot script', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/lms/login' });
    assert.doesNotMatch(login.body, /<script defer/);
    assert.match(
      login.body,
      /<meta name="lms-app" content="\/lms\/public\/shell\/main\.1a2b3c4d\.js \/lms\/public\/shell\/470\.5e6f7a8b\.js \/lms\/public\/shell\/723\.9c0d1e2f\.js">/,
    );
    // The boot script itself is still asked for ahead, and nothing else is.
    assert.deepEqual(login.body.match(/<link rel=("?)preload\1 as=("?)script\2[^>]*>/g), [
      '<link rel="preload" as="script" href="/lms/public/shell/boot.0a1b2c3d.js">',
    ]);
    // Any other page starts the app with the document, its start files preloaded.
    const news = await t.app.inject({ method: 'GET', url: '/lms/news' });
    assert.match(
      news.body,
      /<script defer src=\/lms\/public\/shell\/main\.1a2b3c4d\.js><\/script>/,
    );
    assert.equal(news.body.match(/<link rel=preload as=script /g)?.length, 2);
    assert.doesNotMatch(news.body, /lms-app/);
  });

  test('sent compressed to browsers that accept it, and as 304 while unchanged', async () => {
    const plain = await t.client().get('/lms/login');
    const ask = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/lms/login', headers });
    const brotli = await ask({ 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), plain.body);
    const gzip = await ask({ 'accept-encoding': 'gzip' });
    assert.equal(gunzipSync(gzip.rawPayload).toString(), plain.body);
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    const etag = String(plain.headers.etag);
    const again = await ask({ 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    await edit(join(t.dataDir, 'logo.json'), JSON.stringify({ width: 50 }), 3);
    const changed = await ask({ 'if-none-match': etag });
    assert.equal(changed.statusCode, 200);
    assert.notEqual(changed.headers.etag, etag);
  });
});
