import assert from 'node:assert/strict';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { signPreview, verifyPreview } from '../src/areas/portal/remote-registry.js';
import { createTestApp, type Client, type TestApp } from './helper.js';

const LABELS = { kg: 'Аудиториялар', ru: 'Аудитории', en: 'Rooms' };

const rooms = (version: string, extra: Record<string, unknown> = {}) => ({
  manifest: `/lms/deploy/rooms/${version}/mf-manifest.json`,
  version,
  modules: [
    {
      key: 'rooms',
      module: './App',
      routes: ['rooms'],
      labels: LABELS,
      roles: ['teacher'],
      tile: { icon: 'rooms' },
      ...extra,
    },
  ],
});

let tick = 0;
/** Writes the registry with a visibly newer mtime, so the server re-reads it. */
async function writeRegistry(t: TestApp, registry: unknown): Promise<void> {
  const path = join(t.dataDir, 'remotes.json');
  await writeFile(path, JSON.stringify(registry));
  tick += 2;
  const when = new Date(Date.now() + tick * 1000);
  await utimes(path, when, when);
}

async function writeRelease(t: TestApp, remote: string, version: string): Promise<void> {
  const files = {
    'mf-manifest.json': `{"name":"${remote}","version":"${version}"}`,
    'remoteEntry.js': `var ${remote};`,
    '12.abcdef12.js': 'chunk',
  };
  for (const [name, content] of Object.entries(files)) {
    const path = join(t.dataDir, 'deploy', remote, version, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }
}

describe('the registry: modules, malformed entries, candidates and preview links', () => {
  let t: TestApp;
  let client: Client;
  before(async () => {
    t = await createTestApp({ previewSecret: 'a-test-secret-of-at-least-32-characters' });
    client = t.client();
    await writeRelease(t, 'rooms', '1.0.0');
    await writeRelease(t, 'rooms', '1.1.0');
  });
  after(async () => t.close());

  test('a new remote with its module is served beside the six', async () => {
    await writeRegistry(t, { news: '/lms/public/news/mf-manifest.json', rooms: rooms('1.0.0') });
    const served = (await client.get('/lms/remotes.json')).json();
    assert.equal(served.remotes.rooms, '/lms/deploy/rooms/1.0.0/mf-manifest.json');
    const module = served.modules.find((item: { key: string }) => item.key === 'rooms');
    assert.deepEqual(module, { ...rooms('1.0.0').modules[0], remote: 'rooms' });
    assert.equal(served.preview, undefined);

    const file = await client.get('/lms/deploy/rooms/1.0.0/12.abcdef12.js');
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('malformed entries and modules are skipped, the rest is served', async () => {
    await writeRegistry(t, {
      news: '/lms/public/news/mf-manifest.json',
      'Bad Name': '/lms/public/x/mf-manifest.json',
      evil: 'javascript:alert(1)',
      nothing: { modules: [] },
      rooms: {
        ...rooms('1.0.0'),
        modules: [
          { ...rooms('1.0.0').modules[0], key: 'noroles', routes: ['noroles'], roles: [] },
          { ...rooms('1.0.0').modules[0], key: 'apps2', routes: ['apps'] },
          { ...rooms('1.0.0').modules[0], key: 'feed', routes: ['news'] },
          { ...rooms('1.0.0').modules[0], module: 'App' },
          rooms('1.0.0').modules[0],
        ],
      },
    });
    const response = await client.get('/lms/remotes.json');
    assert.equal(response.statusCode, 200);
    const served = response.json();
    assert.deepEqual(Object.keys(served.remotes), ['news', 'rooms']);
    assert.deepEqual(
      served.modules.map((module: { key: string }) => module.key),
      ['news', 'rooms'],
    );
    // The page still loads.
    assert.equal((await client.get('/lms/rooms')).statusCode, 503);
  });

  test("a registry written by an earlier version gets the portal's own description of its built-in remotes", async () => {
    // What an installation made before the registrar's office had the registration tile wrote
    // at its first start: the built-in build with the description of that time.
    const before = {
      key: 'registration',
      module: './App',
      routes: ['registration'],
      labels: { kg: 'Каттоо', ru: 'Регистрация', en: 'Registration' },
      roles: ['teacher', 'student'],
      tile: { icon: 'registration' },
    };
    await writeRegistry(t, {
      registration: { manifest: '/lms/public/registration/mf-manifest.json', modules: [before] },
      rooms: rooms('1.0.0'),
    });
    const served = (await client.get('/lms/remotes.json')).json();
    const registration = served.modules.find(
      (module: { key: string }) => module.key === 'registration',
    );
    assert.deepEqual(registration.roles, ['teacher', 'student', 'registrar']);
    // A release of the faculty's own keeps the description it was deployed with.
    const own = served.modules.find((module: { key: string }) => module.key === 'rooms');
    assert.deepEqual(own.roles, ['teacher']);
  });

  test('a candidate is served only to a browser opted in by a signed preview link', async () => {
    await writeRegistry(t, {
      rooms: {
        ...rooms('1.0.0'),
        candidate: rooms('1.1.0', { labels: { ...LABELS, ru: 'Аудитории (новые)' } }),
      },
    });
    const everyone = (await client.get('/lms/remotes.json')).json();
    assert.equal(everyone.remotes.rooms, '/lms/deploy/rooms/1.0.0/mf-manifest.json');
    assert.equal(everyone.preview, undefined);
    assert.equal((await client.get('/lms/deploy/rooms/1.1.0/remoteEntry.js')).statusCode, 404);
    assert.equal((await client.get('/lms/deploy/rooms/1.1.0/mf-manifest.json')).statusCode, 404);

    const secret = t.app.portalFiles.previewSecret;
    const expires = Date.now() + 60 * 60 * 1000;
    const token = signPreview(secret, { remote: 'rooms', version: '1.1.0', expires });

    // Forged, expired or stale links are refused and set nothing.
    const forged = signPreview('another-secret-another-secret-another', {
      remote: 'rooms',
      version: '1.1.0',
      expires,
    });
    const expired = signPreview(secret, { remote: 'rooms', version: '1.1.0', expires: 1000 });
    const stale = signPreview(secret, { remote: 'rooms', version: '0.9.0', expires });
    for (const bad of [forged, expired, stale, `${token}x`, 'garbage']) {
      const refused = await t.app.inject({ method: 'GET', url: `/lms/preview?token=${bad}` });
      assert.equal(refused.statusCode, 404, bad);
      assert.doesNotMatch(String(refused.headers['set-cookie'] ?? ''), /lms_preview/);
    }

    const opened = await t.app.inject({ method: 'GET', url: `/lms/preview?token=${token}` });
    assert.equal(opened.statusCode, 302, opened.body);
    assert.equal(opened.headers.location, '/lms');
    const cookie = [opened.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith('lms_preview='));
    assert.ok(cookie);
    assert.match(cookie, /Path=\/lms/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    const cookies = { lms_preview: token };

    const preview = await t.app.inject({ method: 'GET', url: '/lms/remotes.json', cookies });
    assert.equal(preview.headers['cache-control'], 'private, no-cache');
    const served = preview.json();
    assert.equal(served.remotes.rooms, '/lms/deploy/rooms/1.1.0/mf-manifest.json');
    assert.deepEqual(served.preview, ['rooms']);
    assert.equal(served.modules[0].labels.ru, 'Аудитории (новые)');
    const entry = await t.app.inject({
      method: 'GET',
      url: '/lms/deploy/rooms/1.1.0/12.abcdef12.js',
      cookies,
    });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['cache-control'], 'private, no-cache');

    // A tampered cookie is worth nothing.
    const tampered = await t.app.inject({
      method: 'GET',
      url: '/lms/remotes.json',
      cookies: { lms_preview: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
    });
    assert.equal(tampered.json().remotes.rooms, '/lms/deploy/rooms/1.0.0/mf-manifest.json');

    // Promoted: everyone gets it, without the cookie.
    await writeRegistry(t, { rooms: rooms('1.1.0') });
    assert.equal(
      (await client.get('/lms/remotes.json')).json().remotes.rooms,
      '/lms/deploy/rooms/1.1.0/mf-manifest.json',
    );
    assert.equal((await client.get('/lms/deploy/rooms/1.1.0/remoteEntry.js')).statusCode, 200);

    const off = await t.app.inject({ method: 'GET', url: '/lms/preview/off', cookies });
    assert.equal(off.statusCode, 302);
    assert.match(String(off.headers['set-cookie']), /lms_preview=;/);
  });

  test('a remote with only a candidate exists for opted-in browsers only', async () => {
    await writeRegistry(t, {
      news: '/lms/public/news/mf-manifest.json',
      rooms: { candidate: rooms('1.1.0') },
    });
    const everyone = (await client.get('/lms/remotes.json')).json();
    assert.deepEqual(Object.keys(everyone.remotes), ['news']);
    assert.ok(!everyone.modules.some((module: { key: string }) => module.key === 'rooms'));
    const token = signPreview(t.app.portalFiles.previewSecret, {
      remote: 'rooms',
      version: '1.1.0',
      expires: Date.now() + 60_000,
    });
    const preview = await t.app.inject({
      method: 'GET',
      url: '/lms/remotes.json',
      cookies: { lms_preview: token },
    });
    assert.equal(preview.json().remotes.rooms, '/lms/deploy/rooms/1.1.0/mf-manifest.json');
    assert.ok(preview.json().modules.some((module: { key: string }) => module.key === 'rooms'));
  });

  test('preview tokens: signature, expiry and shape are checked', () => {
    const secret = 'x'.repeat(40);
    const grant = { remote: 'rooms', version: '2.0.0', expires: 2_000_000_000_000 };
    const token = signPreview(secret, grant);
    assert.deepEqual(verifyPreview(secret, token, 1_900_000_000_000), grant);
    assert.equal(verifyPreview(secret, token, 2_100_000_000_000), null);
    assert.equal(verifyPreview('y'.repeat(40), token, 1_900_000_000_000), null);
    assert.equal(verifyPreview(secret, 'a.b.c'), null);
  });
});
