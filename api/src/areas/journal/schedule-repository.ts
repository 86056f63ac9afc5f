import { createHash, randomBytes } from 'node:crypto';
import {
  ABSENCE_MARK,
  type JournalKey,
  type QrStudent,
  type ScheduleDay,
  type ScheduleLesson,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { createJournalRepository } from './repository.js';
import { attendedBy, type Placement } from '../../access/teaching.js';

type JournalRepository = ReturnType<typeof createJournalRepository>;

/** Whose week: a teacher's lessons, or those of a student's group (whole group or own subgroup). */
export type ScheduleOwner =
  | { kind: 'teacher'; teacherId: number }
  | { kind: 'student'; studentId: number; groupId: number; subgroupId: number | null };

/** A timetable slot with everything the QR and the checks need. */
export interface SlotRecord {
  id: number;
  yearId: number;
  ws: number;
  dayNumber: number;
  weekKind: number;
  timeId: number;
  start: string;
  end: string;
  teacherId: number;
  disciplineId: number;
  discipline: string;
  groupId: number;
  subgroupId: number | null;
  lessonTypeId: number;
  roomId: number;
  roomName: string;
  latitude: number;
  longitude: number;
  radiusM: number;
  specialityId: number;
  facultyId: number;
  studySemester: number;
  isElective: number;
}

export interface QrSessionRecord {
  id: number;
  slotId: number;
  date: string;
  journalLessonId: number;
  secret: string;
  open: boolean;
}

/** A QR check-in to store: the visit row and the journal cell it makes, in one transaction. */
export interface VisitInput {
  session: QrSessionRecord;
  studentId: number;
  /** users.id of the student: the cell's writer. */
  uid: number;
  deviceHash: string;
  /** sha256 of the passkey credential that signed the check-in. */
  passkeyHash: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  distanceM: number;
  now: number;
}

export type VisitOutcome = 'marked' | 'repeat' | 'deviceUsed' | 'passkeyUsed';

/** A student's registered phone (qr_passkeys). */
export interface PasskeyRecord {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  now: number;
}

const toPasskey = (row: {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  name: string;
  created_at: number | string;
  last_used_at: number | string | null;
}): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(',') : [],
  name: row.name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

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

/** The schedule, QR sessions and check-ins, and calendar subscription tokens. */
export function createScheduleRepository(db: Kysely<Database>, journal: JournalRepository) {
  const sessionColumns = [
    'q.id',
    'q.schedule_lesson_id as slotId',
    'q.lesson_date as date',
    'q.journal_lesson_id as journalLessonId',
    'q.secret',
    'q.is_open',
  ] as const;
  const toSession = (row: {
    id: number;
    slotId: number;
    date: string;
    journalLessonId: number;
    secret: string;
    is_open: number;
  }): QrSessionRecord => ({
    id: row.id,
    slotId: row.slotId,
    date: row.date,
    journalLessonId: row.journalLessonId,
    secret: row.secret,
    open: Number(row.is_open) === 1,
  });

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
        // The journal's rule (repositories/access.ts): the group's and the subgroup's lessons,
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

    async slot(lng: Language, id: number): Promise<SlotRecord | undefined> {
      const row = await db
        .selectFrom('schedule_lessons as l')
        .innerJoin('lesson_times as tm', 'tm.id', 'l.time_id')
        .innerJoin('disciplines as d', 'd.id', 'l.discipline_id')
        .innerJoin('rooms as r', 'r.id', 'l.room_id')
        .innerJoin('groups as g', 'g.id', 'l.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .select((eb) => [
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
          eb
            .selectFrom('teaching_assignments as a')
            .select((inner) => inner.fn.max('a.study_semester').as('s'))
            .whereRef('a.teacher_id', '=', 'l.teacher_id')
            .whereRef('a.discipline_id', '=', 'l.discipline_id')
            .whereRef('a.group_id', '=', 'l.group_id')
            .whereRef('a.year_id', '=', 'l.year_id')
            .whereRef('a.ws_id', '=', 'l.ws_id')
            .as('studySemester'),
          eb
            .selectFrom('teaching_assignments as a')
            .select((inner) => inner.fn.max('a.is_elective').as('e'))
            .whereRef('a.teacher_id', '=', 'l.teacher_id')
            .whereRef('a.discipline_id', '=', 'l.discipline_id')
            .whereRef('a.group_id', '=', 'l.group_id')
            .whereRef('a.year_id', '=', 'l.year_id')
            .whereRef('a.ws_id', '=', 'l.ws_id')
            .as('isElective'),
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

    /** The journal key of a slot (its discipline, group or subgroup, lesson type, semester). */
    journalKeyOf(slot: SlotRecord): JournalKey {
      return {
        year: slot.yearId,
        ws: slot.ws as 1 | 2 | 3,
        id_discipline: slot.disciplineId,
        id_group: slot.groupId,
        id_subgroup: slot.subgroupId,
        id_vid_zaniatiy: slot.lessonTypeId,
      };
    },

    /**
     * The QR session of a slot's occurrence on `date`, created (open, with its journal lesson,
     * form of education 1) when missing.
     */
    async openSession(slot: SlotRecord, date: string, by: number, now: number) {
      const existing = await db
        .selectFrom('qr_sessions as q')
        .select(sessionColumns)
        .where('q.schedule_lesson_id', '=', slot.id)
        .where('q.lesson_date', '=', date)
        .executeTakeFirst();
      if (existing) return toSession(existing);
      const key = { ...this.journalKeyOf(slot), id_f_educ: 1, id_time: slot.timeId, date };
      await db.transaction().execute(async (trx) => {
        const lessonId = await journal.ensureLesson(trx, slot.teacherId, key, now);
        await trx
          .insertInto('qr_sessions')
          .values({
            schedule_lesson_id: slot.id,
            lesson_date: date,
            journal_lesson_id: lessonId,
            secret: randomBytes(32).toString('hex'),
            is_open: 1,
            opened_by: by,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['schedule_lesson_id', 'lesson_date']).doNothing())
          .execute();
      });
      const row = await db
        .selectFrom('qr_sessions as q')
        .select(sessionColumns)
        .where('q.schedule_lesson_id', '=', slot.id)
        .where('q.lesson_date', '=', date)
        .executeTakeFirstOrThrow();
      return toSession(row);
    },

    async session(id: number): Promise<QrSessionRecord | undefined> {
      const row = await db
        .selectFrom('qr_sessions as q')
        .select(sessionColumns)
        .where('q.id', '=', id)
        .executeTakeFirst();
      return row && toSession(row);
    },

    /**
     * Open sessions of `date` for a group (or one of its subgroups): the typed code's candidates.
     * A stream's lesson is among them for every student of the group; membership is checked
     * once the code has matched (`attends`), so a student of another stream hears why.
     */
    async openSessionsFor(groupId: number, subgroupId: number | null, date: string) {
      const rows = await db
        .selectFrom('qr_sessions as q')
        .innerJoin('schedule_lessons as l', 'l.id', 'q.schedule_lesson_id')
        .select(sessionColumns)
        .where('q.lesson_date', '=', date)
        .where('q.is_open', '=', 1)
        .where('l.group_id', '=', groupId)
        .where((eb) =>
          subgroupId === null
            ? eb('l.subgroup_id', 'is', null)
            : eb.or([eb('l.subgroup_id', 'is', null), eb('l.subgroup_id', '=', subgroupId)]),
        )
        .execute();
      return rows.map(toSession);
    },

    /** Whether the student attends the timetable lesson (access.ts `attendedBy`). */
    async attends(student: Placement & { studentId: number }, lessonId: number): Promise<boolean> {
      const row = await db
        .selectFrom('schedule_lessons as l')
        .select('l.id')
        .where('l.id', '=', lessonId)
        .where(attendedBy(student, 'l'))
        .executeTakeFirst();
      return row !== undefined;
    },

    async setOpen(id: number, open: boolean, now: number): Promise<void> {
      await db
        .updateTable('qr_sessions')
        .set({ is_open: open ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Stores a check-in once: a repeat by the same student changes nothing; another student from
     * a device that already checked someone in is refused. The journal cell becomes "present"
     * (source qr) unless the teacher already graded it.
     */
    async recordVisit(input: VisitInput): Promise<VisitOutcome> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('qr_visits')
          .values({
            qr_session_id: input.session.id,
            student_id: input.studentId,
            device_hash: input.deviceHash,
            passkey_hash: input.passkeyHash,
            latitude: input.latitude,
            longitude: input.longitude,
            accuracy: input.accuracy,
            distance_m: input.distanceM,
            created_at: input.now,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const mine = await trx
            .selectFrom('qr_visits')
            .select('id')
            .where('qr_session_id', '=', input.session.id)
            .where('student_id', '=', input.studentId)
            .executeTakeFirst();
          if (mine) return 'repeat';
          const samePasskey = await trx
            .selectFrom('qr_visits')
            .select('id')
            .where('qr_session_id', '=', input.session.id)
            .where('passkey_hash', '=', input.passkeyHash)
            .executeTakeFirst();
          return samePasskey ? 'passkeyUsed' : 'deviceUsed';
        }
        await trx
          .insertInto('journal_marks')
          .values({
            lesson_id: input.session.journalLessonId,
            student_id: input.studentId,
            otsenka: null,
            updated_at: input.now,
            updated_by: input.uid,
            source: 'qr',
          })
          .onConflict((oc) =>
            oc
              .columns(['lesson_id', 'student_id'])
              .doUpdateSet({
                otsenka: null,
                updated_at: input.now,
                updated_by: input.uid,
                source: 'qr',
              })
              .where((eb) =>
                eb.or([
                  eb('journal_marks.otsenka', 'is', null),
                  eb('journal_marks.otsenka', '=', ABSENCE_MARK),
                ]),
              ),
          )
          .execute();
        return 'marked';
      });
    },

    /** The lesson's students with their cells: marked = on the list and not 'н/б'. */
    async checkIns(slot: SlotRecord, session: QrSessionRecord): Promise<QrStudent[]> {
      const [roster, cells] = await Promise.all([
        journal.students(this.journalKeyOf(slot)),
        db
          .selectFrom('journal_marks')
          .select(['student_id', 'otsenka', 'source', 'updated_at'])
          .where('lesson_id', '=', session.journalLessonId)
          .execute(),
      ]);
      const byStudent = new Map(cells.map((cell) => [cell.student_id, cell]));
      return roster.map((student) => {
        const cell = byStudent.get(student.id_student);
        return {
          id_student: student.id_student,
          s_fio: student.s_fio,
          marked: cell !== undefined && cell.otsenka !== ABSENCE_MARK,
          otsenka: cell?.otsenka ?? null,
          source: cell?.source ?? null,
          at: cell ? Number(cell.updated_at) : null,
        };
      });
    },

    /** The teacher's hand mark: present (null) or absent ('н/б'), source manual. */
    async markByHand(session: QrSessionRecord, studentId: number, present: boolean, by: number) {
      await journal.setMark(session.journalLessonId, studentId, present ? null : ABSENCE_MARK, by);
    },

    /** The student's registered phones (at most one). */
    async passkeysOf(userId: number): Promise<PasskeyRecord[]> {
      const rows = await db
        .selectFrom('qr_passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map(toPasskey);
    },

    async passkeyByCredential(credentialId: string): Promise<PasskeyRecord | undefined> {
      const row = await db
        .selectFrom('qr_passkeys')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return row && toPasskey(row);
    },

    /**
     * Stores a registered phone: 'exists' when the account already has one, 'taken' when the
     * credential is registered (the unique keys decide, so simultaneous registrations too).
     */
    async addPasskey(input: NewPasskey): Promise<PasskeyRecord | 'exists' | 'taken'> {
      const inserted = await db
        .insertInto('qr_passkeys')
        .values({
          user_id: input.userId,
          credential_id: input.credentialId,
          public_key: input.publicKey,
          counter: input.counter,
          transports: input.transports.join(','),
          name: input.name,
          created_at: input.now,
          last_used_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return toPasskey(inserted);
      const mine = await db
        .selectFrom('qr_passkeys')
        .select('id')
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      return mine ? 'exists' : 'taken';
    },

    /** A verified assertion's counter: it only moves forward (simultaneous uses keep the highest). */
    async passkeyCounter(id: number, counter: number): Promise<void> {
      await db
        .updateTable('qr_passkeys')
        .set({ counter })
        .where('id', '=', id)
        .where('counter', '<', counter)
        .execute();
    },

    /** The passkey checked its owner in (a repeat writes nothing). */
    async passkeyUsed(id: number, now: number): Promise<void> {
      await db.updateTable('qr_passkeys').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    /** Removes the user's own registered phone; false when they have no such one. */
    async removePasskey(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('qr_passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
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
