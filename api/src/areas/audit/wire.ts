import type { AuditEntry } from '@lms/shared/contract';
import type { AuditRow } from './repository.js';

/** A row of the trail as the contract's AuditEntry. */
export function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind,
    key: row.record_key,
    by: row.by,
    role: row.role,
    before: row.old_value,
    after: row.new_value,
  };
}
