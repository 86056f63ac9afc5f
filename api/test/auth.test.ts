import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hashPassword, passwordCost } from '../src/areas/auth/password.js';
import { defaultOptions } from '../src/options.js';
import { hashToken } from '../src/areas/auth/sessions-repository.js';
import { createTestApp, DEMO, envelope, type TestApp } from './helper.js';

interface User {
  id: number;
  uid: number;
  role: number;
  fullName: string;
  newsPerms: boolean;
}

describe('auth', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test('orize: success sets the HttpOnly session cookie and returns the user', async () => {
    const client = await t.client().prime();
    const response = await client.post('/lms/api/auth/orize.json', DEMO.teacher);
    assert.equal(response.statusCode, 200);
    const body = envelope<{ user: User; token: true }>(response);
    assert.equal(body.result, false);
    assert.equal(body.error, null);
    assert.equal(body.data?.token, true);
    assert.deepEqual(
      { ...body.data?.user, uid: undefined, id: undefined },
      {
        role: 1,
        fullName: 'Асанов Бакыт Маратович',
        newsPerms: true,
        registrarPerms: false,
        qualityPerms: false,
        headPerms: false,
        uid: undefined,
        id: undefined,
      },
    );
    const header = String(response.headers['set-cookie']);
    const cookie = header.split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith('lms_session='));
    assert.ok(cookie, 'lms_session cookie set');
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /Path=\/lms/);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Max-Age=43200/);
    assert.doesNotMatch(cookie, /Secure/i);
    // The browser becomes a known device of the login (sign-in throttling): signed, for the
    // sign-in calls only, unreadable by scripts.
    const device = header.split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith('lms_device='));
    assert.ok(device, 'lms_device cookie set');
    assert.match(device, /HttpOnly/i);
    assert.match(device, /Path=\/lms\/api\/auth/);
    assert.match(device, /SameSite=Strict/i);
    assert.match(device, /^\s*lms_device=d1\.[\w-]+\.[\w-]{22}\.[0-9a-z]+\.[\w-]{43};/);
    assert.equal(device.includes(DEMO.teacher.password), false);
  });

  test('the session token is stored hashed', async () => {
    const client = await t.login(DEMO.student);
    const token = client.cookies.get('lms_session');
    assert.ok(token);
    const stored = await t.app.db.kysely.selectFrom('sessions').select('token_hash').execute();
    assert.ok(stored.length > 0);
    assert.ok(
      stored.every((row) => row.token_hash !== token && /^[0-9a-f]{64}$/.test(row.token_hash)),
    );
  });

  test('enticate: the session user with the cookie, 401 without', async () => {
    const client = await t.login(DEMO.student);
    const me = await client.post('/lms/api/auth/enticate.json', { token: 'client-flag' });
    assert.equal(me.statusCode, 200);
    const user = envelope<{ user: User }>(me).data?.user;
    assert.equal(user?.role, 2);
    assert.equal(user?.fullName, 'Жумабаева Айгерим Талантбековна');
    assert.equal(user?.newsPerms, false);

    const anonymous = await t.client().prime();
    const refused = await anonymous.post('/lms/api/auth/enticate.json', {});
    assert.equal(refused.statusCode, 401);
    assert.equal(envelope(refused).result, true);
    assert.ok(envelope(refused).error);
  });

  test('orize: empty credentials → 400 with the spec message', async () => {
    const client = await t.client().prime();
    for (const body of [
      { login: '', password: '' },
      { login: 'student', password: '' },
      { login: '   ', password: 'x' },
    ]) {
      const response = await client.post('/lms/api/auth/orize.json', body);
      assert.equal(response.statusCode, 400);
      assert.equal(envelope(response).error, 'Введите имя пользователя и пароль');
    }
  });

  test('orize: wrong password or unknown login → 401 with the spec message', async () => {
    const client = await t.client().prime();
    for (const body of [
      { login: 'student', password: 'wrong-password' },
      { login: 'nobody-here', password: 'Student1' },
    ]) {
      const response = await client.post('/lms/api/auth/orize.json', body);
      assert.equal(response.statusCode, 401);
      assert.deepEqual(envelope(response), {
        result: true,
        error: 'Неверное имя пользователя или пароль',
        data: null,
      });
      assert.equal(client.cookies.has('lms_session'), false);
    }
  });

  test('orize: the login is case-insensitive', async () => {
    const client = await t.client().prime();
    const response = await client.post('/lms/api/auth/orize.json', {
      login: ' Student ',
      password: 'Student1',
    });
    assert.equal(response.statusCode, 200);
  });

  test('recovery: LOG_PAS 1 only for right credentials of an account that must change them', async () => {
    const client = await t.client().prime();
    const recovery = async (oldlog: string, oldpas: string) => {
      const response = await client.post('/lms/api/auth/recovery.json', { oldlog, oldpas });
      assert.equal(response.statusCode, 200);
      return envelope<{ LOG_PAS: number }>(response).data?.LOG_PAS;
    };
    assert.equal(await recovery('newstudent', '12345'), 1);
    assert.equal(await recovery('newstudent', 'wrong'), 0);
    assert.equal(await recovery('student', 'Student1'), 0);
    assert.equal(await recovery('nobody', 'whatever'), 0);
    assert.equal(await recovery('', ''), 0);
  });

  test('forced change: orize refuses, updatelogin validates, then the new credentials work', async () => {
    const client = await t.client().prime();
    const refused = await client.post('/lms/api/auth/orize.json', DEMO.newstudent);
    assert.equal(refused.statusCode, 403);
    assert.match(envelope(refused).error ?? '', /сменить логин и пароль/);
    assert.equal(client.cookies.has('lms_session'), false);

    const update = (body: Record<string, string>) =>
      client.post('/lms/api/auth/updatelogin.json', body);
    const failures: [Record<string, string>, RegExp][] = [
      [
        { oldlog: 'newstudent', oldpas: 'bad', newlog: 'adilet', newpas: 'Adilet2026' },
        /Неверный текущий/,
      ],
      [{ oldlog: 'newstudent', oldpas: '12345', newlog: 'adilet', newpas: 'Sh0rt' }, /не менее 6/],
      [
        { oldlog: 'newstudent', oldpas: '12345', newlog: 'adilet', newpas: 'alllower1' },
        /заглавная/,
      ],
      [
        { oldlog: 'newstudent', oldpas: '12345', newlog: 'adilet', newpas: 'NoDigitsHere' },
        /цифра/,
      ],
      [{ oldlog: 'newstudent', oldpas: '12345', newlog: 'student', newpas: 'Adilet2026' }, /занят/],
      [{ oldlog: 'newstudent', oldpas: '12345', newlog: 'a b', newpas: 'Adilet2026' }, /логин/i],
    ];
    for (const [body, message] of failures) {
      const response = await update(body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      const error = envelope(response).error ?? '';
      assert.match(error, message);
      // The client treats a message containing 'изменены' as success.
      assert.ok(!error.toLowerCase().includes('изменены'));
    }

    const success = await update({
      oldlog: 'newstudent',
      oldpas: '12345',
      newlog: 'Adilet.T',
      newpas: 'Adilet2026',
    });
    assert.equal(success.statusCode, 200);
    const data = envelope<{ sms: string; updated?: true }[]>(success).data;
    assert.deepEqual(data, [{ sms: 'Логин и пароль успешно изменены', updated: true }]);
    assert.ok(data?.[0]?.sms.toLowerCase().includes('изменены'));

    const old = await client.post('/lms/api/auth/orize.json', DEMO.newstudent);
    assert.equal(old.statusCode, 401);
    const recovery = await client.post('/lms/api/auth/recovery.json', {
      oldlog: 'adilet.t',
      oldpas: 'Adilet2026',
    });
    assert.equal(envelope<{ LOG_PAS: number }>(recovery).data?.LOG_PAS, 0);
    const fresh = await client.post('/lms/api/auth/orize.json', {
      login: 'adilet.t',
      password: 'Adilet2026',
    });
    assert.equal(fresh.statusCode, 200);
    const user = envelope<{ user: User }>(fresh).data?.user;
    assert.equal(user?.role, 2);
    assert.equal(user?.fullName, 'Токтогулов Адилет Нурланович');
    const me = await client.post('/lms/api/auth/enticate.json', {});
    assert.equal(me.statusCode, 200);
  });

  test('a hash cheaper than the current cost is upgraded at sign-in', async () => {
    const cheap = await hashPassword('Student1', 16);
    await t.app.db.kysely
      .updateTable('users')
      .set({ password_hash: cheap })
      .where('login', '=', 's0010')
      .execute();
    const client = await t.client().prime();
    const response = await client.post('/lms/api/auth/orize.json', {
      login: 's0010',
      password: 'Student1',
    });
    assert.equal(response.statusCode, 200);
    const row = await t.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('login', '=', 's0010')
      .executeTakeFirstOrThrow();
    assert.equal(row.password_hash.split('$')[1], String(passwordCost()));
  });

  test('logout deletes the session and clears the cookie', async () => {
    const client = await t.login(DEMO.teacher);
    const token = client.cookies.get('lms_session');
    const response = await client.post('/lms/api/auth/logout.json', { logout: true });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(envelope(response).data, { logout: true });
    assert.equal(client.cookies.has('lms_session'), false);
    // Even a copy of the old cookies no longer works.
    client.useSession(token ?? '');
    const after = await client.post('/lms/api/auth/enticate.json', {});
    assert.equal(after.statusCode, 401);
  });

  test('logout without a body or a session still succeeds', async () => {
    const client = await t.client().prime();
    const response = await client.post('/lms/api/auth/logout.json');
    assert.equal(response.statusCode, 200);
  });

  test('an expired session is refused', async () => {
    const client = await t.login(DEMO.student);
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    const response = await client.post('/lms/api/auth/enticate.json', {});
    assert.equal(response.statusCode, 401);
  });

  test('sessions expire after the configured lifetime', async () => {
    const short = await t.sibling({ sessionTtlMs: 1000 });
    const client = t.client().on(short);
    await client.get('/lms/config.json');
    const login = await client.post('/lms/api/auth/orize.json', DEMO.teacher);
    assert.equal(login.statusCode, 200);
    assert.equal((await client.post('/lms/api/auth/enticate.json', {})).statusCode, 200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.equal((await client.post('/lms/api/auth/enticate.json', {})).statusCode, 401);
  });

  test('a session idle for longer than the idle time ends; requests keep it alive', async () => {
    const idleMs = defaultOptions().sessionIdleMs;
    const sessions = t.app.db.kysely.updateTable('sessions');
    const active = await t.login(DEMO.student);
    const activeHash = hashToken(active.cookies.get('lms_session') ?? '');
    // Quiet for a while, but within the idle time: the request works and restarts the clock.
    await sessions
      .set({ last_seen_at: Date.now() - idleMs + 60_000 })
      .where('token_hash', '=', activeHash)
      .execute();
    assert.equal((await active.post('/lms/api/auth/enticate.json', {})).statusCode, 200);
    const seen = await t.app.db.kysely
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', activeHash)
      .executeTakeFirstOrThrow();
    assert.ok(Number(seen.last_seen_at) > Date.now() - 60_000);

    const idle = await t.login(DEMO.teacher);
    await sessions
      .set({ last_seen_at: Date.now() - idleMs - 1000 })
      .where('token_hash', '=', hashToken(idle.cookies.get('lms_session') ?? ''))
      .execute();
    assert.equal((await idle.post('/lms/api/auth/enticate.json', {})).statusCode, 401);
    // Well within its absolute lifetime all along.
    assert.ok(defaultOptions().sessionTtlMs > idleMs);
  });

  test('a session works on another API process sharing the database', async () => {
    const other = await t.sibling();
    const client = await t.login(DEMO.teacher);
    const response = await client.on(other).post('/lms/api/auth/enticate.json', {});
    assert.equal(response.statusCode, 200);
  });
  test('a process that keeps sessions it read still ends them at sign-out and revocation', async () => {
    const keeping = await t.sibling({ sessionCacheMs: 60 * 60 * 1000 });
    const { login } = await t.app.db.kysely
      .selectFrom('users')
      .select('login')
      .where('role', '=', 1)
      .where('login', '!=', DEMO.teacher.login)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const account = { login, password: 'Teacher1' };
    const signedIn = async () => (await t.login(account)).on(keeping);
    const enticate = async (client: Awaited<ReturnType<typeof signedIn>>) =>
      (await client.post('/lms/api/auth/enticate.json', {})).statusCode;
    const [leaving, changing, elsewhere] = [await signedIn(), await signedIn(), await signedIn()];
    for (const client of [leaving, changing, elsewhere]) assert.equal(await enticate(client), 200);

    // The old cookie, as a copy of the browser kept from before its sign-out would send it.
    const kept = leaving.on(keeping);
    assert.equal((await leaving.post('/lms/api/auth/logout.json', {})).statusCode, 200);
    assert.equal(await enticate(kept), 401);

    // A new password ends the user's other sessions; the one that changed it stays.
    const me = envelope<{ user: User }>(await changing.post('/lms/api/auth/enticate.json', {})).data
      ?.user;
    assert.ok(me);
    const reset = (password: string, newPassword: string) =>
      changing.post('/lms/api/passwd/reset.json', {
        password,
        newPassword,
        uid: me.uid,
        role: me.role,
      });
    assert.equal((await reset('Teacher1', 'Teacher1-next')).statusCode, 200);
    assert.equal(await enticate(elsewhere), 401);
    assert.equal(await enticate(changing), 200);
    assert.equal((await reset('Teacher1-next', 'Teacher1')).statusCode, 200);
  });
});
