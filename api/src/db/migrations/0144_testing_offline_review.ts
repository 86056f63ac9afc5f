import type { Kysely, Migration } from 'kysely';

/**
 * Testing through a dropped connection, and the student's review. An attempt keeps the server's
 * time of its last contact with the student's device before the deadline (an answer given
 * offline names that contact); an answer keeps how long after the deadline it arrived (null: in
 * time). A test keeps the grace after the deadline in which answers given offline are still
 * taken, and what a student sees of a closed attempt, after the attempt and after the close:
 * 'score', 'answers' (points per question) or 'feedback' (and the teacher's feedback).
 */
export function testingOfflineReviewMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('testing_attempts')
        .addColumn('last_contact_at', 'bigint')
        .execute();
      await db.schema.alterTable('testing_answers').addColumn('late_ms', 'bigint').execute();
      await db.schema
        .alterTable('testing_tests')
        .addColumn('offline_grace_minutes', 'integer', (c) => c.notNull().defaultTo(10))
        .execute();
      for (const column of ['review_after_attempt', 'review_after_close']) {
        await db.schema
          .alterTable('testing_tests')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo('score'))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of [
        'review_after_close',
        'review_after_attempt',
        'offline_grace_minutes',
      ]) {
        await db.schema.alterTable('testing_tests').dropColumn(column).execute();
      }
      await db.schema.alterTable('testing_answers').dropColumn('late_ms').execute();
      await db.schema.alterTable('testing_attempts').dropColumn('last_contact_at').execute();
    },
  };
}
