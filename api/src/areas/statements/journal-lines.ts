import type { Kysely } from 'kysely';
import type { Mark } from '@lms/shared/contract';
import type { Database } from '../../db/schema.js';
import { createStatementsRepository } from './repository.js';
import { admissionOf, currentScore, type Admission } from './rules.js';

/** One discipline taught to one group in one semester. */
export interface StatementTeaching {
  disciplineId: number;
  groupId: number;
  yearId: number;
  ws: number;
}

/** A student's figures from the journal and the holds, as a draft line shows them. */
export type JournalLine = {
  studentId: number;
  current: number;
  attendance: number | null;
} & Admission;

/**
 * The current score and admission of students (by default the group's) from their journal cells
 * of the discipline in the semester and their holds (`holdOf`): what a draft statement shows
 * and what signing freezes. The seed fills its statement's points from the same figures.
 */
export async function statementLinesFromJournal(
  db: Kysely<Database>,
  teaching: StatementTeaching,
  holdOf: (studentId: number) => Promise<boolean>,
  attendanceThreshold: number,
  studentIds?: readonly number[],
): Promise<JournalLine[]> {
  const reads = createStatementsRepository(db);
  const ids = studentIds ?? (await reads.groupStudents(teaching.groupId)).map((s) => s.id);
  const byStudent = new Map<number, Mark[]>();
  for (const m of await reads.marks(teaching)) {
    const cells = byStudent.get(m.student_id) ?? [];
    cells.push(m.otsenka);
    byStudent.set(m.student_id, cells);
  }
  const lines: JournalLine[] = [];
  for (const studentId of ids) {
    const { current, attendance } = currentScore(byStudent.get(studentId) ?? []);
    const admission = admissionOf(attendance, await holdOf(studentId), attendanceThreshold);
    lines.push({ studentId, current, attendance, ...admission });
  }
  return lines;
}
