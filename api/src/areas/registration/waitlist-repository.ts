import { sql, type Kysely } from 'kysely';
import { statement } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { streamsWithNames } from './queries.js';
import type { Holds, StudentPlace, Term } from './rules.js';
import type { PaymentsRepository } from '../payments/index.js';

/** What registration asks the payments area: is the student's tuition of the year unpaid? */
export type TuitionQuestion = Pick<PaymentsRepository, 'unpaidTuition'>;

/** A waiting-list row as the service reads it. */
export interface WaitlistEntry {
  id: number;
  streamId: number;
  studentId: number;
  status: string;
  registrationId: number | null;
  decidedAt: number | null;
}

/**
 * The waiting lists, and the holds and appointment a student's writes meet (SQL only). A
 * student's position is their rank among the stream's waiting rows in id order, so concurrent
 * joins never share or skip a number and leaving moves everyone behind up. Built on a database or
 * on a write's transaction.
 */
export function createWaitlistRepository(db: Kysely<Database>, payments: TuitionQuestion) {
  const entryColumns = [
    'id',
    'stream_id as streamId',
    'student_id as studentId',
    'status',
    'registration_id as registrationId',
    'decided_at as decidedAt',
  ] as const;
  const toEntry = (row: {
    id: number;
    streamId: number;
    studentId: number;
    status: string;
    registrationId: number | null;
    decidedAt: number | string | null;
  }): WaitlistEntry => ({
    ...row,
    decidedAt: row.decidedAt === null ? null : Number(row.decidedAt),
  });

  return {
    /** What blocks the student: the registrar's notes and an unpaid tuition code of the year. */
    async holds(studentId: number, yearId: number): Promise<Holds> {
      const [manual, unpaid] = await Promise.all([
        holdNotes(db, studentId),
        // Asked on the same handle: inside a write's transaction, the write's own view.
        payments.unpaidTuition(db, studentId, yearId),
      ]);
      return { manual: manual.map((row) => row.note), tuitionUnpaid: unpaid };
    },

    /** When the student's year of study may register in the semester (null: no appointment). */
    async appointment(student: StudentPlace, term: Term): Promise<number | null> {
      const { groupId, facultyId } = student;
      const [row] = await appointmentRow(db, groupId, facultyId, term.yearId, term.ws);
      return row ? Number(row.opens_at) : null;
    },

    /** The student's waiting row on the stream, if they wait there. */
    async waiting(streamId: number, studentId: number): Promise<WaitlistEntry | undefined> {
      const row = await db
        .selectFrom('registration_waitlist')
        .select(entryColumns)
        .where('stream_id', '=', streamId)
        .where('student_id', '=', studentId)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      return row && toEntry(row);
    },

    /** The student's waiting rows on the streams of one discipline in the semester. */
    async waitingForDiscipline(
      studentId: number,
      term: { yearId: number; ws: number },
      disciplineId: number,
    ): Promise<WaitlistEntry[]> {
      const rows = await waitingRows(db, studentId, disciplineId, term.yearId, term.ws);
      return rows.map(toEntry);
    },

    async entry(id: number): Promise<WaitlistEntry | undefined> {
      const row = await db
        .selectFrom('registration_waitlist')
        .select(entryColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toEntry(row);
    },

    /** The first waiting rows of the stream after `afterId`, in list order. */
    async head(streamId: number, afterId: number, limit: number): Promise<WaitlistEntry[]> {
      const rows = await db
        .selectFrom('registration_waitlist')
        .select(entryColumns)
        .where('stream_id', '=', streamId)
        .where('status', '=', 'waiting')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toEntry);
    },

    /** The students waiting on the stream behind the row `afterId` (0: all of them). */
    async waitingBehind(streamId: number, afterId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('registration_waitlist')
        .select('student_id')
        .where('stream_id', '=', streamId)
        .where('status', '=', 'waiting')
        .where('id', '>', afterId)
        .execute();
      return rows.map((row) => row.student_id);
    },

    async insert(streamId: number, studentId: number, now: number): Promise<number> {
      const row = await db
        .insertInto('registration_waitlist')
        .values({ stream_id: streamId, student_id: studentId, status: 'waiting', joined_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Moves a row on from `from` (false when another write moved it first). */
    async decide(
      id: number,
      from: string,
      to: { status: string; reason?: string | null; registrationId?: number | null },
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('registration_waitlist')
        .set({
          status: to.status,
          decided_at: now,
          ...(to.reason !== undefined ? { reason: to.reason } : {}),
          ...(to.registrationId !== undefined ? { registration_id: to.registrationId } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The student's waiting rows and promotions of the semester, with their positions. */
    async studentLists(lng: Language, studentId: number, term: Term) {
      const rows = await streamsWithNames(db)
        .innerJoin('registration_waitlist as w', 'w.stream_id', 'rs.id')
        .select([
          'w.id',
          'w.status',
          'w.reason',
          'w.registration_id',
          'w.decided_at',
          'rs.id as streamId',
          localized(lng, 'rs.name').as('stream'),
          'rs.discipline_id',
          localized(lng, 'd.name').as('discipline'),
          localized(lng, 'lt.name').as('lessonType'),
          (eb) =>
            eb
              .selectFrom('registration_waitlist as ahead')
              .select(sql<string | number>`count(*)`.as('n'))
              .whereRef('ahead.stream_id', '=', 'w.stream_id')
              .where('ahead.status', '=', 'waiting')
              .whereRef('ahead.id', '<=', 'w.id')
              .as('position'),
        ])
        .where('w.student_id', '=', studentId)
        .where('rs.year_id', '=', term.yearId)
        .where('rs.ws_id', '=', term.ws)
        .where('w.status', 'in', ['waiting', 'promoted', 'skipped'])
        .orderBy('w.id')
        .execute();
      return rows;
    },

    /** A stream's waiting list in order. */
    async streamList(lng: Language, streamId: number) {
      return db
        .selectFrom('registration_waitlist as w')
        .innerJoin('students as s', 's.id', 'w.student_id')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .select([
          'w.student_id',
          'p.full_name',
          localized(lng, 'g.name').as('group'),
          'w.joined_at',
        ])
        .where('w.stream_id', '=', streamId)
        .where('w.status', '=', 'waiting')
        .orderBy('w.id')
        .execute();
    },

    /** A group's two-digit year of admission. */
    async admissionYear(groupId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('groups')
        .select('admission_year')
        .where('id', '=', groupId)
        .executeTakeFirst();
      return row?.admission_year;
    },
  };
}

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;

// The reads of every save, each built and compiled once (db/prepared.ts).

const holdNotes = statement(
  (k, studentId: number) =>
    k
      .selectFrom('registration_holds')
      .select('note')
      .where('student_id', '=', studentId)
      .orderBy('id'),
  1,
);

/** The faculty's own appointment wins over the university-wide one. */
const appointmentRow = statement(
  (k, groupId: number, facultyId: number, yearId: number, ws: number) =>
    k
      .selectFrom('registration_appointments as ra')
      .innerJoin('groups as g', (join) => join.on('g.id', '=', groupId))
      .select('ra.opens_at')
      .where('ra.year_id', '=', yearId)
      .where('ra.ws_id', '=', ws)
      .where('ra.course', '=', sql<number>`(${yearId} - g.admission_year + 100) % 100 + 1`)
      .where((eb) => eb.or([eb('ra.faculty_id', '=', facultyId), eb('ra.faculty_id', 'is', null)]))
      .orderBy(sql`case when ra.faculty_id is null then 1 else 0 end`)
      .limit(1),
  4,
);

const waitingRows = statement(
  (k, studentId: number, disciplineId: number, yearId: number, ws: number) =>
    k
      .selectFrom('registration_waitlist as w')
      .innerJoin('registration_streams as s', 's.id', 'w.stream_id')
      .select([
        'w.id as id',
        'w.stream_id as streamId',
        'w.student_id as studentId',
        'w.status as status',
        'w.registration_id as registrationId',
        'w.decided_at as decidedAt',
      ])
      .where('w.student_id', '=', studentId)
      .where('w.status', '=', 'waiting')
      .where('s.discipline_id', '=', disciplineId)
      .where('s.year_id', '=', yearId)
      .where('s.ws_id', '=', ws)
      .orderBy('w.id'),
  4,
);
