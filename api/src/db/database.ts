import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { logQuery, watchPool } from '../lib/metrics.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

// pg returns int8 (bigint columns, count(*)) as strings; our values (epoch ms, counts) fit a double.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * better-sqlite3 behind Kysely prepares every query anew; the server runs the same few hundred
 * statements all day. Prepared statements are kept (least recently used out) and reused: a
 * statement runs to completion synchronously (`all`/`run`), so one is never busy when asked
 * again (the code streams no query). A schema change makes SQLite re-prepare them itself.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement) {
        statements.delete(query);
      } else {
        statement = sqlite.prepare(query);
        if (statements.size >= size) statements.delete(statements.keys().next().value ?? '');
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

type SyncRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const syncReads = new WeakMap<Kysely<Database>, SyncRead>();

/**
 * For an SQLite database: runs a reading statement at once, as Kysely's driver would, without
 * its connection lock and the promise hops around it (a few microseconds of every hot call).
 * Undefined (use Kysely) while a transaction holds the connection, for a statement that writes,
 * or for any other database.
 */
export function syncReadOf(kysely: Kysely<Database>): SyncRead | undefined {
  return syncReads.get(kysely);
}

type SyncRun = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const syncRuns = new WeakMap<Kysely<Database>, SyncRun>();

/**
 * For an SQLite database: runs a statement at once on the one connection while a transaction
 * holds it (Kysely's SQLite driver has one connection, so the transaction is the caller's own),
 * without the promise hops of Kysely's driver. Undefined (use Kysely) outside a transaction, or
 * for any other database. For the few statements a hot write adds (the audit trail's row).
 */
export function syncRunOf(kysely: Kysely<Database>): SyncRun | undefined {
  return syncRuns.get(kysely);
}

const lastSuccess = new WeakMap<Kysely<Database>, number>();

/**
 * When a statement last succeeded on this PostgreSQL database (epoch ms; 0: none yet). A
 * database that just answered is reachable: readiness need not queue a probe behind a busy pool.
 */
export function lastQuerySuccess(kysely: Kysely<Database>): number {
  return lastSuccess.get(kysely) ?? 0;
}

export function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
  /** An idle pooled connection that the server dropped (restart, failover, admin kill). */
  onConnectionLost?: (error: Error) => void;
}): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, types: pgTypes, max: 10 });
    // Without a listener pg re-throws such an error and the process dies; the pool replaces
    // the connection on the next query anyway.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    watchPool(pool);
    const kysely: Kysely<Database> = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        logQuery(event);
        if (event.level === 'query') lastSuccess.set(kysely, Date.now());
      },
    });
    return { kysely, dialect: 'postgres' };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'lms.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Several processes may share the file (e.g. a test run beside a dev server).
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    log: logQuery,
  });
  syncReads.set(kysely, (sql, parameters) => {
    if (sqlite.inTransaction) return undefined;
    const statement = statements.prepare(sql);
    if (!statement.reader) return undefined;
    // Timed for the metrics as Kysely times the statements it runs.
    const started = performance.now();
    let level: 'query' | 'error' = 'error';
    try {
      const rows = statement.all(parameters);
      level = 'query';
      return rows;
    } finally {
      logQuery({ level, queryDurationMillis: performance.now() - started });
    }
  });
  syncRuns.set(kysely, (sql, parameters) => {
    if (!sqlite.inTransaction) return undefined;
    const statement = statements.prepare(sql);
    const started = performance.now();
    let level: 'query' | 'error' = 'error';
    try {
      const rows = statement.reader ? statement.all(parameters) : (statement.run(parameters), []);
      level = 'query';
      return rows;
    } finally {
      logQuery({ level, queryDurationMillis: performance.now() - started });
    }
  });
  return { kysely, dialect: 'sqlite' };
}
