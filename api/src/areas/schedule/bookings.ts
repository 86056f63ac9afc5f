import type { Booking, BookingKind } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

// The rooms teachers book (the rooms area writes them): as the schedule, its calendar feed and
// the rooms area show them.

/** Bookings with their room, period, group, discipline and teacher (`b` is room_bookings). */
export const bookingRows = (lng: Language, db: Kysely<Database>) =>
  db
    .selectFrom('room_bookings as b')
    .innerJoin('rooms as r', 'r.id', 'b.room_id')
    .innerJoin('lesson_times as tm', 'tm.id', 'b.time_id')
    .innerJoin('groups as g', 'g.id', 'b.group_id')
    .innerJoin('disciplines as d', 'd.id', 'b.discipline_id')
    .innerJoin('teachers as t', 't.id', 'b.teacher_id')
    .innerJoin('persons as p', 'p.id', 't.person_id')
    .select([
      'b.id',
      'b.room_id as room',
      'r.name as roomName',
      'r.building',
      'b.booking_date as date',
      'b.time_id as id_time',
      'tm.start_time as start',
      'tm.end_time as end',
      'b.kind',
      'b.group_id as id_group',
      localized(lng, 'g.name').as('group'),
      'b.discipline_id as id_discipline',
      localized(lng, 'd.name').as('discipline'),
      'b.teacher_id as id_teacher',
      'p.full_name as teacher',
      'b.note',
      'b.cancelled_at',
    ])
    .orderBy('b.booking_date')
    .orderBy('b.time_id')
    .orderBy('b.id');

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingRows>['execute']>>[number];

/** A booking row in the contract's shape. */
export function bookingOf(row: BookingRow): Booking {
  const { cancelled_at, kind, ...rest } = row;
  return { ...rest, kind: kind as BookingKind, cancelled: cancelled_at !== null };
}
