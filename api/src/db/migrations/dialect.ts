import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// The only column types that differ between SQLite and PostgreSQL: auto ids and binary data.
// Every migration takes them from here, so a new area never writes the branch again.

type Table = CreateTableBuilder<string, never>;

/** `id` as an auto-incrementing primary key. */
export function withId(dialect: Dialect, table: Table): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A new table that starts with an auto id (`withId`). */
export function tableWithId(dialect: Dialect, db: Kysely<unknown>, name: string): Table {
  return withId(dialect, db.schema.createTable(name));
}

/** The column type of raw bytes. */
export function binaryType(dialect: Dialect): 'bytea' | 'blob' {
  return dialect === 'postgres' ? 'bytea' : 'blob';
}

/**
 * Runs a migration's steps atomically. Kysely already wraps each PostgreSQL migration in a
 * transaction but not SQLite ones (its adapter declares no transactional DDL, though SQLite has
 * it); a migration that moves data wraps itself so a failure leaves the old shape intact.
 */
export async function inTransaction(
  dialect: Dialect,
  db: Kysely<unknown>,
  steps: (trx: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (dialect === 'postgres') await steps(db);
  else await db.transaction().execute(steps);
}
