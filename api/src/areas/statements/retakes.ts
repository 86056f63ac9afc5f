import type { Kysely } from 'kysely';
import type { GradeBand, StatementDetail, StatementState } from '@lms/shared/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import type { AccessRepository, Actor } from '../../access/index.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import { bandOf } from '../transcript/index.js';
import { refuse } from './messages.js';
import { createStatementsRepository, type StatementRow } from './repository.js';
import { retakeRefusal, supersededBy, type RetakeSheet } from './rules.js';
import type { StatementNotices } from './notices.js';

// Retake sheets (the rules' header says who opens one and what confirming it does): opening one,
// and what a sheet's view adds about them (which lines are superseded, the grade history).

export interface RetakeDeps {
  db: Kysely<Database>;
  access: AccessRepository;
  trail: AuditTrail;
  grading: readonly GradeBand[];
  /** The teacher's notice of the sheet (written with it) and its push (after the commit). */
  notices: Pick<StatementNotices, 'retakeAssigned' | 'announce'>;
}

/** What opening a retake sheet names. */
export interface RetakeInput {
  originalId: number;
  studentId: number;
  /** Null: the original's teacher. */
  teacherId: number | null;
  deadline: number;
}

export function createRetakes({ db, access, trail, grading, notices }: RetakeDeps) {
  /** Whether the teacher teaches the original's discipline to its group in its semester. */
  async function teaches(teacherId: number, original: StatementRow): Promise<boolean> {
    const plan = await access
      .assignments({ kind: 'teacher', teacherId })
      .where('a.discipline_id', '=', original.discipline_id)
      .where('a.group_id', '=', original.group_id)
      .where('a.year_id', '=', original.year_id)
      .where('a.ws_id', '=', original.ws_id)
      .select(['a.study_semester'])
      .executeTakeFirst();
    return plan !== undefined;
  }

  /**
   * The teachers a retake sheet of an original may go to: who teach its discipline to its group
   * in its semester (the one rule `open` holds), the original's teacher first, then by name.
   * Undefined for a statement that does not exist.
   */
  async function teachers(
    originalId: number,
  ): Promise<{ id_teacher: number; fio: string }[] | undefined> {
    const original = await createStatementsRepository(db).find(originalId);
    if (!original) return undefined;
    const rows = await db
      .selectFrom('teaching_assignments as a')
      .innerJoin('teachers as t', 't.id', 'a.teacher_id')
      .innerJoin('persons as p', 'p.id', 't.person_id')
      .select(['t.id as id_teacher', 'p.full_name as fio'])
      .distinct()
      .where('a.discipline_id', '=', original.discipline_id)
      .where('a.group_id', '=', original.group_id)
      .where('a.year_id', '=', original.year_id)
      .where('a.ws_id', '=', original.ws_id)
      .execute();
    const first = original.teacher_id;
    return rows
      .map((row) => ({ id_teacher: Number(row.id_teacher), fio: row.fio }))
      .sort(
        (a, b) =>
          Number(b.id_teacher === first) - Number(a.id_teacher === first) ||
          a.fio.localeCompare(b.fio, 'ru'),
      );
  }

  /** The supersession and the grade history a sheet's view shows. */
  async function historyOf(statement: StatementRow): Promise<{
    supersededBy: (studentId: number) => number | null;
    history: StatementDetail['history'];
  }> {
    const reads = createStatementsRepository(db);
    const originalId = statement.retake_of ?? statement.id;
    const retakes: RetakeSheet[] = await reads.retakesOf(originalId);
    const state = statement.state as StatementState;
    const students =
      statement.retake_student_id === null
        ? [...new Set(retakes.map((r) => r.studentId))]
        : [statement.retake_student_id];
    const rows = await reads.history(originalId, students);
    const history = rows.map((row) => {
      const band = row.final === null ? null : bandOf(grading, row.final);
      const rowState = row.state as StatementState;
      return {
        id: row.id,
        id_student: row.student_id,
        fio: row.fio,
        retake: row.retake_of !== null,
        state: rowState,
        final: row.final,
        letter: band?.ekv_bukv ?? null,
        grade: band?.grade ?? null,
        confirmed_at: row.confirmed_at === null ? null : Number(row.confirmed_at),
        superseded_by: supersededBy({ id: row.id, state: rowState }, retakes, row.student_id),
      };
    });
    return {
      supersededBy: (studentId) => supersededBy({ id: statement.id, state }, retakes, studentId),
      history,
    };
  }

  /**
   * The registrar opens a retake sheet for one student of a confirmed original: a draft with the
   * original's discipline, group, semester and form, listing that student alone.
   */
  async function open(actor: Actor, input: RetakeInput, now: number): Promise<number> {
    const reads = createStatementsRepository(db);
    const original = await reads.find(input.originalId);
    if (!original) throw new ApiError(404, MESSAGES.notFound);
    const lines = await reads.lines(original.id);
    const refusal = retakeRefusal(
      { state: original.state as StatementState, retakeOf: original.retake_of },
      lines.some((l) => l.student_id === input.studentId),
    );
    if (refusal) throw refuse(refusal);
    const teacherId = input.teacherId ?? original.teacher_id;
    if (!(await teaches(teacherId, original))) throw refuse('notTeaching');
    try {
      const opened = await db.transaction().execute(async (trx) => {
        const writes = createStatementsRepository(trx);
        const id = await writes.insertDraft(
          {
            discipline_id: original.discipline_id,
            group_id: original.group_id,
            teacher_id: teacherId,
            year_id: original.year_id,
            ws_id: original.ws_id,
            study_semester: original.study_semester,
            credits: original.credits,
            control_form: original.control_form,
            deadline: input.deadline,
            retake_of: original.id,
            retake_student_id: input.studentId,
          },
          now,
        );
        await writes.insertLines([
          {
            statement_id: id,
            student_id: input.studentId,
            exam: null,
            current: null,
            attendance: null,
            admitted: null,
            reason: null,
            final: null,
          },
        ]);
        await trail.record(
          trx,
          actor,
          {
            kind: 'statement',
            key: auditKeys.record('statement', id),
            before: null,
            after: { state: 'draft', retake_of: original.id, student: input.studentId },
          },
          now,
        );
        return { id, told: await notices.retakeAssigned(trx, id, teacherId, now) };
      });
      await notices.announce(opened.told);
      return opened.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('retakeOpen');
      throw error;
    }
  }

  return { open, historyOf, teachers };
}

export type Retakes = ReturnType<typeof createRetakes>;
