import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { createAccessRepository } from '../../access/index.js';
import { bookingOf, bookingRows } from '../schedule/index.js';

/** A date and lesson period in a semester, as the timetable's slots are kept. */
export interface SlotAt {
  date: string;
  timeId: number;
  yearId: number;
  ws: number;
  dayNumber: number;
  /** The week kinds that fall on the date: every week (0) and the date's parity (1 or 2). */
  weekKinds: [0, 1 | 2];
}

const roomColumns = ['r.id', 'r.name', 'r.building', 'r.capacity', 'r.equipment'] as const;

/**
 * Rooms' SQL (rows as stored; the contract's shapes are made in routes through rules'
 * equipmentOf). Built on the app's handle (`app.repos.rooms`) and on a service's transaction.
 */
export function createRoomsRepository(db: Kysely<Database>) {
  /** Timetable lessons at a slot (`l` is schedule_lessons). */
  const lessonsAt = (slot: SlotAt) =>
    db
      .selectFrom('schedule_lessons as l')
      .where('l.year_id', '=', slot.yearId)
      .where('l.ws_id', '=', slot.ws)
      .where('l.day_number', '=', slot.dayNumber)
      .where('l.time_id', '=', slot.timeId)
      .where('l.week_kind', 'in', slot.weekKinds);
  /** Bookings that hold at a slot (`b` is room_bookings). */
  const bookingsAt = (slot: SlotAt) =>
    db
      .selectFrom('room_bookings as b')
      .where('b.booking_date', '=', slot.date)
      .where('b.time_id', '=', slot.timeId)
      .where('b.cancelled_at', 'is', null);

  return {
    list() {
      return db
        .selectFrom('rooms as r')
        .select(roomColumns)
        .orderBy('r.building')
        .orderBy('r.name')
        .execute();
    },

    find(id: number) {
      return db
        .selectFrom('rooms as r')
        .select(roomColumns)
        .where('r.id', '=', id)
        .executeTakeFirst();
    },

    async nameTaken(building: string, name: string, except: number | undefined) {
      let query = db
        .selectFrom('rooms')
        .select('id')
        .where('building', '=', building)
        .where('name', '=', name);
      if (except !== undefined) query = query.where('id', '!=', except);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertRoom(room: {
      name: string;
      building: string;
      capacity: number;
      equipment: number;
    }) {
      // A new room stands at the university's first room's place until its geofence is set.
      const anchor = await db
        .selectFrom('rooms')
        .select(['latitude', 'longitude', 'radius_m'])
        .orderBy('id')
        .executeTakeFirst();
      const row = await db
        .insertInto('rooms')
        .values({
          ...room,
          latitude: anchor?.latitude ?? 0,
          longitude: anchor?.longitude ?? 0,
          radius_m: anchor?.radius_m ?? 60,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateRoom(
      id: number,
      room: { name: string; building: string; capacity: number; equipment: number },
    ) {
      await db.updateTable('rooms').set(room).where('id', '=', id).execute();
    },

    periods() {
      return db
        .selectFrom('lesson_times')
        .select(['id', 'start_time as start', 'end_time as end'])
        .orderBy('start_time')
        .execute();
    },

    period(id: number) {
      return db
        .selectFrom('lesson_times')
        .select(['id', 'start_time as start', 'end_time as end'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The rooms free at a slot with at least `seats` seats and every bit of `equipment`: one
     * statement, the timetable and the bookings asked by index for each room.
     */
    free(slot: SlotAt, seats: number, equipment: number) {
      return db
        .selectFrom('rooms as r')
        .select(roomColumns)
        .where('r.capacity', '>=', seats)
        .where(
          sql<boolean>`(${sql.ref('r.equipment')} & ${sql.lit(equipment)}) = ${sql.lit(equipment)}`,
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('schedule_lessons as l')
                .select('l.id')
                .whereRef('l.room_id', '=', 'r.id')
                .where('l.year_id', '=', slot.yearId)
                .where('l.ws_id', '=', slot.ws)
                .where('l.day_number', '=', slot.dayNumber)
                .where('l.time_id', '=', slot.timeId)
                .where('l.week_kind', 'in', slot.weekKinds),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('room_bookings as b')
                .select('b.id')
                .whereRef('b.room_id', '=', 'r.id')
                .where('b.booking_date', '=', slot.date)
                .where('b.time_id', '=', slot.timeId)
                .where('b.cancelled_at', 'is', null),
            ),
          ),
        )
        .orderBy('r.capacity')
        .orderBy('r.building')
        .orderBy('r.name')
        .execute();
    },

    /** Who is busy at a slot: the room, the teacher, the group (timetable or booking). */
    async busy(slot: SlotAt, who: { roomId: number; teacherId: number; groupId: number }) {
      const lessons = await lessonsAt(slot)
        .select(['l.room_id', 'l.teacher_id', 'l.group_id'])
        .where((eb) =>
          eb.or([
            eb('l.room_id', '=', who.roomId),
            eb('l.teacher_id', '=', who.teacherId),
            eb('l.group_id', '=', who.groupId),
          ]),
        )
        .execute();
      const bookings = await bookingsAt(slot)
        .select(['b.room_id', 'b.teacher_id', 'b.group_id'])
        .where((eb) =>
          eb.or([
            eb('b.room_id', '=', who.roomId),
            eb('b.teacher_id', '=', who.teacherId),
            eb('b.group_id', '=', who.groupId),
          ]),
        )
        .execute();
      const rows = [...lessons, ...bookings];
      return {
        room: rows.some((row) => row.room_id === who.roomId),
        teacher: rows.some((row) => row.teacher_id === who.teacherId),
        group: rows.some((row) => row.group_id === who.groupId),
      };
    },

    /** The groups and disciplines a teacher teaches in a semester (access/teaching.ts). */
    async teachingChoices(lng: Language, teacherId: number, yearId: number, ws: number) {
      const rows = await createAccessRepository(db)
        .assignments({ kind: 'teacher', teacherId })
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
        .select([
          'a.group_id as id_group',
          localized(lng, 'g.name').as('group'),
          'a.discipline_id as id_discipline',
          localized(lng, 'd.name').as('discipline'),
          (eb) =>
            eb
              .selectFrom('students as s')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .whereRef('s.group_id', '=', 'a.group_id')
              .as('students'),
        ])
        .where('a.year_id', '=', yearId)
        .where('a.ws_id', '=', ws)
        .distinct()
        .orderBy('group')
        .orderBy('discipline')
        .execute();
      return rows.map((row) => ({ ...row, students: Number(row.students ?? 0) }));
    },

    async groupSize(groupId: number): Promise<number> {
      const row = await db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('group_id', '=', groupId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** The timetable lessons in a room in one semester (every day, every week kind). */
    roomLessons(lng: Language, roomId: number, yearId: number, ws: number) {
      return db
        .selectFrom('schedule_lessons as l')
        .innerJoin('lesson_times as tm', 'tm.id', 'l.time_id')
        .innerJoin('disciplines as d', 'd.id', 'l.discipline_id')
        .innerJoin('groups as g', 'g.id', 'l.group_id')
        .innerJoin('teachers as t', 't.id', 'l.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select([
          'l.day_number',
          'l.week_kind',
          'l.time_id as id_time',
          'tm.start_time as start',
          'tm.end_time as end',
          localized(lng, 'd.name').as('discipline'),
          localized(lng, 'g.name').as('group'),
          'p.full_name as teacher',
        ])
        .where('l.room_id', '=', roomId)
        .where('l.year_id', '=', yearId)
        .where('l.ws_id', '=', ws)
        .execute();
    },

    async roomBookings(lng: Language, roomId: number, from: string, to: string) {
      const rows = await bookingRows(lng, db)
        .where('b.room_id', '=', roomId)
        .where('b.booking_date', '>=', from)
        .where('b.booking_date', '<=', to)
        .where('b.cancelled_at', 'is', null)
        .execute();
      return rows.map(bookingOf);
    },

    async teacherBookings(lng: Language, teacherId: number, from: string) {
      const rows = await bookingRows(lng, db)
        .where('b.teacher_id', '=', teacherId)
        .where('b.booking_date', '>=', from)
        .execute();
      return rows.map(bookingOf);
    },

    async booking(lng: Language, id: number) {
      const row = await bookingRows(lng, db).where('b.id', '=', id).executeTakeFirst();
      return row && { ...bookingOf(row), teacherId: row.id_teacher };
    },
  };
}

export type RoomsRepository = ReturnType<typeof createRoomsRepository>;
export type RoomRow = NonNullable<Awaited<ReturnType<RoomsRepository['find']>>>;
