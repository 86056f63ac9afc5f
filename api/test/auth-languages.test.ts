// Sign-in, the password change, the session guard and the XSRF check answer in the caller's
// language: the `lang` cookie, else Accept-Language (Kyrgyz is 'ky' there), else Russian.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Language } from '@lms/shared/contract';
import { AUTH_MESSAGES, PASSWD_MESSAGES, THROTTLED } from '../src/areas/auth/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

describe('auth refusals in the caller language', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  const speaking = async (lang: Language) => {
    const client = await t.client().prime();
    client.cookies.set('lang', lang);
    return client;
  };
  const errorOf = async (response: Promise<{ json(): unknown; statusCode: number }>) => {
    const answer = await response;
    return { status: answer.statusCode, error: (answer.json() as { error: string }).error };
  };

  test('the first-login change answers its success in the caller language', async () => {
    const client = await speaking('en');
    const changed = await client.post('/lms/api/auth/updatelogin.json', {
      oldlog: DEMO.newstudent.login,
      oldpas: DEMO.newstudent.password,
      newlog: 'adilet.en',
      newpas: 'Adilet2026',
    });
    assert.equal(changed.statusCode, 200);
    assert.deepEqual(envelope(changed).data, [{ sms: AUTH_MESSAGES.updated.en, updated: true }]);
  });

  for (const lang of ['en', 'kg'] as const) {
    test(`${lang}: a wrong password, a weak new password, a short changed password`, async () => {
      const client = await speaking(lang);
      assert.deepEqual(
        await errorOf(client.post('/lms/api/auth/orize.json', { login: 'student', password: 'x' })),
        { status: 401, error: MESSAGES.wrongCredentials[lang] },
      );
      const weak = { oldlog: 'student', oldpas: DEMO.student.password, newlog: 'adilet' };
      assert.deepEqual(
        await errorOf(client.post('/lms/api/auth/updatelogin.json', { ...weak, newpas: 'Sh0rt' })),
        { status: 400, error: AUTH_MESSAGES.weakPassword[lang] },
      );
      const signedIn = await t.login(DEMO.teacher);
      signedIn.cookies.set('lang', lang);
      const { user } = envelope<{ user: { uid: number; role: number } }>(
        await signedIn.post('/lms/api/auth/enticate.json', {}),
      ).data!;
      const reset = { uid: user.uid, role: user.role };
      assert.deepEqual(
        await errorOf(
          signedIn.post('/lms/api/passwd/reset.json', {
            ...reset,
            password: 'x',
            newPassword: 'a',
          }),
        ),
        { status: 400, error: PASSWD_MESSAGES.wrongOld[lang] },
      );
      assert.deepEqual(
        await errorOf(
          signedIn.post('/lms/api/passwd/reset.json', {
            ...reset,
            password: DEMO.teacher.password,
            newPassword: 'abc',
          }),
        ),
        { status: 400, error: PASSWD_MESSAGES.weakPassword[lang] },
      );
      assert.deepEqual(
        await errorOf(
          signedIn.post('/lms/api/passwd/reset.json', {
            ...reset,
            password: DEMO.teacher.password,
            newPassword: DEMO.teacher.password,
          }),
        ),
        { status: 400, error: PASSWD_MESSAGES.samePassword[lang] },
      );
    });

    test(`${lang}: a throttled sign-in names the minutes in the language`, async () => {
      const client = await speaking(lang);
      const login = lang === 'en' ? 'teacher' : 'newstudent';
      for (let i = 0; i < 5; i++) {
        await client.post('/lms/api/auth/orize.json', { login, password: `wrong-${i}` });
      }
      const blocked = await errorOf(
        client.post('/lms/api/auth/orize.json', { login, password: 'again' }),
      );
      assert.equal(blocked.status, 429);
      const minutes = Number(/\d+/.exec(blocked.error)?.[0]);
      assert.ok(minutes >= 1, blocked.error);
      assert.equal(blocked.error, THROTTLED.signIn[lang]({ minutes }));
      assert.notEqual(blocked.error, THROTTLED.signIn.ru({ minutes }));
    });

    test(`${lang}: no session → 401, no XSRF token → 403, an unknown address → 404, in the language`, async () => {
      const client = await speaking(lang);
      assert.deepEqual(await errorOf(client.post('/lms/api/auth/enticate.json', {})), {
        status: 401,
        error: MESSAGES.notAuthenticated[lang],
      });
      assert.deepEqual(
        await errorOf(
          client.post('/lms/api/passwd/reset.json', { password: 'x', newPassword: 'y' }),
        ),
        { status: 401, error: MESSAGES.notAuthenticated[lang] },
      );
      assert.deepEqual(
        await errorOf(client.post('/lms/api/auth/orize.json', DEMO.student, { xsrf: false })),
        { status: 403, error: MESSAGES.xsrf[lang] },
      );
      // An address the API does not have.
      assert.deepEqual(await errorOf(client.get('/lms/api/nothing/here.json')), {
        status: 404,
        error: MESSAGES.notFound[lang],
      });
    });
  }

  test('Accept-Language names Kyrgyz "ky"; without a language the answer is Russian', async () => {
    const client: Client = await t.client().prime();
    const wrong = { method: 'POST' as const, url: '/lms/api/auth/orize.json' };
    const payload = { login: 'student', password: 'nope' };
    const kyrgyz = await client.request({
      ...wrong,
      payload,
      headers: { 'accept-language': 'ky-KG,ru;q=0.8' },
    });
    assert.equal(envelope(kyrgyz).error, MESSAGES.wrongCredentials.kg);
    const english = await client.request({
      ...wrong,
      payload,
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(envelope(english).error, MESSAGES.wrongCredentials.en);
    const russian = await client.request({ ...wrong, payload });
    assert.equal(envelope(russian).error, MESSAGES.wrongCredentials.ru);
  });
});
