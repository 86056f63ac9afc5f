import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Notices of the group's timetable: each push subscription chooses the new kind `schedule`
 * (on by default, as the other kinds), and each webinar keeps when its reminder went out, so
 * the pending reminders are read back from the database after a restart.
 */
export function scheduleNoticesMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('push_subscriptions')
        .addColumn('schedule', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`schedule in (0, 1)`),
        )
        .execute();
      await db.schema.alterTable('webinars').addColumn('reminded_at', 'bigint').execute();
      await db.schema
        .createIndex('webinars_pending_reminders')
        .on('webinars')
        .columns(['reminded_at', 'starts_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('webinars_pending_reminders').execute();
      await db.schema.alterTable('webinars').dropColumn('reminded_at').execute();
      await db.schema.alterTable('push_subscriptions').dropColumn('schedule').execute();
    },
  };
}
