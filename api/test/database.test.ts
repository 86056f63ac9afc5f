import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { isPostgresUrl, syncRunOf } from '../src/db/database.js';
import { JOURNAL_CHANNEL } from '../src/areas/journal/events.js';
import { ORDERS_CHANNEL } from '../src/areas/orders/events.js';
import { createTestApp, DEMO, type Client, type TestApp } from './helper.js';

describe('database connections', () => {
  let t: TestApp;
  let student: Client;
  before(async () => {
    t = await createTestApp();
    student = await t.login(DEMO.student);
  });
  after(async () => t.close());

  test('connections the server drops are replaced; the API keeps answering', async (context) => {
    const databaseUrl = t.options.databaseUrl;
    if (!isPostgresUrl(databaseUrl)) {
      context.skip('an embedded SQLite file has no server to drop connections');
      return;
    }
    // Fill the pool with idle connections, then have the server kill them (as a restart would).
    await Promise.all(
      Array.from({ length: 5 }, () => student.post('/lms/api/auth/enticate.json', {})),
    );
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await admin.end();
    assert.ok(killed.rowCount && killed.rowCount > 0);
    // Give the dropped connections time to report, then use the API again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await student.post('/lms/api/auth/enticate.json', {});
    assert.equal(response.statusCode, 200, response.body);
  });

  test('SQLite: a statement run at once belongs to the transaction it runs in, and runs in no other', async (context) => {
    const db = t.app.db.kysely;
    const run = syncRunOf(db);
    if (t.app.db.dialect !== 'sqlite' || !run) {
      context.skip('only the embedded SQLite file runs statements at once');
      return;
    }
    const count = () =>
      (run('select count(*) as n from audit_trail', []) ?? [{ n: -1 }])[0] as { n: number };
    assert.equal(run('select 1', []), undefined, 'outside a transaction: not run');
    const before = Number(
      (await db.selectFrom('audit_trail').select(db.fn.countAll().as('n')).executeTakeFirst())?.n,
    );
    const insert = `insert into audit_trail (at, kind, record_key, old_value, new_value, prev_digest, digest)
      values (1, 'test', 'k', 'null', 'null', '', 'x')`;
    await assert.rejects(
      db.transaction().execute(async () => {
        assert.deepEqual(run(insert, []), []);
        assert.equal(count().n, before + 1, 'seen inside its transaction');
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    const after = Number(
      (await db.selectFrom('audit_trail').select(db.fn.countAll().as('n')).executeTakeFirst())?.n,
    );
    assert.equal(after, before, 'gone with its transaction');
  });

  test('a server that cannot get its connections does not start, and holds none', async (context) => {
    const databaseUrl = t.options.databaseUrl;
    if (!isPostgresUrl(databaseUrl)) {
      context.skip('an embedded SQLite file has no connections to run out of');
      return;
    }
    // A role allowed fewer connections than a server opens (a pooled one and its LISTEN one).
    const role = `lms_few_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const held = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where usename = $1',
            [role],
          )
        ).rows[0]!.n,
      );
    try {
      await admin.query(`create role ${role} login password 'few' connection limit 1`);
      await admin.query(`grant all on schema public to ${role}`);
      await admin.query(`grant all on all tables in schema public to ${role}`);
      await admin.query(`grant all on all sequences in schema public to ${role}`);
      const url = new URL(databaseUrl!);
      url.username = role;
      url.password = 'few';
      await assert.rejects(
        buildApp({ ...t.options, databaseUrl: url.toString() }),
        /too many connections/,
      );
      // The connections it opened before failing are ended (the server sees them go shortly).
      let left = await held();
      for (let i = 0; left > 0 && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        left = await held();
      }
      assert.equal(left, 0, 'connections left open by the failed start');
    } finally {
      await admin.query(`drop owned by ${role}`).catch(() => undefined);
      await admin.query(`drop role if exists ${role}`).catch(() => undefined);
      await admin.end();
    }
  });

  test('one connection LISTENs for every area; killed, it is replaced and hears every channel', async (context) => {
    const databaseUrl = t.options.databaseUrl;
    if (!isPostgresUrl(databaseUrl)) {
      context.skip('with SQLite the events stay in the one process');
      return;
    }
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // A backend whose last statement was a LISTEN: the app's listening connection.
    const listening = async () =>
      (
        await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and query like 'LISTEN %'`,
        )
      ).rows.map((row) => row.pid);
    const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
      let value = await read();
      for (let i = 0; !done(value) && i < 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        value = await read();
      }
      return value;
    };
    try {
      // (The first test's kill has it reconnecting: it listens again within a second.)
      const first = await until(listening, (pids) => pids.length > 0);
      assert.equal(first.length, 1, `LISTEN connections: ${first.length}`);
      await admin.query('select pg_terminate_backend($1)', [first[0]]);
      const second = await until(listening, (pids) => pids.length > 0 && pids[0] !== first[0]);
      assert.equal(second.length, 1, 'one connection listens again');
      assert.notEqual(second[0], first[0]);
      // Both areas' events arrive through the new connection. It names its channels one LISTEN
      // after another, and is seen above at its first: each probe is sent again until heard
      // (on a busy machine the last LISTEN came after a single probe had gone by unheard).
      const heard = new Set<string>();
      const stop = [
        t.app.orderEvents.subscribe(() => heard.add('orders')),
        t.app.journalEvents.subscribe(() => heard.add('journal')),
      ];
      const notify = (channel: string) =>
        admin.query('select pg_notify($1, $2)', [
          channel,
          JSON.stringify({ publishedAt: Date.now(), event: { kind: 'probe' } }),
        ]);
      await until(
        async () => {
          if (!heard.has('orders')) await notify(ORDERS_CHANNEL);
          if (!heard.has('journal')) await notify(JOURNAL_CHANNEL);
          return heard.size;
        },
        (n) => n >= 2,
      );
      for (const unsubscribe of stop) unsubscribe();
      assert.deepEqual([...heard].sort(), ['journal', 'orders']);
    } finally {
      await admin.end();
    }
  });
});
