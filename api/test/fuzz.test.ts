// The fuzz suite: every /lms/api route and every other route listed in the catalogue (walked
// from app.apiRoutes, so a new route is covered without anyone adding it here) gets generated wrong input: wrong types, missing and extra
// fields, huge strings, deep nesting, __proto__ keys, wrong content types and malformed
// multipart. No answer may be a 5xx, and no row may be written. A fixed seed keeps runs
// repeatable; FUZZ_RUNS raises the number of generated bodies per route.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { INPUT_MESSAGES } from '../src/lib/input-rules.js';
import { isReferencePath } from '../src/plugins/app/api-reference.js';
import type { ApiRoute } from '../src/plugins/app/route-catalog.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

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

/** Numbers no column holds: past a 32-bit integer, past a double's exact integers, huge. */
const OUT_OF_RANGE = [2147483648, -2147483649, 9007199254740992, 1e308];
/** The same as text (query strings, multipart fields), and a string of digits past them. */
const OUT_OF_RANGE_TEXT = [...OUT_OF_RANGE.map(String), '99999999999'];
/** Strings with NUL, which PostgreSQL's text cannot hold; `1_…` is how news names its files. */
const WITH_NUL = ['a\u0000b', '1_a\u0000b.pdf'];

type JsonSchema = Record<string, unknown>;

/** Who is calling: identity fields get the caller's values, so a request gets past them. */
interface Caller {
  uid: number;
  id: number;
  role: number;
}
const OWN_UID = new Set(['uid']);
const OWN_ID = new Set(['id_from', 'id_human']);
const OWN_ROLE = new Set(['role', 'id_from_type', 'id_humanType']);

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value the schema accepts (as far as a plain walk can tell), the caller's own where it names them. */
function sampleOf(schema: unknown, caller: Caller, name = ''): unknown {
  if (!isSchema(schema)) return null;
  if ('const' in schema) return schema.const;
  const members = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (members) {
    const consts = members.filter(isSchema).map((member) => member.const);
    if (OWN_ROLE.has(name) && consts.includes(caller.role)) return caller.role;
    const plain = members.filter(isSchema).find((member) => member.type !== 'null');
    return sampleOf(plain ?? members[0], caller, name);
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number': {
      if (OWN_UID.has(name)) return caller.uid;
      if (OWN_ID.has(name)) return caller.id;
      if (OWN_ROLE.has(name)) return caller.role;
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const maximum = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return Math.min(Math.max(1, minimum), maximum);
    }
    case 'string': {
      if (typeof schema.pattern === 'string') {
        return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), {
          seed: SEED,
          numRuns: 1,
        })[0];
      }
      const length = Math.max(1, typeof schema.minLength === 'number' ? schema.minLength : 1);
      return 'a'.repeat(length);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return schema.items ? [sampleOf(schema.items, caller)] : [];
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, sub]) => [key, sampleOf(sub, caller, key)]),
      );
    }
    default:
      return null;
  }
}

/** Every number and string a schema holds, by path (objects' properties, arrays' first item). */
function leavesOf(
  schema: unknown,
  path: (string | number)[] = [],
): [(string | number)[], 'number' | 'string'][] {
  if (!isSchema(schema)) return [];
  const members = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (members) {
    const plain = members
      .filter(isSchema)
      .find((member) => member.type !== 'null' && !('const' in member));
    return plain ? leavesOf(plain, path) : [];
  }
  if ('const' in schema || Array.isArray(schema.enum)) return [];
  if (schema.type === 'integer' || schema.type === 'number') return [[path, 'number']];
  if (schema.type === 'string') return [[path, 'string']];
  if (schema.type === 'array') return leavesOf(schema.items, [...path, 0]);
  if (schema.type === 'object' && isSchema(schema.properties)) {
    return Object.entries(schema.properties).flatMap(([key, sub]) => leavesOf(sub, [...path, key]));
  }
  return [];
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

/** One request per field of the route's body, query and path, with each value no column holds. */
function unstorableRequests(
  route: ApiRoute,
  caller: Caller,
): { url: string; payload?: string; what: string }[] {
  const requests: { url: string; payload?: string; what: string }[] = [];
  const { body, querystring, params } = route.schemas;
  const baseQuery = querystring ? (sampleOf(querystring, caller) as Record<string, unknown>) : {};
  const baseParams = params ? (sampleOf(params, caller) as Record<string, unknown>) : {};
  const urlOf = (query: Record<string, unknown>, path: Record<string, unknown>) => {
    const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(path[name] ?? 'x')),
    );
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    return search ? `${url}?${search}` : url;
  };
  const url = route.example && !params ? route.example : urlOf(baseQuery, baseParams);
  if (body) {
    const base = sampleOf(body, caller);
    for (const [path, type] of leavesOf(body)) {
      for (const value of type === 'number' ? OUT_OF_RANGE : WITH_NUL) {
        const payload = JSON.stringify(withValue(base, path, value));
        requests.push({ url, payload, what: `body/${path.join('/')} = ${JSON.stringify(value)}` });
      }
    }
  }
  for (const [part, schema, base] of [
    ['query', querystring, baseQuery],
    ['params', params, baseParams],
  ] as const) {
    for (const [path] of leavesOf(schema)) {
      for (const value of [...OUT_OF_RANGE_TEXT, ...WITH_NUL]) {
        const changed = withValue(base, path, value) as Record<string, unknown>;
        requests.push({
          url: part === 'query' ? urlOf(changed, baseParams) : urlOf(baseQuery, changed),
          what: `${part}/${path.join('/')} = ${JSON.stringify(value)}`,
        });
      }
    }
  }
  return requests;
}

/** Every field name of every body in the catalogue, as a multipart form would send it. */
function multipartForms(
  routes: ApiRoute[],
  caller: Caller,
): { form: Record<string, string>; what: string }[] {
  const numbers = new Set<string>();
  const base: Record<string, string> = { message: 'a', nameBook: 'a', umkName: 'a' };
  for (const route of routes) {
    const body = route.schemas.body;
    if (!isSchema(body) || !isSchema(body.properties)) continue;
    const sample = sampleOf(body, caller) as Record<string, unknown>;
    for (const [name, value] of Object.entries(sample)) {
      if (typeof value === 'number') numbers.add(name);
      if (!(name in base) && (typeof value === 'number' || typeof value === 'string')) {
        base[name] = String(value);
      }
    }
  }
  const forms: { form: Record<string, string>; what: string }[] = [];
  const own = new Set([...OWN_UID, ...OWN_ID, ...OWN_ROLE, 'year', 'ws']);
  for (const value of OUT_OF_RANGE_TEXT) {
    const form = { ...base };
    for (const name of numbers) if (!own.has(name)) form[name] = value;
    forms.push({ form, what: `every numeric field = ${value}` });
  }
  for (const value of WITH_NUL) {
    for (const name of ['message', 'nameBook', 'umkName', 'author', 'description']) {
      forms.push({ form: { ...base, [name]: value }, what: `${name} = ${JSON.stringify(value)}` });
    }
  }
  return forms;
}

function multipartPayload(form: Record<string, string>): { payload: string; contentType: string } {
  const boundary = 'unstorableBoundary';
  const parts = Object.entries(form).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a\u0000b.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`;
  return {
    payload: `${parts.join('')}${file}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Addresses outside the catalogue that name files: NUL in the path. */
const FILE_ADDRESSES = [
  '/lms/public/shell/a%00b.js',
  '/lms/locales/ru/a%00b.json',
  '/lms/deploy/shell/1.0.0/a%00b.js',
];

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
      '/lms/api/chat/countbydiscipline.json',
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

  test('numbers past the database columns and strings with NUL, in every field', async () => {
    const routes = t.app.apiRoutes.filter(
      (route) => !route.url.endsWith('/auth/logout.json') && !route.url.endsWith('/events'),
    );
    const before = await rowCounts(t);
    const failures: string[] = [];
    const refusedByDatabase = new Set<string>(Object.values(INPUT_MESSAGES.notStorable));
    const check = (
      route: string,
      who: string,
      what: string,
      response: { statusCode: number; body: string },
    ) => {
      // The database's own refusal is a 400 too, but means a route's input rules let it through.
      const error =
        response.statusCode === 400 && response.body.startsWith('{')
          ? envelope(response as never).error
          : null;
      if (response.statusCode >= 500 || (error && refusedByDatabase.has(error))) {
        failures.push(`${route} as ${who} with ${what}: ${response.statusCode}`);
      }
    };
    for (const [who, client] of [
      ['teacher', teacher],
      ['student', student],
    ] as const) {
      const me = envelope<{ user: Caller }>(await client.post('/lms/api/auth/enticate.json', {}))
        .data?.user;
      assert.ok(me, who);
      for (const route of routes) {
        for (const { url, payload, what } of unstorableRequests(route, me)) {
          const response =
            route.method === 'GET'
              ? await client.get(url)
              : await client.request({
                  method: route.method as 'POST',
                  url,
                  payload: payload ?? '{}',
                  headers: { 'content-type': 'application/json' },
                });
          check(route.url, who, what, response);
        }
        // Routes without a JSON body schema take multipart forms (uploads) or nothing.
        if (route.method !== 'POST' || route.jsonBody) continue;
        for (const { form, what } of multipartForms(routes, me)) {
          const { payload, contentType } = multipartPayload(form);
          const response = await client.request({
            method: 'POST',
            url: route.example ?? route.url,
            payload,
            headers: { 'content-type': contentType },
          });
          check(route.url, who, `multipart ${what}`, response);
        }
      }
      for (const route of routes) {
        const url = (route.example ?? route.url).replace(/:(\w+)/g, 'a%00b');
        const response = await client.request({
          method: route.method as 'GET',
          url: `${url}?name=a%00b`,
        });
        check(route.url, who, 'NUL in the address', response);
      }
      for (const url of FILE_ADDRESSES) check(url, who, 'NUL in the path', await client.get(url));
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
      // The API reference documents the routes for anyone (api-reference.test.ts).
      if (PUBLIC.has(route.url) || route.url.endsWith('/events') || isReferencePath(route.url))
        continue;
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
