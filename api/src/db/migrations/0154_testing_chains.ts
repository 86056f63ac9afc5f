import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * The devices' hash chains of the attempts, and the answers refused. The server keeps each
 * chain's head (one per attempt and device: its last link's number and digest) and takes only
 * the link that continues it (docs/security.md). An answer out of the offline bounds whose link
 * is sound is refused but kept, with the reason, for the teacher's review; it is never scored.
 */
export function testingChainsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('testing_chains')
        .addColumn('attempt_id', 'integer', (c) =>
          c.notNull().references('testing_attempts.id').onDelete('cascade'),
        )
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('head', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('testing_chains_pk', ['attempt_id', 'device'])
        .execute();
      await tableWithId(dialect, db, 'testing_refused_answers')
        .addColumn('attempt_id', 'integer', (c) =>
          c.notNull().references('testing_attempts.id').onDelete('cascade'),
        )
        .addColumn('question_id', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('late_ms', 'bigint')
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('testing_refused_answers_attempt')
        .on('testing_refused_answers')
        .columns(['attempt_id', 'received_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('testing_refused_answers').execute();
      await db.schema.dropTable('testing_chains').execute();
    },
  };
}
