import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Remote health: each remote load a browser reports (loaded with its time, or failed with its
 * kind), kept for a month and read per remote and release (remote:status, the health endpoint's
 * aggregation).
 */
export function remoteHealthMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'remote_loads')
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('release', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) =>
          c.notNull().check(sql`outcome in ('loaded', 'failed')`),
        )
        .addColumn('kind', 'text')
        .addColumn('ms', 'integer')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remote_loads_release_idx')
        .on('remote_loads')
        .columns(['remote', 'release', 'at'])
        .execute();
      await db.schema.createIndex('remote_loads_at_idx').on('remote_loads').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('remote_loads').execute();
    },
  };
}
