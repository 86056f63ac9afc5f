import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * What a teacher is told of their statements (areas/statements/notices.ts): a retake sheet
 * assigned to them, a statement past its deadline and not signed. One row per statement × kind ×
 * teacher (the unique constraint): it is the notice the portal shows until it is read, and the
 * claim that it was told, so of a cluster's processes only the one whose insert lands sends the
 * push. Kind and ids only: the words are written in the reader's language when read. Each push
 * subscription chooses the new kind `teaching` (on by default, as the other kinds).
 */
export function statementNoticesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'statement_notices')
        .addColumn('statement_id', 'integer', (c) =>
          c.notNull().references('statements.id').onDelete('cascade'),
        )
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('retakeAssigned', 'overdue')`),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .addUniqueConstraint('statement_notices_once_uq', ['statement_id', 'kind', 'teacher_id'])
        .execute();
      await db.schema
        .createIndex('statement_notices_unread')
        .on('statement_notices')
        .columns(['teacher_id', 'read_at'])
        .execute();
      await db.schema
        .alterTable('push_subscriptions')
        .addColumn('teaching', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`teaching in (0, 1)`),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('push_subscriptions').dropColumn('teaching').execute();
      await db.schema.dropIndex('statement_notices_unread').execute();
      await db.schema.dropTable('statement_notices').execute();
    },
  };
}
