import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TestingAnswerTable, TestingAttemptTable } from '../../db/testing-schema.js';

export type AttemptRow = Selectable<TestingAttemptTable>;
export type AnswerRow = Selectable<TestingAnswerTable>;

/** One drawn question of an attempt: its id and the order of its options and choices. */
export interface Drawn {
  q: number;
  o: string[];
  c: string[];
}

export const drawnOf = (attempt: AttemptRow): Drawn[] => JSON.parse(attempt.drawn) as Drawn[];

/** Testing's SQL for the attempts and their answers (built on the handle or a transaction). */
export function createAttemptRepository(db: Kysely<Database>) {
  return {
    attempt(id: number): Promise<AttemptRow | undefined> {
      return db.selectFrom('testing_attempts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    attemptsOf(testId: number, studentId: number): Promise<AttemptRow[]> {
      return db
        .selectFrom('testing_attempts')
        .selectAll()
        .where('test_id', '=', testId)
        .where('student_id', '=', studentId)
        .orderBy('number')
        .execute();
    },

    /** Every attempt at a test, with the student's name. */
    attemptsAt(testId: number) {
      return db
        .selectFrom('testing_attempts as a')
        .innerJoin('students as s', 's.id', 'a.student_id')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .selectAll('a')
        .select('p.full_name')
        .where('a.test_id', '=', testId)
        .orderBy('p.full_name')
        .orderBy('a.number')
        .execute();
    },

    studentName(studentId: number) {
      return db
        .selectFrom('students as s')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .select(['p.full_name', 's.group_id'])
        .where('s.id', '=', studentId)
        .executeTakeFirst();
    },

    async extraMinutes(testId: number, studentId: number): Promise<number> {
      const row = await db
        .selectFrom('testing_extra_time')
        .select('minutes')
        .where('test_id', '=', testId)
        .where('student_id', '=', studentId)
        .executeTakeFirst();
      return row?.minutes ?? 0;
    },

    async window(testId: number, groupId: number) {
      const row = await db
        .selectFrom('testing_windows')
        .select(['opens_at', 'closes_at'])
        .where('test_id', '=', testId)
        .where('group_id', '=', groupId)
        .executeTakeFirst();
      return row && { opensAt: Number(row.opens_at), closesAt: Number(row.closes_at) };
    },

    async insertAttempt(
      row: Omit<AttemptRow, 'id' | 'pending' | `sign${string}` | 'signed_head'>,
    ): Promise<number> {
      const { id } = await db
        .insertInto('testing_attempts')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Closes an open attempt with its score; false when another request closed it first. */
    async close(
      id: number,
      closed: { submittedAt: number; score: number; pending: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('testing_attempts')
        .set({
          open: null,
          submitted_at: closed.submittedAt,
          score: closed.score,
          pending: closed.pending,
        })
        .where('id', '=', id)
        .where('open', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Notes the server's answer to the student at `at` (kept only while before the deadline). */
    async touch(id: number, at: number): Promise<void> {
      await db
        .updateTable('testing_attempts')
        .set({ last_contact_at: at })
        .where('id', '=', id)
        .where('deadline_at', '>', at)
        .where((eb) => eb.or([eb('last_contact_at', 'is', null), eb('last_contact_at', '<', at)]))
        .execute();
    },

    async rescore(id: number, score: number, pending: number): Promise<void> {
      await db
        .updateTable('testing_attempts')
        .set({ score, pending })
        .where('id', '=', id)
        .execute();
    },

    answersOf(attemptId: number): Promise<AnswerRow[]> {
      return db
        .selectFrom('testing_answers')
        .selectAll()
        .where('attempt_id', '=', attemptId)
        .execute();
    },

    answer(attemptId: number, questionId: number): Promise<AnswerRow | undefined> {
      return db
        .selectFrom('testing_answers')
        .selectAll()
        .where('attempt_id', '=', attemptId)
        .where('question_id', '=', questionId)
        .executeTakeFirst();
    },

    /** Stores an attempt's first answer to a question; answers the row as stored. */
    insertAnswer(row: Omit<AnswerRow, 'id' | 'awarded'>): Promise<AnswerRow> {
      return db.insertInto('testing_answers').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * Writes several questions' answers at once (each a first answer, or a newer version of the
     * stored one); false when any of them was not written (a version as new or newer stored).
     */
    async writeAnswers(rows: readonly AnswerRow[]): Promise<boolean> {
      const written = await db
        .insertInto('testing_answers')
        .values(
          rows.map((row) => ({
            attempt_id: row.attempt_id,
            question_id: row.question_id,
            response: row.response,
            version: row.version,
            saved_at: row.saved_at,
            late_ms: row.late_ms,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['attempt_id', 'question_id'])
            .doUpdateSet((eb) => ({
              response: eb.ref('excluded.response'),
              version: eb.ref('excluded.version'),
              saved_at: eb.ref('excluded.saved_at'),
              late_ms: eb.ref('excluded.late_ms'),
            }))
            .whereRef('testing_answers.version', '<', 'excluded.version'),
        )
        .returning('question_id')
        .execute();
      return written.length === rows.length;
    },

    /** Writes a newer version; false when the stored one is as new or newer. */
    async updateAnswer(
      attemptId: number,
      questionId: number,
      write: { response: string; version: number; savedAt: number; lateMs: number | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('testing_answers')
        .set({
          response: write.response,
          version: write.version,
          saved_at: write.savedAt,
          late_ms: write.lateMs,
        })
        .where('attempt_id', '=', attemptId)
        .where('question_id', '=', questionId)
        .where('version', '<', write.version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async award(attemptId: number, questionId: number, points: number | null): Promise<void> {
      await db
        .updateTable('testing_answers')
        .set({ awarded: points })
        .where('attempt_id', '=', attemptId)
        .where('question_id', '=', questionId)
        .execute();
    },
  };
}

export type AttemptRepository = ReturnType<typeof createAttemptRepository>;
