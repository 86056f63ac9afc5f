import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

describe('validation and error envelope', () => {
  let t: TestApp;
  let teacher: Client;
  let uid: number;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    const me = await teacher.post('/lms/api/auth/enticate.json', {});
    uid = envelope<{ user: { uid: number } }>(me).data?.user.uid ?? 0;
  });
  after(async () => t.close());

  const rawPost = (
    client: Client,
    url: string,
    payload: string,
    contentType = 'application/json',
  ) => client.request({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  test('malformed JSON → 400 envelope, not 500', async () => {
    for (const url of ['/lms/api/auth/orize.json', '/lms/api/profile/data.json']) {
      const response = await rawPost(teacher, url, '{"login": "teacher", ');
      assert.equal(response.statusCode, 400, url);
      const body = envelope(response);
      assert.equal(body.result, true);
      assert.equal(body.data, null);
      assert.match(body.error ?? '', /malformed JSON/i);
    }
  });

  test('empty JSON body and a non-JSON content type are client errors', async () => {
    const empty = await rawPost(teacher, '/lms/api/auth/orize.json', '');
    assert.equal(empty.statusCode, 400);
    assert.equal(envelope(empty).result, true);
    const xml = await rawPost(teacher, '/lms/api/auth/orize.json', '<login/>', 'application/xml');
    assert.equal(xml.statusCode, 415);
    assert.equal(envelope(xml).result, true);
    const text = await rawPost(teacher, '/lms/api/auth/orize.json', 'login=x', 'text/plain');
    assert.equal(text.statusCode, 400);
    assert.match(envelope(text).error ?? '', /body must be object/);
  });

  test('wrong types → 400 naming the field', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/lms/api/auth/orize.json', { login: 42, password: 'x' }, /body\/login must be string/],
      ['/lms/api/auth/orize.json', [1, 2], /body must be object/],
      ['/lms/api/profile/data.json', { uid: String(uid), role: 1 }, /body\/uid must be integer/],
      ['/lms/api/profile/data.json', { uid, role: 3 }, /body\/role must be one of 1, 2/],
      ['/lms/api/profile/data.json', { uid: 1.5, role: 1 }, /body\/uid must be integer/],
      [
        '/lms/api/discipline/list.json',
        { uid, year: 26, ws: 7 },
        /body\/ws must be one of 1, 2, 3/,
      ],
      ['/lms/api/discipline/list.json', { uid, year: '26', ws: 1 }, /body\/year must be integer/],
      ['/lms/api/misc/position.json', { id: null }, /body\/id must be integer/],
    ];
    for (const [url, body, message] of cases) {
      const response = await teacher.post(url, body);
      assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(body)}`);
      assert.match(envelope(response).error ?? '', message);
    }
  });

  test('missing fields → 400 naming them, also when the body is absent', async () => {
    const missing = await teacher.post('/lms/api/auth/orize.json', { login: 'teacher' });
    assert.equal(missing.statusCode, 400);
    assert.match(envelope(missing).error ?? '', /required property 'password'/);
    const none = await teacher.post('/lms/api/profile/data.json');
    assert.equal(none.statusCode, 400);
    assert.match(envelope(none).error ?? '', /required property 'uid'/);
  });

  test('oversized fields and bodies are refused', async () => {
    const long = await teacher.post('/lms/api/auth/orize.json', {
      login: 'x'.repeat(101),
      password: 'x',
    });
    assert.equal(long.statusCode, 400);
    const huge = await teacher.post('/lms/api/auth/orize.json', {
      login: 'x',
      password: 'y',
      pad: 'z'.repeat(1_100_000),
    });
    assert.equal(huge.statusCode, 413);
    assert.equal(envelope(huge).result, true);
  });

  test('unknown API routes → 404 envelope; wrong method → 404', async () => {
    const post = await teacher.post('/lms/api/nothing/here.json', {});
    assert.equal(post.statusCode, 404);
    assert.deepEqual(envelope(post), { result: true, error: 'Не найдено', data: null });
    const get = await teacher.get('/lms/api/nothing/here.json');
    assert.equal(get.statusCode, 404);
    assert.equal(envelope(get).result, true);
    const wrongMethod = await teacher.get('/lms/api/auth/orize.json');
    assert.equal(wrongMethod.statusCode, 404);
  });

  test('API responses are not cached and carry the security headers', async () => {
    const response = await teacher.get('/lms/api/misc/years.json');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['x-frame-options'], 'DENY');
    assert.ok(response.headers['referrer-policy']);
    // JSON is data, not a document: opened directly it may load nothing, and nothing frames it.
    assert.equal(
      response.headers['content-security-policy'],
      "default-src 'none'; frame-ancestors 'none'",
    );
    assert.match(String(response.headers['content-type']), /^application\/json/);
  });
});
