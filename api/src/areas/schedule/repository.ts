import { createHash, randomBytes } from 'node:crypto';
import type { Booking, ScheduleDay, ScheduleLesson, Webinar } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { attendedBy, lessonAssignment, type Placement } from '../../access/teaching.js';
import { bookingOf, bookingRows } from './bookings.js';
import type { SlotRecord } from './slot-record.js';
import { webinarOf, webinarRows } from './webinars.js';

export type { SlotRecord };

/** Whose week: a teacher's lessons, or those of a student's group (whole group or own subgroup). */
export type ScheduleOwner =
  | { kind: 'teacher'; teacherId: number }
  | { kind: 'student'; studentId: number; groupId: number; subgroupId: number | null };

const weekRows = (lng: Language, db: Kysely<Database>) =>
  db
    .selectFrom('schedule_lessons as l')
    .innerJoin('lesson_times as tm', 'tm.id', 'l.time_id')
    .innerJoin('disciplines as d', 'd.id', 'l.discipline_id')
    .innerJoin('lesson_types as lt', 'lt.id', 'l.lesson_type_id')
    .innerJoin('groups as g', 'g.id', 'l.group_id')
    .leftJoin('subgroups as sg', 'sg.id', 'l.subgroup_id')
    .innerJoin('rooms as r', 'r.id', 'l.room_id')
    .innerJoin('teachers as t', 't.id', 'l.teacher_id')
    .innerJoin('persons as p', 'p.id', 't.person_id')
    .select([
      'l.id as idShed',
      'l.day_number',
      'l.time_id as id_time',
      'l.week_kind',
      'l.updated_at',
      'tm.start_time as start',
      'tm.end_time as end',
      'l.discipline_id as id_discipline',
      localized(lng, 'd.name').as('discipline'),
      'l.lesson_type_id as id_vid_zaniatiy',
      localized(lng, 'lt.name').as('lessonType'),
      'l.group_id as id_group',
      localized(lng, 'g.name').as('group'),
      'l.subgroup_id as id_subgroup',
      'sg.name as subgroup',
      'l.room_id as audid',
      'r.name as auditoryName',
      'l.teacher_id as id_teacher',
      'p.full_name as teacher',
    ]);

/** The timetable (weeks and slots) and the calendar subscription tokens. */
export function createScheduleRepository(db: Kysely<Database>) {
  return {
    /**
     * The week of a teacher or a student's group in one semester, by day and lesson order, with
     * a version that changes whenever any of its lessons does.
     */
    async week(
      lng: Language,
      owner: ScheduleOwner,
      yearId: number,
      ws: number,
    ): Promise<{ version: string; days: ScheduleDay[] }> {
      let query = weekRows(lng, db).where('l.year_id', '=', yearId).where('l.ws_id', '=', ws);
      if (owner.kind === 'teacher') query = query.where('l.teacher_id', '=', owner.teacherId);
      else {
        // The journal's rule (access/teaching.ts): the group's and the subgroup's lessons,
        // a stream's only for its members.
        query = query.where(attendedBy(owner, 'l'));
      }
      const rows = await query
        .orderBy('l.day_number')
        .orderBy('l.time_id')
        .orderBy('l.week_kind')
        .orderBy('l.id')
        .execute();
      const hash = createHash('sha256');
      const days = new Map<number, ScheduleLesson[]>();
      for (const row of rows) {
        const { updated_at, ...lesson } = row;
        hash.update(`${JSON.stringify(lesson)}@${Number(updated_at)}\n`);
        const list = days.get(row.day_number) ?? [];
        list.push({ ...lesson, week_kind: Number(lesson.week_kind) } as ScheduleLesson);
        days.set(row.day_number, list);
      }
      return {
        version: hash.digest('base64url').slice(0, 22),
        days: [...days].map(([day_number, lessons]) => ({ day_number, lessons })),
      };
    },

    /**
     * The rooms booked for a teacher or a student's group from `from` ('YYYY-MM-DD') on, in one
     * semester, cancelled ones too (marked).
     */
    async bookings(
      lng: Language,
      owner: ScheduleOwner,
      yearId: number,
      ws: number,
      from: string,
    ): Promise<Booking[]> {
      let query = bookingRows(lng, db)
        .where('b.year_id', '=', yearId)
        .where('b.ws_id', '=', ws)
        .where('b.booking_date', '>=', from);
      query =
        owner.kind === 'teacher'
          ? query.where('b.teacher_id', '=', owner.teacherId)
          : query.where('b.group_id', '=', owner.groupId);
      return (await query.execute()).map(bookingOf);
    },

    /**
     * The online lessons of a teacher or a student's group from `from` ('YYYY-MM-DD') on, in
     * one semester, cancelled ones too (marked); their state at `now`.
     */
    async webinars(
      lng: Language,
      owner: ScheduleOwner,
      semester: { yearId: number; ws: number; from: string },
      clock: { now: number; utcOffsetMinutes: number },
    ): Promise<Webinar[]> {
      let query = webinarRows(lng, db)
        .where('w.year_id', '=', semester.yearId)
        .where('w.ws_id', '=', semester.ws)
        .where('w.start_date', '>=', semester.from);
      query =
        owner.kind === 'teacher'
          ? query.where('w.teacher_id', '=', owner.teacherId)
          : query.where('w.group_id', '=', owner.groupId);
      const rows = await query.execute();
      return rows.map((row) => webinarOf(row, clock.now, clock.utcOffsetMinutes));
    },

    async slot(lng: Language, id: number): Promise<SlotRecord | undefined> {
      const row = await db
        .selectFrom('schedule_lessons as l')
        .innerJoin('lesson_times as tm', 'tm.id', 'l.time_id')
        .innerJoin('disciplines as d', 'd.id', 'l.discipline_id')
        .innerJoin('rooms as r', 'r.id', 'l.room_id')
        .innerJoin('groups as g', 'g.id', 'l.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .select([
          'l.id',
          'l.year_id as yearId',
          'l.ws_id as ws',
          'l.day_number as dayNumber',
          'l.week_kind as weekKind',
          'l.time_id as timeId',
          'tm.start_time as start',
          'tm.end_time as end',
          'l.teacher_id as teacherId',
          'l.discipline_id as disciplineId',
          localized(lng, 'd.name').as('discipline'),
          'l.group_id as groupId',
          'l.subgroup_id as subgroupId',
          'l.lesson_type_id as lessonTypeId',
          'l.room_id as roomId',
          'r.name as roomName',
          'r.latitude',
          'r.longitude',
          'r.radius_m as radiusM',
          'g.speciality_id as specialityId',
          'sp.faculty_id as facultyId',
          lessonAssignment('study_semester').as('studySemester'),
          lessonAssignment('is_elective').as('isElective'),
        ])
        .where('l.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        radiusM: Number(row.radiusM),
        studySemester: Number(row.studySemester ?? 1),
        isElective: Number(row.isElective ?? 0),
      };
    },

    /** Whether the student attends the timetable lesson (access/teaching.ts `attendedBy`). */
    async attends(student: Placement & { studentId: number }, lessonId: number): Promise<boolean> {
      const row = await db
        .selectFrom('schedule_lessons as l')
        .select('l.id')
        .where('l.id', '=', lessonId)
        .where(attendedBy(student, 'l'))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's calendar token, created when missing (or replaced when `renew`). */
    async calendarToken(userId: number, renew: boolean, now: number): Promise<string> {
      if (!renew) {
        const row = await db
          .selectFrom('calendar_tokens')
          .select('token')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (row) return row.token;
      }
      const token = randomBytes(24).toString('base64url');
      await db
        .insertInto('calendar_tokens')
        .values({ user_id: userId, token, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: now }))
        .execute();
      return token;
    },

    async revokeCalendarToken(userId: number): Promise<void> {
      await db.deleteFrom('calendar_tokens').where('user_id', '=', userId).execute();
    },

    async userOfCalendarToken(token: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('calendar_tokens')
        .select('user_id')
        .where('token', '=', token)
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
