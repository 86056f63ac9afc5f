// The electronic statement's tables (see migrations/0040_statements.ts).

import type { Generated } from 'kysely';

/** One statement: discipline × group × year × ws × form of control. Instants are epoch ms. */
export interface StatementTable {
  id: Generated<number>;
  discipline_id: number;
  group_id: number;
  /** teachers.id of the teacher of record. */
  teacher_id: number;
  year_id: number;
  ws_id: number;
  study_semester: number;
  credits: number;
  /** 'exam' | 'credit' */
  control_form: string;
  /** 'draft' | 'signed' | 'confirmed' | 'locked' */
  state: string;
  deadline: number;
  /** SHA-256 hex of the signed content; null while a draft. */
  digest: string | null;
  /** The teacher's signature over the digest; null while a draft. */
  signature: string | null;
  signed_at: number | null;
  /** users.id of the signer. */
  signed_by: number | null;
  confirmed_at: number | null;
  /** users.id of the registrar who confirmed. */
  confirmed_by: number | null;
  locked_at: number | null;
  /** The passkey that signed (its credential id), its public key (base64url) and the assertion
   * (JSON; its challenge names the statement and the digest); null while a draft. */
  sign_credential: string | null;
  sign_public_key: string | null;
  sign_assertion: string | null;
  created_at: number;
  updated_at: number;
  /** A retake sheet: the original statement it adds to (migration 0138); null: an original. */
  retake_of: number | null;
  /** A retake sheet's one student (students.id); null: an original. */
  retake_student_id: number | null;
}

/**
 * One student's line. `exam` is what the teacher entered; `current`, `attendance`, `admitted`
 * (0/1), `reason` and `final` are frozen at signing (null while a draft: computed from the
 * journal as it stands).
 */
export interface StatementLineTable {
  statement_id: number;
  student_id: number;
  exam: number | null;
  current: number | null;
  attendance: number | null;
  admitted: number | null;
  reason: string | null;
  final: number | null;
}

/**
 * What a teacher was told of a statement (migrations/0156_statement_notices.ts): once per
 * statement × kind × teacher; `read_at` null while unread. Instants are epoch ms.
 */
export interface StatementNoticeTable {
  id: Generated<number>;
  statement_id: number;
  /** teachers.id of the teacher told. */
  teacher_id: number;
  /** 'retakeAssigned' | 'overdue' */
  kind: string;
  created_at: number;
  read_at: number | null;
}

export interface StatementsTables {
  statements: StatementTable;
  statement_lines: StatementLineTable;
  statement_notices: StatementNoticeTable;
}
