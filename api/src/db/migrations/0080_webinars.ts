import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Webinars: the online lessons teachers schedule for their groups, and who joined each one and
 * when (one row per person and webinar: the unique index holds it against two joins at once).
 */
export function webinarsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'webinars')
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('duration_min', 'integer', (c) => c.notNull())
        .addColumn('meeting_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('webinars_group_date')
        .on('webinars')
        .columns(['group_id', 'start_date'])
        .execute();
      await db.schema
        .createIndex('webinars_teacher_date')
        .on('webinars')
        .columns(['teacher_id', 'start_date'])
        .execute();
      await tableWithId(dialect, db, 'webinar_attendance')
        .addColumn('webinar_id', 'integer', (c) =>
          c.notNull().references('webinars.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('first_joined_at', 'bigint', (c) => c.notNull())
        .addColumn('last_joined_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('webinar_attendance_once', ['webinar_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webinar_attendance').execute();
      await db.schema.dropTable('webinars').execute();
    },
  };
}
