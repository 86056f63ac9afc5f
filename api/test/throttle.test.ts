import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { passwordCost } from '../src/areas/auth/password.js';
import { defaultOptions } from '../src/options.js';
import { createThrottleRepository } from '../src/areas/auth/throttle-repository.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

const THROTTLED = /^Слишком много попыток входа\. Повторите через \d+ мин\.$/;

describe('login throttling', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  const orize = (client: Client, login: string, password: string) =>
    client.post('/lms/api/auth/orize.json', { login, password });

  test('5 failures from one address → that address waits, on orize, recovery and updatelogin; the owner elsewhere signs in', async () => {
    const client = await t.client().prime();
    for (let i = 0; i < 5; i++) {
      assert.equal((await orize(client, 'student', `wrong-${i}`)).statusCode, 401);
    }
    const blocked = await orize(client, 'student', 'Student1');
    assert.equal(blocked.statusCode, 429);
    assert.match(envelope(blocked).error ?? '', THROTTLED);

    const recovery = await client.post('/lms/api/auth/recovery.json', {
      oldlog: 'student',
      oldpas: 'Student1',
    });
    assert.equal(recovery.statusCode, 429);
    const update = await client.post('/lms/api/auth/updatelogin.json', {
      oldlog: 'student',
      oldpas: 'Student1',
      newlog: 'student2',
      newpas: 'Student22',
    });
    assert.equal(update.statusCode, 429);

    // Not a lockout: the owner on another network is not slowed down by the guesser.
    const owner = await t.client().prime();
    assert.equal((await orize(owner, 'Student', 'Student1')).statusCode, 200);
    // Another login from the guessing address is not affected either.
    assert.equal((await orize(client, 'teacher', 'Teacher1')).statusCode, 200);
  });

  test('8 simultaneous wrong passwords: exactly 5 are checked, 3 refused', async () => {
    const client = await t.client().prime();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => orize(client, 's0040', `wrong-${i}`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [401, 401, 401, 401, 401, 429, 429, 429]);
  });

  test('a successful sign-in forgives the failures before it', async () => {
    const client = await t.client().prime();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        assert.equal((await orize(client, 's0050', 'nope')).statusCode, 401);
      }
      assert.equal((await orize(client, 's0050', 'Student1')).statusCode, 200);
    }
  });

  test('updatelogin with wrong old credentials counts as a failure', async () => {
    const client = await t.client().prime();
    for (let i = 0; i < 5; i++) {
      const response = await client.post('/lms/api/auth/updatelogin.json', {
        oldlog: 's0060',
        oldpas: 'nope',
        newlog: 's0060x',
        newpas: 'Student22',
      });
      assert.equal(response.statusCode, 400);
    }
    assert.equal((await orize(client, 's0060', 'Student1')).statusCode, 429);
  });

  test('guesses spread over many addresses slow the account down after 20', async () => {
    for (let a = 0; a < 4; a++) {
      const client = await t.client(`198.51.100.${a + 1}`).prime();
      for (let i = 0; i < 5; i++) {
        assert.equal((await orize(client, 's0070', 'nope')).statusCode, 401);
      }
    }
    const fresh = await t.client('198.51.100.99').prime();
    const slowed = await orize(fresh, 's0070', 'Student1');
    assert.equal(slowed.statusCode, 429);
    assert.match(envelope(slowed).error ?? '', THROTTLED);
  });

  test("a known device (the owner's device cookie) is not held back by guesses from elsewhere", async () => {
    // The owner signed in from this browser before: it holds a device cookie for the login.
    const owner = await t.client('198.51.100.50').prime();
    assert.equal((await orize(owner, 's0071', 'Student1')).statusCode, 200);
    const device = owner.cookies.get('lms_device');
    assert.ok(device, 'a successful sign-in issues the device cookie');
    await owner.post('/lms/api/auth/logout.json', {});
    // Five guesses from each of four addresses.
    for (let a = 0; a < 4; a++) {
      const client = await t.client(`198.51.100.${a + 11}`).prime();
      for (let i = 0; i < 5; i++) {
        assert.equal((await orize(client, 's0071', 'nope')).statusCode, 401);
      }
    }
    // The owner, now on a fifth address, with the device cookie: in.
    const travelling = t.client('198.51.100.60');
    travelling.cookies.set('lms_device', device);
    await travelling.prime();
    const signedIn = await orize(travelling, 'S0071', 'Student1');
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    // Without it, the same address and password are still held back.
    const unknown = await t.client('198.51.100.60').prime();
    const held = await orize(unknown, 's0071', 'Student1');
    assert.equal(held.statusCode, 429);
    assert.match(envelope(held).error ?? '', THROTTLED);
  });

  test('a forged device cookie, or one of another login, gives no pass', async () => {
    const teacherBrowser = await t.client().prime();
    assert.equal(
      (await orize(teacherBrowser, DEMO.teacher.login, DEMO.teacher.password)).statusCode,
      200,
    );
    const teachers = teacherBrowser.cookies.get('lms_device') ?? '';
    const owner = await t.client().prime();
    assert.equal((await orize(owner, 's0072', 'Student1')).statusCode, 200);
    const genuine = owner.cookies.get('lms_device') ?? '';
    for (let a = 0; a < 4; a++) {
      const client = await t.client(`198.51.100.${a + 21}`).prime();
      for (let i = 0; i < 5; i++) await orize(client, 's0072', 'nope');
    }
    const [version, name, nonce, issuedAt, mac = ''] = genuine.split('.');
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    // The same bytes spelt differently: the last character's two unused bits changed.
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${mac.slice(0, -1)}${B64[B64.indexOf(mac.at(-1) ?? 'A') ^ 1]}`;
    const forgeries = [
      teachers,
      [version, name, nonce, issuedAt, flipped].join('.'),
      [version, name, nonce, issuedAt, respelt].join('.'),
      [version, Buffer.from('s0072').toString('base64url'), 'chosen-nonce', issuedAt, mac].join(
        '.',
      ),
      'd1.garbage',
    ];
    for (const forged of forgeries) {
      const client = t.client('198.51.100.30');
      client.cookies.set('lms_device', forged);
      await client.prime();
      assert.equal((await orize(client, 's0072', 'Student1')).statusCode, 429, forged);
    }
  });

  test('a device cookie that keeps failing is held back itself, without holding back the account', async () => {
    const owner = await t.client().prime();
    assert.equal((await orize(owner, 's0073', 'Student1')).statusCode, 200);
    const stolen = t.client('198.51.100.40');
    stolen.cookies.set('lms_device', owner.cookies.get('lms_device') ?? '');
    await stolen.prime();
    for (let i = 0; i < 5; i++) {
      assert.equal((await orize(stolen, 's0073', 'nope')).statusCode, 401);
    }
    const held = await orize(stolen, 's0073', 'Student1');
    assert.equal(held.statusCode, 429);
    assert.match(envelope(held).error ?? '', THROTTLED);
    // Its failures were its own: the owner elsewhere signs in.
    const elsewhere = await t.client().prime();
    assert.equal((await orize(elsewhere, 's0073', 'Student1')).statusCode, 200);
  });

  test('the per-address ceiling is high enough for a campus behind one address', async () => {
    assert.ok(defaultOptions().throttle.freePerAddress >= 100);
    const small = await t.sibling({
      throttle: { ...defaultOptions().throttle, freePerAddress: 6 },
    });
    const campus = '192.0.2.77';
    // Successful sign-ins do not use the address up.
    for (let i = 0; i < 8; i++) {
      const client = (await t.client(campus).prime()).on(small);
      await client.get('/lms/config.json');
      assert.equal(
        (await orize(client, DEMO.teacher.login, DEMO.teacher.password)).statusCode,
        200,
      );
    }
    // Failures on many accounts do.
    const guesser = t.client(campus).on(small);
    await guesser.get('/lms/config.json');
    for (let i = 0; i < 6; i++) {
      assert.equal((await orize(guesser, `ghost-${i}`, 'nope')).statusCode, 401);
    }
    assert.equal((await orize(guesser, DEMO.student.login, DEMO.student.password)).statusCode, 429);
    const elsewhere = t.client().on(small);
    await elsewhere.get('/lms/config.json');
    assert.equal(
      (await orize(elsewhere, DEMO.student.login, DEMO.student.password)).statusCode,
      200,
    );
  });

  test("the portal's sign-in (recovery check, then orize) does not use the address up either", async () => {
    const small = await t.sibling({
      throttle: { ...defaultOptions().throttle, freePerAddress: 4, freePerPair: 3 },
    });
    const campus = '192.0.2.78';
    // Twice the address's free attempts, each as the login page does it; the same account
    // again and again too (its pair's free attempts are fewer still).
    for (let i = 0; i < 8; i++) {
      const client = (await t.client(campus).prime()).on(small);
      await client.get('/lms/config.json');
      const recovery = await client.post('/lms/api/auth/recovery.json', {
        oldlog: DEMO.teacher.login,
        oldpas: DEMO.teacher.password,
      });
      assert.equal(recovery.statusCode, 200, `recovery ${i + 1}`);
      assert.equal(envelope<{ LOG_PAS: number }>(recovery).data?.LOG_PAS, 0);
      assert.equal(
        (await orize(client, DEMO.teacher.login, DEMO.teacher.password)).statusCode,
        200,
        `sign-in ${i + 1}`,
      );
    }
    // The check is still counted while it runs: a throttled pair is refused on recovery too.
    const guesser = t.client('192.0.2.79').on(small);
    await guesser.get('/lms/config.json');
    for (let i = 0; i < 3; i++) await orize(guesser, DEMO.student.login, 'nope');
    const refused = await guesser.post('/lms/api/auth/recovery.json', {
      oldlog: DEMO.student.login,
      oldpas: DEMO.student.password,
    });
    assert.equal(refused.statusCode, 429);
  });

  test('on the login page, four typos still leave the fifth try free of delay', async () => {
    const client = await t.client().prime();
    const signIn = async (password: string) => {
      const check = await client.post('/lms/api/auth/recovery.json', {
        oldlog: 's0151',
        oldpas: password,
      });
      assert.equal(check.statusCode, 200);
      return (await orize(client, 's0151', password)).statusCode;
    };
    for (let i = 0; i < 4; i++) assert.equal(await signIn(`Student${i}x`), 401);
    assert.equal(await signIn('Student1'), 200);
  });

  test('a flood of recovery checks from one address is counted again (each costs a password hash)', async () => {
    const small = await t.sibling({
      throttle: { ...defaultOptions().throttle, freePerPair: 3, recoveryReleasesPerMinute: 2 },
    });
    const client = t.client('192.0.2.83').on(small);
    await client.get('/lms/config.json');
    const recovery = () =>
      client.post('/lms/api/auth/recovery.json', { oldlog: 's0150', oldpas: 'anything' });
    // Two given back, then three counted: the pair's free attempts are used up.
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await recovery()).statusCode);
    assert.deepEqual(codes, [200, 200, 200, 200, 200, 429]);
  });

  test('students who mistype, then sign in, give the campus address its attempts back', async () => {
    const small = await t.sibling({
      throttle: { ...defaultOptions().throttle, freePerAddress: 6 },
    });
    const campus = '192.0.2.80';
    // Eight students, two typos each: 16 failures from one address that allows 6.
    for (let i = 0; i < 8; i++) {
      const student = `s${String(120 + i).padStart(4, '0')}`;
      const client = (await t.client(campus).prime()).on(small);
      await client.get('/lms/config.json');
      for (let typo = 0; typo < 2; typo++) {
        assert.equal((await orize(client, student, 'Studnet1')).statusCode, 401, student);
      }
      assert.equal((await orize(client, student, 'Student1')).statusCode, 200, student);
    }
    // A guesser's failures on accounts they never get into still count against the address,
    // even with a sign-in of their own between them.
    const guesser = t.client(campus).on(small);
    await guesser.get('/lms/config.json');
    for (let i = 0; i < 5; i++) {
      assert.equal((await orize(guesser, `ghost-${i}`, 'nope')).statusCode, 401);
    }
    assert.equal((await orize(guesser, 's0130', 'Student1')).statusCode, 200);
    assert.equal((await orize(guesser, 'ghost-9', 'nope')).statusCode, 401);
    assert.equal((await orize(guesser, 's0131', 'Student1')).statusCode, 429);
  });

  test("an address's failures leak away: a campus failing now and then all day is never kept waiting", async () => {
    const hour = 60 * 60 * 1000;
    const limits = { ...defaultOptions().throttle, freePerAddress: 4, resetAfterMs: hour };
    const throttle = createThrottleRepository(t.app.db.kysely, limits);
    const address = '192.0.2.81';
    const at = 1_900_000_000_000;
    // Three failures an hour (the address allows four an hour), never an idle hour, all day.
    let now = at;
    for (let i = 0; i < 30; i++) {
      now = at + i * 20 * 60 * 1000;
      assert.equal(await throttle.attempt(`ghost-a${i}`, address, now), 0, `failure ${i + 1}`);
    }
    // The student signing in a minute after the last failure does not wait.
    assert.equal(await throttle.attempt('s0140', address, now + 60_000), 0);

    // Faster than that, the address does wait, and gets its attempts back as they leak.
    const burst = '192.0.2.82';
    for (let i = 0; i < 4; i++) assert.equal(await throttle.attempt(`ghost-b${i}`, burst, at), 0);
    assert.ok((await throttle.attempt('s0141', burst, at + 1000)) > 0);
    // Two leaks (15 min each) later, two attempts go through at once.
    assert.equal(await throttle.attempt('s0142', burst, at + 30 * 60 * 1000), 0);
    assert.equal(await throttle.attempt('s0143', burst, at + 30 * 60 * 1000), 0);
  });

  test('the counts live in the database: another API process sees them', async () => {
    const second = await t.sibling();
    const client = await t.client().prime();
    for (let i = 0; i < 5; i++) await orize(client, 's0100', 'nope');
    const response = await orize(client.on(second), 's0100', 'Student1');
    assert.equal(response.statusCode, 429);
  });

  test('delays double after the free attempts, up to the maximum, and the count starts again when idle', async () => {
    const throttle = t.app.repos.throttle;
    const base = defaultOptions().throttle.baseDelayMs;
    const max = defaultOptions().throttle.maxDelayMs;
    const reset = defaultOptions().throttle.resetAfterMs;
    const at = 1_900_000_000_000;
    const address = '203.0.113.5';
    for (let i = 0; i < 5; i++) assert.equal(await throttle.attempt('s0110', address, at), 0);
    // After the 5th: wait base, then 2 × base, 4 × base … never more than the maximum.
    assert.equal(await throttle.attempt('s0110', address, at), base);
    let now = at;
    let delay = base;
    while (delay < max) {
      now += delay;
      assert.equal(await throttle.attempt('s0110', address, now - 1), 1, 'one ms early');
      assert.equal(await throttle.attempt('s0110', address, now), 0);
      delay *= 2;
      assert.equal(await throttle.attempt('s0110', address, now), Math.min(delay, max));
    }
    now += max;
    assert.equal(await throttle.attempt('s0110', address, now), 0);
    assert.equal(await throttle.attempt('s0110', address, now), max);
    // An hour without attempts: free again.
    assert.equal(await throttle.attempt('s0110', address, now + reset), 0);
    for (let i = 0; i < 4; i++) {
      assert.equal(await throttle.attempt('s0110', address, now + reset), 0);
    }
    assert.equal(await throttle.attempt('s0110', address, now + reset), base);
  });
});

describe('a wrong password takes as long as an unknown login', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test("every seeded account's hash has the cost of a real one (and of the unknown login's check)", async () => {
    const rows = await t.app.db.kysely.selectFrom('users').select('password_hash').execute();
    assert.ok(rows.length > 100);
    const costs = new Set(rows.map((row) => row.password_hash.split('$')[1]));
    assert.deepEqual([...costs], [String(passwordCost())]);
  });
});
