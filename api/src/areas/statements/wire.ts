import type {
  ControlForm,
  GradeBand,
  NotAdmittedReason,
  StatementDetail,
  StatementLine,
  StatementNotice,
  StatementNoticeKind,
  StatementState,
  StatementSummary,
} from '@lms/shared/contract';
import { bandOf } from '../transcript/index.js';
import type { NamedStatementRow } from './repository.js';
import { overdue, type LineFacts } from './rules.js';
import type { NoticeRepository } from './notice-repository.js';

// The statement's answers in the contract's shape, from the rows and the rules' lines.

export type StatementView = StatementDetail;

export function summaryOf(row: NamedStatementRow, now: number): StatementSummary {
  const state = row.state as StatementState;
  return {
    id: row.id,
    discipline: row.discipline,
    group: row.group_name,
    teacher: row.teacher_name,
    id_a_year: row.year_id,
    ws: row.ws_id,
    control: row.control_form as ControlForm,
    state,
    deadline: row.deadline,
    overdue: overdue(state, row.deadline, now),
    students: row.students,
    retake_of: row.retake_of,
  };
}

export function lineOf(
  fio: string,
  facts: LineFacts,
  grading: readonly GradeBand[],
  supersededBy: number | null = null,
): StatementLine {
  const band = facts.final === null ? null : bandOf(grading, facts.final);
  return {
    id_student: facts.studentId,
    fio,
    current: facts.current,
    attendance: facts.attendance,
    exam: facts.exam,
    admitted: facts.admitted,
    reason: facts.reason as NotAdmittedReason | null,
    final: facts.final,
    letter: band?.ekv_bukv ?? null,
    grade: band?.grade ?? null,
    superseded_by: supersededBy,
  };
}

export function detailOf(
  row: NamedStatementRow,
  lines: readonly { fio: string; facts: LineFacts }[],
  sheet: {
    digest: string;
    valid: boolean | null;
    supersededBy: (studentId: number) => number | null;
    history: StatementDetail['history'];
  },
  grading: readonly GradeBand[],
  now: number,
): StatementDetail {
  return {
    ...summaryOf(row, now),
    digest: sheet.digest,
    signed_at: row.signed_at,
    signature_valid: sheet.valid,
    passkey: row.sign_assertion !== null,
    confirmed_at: row.confirmed_at,
    lines: lines.map((l) => lineOf(l.fio, l.facts, grading, sheet.supersededBy(l.facts.studentId))),
    history: sheet.history,
  };
}

/** A teacher's unread notice as their screen lists it. */
export function noticeOf(
  row: Awaited<ReturnType<NoticeRepository['unread']>>[number],
): StatementNotice {
  return {
    id: row.id,
    kind: row.kind as StatementNoticeKind,
    id_statement: row.statement_id,
    discipline: row.discipline,
    group: row.group_name,
    control: row.control_form as ControlForm,
    retake_of: row.retake_of,
    state: row.state as StatementState,
    deadline: row.deadline,
    created_at: row.created_at,
  };
}
