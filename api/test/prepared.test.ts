// Prepared reads (db/prepared.ts) on SQLite run at once, beside Kysely's connection lock: they
// must still never see what an open transaction has written and may yet roll back.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { isPostgresUrl, openDatabase } from '../src/db/database.js';
import { prepared, preparedOn, statement } from '../src/db/prepared.js';
import type { Database } from '../src/db/schema.js';

test('a prepared read waits for an open transaction instead of reading inside it', async (context) => {
  if (isPostgresUrl(process.env.DATABASE_URL)) {
    context.skip('PostgreSQL reads go through its pool: each query has its own connection');
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'lms-prepared-'));
  const { kysely } = openDatabase({ dataDir });
  // A table outside the schema: the query is written in SQL, its rows typed here.
  const db = kysely as unknown as Kysely<Database>;
  try {
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await sql`insert into notes (id, text) values (1, 'kept')`.execute(db);
    const count = prepared(
      db,
      (id: number) =>
        db
          .selectFrom(sql<{ id: number }>`notes`.as('n'))
          .select(sql<number>`count(*)`.as('total'))
          .where(sql`n.id`, '>=', id),
      1,
    );
    assert.deepEqual(await count(1), [{ total: 1 }]);

    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let inserted = () => {};
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into notes (id, text) values (2, 'rolled back')`.execute(trx);
        inserted();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    await written;
    const during = count(1);
    letGo();
    assert.equal(await transaction, 'rolled back on purpose');
    assert.deepEqual(await during, [{ total: 1 }], 'the rolled-back row was never seen');
    assert.deepEqual(await count(1), [{ total: 1 }]);
    assert.deepEqual(await count(2), [{ total: 0 }], 'its argument is bound on each call');
  } finally {
    await kysely.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** The table is not in the schema: its statements are built on an untyped view of a handle. */
type Loose = Kysely<Record<string, { id: number; text: string }>>;

/**
 * A database (PostgreSQL when DATABASE_URL names one) with a table of notes of its own, dropped
 * at the end: `run` gets the database and the table's name.
 */
async function withNotes(run: (db: Kysely<Database>, table: string) => Promise<void>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'lms-prepared-'));
  const { kysely } = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  const db = kysely as unknown as Kysely<Database>;
  const table = `notes_${process.pid}_${Date.now()}`;
  try {
    await sql`create table ${sql.table(table)} (id integer primary key, text text not null)`.execute(
      db,
    );
    await run(db, table);
  } finally {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
    await kysely.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

test("a statement prepared for a caller's transaction runs in it and is rolled back with it", () =>
  withNotes(async (db, table) => {
    const loose = db as unknown as Loose;
    const add = preparedOn(
      db,
      (id: number, text: string) => loose.insertInto(table).values({ id, text }).returning('id'),
      2,
    );
    const count = preparedOn(
      db,
      (from: number) =>
        loose
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('total'))
          .where('id', '>=', from),
      1,
    );
    const total = async (k: Kysely<Database>, from = 0) => Number((await count(k, from))[0]?.total);

    assert.deepEqual(await add(db, 1, 'kept'), [{ id: 1 }], 'outside a transaction');
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        assert.deepEqual(await add(trx, 2, 'rolled back'), [{ id: 2 }]);
        assert.equal(await total(trx), 2, 'the transaction reads its own write');
        assert.equal(await total(trx, 2), 1, 'each call binds its own arguments');
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    assert.equal(outcome, 'rolled back on purpose');
    assert.equal(await total(db), 1, 'the rolled-back row is gone');
    await db.transaction().execute((trx) => add(trx, 3, 'committed'));
    assert.equal(await total(db), 2);
  }));

test('a statement is built once and runs on whichever handle each call gives', () =>
  withNotes(async (db, table) => {
    let builds = 0;
    const add = statement((k, id: number, text: string) => {
      builds += 1;
      return (k as unknown as Loose).insertInto(table).values({ id, text }).returning('id');
    }, 2);
    const texts = statement(
      (k, from: number) =>
        (k as unknown as Loose)
          .selectFrom(table)
          .select('text')
          .where('id', '>=', from)
          .orderBy('id'),
      1,
    );

    assert.deepEqual(await add(db, 1, 'kept'), [{ id: 1 }]);
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        await add(trx, 2, 'rolled back');
        assert.deepEqual(await texts(trx, 0), [{ text: 'kept' }, { text: 'rolled back' }]);
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    assert.equal(outcome, 'rolled back on purpose');
    await db.transaction().execute((trx) => add(trx, 3, 'committed'));
    assert.deepEqual(await texts(db, 2), [{ text: 'committed' }], 'each call binds its arguments');
    assert.equal(builds, 1, 'built on the first call only');
  }));
