import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DEMO, envelope, type TestApp } from './helper.js';

describe('XSRF', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test('a readable XSRF-TOKEN cookie is handed out once, scoped to /lms', async () => {
    const client = t.client();
    const first = await client.get('/lms/config.json');
    const cookie = String(first.headers['set-cookie']);
    assert.match(cookie, /^XSRF-TOKEN=[\w-]{20,};/);
    assert.match(cookie, /Path=\/lms/);
    assert.match(cookie, /SameSite=Lax/i);
    assert.doesNotMatch(cookie, /HttpOnly/i);
    const second = await client.get('/lms/config.json');
    assert.equal(second.headers['set-cookie'], undefined);
  });

  test('POST without the header, with a wrong header or without the cookie → 403', async () => {
    const client = await t.client().prime();
    const body = DEMO.student;
    const missing = await client.post('/lms/api/auth/orize.json', body, { xsrf: false });
    assert.equal(missing.statusCode, 403);
    assert.match(envelope(missing).error ?? '', /XSRF/);

    const mismatched = await client.request({
      method: 'POST',
      url: '/lms/api/auth/orize.json',
      payload: body,
      xsrf: false,
      headers: { 'x-xsrf-token': 'forged-token-value' },
    });
    assert.equal(mismatched.statusCode, 403);

    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/lms/api/auth/orize.json',
      payload: body,
      headers: { 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' },
    });
    assert.equal(noCookie.statusCode, 403);
    assert.equal(client.cookies.has('lms_session'), false);
  });

  test('a signed-in user is refused too without the header (every POST is checked)', async () => {
    const client = await t.login(DEMO.teacher);
    for (const url of [
      '/lms/api/auth/logout.json',
      '/lms/api/profile/data.json',
      '/lms/api/passwd/reset.json',
    ]) {
      const response = await client.post(url, {}, { xsrf: false });
      assert.equal(response.statusCode, 403, url);
    }
    // The session survived the refused logout.
    assert.equal((await client.post('/lms/api/auth/enticate.json', {})).statusCode, 200);
  });

  test('the matching header passes', async () => {
    const client = await t.client().prime();
    const response = await client.post('/lms/api/auth/orize.json', DEMO.student);
    assert.equal(response.statusCode, 200);
  });

  test('GET API calls need no header', async () => {
    const client = await t.login(DEMO.student);
    const response = await client.request({
      method: 'GET',
      url: '/lms/api/misc/years.json',
      xsrf: false,
    });
    assert.equal(response.statusCode, 200);
  });
});

describe('XSRF on disguised paths', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  // Each names /lms/api/auth/<call> in a way a router may still match.
  const disguises = [
    '/lms/%61pi/auth/',
    '/%6cms/api/auth/',
    '/lms/ap%69/auth/',
    '/lms/%2561pi/auth/',
    '/lms//api/auth/',
    '//lms/api/auth/',
    '/lms/./api/auth/',
    '/lms/api/./auth/',
    '/lms/api%2Fauth/',
    '/LMS/api/auth/',
  ];

  test('a logout without the header is refused and the session survives, however the path is written', async () => {
    const client = await t.login(DEMO.teacher);
    for (const prefix of disguises) {
      const response = await client.post(`${prefix}logout.json`, { logout: true }, { xsrf: false });
      assert.ok(
        response.statusCode === 403 || response.statusCode === 404,
        `${prefix}: ${response.statusCode}`,
      );
      assert.notEqual(response.statusCode, 200, prefix);
    }
    const profile = await client.post('/lms/api/profile/data.json', {});
    assert.notEqual(profile.statusCode, 401, 'the session was ended by a disguised logout');
  });

  test('a sign-in without the header is refused on every disguised path', async () => {
    for (const prefix of disguises) {
      const client = await t.client().prime();
      const response = await client.post(`${prefix}orize.json`, DEMO.student, { xsrf: false });
      assert.notEqual(response.statusCode, 200, prefix);
      assert.equal(client.cookies.has('lms_session'), false, prefix);
    }
  });

  test('signed in, the token is bound to the session: a planted cookie and header are refused', async () => {
    const client = await t.login(DEMO.student);
    const own = client.cookies.get('XSRF-TOKEN');
    assert.ok(own);
    assert.equal(
      (await client.post('/lms/api/auth/enticate.json', {})).statusCode,
      200,
      'the session’s own token passes',
    );
    // What a sibling subdomain could do: set the cookie and send the same value.
    client.cookies.set('XSRF-TOKEN', 'a');
    const forged = await client.request({
      method: 'POST',
      url: '/lms/api/auth/logout.json',
      payload: {},
      headers: { 'x-xsrf-token': 'a' },
    });
    assert.equal(forged.statusCode, 403);
    assert.equal(client.cookies.has('lms_session'), true, 'the session survives');
  });

  test('sign-in and sign-out each bring a new token; the old one no longer passes', async () => {
    const client = await t.client().prime();
    const before = client.cookies.get('XSRF-TOKEN');
    const signIn = await client.post('/lms/api/auth/orize.json', {
      login: DEMO.teacher.login,
      password: DEMO.teacher.password,
    });
    assert.equal(signIn.statusCode, 200);
    const during = client.cookies.get('XSRF-TOKEN');
    assert.ok(before && during && before !== during);
    const stale = await client.request({
      method: 'POST',
      url: '/lms/api/auth/enticate.json',
      payload: {},
      headers: {
        'x-xsrf-token': before,
        cookie: `XSRF-TOKEN=${before}; lms_session=${client.cookies.get('lms_session')}`,
      },
    });
    assert.equal(stale.statusCode, 403, 'the token from before the sign-in');
    assert.equal((await client.post('/lms/api/auth/logout.json', {})).statusCode, 200);
    const after = client.cookies.get('XSRF-TOKEN');
    assert.ok(after && after !== during);
  });

  test('a browser signed in before tokens were bound gets its session token on the next page load', async () => {
    const client = await t.login(DEMO.teacher);
    client.cookies.set('XSRF-TOKEN', 'random-token-from-earlier');
    await client.get('/lms/config.json');
    assert.notEqual(client.cookies.get('XSRF-TOKEN'), 'random-token-from-earlier');
    assert.equal((await client.post('/lms/api/auth/enticate.json', {})).statusCode, 200);
  });

  test('a request outside /lms (the browser’s favicon) never hands out a token', async () => {
    const client = await t.login(DEMO.student);
    const own = client.cookies.get('XSRF-TOKEN');
    // The browser sends no /lms cookie with it: nothing may replace the session's token.
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    assert.equal(favicon.headers['set-cookie'], undefined);
    assert.equal(client.cookies.get('XSRF-TOKEN'), own);
    assert.equal((await client.post('/lms/api/auth/enticate.json', {})).statusCode, 200);
  });
});
