/**
 * The academic calendar. Academic year ids are the two-digit start year (2026-27 → 26).
 * A year starts in September: before it (month index < 8) the previous year is current,
 * the same rule the client's `defaultAcademicYear` uses.
 */
export { WS_NAMES } from './calendar-messages.js';

export function academicYearStart(now: Date): number {
  return now.getMonth() < 8 ? now.getFullYear() - 1 : now.getFullYear();
}

export function academicYearId(startYear: number): number {
  return startYear % 100;
}

export function academicYearName(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The full start year of a two-digit id, taken as the nearest one not after `now`'s year + 1. */
export function startYearOfId(id: number, now: Date): number {
  const century = Math.floor(now.getFullYear() / 100) * 100;
  const candidate = century + id;
  return candidate > now.getFullYear() + 1 ? candidate - 100 : candidate;
}

/** Fall from September to January (winter exams), spring from February to June, summer July–August. */
export function currentWs(now: Date): 1 | 2 | 3 {
  const month = now.getMonth();
  if (month >= 8 || month === 0) return 1;
  if (month <= 5) return 2;
  return 3;
}

export function currentAcademicYear(now: Date): { id_a_year: number; name: string } {
  const start = academicYearStart(now);
  return { id_a_year: academicYearId(start), name: academicYearName(start) };
}
