import { STATEMENT_EXAM_MAX, type StatementLine } from '@lms/shared';

/** What is wrong with typed exam points ('range'), or null: empty (no points) or 0..max whole. */
export function examProblem(typed: string | undefined): 'range' | null {
  if (typed === undefined || typed.trim() === '') return null;
  const value = Number(typed);
  return Number.isInteger(value) && value >= 0 && value <= STATEMENT_EXAM_MAX ? null : 'range';
}

/** The typed points that differ from the stored ones, as the save's lines (blank: none). */
export function examEntries(
  lines: readonly StatementLine[],
  edits: Readonly<Record<number, string>>,
): { id_student: number; exam: number | null }[] {
  const entries = [];
  for (const line of lines) {
    const typed = edits[line.id_student];
    if (typed === undefined || examProblem(typed) !== null) continue;
    const exam = typed.trim() === '' ? null : Number(typed);
    if (exam !== line.exam) entries.push({ id_student: line.id_student, exam });
  }
  return entries;
}
