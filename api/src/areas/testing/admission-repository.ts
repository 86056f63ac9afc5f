import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TestingAdmissionTable } from '../../db/testing-schema.js';

export type TicketRow = Selectable<TestingAdmissionTable>;

/**
 * The start queue's SQL (migrations/0157_testing_admissions.ts): the tickets (a student's next
 * attempt drawn ahead and their slot) and the test's admission clock. Built on the handle or on
 * a transaction.
 */
export function createAdmissionRepository(db: Kysely<Database>) {
  return {
    ticket(testId: number, studentId: number): Promise<TicketRow | undefined> {
      return db
        .selectFrom('testing_admissions')
        .selectAll()
        .where('test_id', '=', testId)
        .where('student_id', '=', studentId)
        .executeTakeFirst();
    },

    /** Every ticket of a test whose student pressed "Start". */
    queued(testId: number): Promise<TicketRow[]> {
      return db
        .selectFrom('testing_admissions')
        .selectAll()
        .where('test_id', '=', testId)
        .where('slot_at', 'is not', null)
        .execute();
    },

    /** A drawn attempt kept ready; nothing when the student has one already. */
    async prepare(row: Omit<TicketRow, 'id' | 'requested_at' | 'slot_at' | 'seen_at'>) {
      await db
        .insertInto('testing_admissions')
        .values(row)
        .onConflict((oc) => oc.columns(['test_id', 'student_id']).doNothing())
        .execute();
    },

    /** The students of a test's group who have no ticket yet. */
    async withoutTicket(testId: number, groupId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('students as s')
        .leftJoin('testing_admissions as t', (join) =>
          join.onRef('t.student_id', '=', 's.id').on('t.test_id', '=', testId),
        )
        .select('s.id')
        .where('s.group_id', '=', groupId)
        .where('t.id', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Marks the press; false when another request (a second tab) pressed first. */
    async claim(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('testing_admissions')
        .set({ requested_at: now, seen_at: now })
        .where('id', '=', id)
        .where('requested_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes the test's next slot: the later of now and the last slot plus the interval. One
     * guarded upsert, so the processes sharing the database hand out slots one interval apart.
     */
    async takeSlot(testId: number, now: number, intervalMs: number): Promise<number> {
      const row = await db
        .insertInto('testing_admission_clock')
        .values({ test_id: testId, next_at: now + intervalMs })
        .onConflict((oc) =>
          oc.column('test_id').doUpdateSet({
            next_at: sql<number>`case when testing_admission_clock.next_at > ${now}
              then testing_admission_clock.next_at + ${intervalMs} else ${now + intervalMs} end`,
          }),
        )
        .returning('next_at')
        .executeTakeFirstOrThrow();
      return Number(row.next_at) - intervalMs;
    },

    async setSlot(id: number, slotAt: number): Promise<void> {
      await db
        .updateTable('testing_admissions')
        .set({ slot_at: slotAt })
        .where('id', '=', id)
        .execute();
    },

    async seen(id: number, now: number): Promise<void> {
      await db
        .updateTable('testing_admissions')
        .set({ seen_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** The students still waiting whose slot comes before this one: the queue in front. */
    async ahead(testId: number, slotAt: number, now: number): Promise<number> {
      const row = await db
        .selectFrom('testing_admissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('test_id', '=', testId)
        .where('slot_at', '>', now)
        .where('slot_at', '<', slotAt)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The ticket is used by the attempt it became. */
    async consume(id: number): Promise<void> {
      await db.deleteFrom('testing_admissions').where('id', '=', id).execute();
    },

    /** Which of these questions still exist. */
    async existing(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const row = await db
        .selectFrom('testing_questions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type AdmissionRepository = ReturnType<typeof createAdmissionRepository>;
