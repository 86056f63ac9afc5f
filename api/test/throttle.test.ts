import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
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

  test('5 failures for a login → 429 on orize, recovery and updatelogin, from any address', async () => {
    const client = await t.client().prime();
    for (let i = 0; i < 5; i++) {
      assert.equal((await orize(client, 'student', `wrong-${i}`)).statusCode, 401);
    }
    const blocked = await orize(client, 'student', 'Student1');
    assert.equal(blocked.statusCode, 429);
    assert.match(envelope(blocked).error ?? '', THROTTLED);
    assert.match(envelope(blocked).error ?? '', /через 15 мин/);

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

    const elsewhere = await t.client().prime();
    assert.equal((await orize(elsewhere, 'Student', 'Student1')).statusCode, 429);
    // Another login from the first address is not affected (5 < 20 per address).
    assert.equal((await orize(client, 'teacher', 'Teacher1')).statusCode, 200);
  });

  test('a successful sign-in resets the login counter', async () => {
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

  test('20 failures from one address → 429 for any login from it', async () => {
    const address = '192.0.2.77';
    const client = await t.client(address).prime();
    for (let i = 0; i < 20; i++) {
      assert.equal((await orize(client, `ghost-${i}`, 'nope')).statusCode, 401);
    }
    const blocked = await orize(client, DEMO.teacher.login, DEMO.teacher.password);
    assert.equal(blocked.statusCode, 429);
    assert.match(envelope(blocked).error ?? '', THROTTLED);
    const other = await t.client().prime();
    assert.equal((await orize(other, DEMO.teacher.login, DEMO.teacher.password)).statusCode, 200);
  });

  test('the counts live in the database: another API process sees the block', async () => {
    const second = await t.sibling();
    const client = await t.client().prime();
    for (let i = 0; i < 5; i++) await orize(client, 's0100', 'nope');
    const response = await orize(client.on(second), 's0100', 'Student1');
    assert.equal(response.statusCode, 429);
  });

  test('the block lifts when the failures age out of the window', async () => {
    const quick = await t.sibling({
      throttle: { maxPerLogin: 2, maxPerAddress: 100, windowMs: 400 },
    });
    const client = t.client().on(quick);
    await client.get('/lms/config.json');
    await orize(client, 's0101', 'nope');
    await orize(client, 's0101', 'nope');
    const blocked = await orize(client, 's0101', 'Student1');
    assert.equal(blocked.statusCode, 429);
    assert.match(envelope(blocked).error ?? '', /через 1 мин/);
    await new Promise((resolve) => setTimeout(resolve, 450));
    assert.equal((await orize(client, 's0101', 'Student1')).statusCode, 200);
  });
});
