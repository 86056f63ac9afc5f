import { sql, type Migration } from 'kysely';

/**
 * Sessions end after a time without requests too (options.sessionIdleMs), besides their absolute
 * lifetime: the last request's time, written at most once a minute per session.
 */
export function sessionIdleMigration(): Migration {
  return {
    async up(db) {
      await db.schema
        .alterTable('sessions')
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update sessions set last_seen_at = created_at`.execute(db);
    },
    async down(db) {
      await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
    },
  };
}
