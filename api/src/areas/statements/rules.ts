import type { StatementState } from '@lms/shared/contract';
import { STATEMENT_CURRENT_MAX } from '@lms/shared/contract';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { figuresOf } from '../journal/index.js';
import type { Mark } from '@lms/shared/contract';

// The statement's decisions: pure functions of facts already read (no database, no Fastify, no
// texts), unit-tested in api/test/unit/statements-rules.test.ts.
//
// Retakes and corrections. A confirmed (or locked) statement never changes: a retake or a
// correction is an additional statement, a retake sheet for ONE student of it, that goes through
// the same steps (draft → signed by its teacher with their passkey → confirmed by the registrar).
// Only the registrar opens one (the registrar's office issues the retake sheet, as on paper: the
// teacher's "permission" IS the registrar opening it for them, so a teacher cannot open one on
// their own); its teacher is the original's or another teacher of the group the registrar names.
// A retake sheet is always opened from the original statement, never from another retake, and a
// student has at most one sheet under way per original. Its current score and admission come from
// the journal and the holds as the original's did (the same rules). Confirming it replaces the
// student's grade in the record (the one row the transcript reads for that discipline and
// semester); the original's line and every earlier sheet stay as they were, shown as superseded by
// the newest confirmed sheet of that student.

/**
 * The current score, 0..60, from a student's journal cells of the statement's discipline and
 * group in its semester (every lesson type, every teacher):
 *
 *   current = round(50 × average / 5 + 10 × attendance / 100), at most 60
 *
 * where `average` is the mean of the numeric marks (the 2..5 scale; 0 when there is none) and
 * `attendance` the percent of listed lessons not missed (0 when listed on none). The exam or
 * credit adds 0..40 points; the final score is their sum on the 100-point scale.
 */
export function currentScore(marks: readonly Mark[]): {
  current: number;
  attendance: number | null;
} {
  const figures = figuresOf([...marks]);
  const average = figures.average ?? 0;
  const attendance = figures.attendancePercent;
  const raw = (50 * average) / 5 + (10 * (attendance ?? 0)) / 100;
  return {
    current: Math.max(0, Math.min(STATEMENT_CURRENT_MAX, Math.round(raw + Number.EPSILON))),
    attendance,
  };
}

export type Admission =
  { admitted: true; reason: null } | { admitted: false; reason: 'absences' | 'hold' };

/**
 * Whether a student is admitted to the exam or credit: not when their attendance is below the
 * journal's threshold (too many absences), nor with unpaid tuition for the year (a hold).
 * Absences are named first. A student listed on no lesson is admitted.
 */
export function admissionOf(
  attendance: number | null,
  unpaidHold: boolean,
  thresholdPercent: number,
): Admission {
  if (attendance !== null && attendance < thresholdPercent)
    return { admitted: false, reason: 'absences' };
  if (unpaidHold) return { admitted: false, reason: 'hold' };
  return { admitted: true, reason: null };
}

/**
 * The final 100-point score: current + exam for an admitted student once the exam is entered
 * (null before); a student not admitted keeps the current score alone (a failing grade).
 */
export function finalScore(current: number, exam: number | null, admitted: boolean): number | null {
  if (!admitted) return current;
  if (exam === null) return null;
  return Math.min(100, current + exam);
}

/** What a caller may try on a statement. */
export type StatementAction = 'save' | 'sign' | 'confirm' | 'lock';

/** The state each action needs; everything else is refused. */
const NEEDS: Record<StatementAction, StatementState> = {
  save: 'draft',
  sign: 'draft',
  confirm: 'signed',
  lock: 'confirmed',
};

/** The state an action leaves the statement in. */
export const AFTER: Record<StatementAction, StatementState> = {
  save: 'draft',
  sign: 'signed',
  confirm: 'confirmed',
  lock: 'locked',
};

export type StateRefusal = 'locked' | 'wrongState';

/** Whether the action may be taken in this state: a locked statement refuses every one. */
export function stateRefusal(state: StatementState, action: StatementAction): StateRefusal | null {
  if (state === 'locked') return 'locked';
  return NEEDS[action] === state ? null : 'wrongState';
}

export interface LineFacts {
  studentId: number;
  current: number;
  attendance: number | null;
  exam: number | null;
  admitted: boolean;
  reason: string | null;
  final: number | null;
}

export type SaveRefusal = 'notOnStatement' | 'notAdmitted';

/** A teacher's points: every student named must be on the statement and admitted. */
export function saveRefusal(
  lines: ReadonlyMap<number, LineFacts>,
  entries: readonly { studentId: number; exam: number | null }[],
): SaveRefusal | null {
  for (const entry of entries) {
    const line = lines.get(entry.studentId);
    if (!line) return 'notOnStatement';
    if (!line.admitted && entry.exam !== null) return 'notAdmitted';
  }
  return null;
}

/** Signing needs the points of every admitted student. */
export function signRefusal(lines: readonly LineFacts[]): 'missingExam' | 'empty' | null {
  if (lines.length === 0) return 'empty';
  return lines.some((l) => l.admitted && l.exam === null) ? 'missingExam' : null;
}

export interface StatementContent {
  id: number;
  /** A retake sheet's original statement (null: an original; its digest keeps its old form). */
  retakeOf: number | null;
  disciplineId: number;
  groupId: number;
  teacherId: number;
  yearId: number;
  ws: number;
  control: string;
  lines: readonly LineFacts[];
}

/** SHA-256 (hex) of the statement's content in one canonical form (lines by student id). */
export function digestOf(content: StatementContent): string {
  const lines = [...content.lines]
    .sort((a, b) => a.studentId - b.studentId)
    .map((l) => [
      l.studentId,
      l.current,
      l.attendance,
      l.exam,
      l.admitted ? 1 : 0,
      l.reason,
      l.final,
    ]);
  const head = content.retakeOf === null ? ['statement/1'] : ['retake/1', content.retakeOf];
  const canonical = JSON.stringify([
    ...head,
    content.id,
    content.disciplineId,
    content.groupId,
    content.teacherId,
    content.yearId,
    content.ws,
    content.control,
    lines,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The server's signature of a digest on behalf of its signer (HMAC-SHA256, base64url). */
export function signatureOf(
  secret: string,
  statementId: number,
  signerUid: number,
  digest: string,
) {
  return createHmac('sha256', secret)
    .update(`statement:${statementId}:${signerUid}:${digest}`)
    .digest('base64url');
}

/** Does the stored signature cover this digest (the content as it stands now)? */
export function signatureValid(
  secret: string,
  statementId: number,
  signerUid: number,
  digest: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signatureOf(secret, statementId, signerUid, digest));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A statement past its deadline that its teacher has not signed yet. */
export function overdue(state: StatementState, deadline: number, now: number): boolean {
  return state === 'draft' && deadline < now;
}

/** A retake sheet of an original statement, as supersession needs it. */
export interface RetakeSheet {
  id: number;
  studentId: number;
  state: StatementState;
}

const recorded = (state: StatementState) => state === 'confirmed' || state === 'locked';

/**
 * The sheet that supersedes one student's line of a sheet (the original or a retake sheet of it):
 * the newest confirmed retake sheet of that student opened after it; null while the line stands
 * (or the sheet itself is not confirmed: an unconfirmed sheet never counted).
 */
export function supersededBy(
  sheet: { id: number; state: StatementState },
  retakes: readonly RetakeSheet[],
  studentId: number,
): number | null {
  if (!recorded(sheet.state)) return null;
  let newest: number | null = null;
  for (const r of retakes) {
    if (r.studentId !== studentId || r.id <= sheet.id || !recorded(r.state)) continue;
    if (newest === null || r.id > newest) newest = r.id;
  }
  return newest;
}

/**
 * The sheets that supersede (lines of) a sheet, newest first: of an original, the newest
 * confirmed retake of each student that has one; of a retake sheet, the newer one of its student.
 */
export function supersedingSheets(
  sheet: { id: number; state: StatementState; studentId: number | null },
  retakes: readonly RetakeSheet[],
): number[] {
  const students =
    sheet.studentId === null ? [...new Set(retakes.map((r) => r.studentId))] : [sheet.studentId];
  const ids = new Set<number>();
  for (const student of students) {
    const newer = supersededBy(sheet, retakes, student);
    if (newer !== null) ids.add(newer);
  }
  return [...ids].sort((a, b) => b - a);
}

export type RetakeRefusal = 'retakeOfRetake' | 'notConfirmed' | 'notOnStatement';

/** Whether a retake sheet may be opened for this student of this statement. */
export function retakeRefusal(
  original: { state: StatementState; retakeOf: number | null },
  studentOnIt: boolean,
): RetakeRefusal | null {
  if (original.retakeOf !== null) return 'retakeOfRetake';
  if (!recorded(original.state)) return 'notConfirmed';
  return studentOnIt ? null : 'notOnStatement';
}
