import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Rooms: what each room is equipped with (a bit per ROOM_EQUIPMENT item), one number once per
 * building, and the rooms teachers book. A room, a teacher and a group each hold at most one
 * booking that is not cancelled per date and lesson period: the partial unique indexes refuse
 * the second of two bookings made at once, on both databases.
 */
export function roomsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('equipment', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('rooms_building_name')
        .unique()
        .on('rooms')
        .columns(['building', 'name'])
        .execute();
      await tableWithId(dialect, db, 'room_bookings')
        .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id'))
        .addColumn('booking_date', 'text', (c) => c.notNull())
        .addColumn('time_id', 'integer', (c) => c.notNull().references('lesson_times.id'))
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('cancelled_at', 'bigint')
        .execute();
      for (const column of ['room_id', 'teacher_id', 'group_id']) {
        await db.schema
          .createIndex(`room_bookings_${column}_slot`)
          .unique()
          .on('room_bookings')
          .columns([column, 'booking_date', 'time_id'])
          .where(sql.ref('cancelled_at'), 'is', null)
          .execute();
      }
      await db.schema
        .createIndex('room_bookings_date')
        .on('room_bookings')
        .columns(['booking_date', 'time_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('room_bookings').execute();
      await db.schema.dropIndex('rooms_building_name').execute();
      await db.schema.alterTable('rooms').dropColumn('equipment').execute();
    },
  };
}
