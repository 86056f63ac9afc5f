import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Testing: a teacher's question bank per discipline (topics, questions with their key kept
 * apart from what a student is shown), tests drawn from it, their windows per group, extra time
 * per student, and the attempts with one row per answer. One open attempt per student and test
 * is the database's rule: `open` is 1 while the attempt runs and null after, and NULLs are
 * distinct in a unique index on both databases.
 */
export function testingMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'testing_topics')
        .addColumn('teacher_id', 'integer', (c) =>
          c.notNull().references('teachers.id').onDelete('cascade'),
        )
        .addColumn('discipline_id', 'integer', (c) =>
          c.notNull().references('disciplines.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('testing_topics_title', ['teacher_id', 'discipline_id', 'title'])
        .execute();
      await tableWithId(dialect, db, 'testing_questions')
        .addColumn('topic_id', 'integer', (c) =>
          c.notNull().references('testing_topics.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('authored', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('answer_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('testing_questions_topic_idx')
        .on('testing_questions')
        .column('topic_id')
        .execute();
      await tableWithId(dialect, db, 'testing_tests')
        .addColumn('teacher_id', 'integer', (c) =>
          c.notNull().references('teachers.id').onDelete('cascade'),
        )
        .addColumn('discipline_id', 'integer', (c) =>
          c.notNull().references('disciplines.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('time_limit_minutes', 'integer', (c) => c.notNull())
        .addColumn('attempts_allowed', 'integer', (c) => c.notNull())
        .addColumn('grading', 'text', (c) => c.notNull())
        .addColumn('pass_mark', 'integer', (c) => c.notNull())
        .addColumn('draws', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await tableWithId(dialect, db, 'testing_windows')
        .addColumn('test_id', 'integer', (c) =>
          c.notNull().references('testing_tests.id').onDelete('cascade'),
        )
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('groups.id').onDelete('cascade'),
        )
        .addColumn('opens_at', 'bigint', (c) => c.notNull())
        .addColumn('closes_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('testing_windows_group', ['test_id', 'group_id'])
        .execute();
      await tableWithId(dialect, db, 'testing_extra_time')
        .addColumn('test_id', 'integer', (c) =>
          c.notNull().references('testing_tests.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) =>
          c.notNull().references('students.id').onDelete('cascade'),
        )
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addUniqueConstraint('testing_extra_time_student', ['test_id', 'student_id'])
        .execute();
      await tableWithId(dialect, db, 'testing_attempts')
        .addColumn('test_id', 'integer', (c) =>
          c.notNull().references('testing_tests.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) =>
          c.notNull().references('students.id').onDelete('cascade'),
        )
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('deadline_at', 'bigint', (c) => c.notNull())
        .addColumn('submitted_at', 'bigint')
        .addColumn('open', 'integer')
        .addColumn('drawn', 'text', (c) => c.notNull())
        .addColumn('score', 'double precision')
        .addColumn('max_score', 'double precision', (c) => c.notNull())
        .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('testing_attempts_open', ['test_id', 'student_id', 'open'])
        .addUniqueConstraint('testing_attempts_number', ['test_id', 'student_id', 'number'])
        .execute();
      await tableWithId(dialect, db, 'testing_answers')
        .addColumn('attempt_id', 'integer', (c) =>
          c.notNull().references('testing_attempts.id').onDelete('cascade'),
        )
        .addColumn('question_id', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('saved_at', 'bigint', (c) => c.notNull())
        .addColumn('awarded', 'double precision')
        .addUniqueConstraint('testing_answers_question', ['attempt_id', 'question_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'testing_answers',
        'testing_attempts',
        'testing_extra_time',
        'testing_windows',
        'testing_tests',
        'testing_questions',
        'testing_topics',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
