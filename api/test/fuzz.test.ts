// The fuzz suite: every /lms/api route and every other route listed in the catalogue (walked
// from app.apiRoutes, so a new route is covered without anyone adding it here) gets generated wrong input: wrong types, missing and extra
// fields, huge strings, deep nesting, __proto__ keys, wrong content types and malformed
// multipart. No answer may be a 5xx, and no row may be written. A fixed seed keeps runs
// repeatable; FUZZ_RUNS raises the number of generated bodies per route.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, DEMO, type Client, type TestApp } from './helper.js';

const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/**
 * Tables that change by design on refused requests too (throttling, sessions of the clients,
 * the log of refused payment notifications), and the reports of missing translations, where any
 * object of strings a generator makes is a valid report (locales.test.ts covers its refusals).
 */
const MOVING_TABLES = new Set(['login_attempts', 'sessions', 'payment_callbacks', 'missing_keys']);

async function rowCounts(t: TestApp): Promise<Map<string, number>> {
  const db = t.app.db.kysely;
  const tables = (await db.introspection.getTables()).map((table) => table.name);
  const counts = new Map<string, number>();
  for (const name of tables) {
    if (MOVING_TABLES.has(name) || name.startsWith('kysely_')) continue;
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts.set(name, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

/** JSON values a client should never send: anything but the route's shape. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, -1, 0, 2 ** 53, '', ' --- ', 'н/б', '1e309', '<script>'),
);

const wrongBody: fc.Arbitrary<unknown> = fc.oneof(
  wrongValue,
  fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        'uid',
        'id',
        'role',
        'year',
        'ws',
        'page',
        'message',
        'id_message',
        'id_discipline',
      ),
    ),
    wrongValue,
    { maxKeys: 6 },
  ),
);

/** Hand-written bodies that a generator rarely finds. */
function fixedCases(): { name: string; payload: string; contentType: string }[] {
  let deep = '0';
  for (let i = 0; i < 2000; i++) deep = `{"a":${deep}}`;
  const boundary = 'fuzzBoundary';
  return [
    { name: 'not JSON', payload: '{"uid": 1,', contentType: 'application/json' },
    { name: 'deep nesting', payload: deep, contentType: 'application/json' },
    {
      name: '__proto__',
      payload: '{"__proto__":{"role":1,"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      contentType: 'application/json',
    },
    {
      name: 'huge string',
      payload: JSON.stringify({ message: 'я'.repeat(300_000), id: 1 }),
      contentType: 'application/json',
    },
    { name: 'text/plain', payload: 'uid=1&role=1', contentType: 'text/plain' },
    {
      name: 'form-urlencoded',
      payload: 'uid=1&role=1',
      contentType: 'application/x-www-form-urlencoded',
    },
    { name: 'multipart without boundary', payload: 'abc', contentType: 'multipart/form-data' },
    {
      name: 'multipart cut short',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nx`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
  ];
}

describe('fuzz: every API route refuses wrong input without a 5xx or a write', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let anonymous: Client;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    anonymous = await t.client().prime();
  });
  after(async () => t.close());

  test('the route list covers the API', () => {
    const urls = t.app.apiRoutes.map((route) => route.url);
    for (const url of [
      '/lms/api/auth/orize.json',
      '/lms/api/news/insert.json',
      '/lms/api/chat/count.json',
      '/lms/locales/add/:lng/:ns',
    ]) {
      assert.ok(urls.includes(url), url);
    }
  });

  test('generated and hand-written wrong bodies', async () => {
    const routes = t.app.apiRoutes.filter(
      // Logging out on any body is what logout is for; the event stream never ends.
      (route) =>
        !route.url.endsWith('/auth/logout.json') && (route.method === 'POST' || route.query),
    );
    assert.ok(routes.length > 20, `only ${routes.length} routes`);
    const before = await rowCounts(t);
    const failures: string[] = [];
    const check = (route: string, who: string, what: string, status: number) => {
      if (status >= 500) failures.push(`${route} as ${who} with ${what}: ${status}`);
    };
    for (const route of routes) {
      for (const [who, client] of [
        ['teacher', teacher],
        ['student', student],
        ['anonymous', anonymous],
      ] as const) {
        if (route.method === 'GET') {
          const queries = fc.sample(
            fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 40 })),
            {
              seed: SEED,
              numRuns: RUNS,
            },
          );
          for (const query of queries) {
            const search = new URLSearchParams(query).toString();
            const response = await client.get(`${route.example ?? route.url}?${search}`);
            check(route.url, who, `?${search}`, response.statusCode);
          }
          continue;
        }
        for (const body of fc.sample(wrongBody, { seed: SEED, numRuns: RUNS })) {
          const response = await client.request({
            method: 'POST',
            url: route.example ?? route.url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          check(route.url, who, JSON.stringify(body).slice(0, 80), response.statusCode);
        }
        for (const { name, payload, contentType } of fixedCases()) {
          const response = await client.request({
            method: 'POST',
            url: route.example ?? route.url,
            payload,
            headers: { 'content-type': contentType },
          });
          check(route.url, who, name, response.statusCode);
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(Object.fromEntries(await rowCounts(t)), Object.fromEntries(before));
  });
});

describe('every API route asks who is calling', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  /** The calls a visitor makes before signing in. */
  const PUBLIC = new Set([
    '/lms/api/auth/enticate.json',
    '/lms/api/auth/orize.json',
    '/lms/api/auth/recovery.json',
    '/lms/api/auth/updatelogin.json',
    '/lms/api/auth/logout.json',
    // Posted by the payment provider, not a browser: its signature decides (payments.test.ts).
    '/lms/api/payments/notify.json',
    // A QR seen by a phone's camera app before signing in: a fresh token buys a device-bound claim.
    '/lms/api/qr/claim.json',
    '/lms/api/qr/scan',
    // Calendar apps poll the subscription: its private token decides (schedule.test.ts).
    '/lms/api/schedule/ical/:token',
    // Missing translations, reported by signed-out pages too (locales.test.ts).
    '/lms/locales/add/:lng/:ns',
  ]);

  test('without a session every other route answers 401 and reveals nothing', async () => {
    const anonymous = await t.client().prime();
    const open: string[] = [];
    for (const route of t.app.apiRoutes) {
      if (PUBLIC.has(route.url) || route.url.endsWith('/events')) continue;
      const response =
        route.method === 'GET'
          ? await anonymous.get(route.url)
          : await anonymous.post(route.url, {});
      if (response.statusCode !== 401)
        open.push(`${route.method} ${route.url}: ${response.statusCode}`);
      else assert.equal(response.json<{ data: unknown }>().data, null, route.url);
    }
    assert.deepEqual(open, []);
  });
});
