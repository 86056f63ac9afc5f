import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Individual workload: the curriculum's hours per discipline and lesson type (one row each), and
 * the registrar's adjustments of a teaching assignment's planned hours (its history; they go with
 * the assignment).
 */
export function workloadMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'workload_curriculum')
        .addColumn('discipline_id', 'integer', (c) =>
          c.notNull().references('disciplines.id').onDelete('cascade'),
        )
        .addColumn('lesson_type_id', 'integer', (c) => c.notNull().references('lesson_types.id'))
        .addColumn('hours', 'integer', (c) => c.notNull())
        .addUniqueConstraint('workload_curriculum_discipline_type', [
          'discipline_id',
          'lesson_type_id',
        ])
        .execute();
      await tableWithId(dialect, db, 'workload_adjustments')
        .addColumn('assignment_id', 'integer', (c) =>
          c.notNull().references('teaching_assignments.id').onDelete('cascade'),
        )
        .addColumn('hours', 'integer', (c) => c.notNull())
        .addColumn('previous_hours', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('author_uid', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('workload_adjustments_assignment')
        .on('workload_adjustments')
        .columns(['assignment_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('workload_adjustments').execute();
      await db.schema.dropTable('workload_curriculum').execute();
    },
  };
}
