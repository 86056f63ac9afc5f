import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Controlled start (areas/testing/admission.ts). `testing_admissions`: one row per student and
 * test between the draw of their next attempt and its start: the questions drawn ahead (at the
 * window's open, or at the first press), and, once they press "Start", their slot in the test's
 * queue (`slot_at`: the server's instant from which they are admitted). The row goes when the
 * attempt starts. `testing_admission_clock`: per test, the next free slot; each press takes one
 * by one guarded update, so every API process on the database admits at the one rate.
 */
export function testingAdmissionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'testing_admissions')
        .addColumn('test_id', 'integer', (c) =>
          c.notNull().references('testing_tests.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('drawn', 'text', (c) => c.notNull())
        .addColumn('max_score', 'double precision', (c) => c.notNull())
        .addColumn('prepared_at', 'bigint', (c) => c.notNull())
        .addColumn('requested_at', 'bigint')
        .addColumn('slot_at', 'bigint')
        .addColumn('seen_at', 'bigint')
        .addUniqueConstraint('testing_admissions_student', ['test_id', 'student_id'])
        .execute();
      await db.schema
        .createIndex('testing_admissions_queue')
        .on('testing_admissions')
        .columns(['test_id', 'slot_at'])
        .execute();
      await db.schema
        .createTable('testing_admission_clock')
        .addColumn('test_id', 'integer', (c) =>
          c.primaryKey().references('testing_tests.id').onDelete('cascade'),
        )
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('testing_admission_clock').execute();
      await db.schema.dropTable('testing_admissions').execute();
    },
  };
}
