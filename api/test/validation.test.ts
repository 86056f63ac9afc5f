import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CLIENT_ERROR_MESSAGES } from '../src/lib/client-error-messages.js';
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
      assert.equal(body.error, CLIENT_ERROR_MESSAGES.invalidJson.ru);
    }
    for (const lang of ['en', 'kg'] as const) {
      teacher.cookies.set('lang', lang);
      const response = await rawPost(teacher, '/lms/api/auth/orize.json', '{"login": ');
      teacher.cookies.delete('lang');
      assert.equal(envelope(response).error, CLIENT_ERROR_MESSAGES.invalidJson[lang], lang);
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
    // Asked in no language: Russian, the portal's default.
    assert.equal(envelope(text).error, 'Неверный запрос: body должно быть: объект');
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
    teacher.cookies.set('lang', 'en');
    for (const [url, body, message] of cases) {
      const response = await teacher.post(url, body);
      assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(body)}`);
      assert.match(envelope(response).error ?? '', message);
    }
    teacher.cookies.delete('lang');
  });

  test('missing fields → 400 naming them, also when the body is absent', async () => {
    teacher.cookies.set('lang', 'en');
    const missing = await teacher.post('/lms/api/auth/orize.json', { login: 'teacher' });
    assert.equal(missing.statusCode, 400);
    assert.match(envelope(missing).error ?? '', /body\/password is required/);
    const none = await teacher.post('/lms/api/profile/data.json');
    teacher.cookies.delete('lang');
    assert.equal(none.statusCode, 400);
    assert.match(envelope(none).error ?? '', /body\/uid is required/);
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

  test('numbers past an integer column and text with NUL → 400 in the caller language', async () => {
    const inLanguage = (lang: string, options: Parameters<Client['request']>[0]) =>
      teacher.request({
        ...options,
        headers: { ...(options.headers as Record<string, string>), 'accept-language': lang },
      });
    const json = (url: string, body: unknown) => ({
      method: 'POST' as const,
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    const cases: [string, Parameters<Client['request']>[0], RegExp][] = [
      [
        'en',
        json('/lms/api/chat/read.json', { id_message: 2147483648 }),
        /^Invalid request: body\/id_message must be <= 2147483647$/,
      ],
      [
        'ru',
        json('/lms/api/news/delete.json', { id: 9007199254740992 }),
        /^Неверный запрос: body\/id должно быть не больше 2147483647$/,
      ],
      [
        'kg',
        json('/lms/api/schedule/qr.json', { idShed: 1e308 }),
        /^Туура эмес суроо-талап: body\/idShed 2147483647 ашпашы керек$/,
      ],
      [
        'ru',
        json('/lms/api/singlewindow/district/list.json', { id_region: -2147483649 }),
        /^Неверный запрос: body\/id_region должно быть не меньше -2147483648$/,
      ],
      [
        'en',
        json('/lms/api/auth/orize.json', { login: 'teach\u0000er', password: 'x' }),
        /^Invalid request: body\/login must not contain the NUL character$/,
      ],
      [
        'ru',
        json('/lms/api/auth/recovery.json', { oldlog: 'a', oldpas: '\u0000' }),
        /^Неверный запрос: body\/oldpas не должно содержать символ NUL$/,
      ],
      [
        'en',
        { method: 'GET', url: '/lms/api/chat/download.file?id=2147483648&name=a' },
        /^Invalid request: querystring\/id must be a number not above 2147483647$/,
      ],
      [
        'en',
        { method: 'GET', url: '/lms/api/news/download.file?filename=1_a%00b.pdf&type=4' },
        /^Invalid request: the address contains the NUL character$/,
      ],
      [
        'ru',
        { method: 'GET', url: '/lms/api/chat/download.file?id=1&name=a\u0000b' },
        /^Неверный запрос: адрес содержит символ NUL$/,
      ],
    ];
    for (const [lang, options, message] of cases) {
      const response = await inLanguage(lang, options);
      assert.equal(response.statusCode, 400, `${options.url} ${String(options.payload)}`);
      assert.match(envelope(response).error ?? '', message, String(options.url));
    }
    // A problem of another kind is in the caller's language too (Russian by default).
    const mixed = await teacher.post('/lms/api/misc/position.json', { id: 'x' });
    assert.equal(envelope(mixed).error, 'Неверный запрос: body/id должно быть: целое число');
    // Bounds a schema states itself are kept.
    const own = await teacher.post('/lms/api/chat/read.json', { id_message: 0 });
    assert.match(envelope(own).error ?? '', /body\/id_message должно быть не меньше 1/);
  });

  test('a body that does not fit its schema → 400 in the caller language, naming the field', async () => {
    const asked = async (lang: string, url: string, body: unknown) => {
      teacher.cookies.set('lang', lang);
      const response = await teacher.post(url, body);
      teacher.cookies.delete('lang');
      assert.equal(response.statusCode, 400, `${lang} ${url} ${JSON.stringify(body)}`);
      return envelope(response).error;
    };
    const orize = '/lms/api/auth/orize.json';
    const closed = '/lms/api/library/basebookcategories.json';
    const cases: [string, string, unknown, string][] = [
      [
        'ru',
        orize,
        { login: 'teacher' },
        'Неверный запрос: body/password обязательное поле отсутствует',
      ],
      [
        'kg',
        orize,
        { login: 'teacher' },
        'Туура эмес суроо-талап: body/password милдеттүү талаа жок',
      ],
      ['en', orize, { login: 'teacher' }, 'Invalid request: body/password is required'],
      [
        'kg',
        orize,
        { login: 42, password: 'x' },
        'Туура эмес суроо-талап: body/login болушу керек: сап',
      ],
      [
        'ru',
        orize,
        { login: 'x'.repeat(101), password: 'x' },
        'Неверный запрос: body/login должно содержать не больше символов: 100',
      ],
      [
        'en',
        orize,
        { login: 'x'.repeat(101), password: 'x' },
        'Invalid request: body/login must have at most 100 characters',
      ],
      ['ru', closed, { uid: 5 }, 'Неверный запрос: body/uid такого поля нет'],
      ['kg', closed, { uid: 5 }, 'Туура эмес суроо-талап: body/uid мындай талаа жок'],
      ['en', closed, { uid: 5 }, 'Invalid request: body/uid is not a field of this request'],
      [
        'ru',
        '/lms/api/profile/data.json',
        { uid, role: 3 },
        'Неверный запрос: body/role должно быть одним из значений: 1, 2',
      ],
      [
        'kg',
        '/lms/api/profile/data.json',
        { uid, role: 3 },
        'Туура эмес суроо-талап: body/role төмөнкү маанилердин бири болушу керек: 1, 2',
      ],
    ];
    for (const [lang, url, body, message] of cases) {
      assert.equal(await asked(lang, url, body), message, `${lang} ${url}`);
    }
  });

  test('multipart fields with NUL or past an integer column → 400, nothing stored', async () => {
    const me = envelope<{ user: { id: number; role: number } }>(
      await teacher.post('/lms/api/auth/enticate.json', {}),
    ).data?.user;
    const boundary = 'limitsBoundary';
    const form = (fields: Record<string, string>, lang = 'en') => ({
      method: 'POST' as const,
      url: '/lms/api/chat/insert.json',
      payload:
        Object.entries(fields)
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': lang,
      },
    });
    const target = {
      year: '25',
      ws: '1',
      id_discipline: '1',
      id_from_type: String(me?.role),
      id_from: String(me?.id),
      id_to_type: '2',
      id_to: '1',
    };
    const nul = await teacher.request(form({ ...target, message: 'a\u0000b' }));
    assert.equal(nul.statusCode, 400);
    assert.equal(
      envelope(nul).error,
      'Invalid request: body/message must not contain the NUL character',
    );
    const big = await teacher.request(form({ ...target, id_to: '2147483648', message: 'a' }));
    assert.equal(big.statusCode, 400);
    assert.match(envelope(big).error ?? '', /^Invalid request: body\/id_to /);
    // In the caller's language, as a JSON body's refusal would be.
    const kyrgyz = await teacher.request(
      form({ ...target, id_to: '2147483648', message: 'a' }, 'ky'),
    );
    assert.equal(kyrgyz.statusCode, 400);
    assert.match(envelope(kyrgyz).error ?? '', /^Туура эмес суроо-талап: body\/id_to /);
    const russian = await teacher.request(form({ ...target, id_to: 'x', message: 'a' }, 'ru'));
    assert.equal(russian.statusCode, 400);
    assert.match(envelope(russian).error ?? '', /^Неверный запрос: body\/id_to /);
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
