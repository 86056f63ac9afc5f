// The audit trail (see migrations/0100_audit.ts).

import type { Generated } from 'kysely';

/** One change to a record that matters; never updated or deleted by the portal. */
export interface AuditTrailTable {
  id: Generated<number>;
  /** Epoch ms of the change, from the server's clock. */
  at: number;
  /** users.id of who made the change; null for the portal itself (a waiting list's turn). */
  user_id: number | null;
  /** Their role then (ROLE). */
  role: number | null;
  /** The request's client address and user agent (device). */
  address: string | null;
  device: string | null;
  /** What kind of record (AuditKind) and which one (e.g. `lesson:12/student:5`). */
  kind: string;
  record_key: string;
  /** students.id of the student the record concerns, when it concerns one. */
  student_id: number | null;
  /** The record before and after the change, as canonical JSON (`null` when absent). */
  old_value: string;
  new_value: string;
  /** The digest of the previous row ('' for the first) and this row's (hash chain). */
  prev_digest: string;
  digest: string;
}

export interface AuditTables {
  audit_trail: AuditTrailTable;
}
