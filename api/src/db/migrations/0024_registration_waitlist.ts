import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Registration beyond a full stream: the waiting lists (one row per student and stream, ordered
 * by id: a student's position is their rank among the waiting rows), the registrar's holds, and
 * the registration appointments (the hour from which a year of study may register).
 */
export function registrationWaitlistMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'registration_waitlist')
        .addColumn('stream_id', 'integer', (c) => c.notNull().references('registration_streams.id'))
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('waiting', 'promoted', 'skipped', 'left', 'declined')`),
        )
        .addColumn('reason', 'text')
        .addColumn('registration_id', 'integer')
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .execute();
      // One waiting row per student and stream; the list is read in id order.
      await sql`create unique index registration_waitlist_waiting_uq
        on registration_waitlist (stream_id, student_id) where status = 'waiting'`.execute(db);
      await db.schema
        .createIndex('registration_waitlist_stream_idx')
        .on('registration_waitlist')
        .columns(['stream_id', 'status', 'id'])
        .execute();
      await db.schema
        .createIndex('registration_waitlist_student_idx')
        .on('registration_waitlist')
        .columns(['student_id', 'status'])
        .execute();

      await tableWithId(dialect, db, 'registration_holds')
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('set_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('registration_holds_student_idx')
        .on('registration_holds')
        .column('student_id')
        .execute();

      await tableWithId(dialect, db, 'registration_appointments')
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('faculty_id', 'integer', (c) => c.references('faculties.id'))
        .addColumn('course', 'integer', (c) => c.notNull())
        .addColumn('opens_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('registration_appointments_term_idx')
        .on('registration_appointments')
        .columns(['year_id', 'ws_id', 'course'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('registration_appointments').execute();
      await db.schema.dropTable('registration_holds').execute();
      await db.schema.dropTable('registration_waitlist').execute();
    },
  };
}
