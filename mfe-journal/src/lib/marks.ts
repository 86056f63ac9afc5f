import {
  ABSENCE_MARK,
  JOURNAL_ATTENDANCE_THRESHOLD,
  JOURNAL_HOURS_PER_LESSON,
  type Format,
  type Mark as ServerMark,
} from '@lms/shared';

/**
 * Marks of the journal (spec §3 "Journal and visits", §9): a cell holds a grade of the scale, the
 * absence marker 'н/б', or nothing (the student was present and got no grade).
 */

/** The absence marker: counts as an absence and is never added to the score sum (spec §9). */
export const ABSENT = ABSENCE_MARK;

/** What a cell holds: '' (present), ABSENT or a grade of the scale ('5', '4', …). */
export type Mark = string;

/** The server's mark (null = present) as a cell's. */
export const fromServer = (mark: ServerMark | undefined): Mark => mark ?? '';
/** A cell's mark as the server's (null = present). */
export const toServer = (mark: Mark): ServerMark => (mark === '' ? null : mark);

/** The numeric value of a grade, or null for an absence, an empty cell or a non-numeric grade. */
export function gradeValue(mark: Mark): number | null {
  const text = mark.trim();
  if (text === '' || text === ABSENT) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export interface MarkSummary {
  /** Lessons held (cells of the row). */
  lessons: number;
  absences: number;
  /** Academic hours missed. */
  hours: number;
  /** Sum of the numeric grades. */
  total: number;
  /** Mean of the numeric grades, rounded to two decimals; null when there is no grade. */
  average: number | null;
  /** Share of lessons attended, 0..100 with one decimal; null before the first lesson. */
  attendance: number | null;
}

/** Rounds half away from zero to two decimals (4.125 → 4.13), safe from binary fractions. */
export function roundTo2(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
}

/**
 * Absences, hours, grade total, average and attendance of one student's marks on the lessons
 * they are listed on (the server's rules, so a saved cell updates its row at once).
 */
export function summarize(marks: readonly Mark[]): MarkSummary {
  const grades = marks.map(gradeValue).filter((value): value is number => value !== null);
  const absences = marks.filter((mark) => mark.trim() === ABSENT).length;
  const total = grades.reduce((sum, value) => sum + value, 0);
  return {
    lessons: marks.length,
    absences,
    hours: absences * JOURNAL_HOURS_PER_LESSON,
    total: roundTo2(total),
    average: grades.length === 0 ? null : roundTo2(total / grades.length),
    attendance:
      marks.length === 0
        ? null
        : Math.round(((marks.length - absences) / marks.length) * 1000) / 10,
  };
}

/** The average as shown: always two decimals ('4,50' in ru, '4.50' in en); '—' when none. */
export function formatAverage(average: number | null, format: Pick<Format, 'number'>): string {
  return average === null ? '—' : format.number(average, 2);
}

/** Attendance as shown: '85 %', '85,7 %' ('85.7 %' in en); '—' before the first lesson. */
export function formatPercent(percent: number | null, format: Pick<Format, 'number'>): string {
  return percent === null ? '—' : `${format.number(percent)}\u00a0%`;
}

/** Attendance under the threshold (the server's, or the portal's default) is a warning. */
export function isAttendanceLow(
  percent: number | null,
  threshold: number = JOURNAL_ATTENDANCE_THRESHOLD,
): boolean {
  return percent !== null && percent < threshold;
}
