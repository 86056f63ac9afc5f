import type { Kysely } from 'kysely';
import { statement } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { StreamKey, Term } from './rules.js';

/**
 * Registration's writes, on the write's transaction (service.ts). Every write takes the student's
 * credit row first (`lockLoad`, so one student's writes queue behind each other), then the stream
 * rows, always in that order; a seat is taken with a guarded update (`taken < capacity`), so no
 * stream is overbooked however many requests race for its last seats.
 *
 * The credit row (registration_loads) is the student's lock for the semester; its `credits` keep
 * the tally of what registration added. The credit limit is checked against the semester's whole
 * load instead (`semesterLoad`, `semesterCredits`), read after the lock in the same transaction.
 */
export function createRegistrationWrites(trx: Kysely<Database>) {
  return {
    /** Takes the student's credit row for the semester (creating it), so their writes queue. */
    async lockLoad(studentId: number, term: Term): Promise<void> {
      await lockLoad(trx, studentId, term.yearId, term.ws);
    },

    /** Adds (or, negative, takes back) credits of the student's semester. */
    async addCredits(studentId: number, term: Term, credits: number): Promise<void> {
      await addCredits(trx, studentId, term.yearId, term.ws, credits);
    },

    /**
     * One seat of the stream, if one is left (false when a race took the last one). The update
     * holds the stream's row until the transaction ends, so a write takes the seat as its last
     * statement: saves of one stream queue for one statement and the commit, not the whole write.
     */
    async takeSeat(streamId: number): Promise<boolean> {
      return (await takeSeat(trx, streamId)).length === 1;
    },

    /** Sets a stream's seats, never below those taken (false when that would be below). */
    async setCapacity(streamId: number, capacity: number): Promise<boolean> {
      const result = await trx
        .updateTable('registration_streams')
        .set({ capacity })
        .where('id', '=', streamId)
        .where('taken', '<=', capacity)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async freeSeat(streamId: number): Promise<void> {
      await freeSeat(trx, streamId);
    },

    async insertRegistration(row: {
      studentId: number;
      term: Term;
      disciplineId: number;
      credits: number;
      controlFormId: number;
      isByPlan: boolean;
      now: number;
    }): Promise<number> {
      const [inserted] = await insertRegistration(
        trx,
        row.studentId,
        row.disciplineId,
        row.term.yearId,
        row.term.ws,
        row.credits,
        row.controlFormId,
        row.isByPlan ? 1 : 0,
        row.now,
      );
      if (!inserted) throw new Error('the registration was not inserted');
      return inserted.id;
    },

    /** The registration's credits, if it still exists. */
    async registrationCredits(registrationId: number): Promise<number | undefined> {
      const [row] = await registrationCredits(trx, registrationId);
      return row && Number(row.credits);
    },

    async deleteRegistration(registrationId: number): Promise<void> {
      await deleteRegistration(trx, registrationId);
    },

    /** The stream the registration attends for each lesson type. */
    async members(registrationId: number) {
      return members(trx, registrationId);
    },

    async addMember(
      registration: { id: number; studentId: number },
      stream: StreamKey,
      now: number,
    ): Promise<void> {
      await addMember(
        trx,
        registration.id,
        stream.id,
        registration.studentId,
        stream.lessonTypeId,
        now,
      );
    },

    /** Moves the registration's lesson type to the stream (of that lesson type). */
    async moveMember(registrationId: number, stream: StreamKey, now: number): Promise<void> {
      await trx
        .updateTable('registration_members')
        .set({ stream_id: stream.id, created_at: now })
        .where('registration_id', '=', registrationId)
        .where('lesson_type_id', '=', stream.lessonTypeId)
        .execute();
    },

    /** Removes the registration from its streams (of one lesson type, or all). */
    async removeMembers(registrationId: number, lessonTypeId?: number): Promise<void> {
      let query = trx
        .deleteFrom('registration_members')
        .where('registration_id', '=', registrationId);
      if (lessonTypeId !== undefined) query = query.where('lesson_type_id', '=', lessonTypeId);
      await query.execute();
    },
  };
}

// The statements of a registration's save and delete, each built and compiled once (prepared.ts).

// One statement: the insert, or (the row exists) an update that changes nothing but takes the
// row's lock until the transaction ends.
const lockLoad = statement(
  (k, studentId: number, yearId: number, ws: number) =>
    k
      .insertInto('registration_loads')
      .values({ student_id: studentId, year_id: yearId, ws_id: ws, credits: 0 })
      .onConflict((oc) =>
        oc
          .columns(['student_id', 'year_id', 'ws_id'])
          .doUpdateSet((eb) => ({ credits: eb.ref('registration_loads.credits') })),
      ),
  3,
);

const addCredits = statement(
  (k, studentId: number, yearId: number, ws: number, credits: number) =>
    k
      .updateTable('registration_loads')
      .set((eb) => ({ credits: eb('credits', '+', credits) }))
      .where('student_id', '=', studentId)
      .where('year_id', '=', yearId)
      .where('ws_id', '=', ws),
  4,
);

/** The stream's row when a seat was taken; none when none was left. */
const takeSeat = statement(
  (k, streamId: number) =>
    k
      .updateTable('registration_streams')
      .set((eb) => ({ taken: eb('taken', '+', 1) }))
      .where('id', '=', streamId)
      .whereRef('taken', '<', 'capacity')
      .returning('id'),
  1,
);

const freeSeat = statement(
  (k, streamId: number) =>
    k
      .updateTable('registration_streams')
      .set((eb) => ({ taken: eb('taken', '-', 1) }))
      .where('id', '=', streamId)
      .where('taken', '>', 0),
  1,
);

const insertRegistration = statement(
  (
    k,
    studentId: number,
    disciplineId: number,
    yearId: number,
    ws: number,
    credits: number,
    controlFormId: number,
    isByPlan: number,
    now: number,
  ) =>
    k
      .insertInto('discipline_registrations')
      .values({
        student_id: studentId,
        discipline_id: disciplineId,
        year_id: yearId,
        ws_id: ws,
        credits,
        control_form_id: controlFormId,
        is_by_plan: isByPlan,
        created_at: now,
      })
      .returning('id'),
  8,
);

const registrationCredits = statement(
  (k, registrationId: number) =>
    k.selectFrom('discipline_registrations').select('credits').where('id', '=', registrationId),
  1,
);

const deleteRegistration = statement(
  (k, registrationId: number) =>
    k.deleteFrom('discipline_registrations').where('id', '=', registrationId),
  1,
);

const members = statement(
  (k, registrationId: number) =>
    k
      .selectFrom('registration_members')
      .select(['stream_id as streamId', 'lesson_type_id as lessonTypeId'])
      .where('registration_id', '=', registrationId),
  1,
);

const addMember = statement(
  (
    k,
    registrationId: number,
    streamId: number,
    studentId: number,
    lessonTypeId: number,
    now: number,
  ) =>
    k.insertInto('registration_members').values({
      registration_id: registrationId,
      stream_id: streamId,
      student_id: studentId,
      lesson_type_id: lessonTypeId,
      created_at: now,
    }),
  5,
);
