import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * The weekly schedule (rooms with their geofences, timetable slots), QR attendance (dated
 * sessions of a slot, one check-in per student and per device) and calendar subscriptions. Journal
 * marks learn how they were made (`source`: qr, manual, insert-all; existing ones are manual).
 */
export function scheduleMigration(dialect: Dialect): Migration {
  const table = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  return {
    async up(db) {
      await table(db, 'rooms')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('building', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('radius_m', 'double precision', (c) => c.notNull())
        .execute();
      await table(db, 'schedule_lessons')
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('day_number', 'integer', (c) => c.notNull())
        .addColumn('time_id', 'integer', (c) => c.notNull().references('lesson_times.id'))
        /** 0 every week, 1 odd ISO weeks (числитель), 2 even ISO weeks (знаменатель). */
        .addColumn('week_kind', 'integer', (c) => c.notNull())
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('subgroup_id', 'integer', (c) => c.references('subgroups.id'))
        .addColumn('subgroup_key', 'integer', (c) => c.notNull())
        .addColumn('lesson_type_id', 'integer', (c) => c.notNull().references('lesson_types.id'))
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('schedule_teacher_slot_uq', [
          'year_id',
          'ws_id',
          'day_number',
          'time_id',
          'week_kind',
          'teacher_id',
        ])
        .addUniqueConstraint('schedule_room_slot_uq', [
          'year_id',
          'ws_id',
          'day_number',
          'time_id',
          'week_kind',
          'room_id',
        ])
        .addUniqueConstraint('schedule_group_slot_uq', [
          'year_id',
          'ws_id',
          'day_number',
          'time_id',
          'week_kind',
          'group_id',
          'subgroup_key',
        ])
        .execute();
      await db.schema
        .createIndex('schedule_lessons_group_idx')
        .on('schedule_lessons')
        .columns(['group_id', 'year_id', 'ws_id'])
        .execute();
      await table(db, 'qr_sessions')
        .addColumn('schedule_lesson_id', 'integer', (c) =>
          c.notNull().references('schedule_lessons.id').onDelete('cascade'),
        )
        .addColumn('lesson_date', 'text', (c) => c.notNull())
        .addColumn('journal_lesson_id', 'integer', (c) =>
          c.notNull().references('journal_lessons.id').onDelete('cascade'),
        )
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('is_open', 'integer', (c) => c.notNull())
        .addColumn('opened_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('qr_sessions_occurrence_uq', ['schedule_lesson_id', 'lesson_date'])
        .execute();
      await table(db, 'qr_visits')
        .addColumn('qr_session_id', 'integer', (c) =>
          c.notNull().references('qr_sessions.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('accuracy', 'double precision')
        .addColumn('distance_m', 'double precision', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('qr_visits_student_uq', ['qr_session_id', 'student_id'])
        .addUniqueConstraint('qr_visits_device_uq', ['qr_session_id', 'device_hash'])
        .execute();
      await table(db, 'calendar_tokens')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('journal_marks')
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
        .execute();
    },
    async down(db) {
      await db.schema.alterTable('journal_marks').dropColumn('source').execute();
      for (const name of [
        'calendar_tokens',
        'qr_visits',
        'qr_sessions',
        'schedule_lessons',
        'rooms',
      ]) {
        await db.schema.dropTable(name).execute();
      }
    },
  };
}
