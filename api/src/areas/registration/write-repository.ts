import type { Kysely } from 'kysely';
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
  const load = (studentId: number, term: Term) =>
    trx
      .updateTable('registration_loads')
      .where('student_id', '=', studentId)
      .where('year_id', '=', term.yearId)
      .where('ws_id', '=', term.ws);

  return {
    /** Takes the student's credit row for the semester (creating it), so their writes queue. */
    async lockLoad(studentId: number, term: Term): Promise<void> {
      // One statement: the insert, or (the row exists) an update that changes nothing but takes
      // the row's lock until the transaction ends.
      await trx
        .insertInto('registration_loads')
        .values({ student_id: studentId, year_id: term.yearId, ws_id: term.ws, credits: 0 })
        .onConflict((oc) =>
          oc
            .columns(['student_id', 'year_id', 'ws_id'])
            .doUpdateSet((eb) => ({ credits: eb.ref('registration_loads.credits') })),
        )
        .execute();
    },

    /** Adds (or, negative, takes back) credits of the student's semester. */
    async addCredits(studentId: number, term: Term, credits: number): Promise<void> {
      await load(studentId, term)
        .set((eb) => ({ credits: eb('credits', '+', credits) }))
        .execute();
    },

    /**
     * One seat of the stream, if one is left (false when a race took the last one). The update
     * holds the stream's row until the transaction ends, so a write takes the seat as its last
     * statement: saves of one stream queue for one statement and the commit, not the whole write.
     */
    async takeSeat(streamId: number): Promise<boolean> {
      const result = await trx
        .updateTable('registration_streams')
        .set((eb) => ({ taken: eb('taken', '+', 1) }))
        .where('id', '=', streamId)
        .whereRef('taken', '<', 'capacity')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
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
      await trx
        .updateTable('registration_streams')
        .set((eb) => ({ taken: eb('taken', '-', 1) }))
        .where('id', '=', streamId)
        .where('taken', '>', 0)
        .execute();
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
      const inserted = await trx
        .insertInto('discipline_registrations')
        .values({
          student_id: row.studentId,
          discipline_id: row.disciplineId,
          year_id: row.term.yearId,
          ws_id: row.term.ws,
          credits: row.credits,
          control_form_id: row.controlFormId,
          is_by_plan: row.isByPlan ? 1 : 0,
          created_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** The registration's credits, if it still exists. */
    async registrationCredits(registrationId: number): Promise<number | undefined> {
      const row = await trx
        .selectFrom('discipline_registrations')
        .select('credits')
        .where('id', '=', registrationId)
        .executeTakeFirst();
      return row && Number(row.credits);
    },

    async deleteRegistration(registrationId: number): Promise<void> {
      await trx.deleteFrom('discipline_registrations').where('id', '=', registrationId).execute();
    },

    /** The stream the registration attends for each lesson type. */
    async members(registrationId: number) {
      return trx
        .selectFrom('registration_members')
        .select(['stream_id as streamId', 'lesson_type_id as lessonTypeId'])
        .where('registration_id', '=', registrationId)
        .execute();
    },

    async addMember(
      registration: { id: number; studentId: number },
      stream: StreamKey,
      now: number,
    ): Promise<void> {
      await trx
        .insertInto('registration_members')
        .values({
          registration_id: registration.id,
          stream_id: stream.id,
          student_id: registration.studentId,
          lesson_type_id: stream.lessonTypeId,
          created_at: now,
        })
        .execute();
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
