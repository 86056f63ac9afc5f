import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

describe('passwd/reset', () => {
  let t: TestApp;
  let client: Client;
  let uid: number;
  before(async () => {
    t = await createTestApp();
    client = await t.login(DEMO.student);
    uid = envelope<{ user: { uid: number } }>(await client.post('/lms/api/auth/enticate.json', {}))
      .data?.user.uid as number;
  });
  after(async () => t.close());

  const reset = (password: string, newPassword: string) =>
    client.post('/lms/api/passwd/reset.json', { password, newPassword, uid, role: 2 });

  test('a wrong or missing old password → 400', async () => {
    const wrong = await reset('not-it', 'Another1');
    assert.equal(wrong.statusCode, 400);
    assert.equal(envelope(wrong).error, 'Неверный старый пароль');
    const missing = await reset('', 'Another1');
    assert.equal(missing.statusCode, 400);
    assert.equal(envelope(missing).error, 'Введите старый пароль');
  });

  test('a new password outside the one policy → 400, and the password stays', async () => {
    for (const weak of ['abc', 'abcd', 'abcdefgh1', 'ABCDEFGH1', 'Abcdefgh']) {
      const response = await reset(DEMO.student.password, weak);
      assert.equal(response.statusCode, 400, weak);
      assert.match(envelope(response).error ?? '', /не менее 6 символов/, weak);
    }
    const same = await reset(DEMO.student.password, DEMO.student.password);
    assert.equal(same.statusCode, 400);
    assert.equal(envelope(same).error, 'Новый пароль должен отличаться от текущего');
    assert.ok(await t.login(DEMO.student), 'the old password still signs in');
  });

  test('success changes the password and revokes the other sessions only', async () => {
    const elsewhere = await t.login(DEMO.student);
    const response = await reset(DEMO.student.password, 'Newpass9');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(envelope(response), {
      result: false,
      error: null,
      data: { message: 'Password changed successfully' },
    });
    assert.equal((await client.post('/lms/api/auth/enticate.json', {})).statusCode, 200);
    assert.equal((await elsewhere.post('/lms/api/auth/enticate.json', {})).statusCode, 401);

    const fresh = await t.client().prime();
    const old = await fresh.post('/lms/api/auth/orize.json', DEMO.student);
    assert.equal(old.statusCode, 401);
    const now = await fresh.post('/lms/api/auth/orize.json', {
      login: 'student',
      password: 'Newpass9',
    });
    assert.equal(now.statusCode, 200);
    const stored = await t.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', uid)
      .executeTakeFirstOrThrow();
    assert.match(stored.password_hash, /^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    assert.ok(!stored.password_hash.includes('Newpass9'));
  });
});

describe('passwd/reset is throttled like signing in', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test('after 5 wrong old passwords the 6th try is 429, even with the right one', async () => {
    const client = await t.login(DEMO.teacher);
    const { user } = envelope<{ user: { uid: number; role: number } }>(
      await client.post('/lms/api/auth/enticate.json', {}),
    ).data as { user: { uid: number; role: number } };
    const reset = (password: string) =>
      client.post('/lms/api/passwd/reset.json', {
        password,
        newPassword: 'Another1',
        uid: user.uid,
        role: user.role,
      });
    for (let attempt = 1; attempt <= 5; attempt++) {
      assert.equal((await reset(`wrong-${attempt}`)).statusCode, 400, `attempt ${attempt}`);
    }
    const blocked = await reset(DEMO.teacher.password);
    assert.equal(blocked.statusCode, 429);
    assert.match(envelope(blocked).error ?? '', /Повторите через \d+ мин/);
    // The password did not change behind the refusal.
    const again = await t.login(DEMO.teacher);
    assert.ok(again);
  });
});
