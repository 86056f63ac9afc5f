import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Discipline registration: forms of control, the study plan (mandatory and elective disciplines
 * per group and semester), streams with their capacity, registration windows, the registrations,
 * their stream memberships per lesson type and each student's registered credits per semester.
 * Seats and credits are counters updated with a guard (`taken < capacity`) in the registration's
 * transaction, so concurrent registrations never overbook, on SQLite or PostgreSQL.
 */
export function registrationMigration(dialect: Dialect): Migration {
  const table = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  return {
    async up(db) {
      await table(db, 'control_forms')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .execute();
      await table(db, 'study_plan')
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('groups.id').onDelete('cascade'),
        )
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
        .addColumn('control_form_id', 'integer', (c) => c.notNull().references('control_forms.id'))
        .addColumn('is_elective', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('study_plan_uq', ['group_id', 'year_id', 'ws_id', 'discipline_id'])
        .execute();
      await table(db, 'registration_streams')
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('lesson_type_id', 'integer', (c) => c.notNull().references('lesson_types.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity >= 0`))
        .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('registration_streams_seats', sql`taken >= 0 and taken <= capacity`)
        .addUniqueConstraint('registration_streams_uq', [
          'teacher_id',
          'discipline_id',
          'lesson_type_id',
          'year_id',
          'ws_id',
        ])
        .execute();
      await db.schema
        .createIndex('registration_streams_discipline_idx')
        .on('registration_streams')
        .columns(['discipline_id', 'year_id', 'ws_id'])
        .execute();
      await table(db, 'registration_windows')
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('faculty_id', 'integer', (c) => c.references('faculties.id').onDelete('cascade'))
        .addColumn('opens_at', 'bigint', (c) => c.notNull())
        .addColumn('closes_at', 'bigint', (c) => c.notNull())
        .addColumn('electives', 'integer', (c) => c.notNull().defaultTo(1))
        .addCheckConstraint('registration_windows_order', sql`opens_at < closes_at`)
        .execute();
      await table(db, 'discipline_registrations')
        .addColumn('student_id', 'integer', (c) =>
          c.notNull().references('students.id').onDelete('cascade'),
        )
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('control_form_id', 'integer', (c) => c.notNull().references('control_forms.id'))
        .addColumn('is_by_plan', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('discipline_registrations_uq', [
          'student_id',
          'year_id',
          'ws_id',
          'discipline_id',
        ])
        .execute();
      await db.schema
        .createTable('registration_members')
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().references('discipline_registrations.id').onDelete('cascade'),
        )
        .addColumn('stream_id', 'integer', (c) => c.notNull().references('registration_streams.id'))
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('lesson_type_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('registration_members_pk', ['registration_id', 'lesson_type_id'])
        .execute();
      await db.schema
        .createIndex('registration_members_stream_idx')
        .on('registration_members')
        .columns(['stream_id', 'student_id'])
        .execute();
      await db.schema
        .createTable('registration_loads')
        .addColumn('student_id', 'integer', (c) =>
          c.notNull().references('students.id').onDelete('cascade'),
        )
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('registration_loads_pk', ['student_id', 'year_id', 'ws_id'])
        .execute();
    },
    async down(db) {
      for (const name of [
        'registration_loads',
        'registration_members',
        'discipline_registrations',
        'registration_windows',
        'registration_streams',
        'study_plan',
        'control_forms',
      ]) {
        await db.schema.dropTable(name).execute();
      }
    },
  };
}
