import type { AuditEntry } from '@lms/shared/contract';
import { localDate, localTime } from '../schedule/index.js';
import type { AuditRow } from './repository.js';

/** A row of the trail as the contract's AuditEntry, its instant in the university's zone. */
export function entryOf(row: AuditRow, utcOffsetMinutes: number): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    date: localDate(row.at, utcOffsetMinutes),
    time: localTime(row.at, utcOffsetMinutes),
    kind: row.kind,
    key: row.record_key,
    by: row.by,
    role: row.role,
    before: row.old_value,
    after: row.new_value,
  };
}
