import type { AuditEntry } from '@lms/shared/contract';
import { localDate, localTime } from '../schedule/index.js';
import type { AuditLesson, AuditRow } from './repository.js';

/** A journal cell's key (`lesson:12/student:5`, auditKeys.cell): its lesson's id. */
export function cellLessonId(key: string): number | undefined {
  const match = /^lesson:(\d+)\/student:\d+$/.exec(key);
  return match ? Number(match[1]) : undefined;
}

/**
 * A row of the trail as the contract's AuditEntry, its instant in the university's zone; a
 * journal cell's with its lesson when `lessons` has it.
 */
export function entryOf(
  row: AuditRow,
  utcOffsetMinutes: number,
  lessons?: ReadonlyMap<number, AuditLesson>,
): AuditEntry {
  const lessonId = row.kind === 'journal.cell' ? cellLessonId(row.record_key) : undefined;
  const lesson = lessonId === undefined ? undefined : lessons?.get(lessonId);
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
    ...(lesson ? { lesson } : {}),
  };
}
