import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * The attendance-and-grade journal: its reference lists (forms of education, lesson times, the
 * grade scale, modules per discipline), the lessons of each journal and one mark row per
 * student and lesson. Marks are per cell, so two teachers of one group (lecture and practice)
 * writing at the same time never overwrite each other.
 */
export function journalMigration(dialect: Dialect): Migration {
  const table = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  return {
    async up(db) {
      await table(db, 'education_forms')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('lesson_times')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'assessments')
        .addColumn('value', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await table(db, 'journal_modules')
        .addColumn('discipline_id', 'integer', (c) =>
          c.notNull().references('disciplines.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('journal_modules_discipline_idx')
        .on('journal_modules')
        .columns(['discipline_id', 'sort_order'])
        .execute();
      await table(db, 'journal_lessons')
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('subgroup_id', 'integer', (c) => c.references('subgroups.id'))
        /** 0 for the whole group, else subgroup_id: keeps the unique key working with NULLs. */
        .addColumn('subgroup_key', 'integer', (c) => c.notNull())
        .addColumn('lesson_type_id', 'integer', (c) => c.notNull().references('lesson_types.id'))
        .addColumn('education_form_id', 'integer', (c) =>
          c.notNull().references('education_forms.id'),
        )
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('time_id', 'integer', (c) => c.notNull().references('lesson_times.id'))
        /** ISO date YYYY-MM-DD. */
        .addColumn('lesson_date', 'text', (c) => c.notNull())
        .addColumn('tema', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('module_id', 'integer', (c) =>
          c.references('journal_modules.id').onDelete('set null'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('journal_lessons_slot_uq', [
          'teacher_id',
          'discipline_id',
          'group_id',
          'subgroup_key',
          'lesson_type_id',
          'lesson_date',
          'time_id',
        ])
        .execute();
      await db.schema
        .createIndex('journal_lessons_journal_idx')
        .on('journal_lessons')
        .columns(['discipline_id', 'group_id', 'year_id', 'ws_id', 'lesson_type_id'])
        .execute();
      await db.schema
        .createTable('journal_marks')
        .addColumn('lesson_id', 'integer', (c) =>
          c.notNull().references('journal_lessons.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        /** A value of the scale, 'н/б', or null = present. */
        .addColumn('otsenka', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        /** users.id of the teacher who wrote the cell last. */
        .addColumn('updated_by', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('journal_marks_pk', ['lesson_id', 'student_id'])
        .execute();
      await db.schema
        .createIndex('journal_marks_student_idx')
        .on('journal_marks')
        .columns(['student_id', 'lesson_id'])
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('journal_marks').execute();
      await db.schema.dropTable('journal_lessons').execute();
      await db.schema.dropTable('journal_modules').execute();
      await db.schema.dropTable('assessments').execute();
      await db.schema.dropTable('lesson_times').execute();
      await db.schema.dropTable('education_forms').execute();
    },
  };
}
