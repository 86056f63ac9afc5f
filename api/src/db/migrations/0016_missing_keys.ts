import type { Migration } from 'kysely';

/**
 * Missing translations reported by browsers (POST /lms/locales/add/{lng}/{ns}): one row per
 * language, namespace and key (the primary key keeps a key once), with its first and latest
 * report and how many came. `npm run i18n:missing` lists them.
 */
export function missingKeysMigration(): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('missing_keys')
        .addColumn('lng', 'text', (c) => c.notNull())
        .addColumn('ns', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('reports', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('missing_keys_pk', ['lng', 'ns', 'key'])
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('missing_keys').execute();
    },
  };
}
