// Missing translations reported by browsers: POST /lms/locales/add/{lng}/{ns}
// (docs/i18n-missing-keys.md) and the listing behind `npm run i18n:missing`.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { defaultOptions } from '../src/options.js';
import { formatMissingKeys, readMissingKeys } from '../src/cli/i18n-missing.js';
import { createTestApp, DEMO, envelope, type TestApp } from './helper.js';

const LIMITS = defaultOptions().missingKeys;

interface Outcome {
  added: number;
  known: number;
  dropped: number;
}

async function stored(t: TestApp, lng?: string, ns?: string) {
  let query = t.app.db.kysely.selectFrom('missing_keys').selectAll().orderBy('key');
  if (lng) query = query.where('lng', '=', lng);
  if (ns) query = query.where('ns', '=', ns);
  return query.execute();
}

describe('POST /lms/locales/add/{lng}/{ns}', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test('a signed-out page stores a key once; a second report counts it', async () => {
    const visitor = await t.client().prime();
    assert.equal(visitor.cookies.has('lms_session'), false);
    const first = await visitor.post('/lms/locales/add/en/common', { 'menu.rooms': 'Rooms' });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(envelope<Outcome>(first).data, { added: 1, known: 0, dropped: 0 });
    const again = await t
      .client()
      .prime()
      .then((other) => other.post('/lms/locales/add/en/common', { 'menu.rooms': 'Rooms' }));
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(envelope<Outcome>(again).data, { added: 0, known: 1, dropped: 0 });
    const rows = await stored(t, 'en', 'common');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.key, 'menu.rooms');
    assert.equal(Number(rows[0]?.reports), 2);
    assert.ok(Number(rows[0]?.last_seen_at) >= Number(rows[0]?.first_seen_at));
  });

  test('the same key in another language or namespace is another row', async () => {
    const visitor = await t.client().prime();
    for (const url of ['/lms/locales/add/kg/common', '/lms/locales/add/en/chat']) {
      const response = await visitor.post(url, { 'menu.rooms': '' });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    }
    const rows = (await stored(t)).filter((row) => row.key === 'menu.rooms');
    assert.deepEqual(rows.map((row) => `${row.lng}/${row.ns}`).sort(), [
      'en/chat',
      'en/common',
      'kg/common',
    ]);
  });

  test('signed-in teachers and students report the same way, and read nothing back', async () => {
    for (const account of [DEMO.teacher, DEMO.student]) {
      const client = await t.login(account);
      const response = await client.post('/lms/locales/add/ru/ui', {
        [`signedIn.${account.login}`]: 'x',
      });
      assert.equal(response.statusCode, 200, response.body);
      // Only counts come back: never another report's keys.
      assert.deepEqual(Object.keys(envelope(response).data ?? {}).sort(), [
        'added',
        'dropped',
        'known',
      ]);
    }
    assert.equal((await stored(t, 'ru', 'ui')).length, 2);
  });

  test('unknown languages and namespaces are refused with 400, nothing stored', async () => {
    const visitor = await t.client().prime();
    const before = (await stored(t)).length;
    for (const url of [
      '/lms/locales/add/de/common',
      '/lms/locales/add/ky/common',
      '/lms/locales/add/EN/common',
      '/lms/locales/add/en/nosuch',
      '/lms/locales/add/en/Common',
      '/lms/locales/add/en/..%2Fcommon',
      `/lms/locales/add/en/${'a'.repeat(41)}`,
    ]) {
      const response = await visitor.post(url, { key: 'value' });
      assert.equal(response.statusCode, 400, `${url}: ${response.statusCode} ${response.body}`);
      assert.match(envelope(response).error ?? '', /^(Неверный запрос|Invalid request): /, url);
    }
    assert.equal((await stored(t)).length, before);
  });

  test('the namespaces are the portal’s, the built-in remotes’ and the registry’s', async () => {
    const visitor = await t.client().prime();
    for (const ns of ['common', 'ui', 'standalone', 'news', 'chat', 'journal', 'finance']) {
      const response = await visitor.post(`/lms/locales/add/ru/${ns}`, { 'namespace.check': '' });
      assert.equal(response.statusCode, 200, `${ns}: ${response.body}`);
    }
    // A remote added to the registry brings its namespace (named after the remote).
    assert.equal((await visitor.post('/lms/locales/add/en/rooms', { title: '' })).statusCode, 400);
    const registry = join(t.dataDir, 'remotes.json');
    await writeFile(
      registry,
      JSON.stringify({ rooms: { manifest: '/lms/deploy/rooms/1.0.0/mf-manifest.json' } }),
    );
    const response = await visitor.post('/lms/locales/add/en/rooms', { title: '' });
    assert.equal(response.statusCode, 200, response.body);
  });

  test('an oversized body is refused with 413, nothing stored', async () => {
    const visitor = await t.client().prime();
    const before = (await stored(t)).length;
    const body: Record<string, string> = {};
    for (let i = 0; i < 20; i++) body[`big.${i}`] = 'я'.repeat(500);
    assert.ok(Buffer.byteLength(JSON.stringify(body)) > LIMITS.bodyLimitBytes);
    const response = await visitor.post('/lms/locales/add/en/common', body);
    assert.equal(response.statusCode, 413, response.body);
    assert.equal((await stored(t)).length, before);
  });

  test('bad keys and bodies are refused with 400, nothing stored', async () => {
    const visitor = await t.client().prime();
    const before = (await stored(t)).length;
    const tooMany: Record<string, string> = {};
    for (let i = 0; i <= LIMITS.maxKeysPerRequest; i++) tooMany[`k${i}`] = '';
    const cases: [string, unknown][] = [
      ['too long a key', { ['k'.repeat(LIMITS.maxKeyLength + 1)]: '' }],
      ['too many keys', tooMany],
      ['no keys', {}],
      ['an empty key', { '': 'x' }],
      ['a control character', { 'a\nb': 'x' }],
      ['a number value', { a: 1 }],
      ['an object value', { a: { b: 'c' } }],
      ['too long a value', { a: 'x'.repeat(LIMITS.maxValueLength + 1) }],
      ['an array', ['a', 'b']],
      ['a string', 'a'],
    ];
    for (const [name, body] of cases) {
      const response = await visitor.request({
        method: 'POST',
        url: '/lms/locales/add/en/common',
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(response.statusCode, 400, `${name}: ${response.statusCode} ${response.body}`);
    }
    const proto = await visitor.request({
      method: 'POST',
      url: '/lms/locales/add/en/common',
      payload: '{"__proto__":{"x":"y"}}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(proto.statusCode, 400);
    // The longest allowed key is fine.
    const longest = await visitor.post('/lms/locales/add/en/common', {
      ['k'.repeat(LIMITS.maxKeyLength)]: '',
    });
    assert.equal(longest.statusCode, 200, longest.body);
    assert.equal((await stored(t)).length, before + 1);
  });

  test('the XSRF check applies: a cross-site form post stores nothing', async () => {
    const visitor = await t.client().prime();
    const before = (await stored(t)).length;
    const response = await visitor.post(
      '/lms/locales/add/en/common',
      { forged: '' },
      { xsrf: false },
    );
    assert.equal(response.statusCode, 403);
    assert.equal((await stored(t)).length, before);
  });

  test('the listing shows what was stored', async () => {
    const result = await readMissingKeys({
      dataDir: t.dataDir,
      ...(t.options.databaseUrl ? { databaseUrl: t.options.databaseUrl } : {}),
    });
    assert.ok('rows' in result);
    const row = result.rows.find(
      (r) => r.lng === 'en' && r.ns === 'common' && r.key === 'menu.rooms',
    );
    assert.ok(row);
    assert.equal(row.reports, 2);
    const text = formatMissingKeys(result.rows);
    assert.match(text.split('\n')[0] ?? '', /^lng\s+ns\s+key\s+first seen/);
    assert.match(text, /^en\s+common\s+menu\.rooms\s+\d{4}-\d\d-\d\dT/m);
    assert.equal(formatMissingKeys([]), 'No missing translations reported.');
  });
});

describe('missing-key caps', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      missingKeys: {
        ...LIMITS,
        maxKeysPerNamespace: 5,
        burstPerAddress: 3,
        perAddressPerMinute: 1,
      },
    });
  });
  after(async () => t.close());

  test('a full language and namespace drops new keys and still counts known ones', async () => {
    const first = await (
      await t.client().prime()
    ).post('/lms/locales/add/en/news', {
      a: '',
      b: '',
      c: '',
    });
    assert.deepEqual(envelope<Outcome>(first).data, { added: 3, known: 0, dropped: 0 });
    const second = await (
      await t.client().prime()
    ).post('/lms/locales/add/en/news', {
      a: '',
      d: '',
      e: '',
      f: '',
      g: '',
    });
    assert.equal(second.statusCode, 200, second.body);
    assert.deepEqual(envelope<Outcome>(second).data, { added: 2, known: 1, dropped: 2 });
    const full = await (
      await t.client().prime()
    ).post('/lms/locales/add/en/news', {
      b: '',
      h: '',
    });
    assert.deepEqual(envelope<Outcome>(full).data, { added: 0, known: 1, dropped: 1 });
    const rows = await t.app.db.kysely
      .selectFrom('missing_keys')
      .select(['key', 'reports'])
      .where('lng', '=', 'en')
      .where('ns', '=', 'news')
      .orderBy('key')
      .execute();
    assert.deepEqual(
      rows.map((row) => `${row.key}:${Number(row.reports)}`),
      ['a:2', 'b:2', 'c:1', 'd:1', 'e:1'],
    );
    // Another language and namespace have their own room.
    const other = await (await t.client().prime()).post('/lms/locales/add/kg/news', { h: '' });
    assert.deepEqual(envelope<Outcome>(other).data, { added: 1, known: 0, dropped: 0 });
  });

  test('one address gets a few reports, then 429 with Retry-After; others go on', async () => {
    const busy = await t.client().prime();
    for (let i = 0; i < 3; i++) {
      const response = await busy.post('/lms/locales/add/ru/chat', { [`burst.${i}`]: '' });
      assert.equal(response.statusCode, 200, response.body);
    }
    const limited = await busy.post('/lms/locales/add/ru/chat', { 'burst.3': '' });
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    assert.match(envelope(limited).error ?? '', /^Слишком много сообщений/);
    // Refused input is answered before the limit and spends nothing; still 400, not 429.
    assert.equal((await busy.post('/lms/locales/add/xx/chat', { a: '' })).statusCode, 400);
    const stored = await t.app.db.kysely
      .selectFrom('missing_keys')
      .select('key')
      .where('key', '=', 'burst.3')
      .execute();
    assert.equal(stored.length, 0);
    const neighbour = await t.client().prime();
    const response = await neighbour.post('/lms/locales/add/ru/chat', { 'burst.3': '' });
    assert.equal(response.statusCode, 200, response.body);
  });
});
