import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import type { Database } from '../schema.js';
import { inTransaction, tableWithId } from './dialect.js';

/** Minutes of an 'HH:MM'. */
const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * The rows that hold a span for its holders, as rooms/slots.ts writes them then (kept here so
 * this migration does not change with the area): one per holder and university-local minute.
 */
function holdRows(
  source: string,
  sourceId: number,
  holders: Record<string, number>,
  date: string,
  start: number,
  minutes: number,
) {
  const first = Date.parse(`${date}T00:00:00Z`) / 60_000 + start;
  return Object.entries(holders).flatMap(([holder, holderId]) =>
    Array.from({ length: minutes }, (_, i) => ({
      source,
      source_id: sourceId,
      holder,
      holder_id: holderId,
      minute: first + i,
    })),
  );
}

/**
 * Slot holds: every minute a room booking or a webinar takes of a room, a teacher or a group.
 * The unique index refuses the second of two overlapping writes made at once (a webinar's
 * times are any minute, so the rooms' per-period indexes cannot guard them). The bookings and
 * webinars that hold now take their minutes here.
 */
export function slotHoldsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'slot_holds')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('holder_id', 'integer', (c) => c.notNull())
        .addColumn('minute', 'integer', (c) => c.notNull())
        .addUniqueConstraint('slot_holds_once', ['holder', 'holder_id', 'minute'])
        .execute();
      await db.schema
        .createIndex('slot_holds_source')
        .on('slot_holds')
        .columns(['source', 'source_id'])
        .execute();
      await inTransaction(dialect, db, async (trx) => {
        const typed = trx as Kysely<Database>;
        const bookings = await typed
          .selectFrom('room_bookings as b')
          .innerJoin('lesson_times as t', 't.id', 'b.time_id')
          .select(['b.id', 'b.room_id', 'b.teacher_id', 'b.group_id', 'b.booking_date'])
          .select(['t.start_time', 't.end_time'])
          .where('b.cancelled_at', 'is', null)
          .execute();
        const webinars = await typed
          .selectFrom('webinars')
          .select(['id', 'teacher_id', 'group_id', 'start_date', 'start_time', 'duration_min'])
          .where('cancelled_at', 'is', null)
          .execute();
        const rows = [
          ...bookings.flatMap((b) =>
            holdRows(
              'room_bookings',
              b.id,
              { room: b.room_id, teacher: b.teacher_id, group: b.group_id },
              b.booking_date,
              minutesOf(b.start_time),
              minutesOf(b.end_time) - minutesOf(b.start_time),
            ),
          ),
          ...webinars.flatMap((w) =>
            holdRows(
              'webinars',
              w.id,
              { teacher: w.teacher_id, group: w.group_id },
              w.start_date,
              minutesOf(w.start_time),
              Number(w.duration_min),
            ),
          ),
        ];
        for (let at = 0; at < rows.length; at += 500) {
          await typed
            .insertInto('slot_holds')
            .values(rows.slice(at, at + 500))
            .execute();
        }
      });
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('slot_holds').execute();
    },
  };
}
