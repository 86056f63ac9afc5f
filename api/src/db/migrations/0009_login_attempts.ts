import type { Migration } from 'kysely';

/**
 * Sign-in throttling by counters instead of a log of failures: one row per key (an account and
 * address pair, an account, an address) with its attempts, the last one and when the next is
 * allowed. A counter row is updated in one statement, so simultaneous guesses are counted one
 * by one (repositories/throttle.ts). The old failure log is transient data and goes.
 */
export function loginAttemptsMigration(): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('login_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_last_idx')
        .on('login_attempts')
        .column('last_at')
        .execute();
      await db.schema.dropTable('login_failures').execute();
    },
    async down(db) {
      await db.schema.dropTable('login_attempts').execute();
    },
  };
}
