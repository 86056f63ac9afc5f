import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ADDRESSES } from './endpoints/audit.js';
import { withSchemas } from './endpoint.js';
import { Id } from './envelope.js';

// The audit trail (api/src/areas/audit): who changed a record that matters, when, from what to
// what. Rows are written by the areas in their changes' transactions; the portal only reads them.
// Routes under /lms/api/audit, signed in.

/** The kinds of record the trail follows. */
export const AUDIT_KINDS = [
  'journal.cell',
  'journal.topic',
  'registration',
  'waitlist',
  'hold',
  'appointment',
  'order.status',
  'payment',
  'statement',
  'release',
  'permission',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** A journal cell's value in the trail: the mark (null: present), and how it was set. */
export interface AuditCellValue {
  otsenka: string | null;
  /** 'manual' (the teacher), 'qr' (the student's check-in), 'insert-all' (the list). */
  source: string;
}

/**
 * One change as the trail shows it. `at`: epoch ms (the server's clock); `by`: the author's full
 * name (null for the portal itself); `role`: theirs then; `before`/`after`: the record's value as
 * canonical JSON (`null` when it did not exist or no longer exists).
 */
export const AuditEntry = Type.Object({
  id: Id,
  at: Type.Integer(),
  /** `at` as 'YYYY-MM-DD' and 'HH:MM' in the university's time zone (what a screen shows). */
  date: Type.String(),
  time: Type.String(),
  kind: Type.String(),
  key: Type.String(),
  by: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([Type.Integer(), Type.Null()]),
  before: Type.String(),
  after: Type.String(),
  /**
   * A journal cell's lesson, named in the request's language (a student's trail: which mark of
   * which discipline); absent for other kinds and for a lesson deleted since.
   */
  lesson: Type.Optional(
    Type.Object({
      id_lesson: Id,
      /** 'YYYY-MM-DD' */
      date: Type.String(),
      id_time: Type.Integer(),
      discipline: Type.String(),
      lessonType: Type.String(),
    }),
  ),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditHistoryResponse = Type.Array(AuditEntry);
export type AuditHistoryResponse = Static<typeof AuditHistoryResponse>;

/**
 * POST audit/cell.json: a journal cell's history, oldest first. The lesson's teacher, the
 * registrar, and the student of the cell may ask; anyone else is refused like a missing cell.
 */
export const AuditCellBody = Type.Object({
  id_lesson: Type.Integer({ minimum: 1, examples: [1] }),
  id_student: Type.Integer({ minimum: 1, examples: [1] }),
});
export type AuditCellBody = Static<typeof AuditCellBody>;

/**
 * POST audit/student.json: the changes of records concerning a student, newest first (at most
 * AUDIT_PAGE_SIZE), each journal cell's with its lesson. The registrar sees every kind; the
 * student themself only their marks; anyone else is refused like a missing record.
 */
export const AuditStudentBody = Type.Object({
  id_student: Type.Integer({ minimum: 1, examples: [1] }),
});
export type AuditStudentBody = Static<typeof AuditStudentBody>;

/** The most rows one answer of the trail holds. */
export const AUDIT_PAGE_SIZE = 500;

export const AUDIT_ENDPOINTS = withSchemas(AUDIT_ADDRESSES, {
  cell: { body: AuditCellBody, response: AuditHistoryResponse },
  student: { body: AuditStudentBody, response: AuditHistoryResponse },
});
