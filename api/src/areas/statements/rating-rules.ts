import type { GradeBand } from '@lms/shared/contract';
import { bandOf, creditTotals } from '../transcript/index.js';

// The rating: pure functions over the record's grades (what confirmed statements wrote), unit
// tested in api/test/unit/statements-rating.test.ts.

/** One grade of a student as the record holds it. */
export interface RecordGrade {
  studentId: number;
  credits: number;
  score: number;
}

/**
 * Each student's credit-weighted grade point average (the transcript's), students without a
 * grade left out.
 */
export function averagesOf(
  grades: readonly RecordGrade[],
  scale: readonly GradeBand[],
): Map<number, number> {
  const rows = new Map<number, { credits: number; ekv_num: number }[]>();
  for (const grade of grades) {
    const list = rows.get(grade.studentId) ?? [];
    list.push({ credits: grade.credits, ekv_num: bandOf(scale, grade.score).ekv_num });
    rows.set(grade.studentId, list);
  }
  return new Map([...rows].map(([id, list]) => [id, creditTotals(list).kredits_avg]));
}

/** A student's place in a cohort. */
export interface Place {
  /** 1 + the number of students with a higher average: ties share a place (1, 2, 2, 4). */
  place: number;
  /** Students ranked. */
  of: number;
  /** The share of the cohort with a lower average, percent, whole. */
  percentile: number;
}

/** The place of `studentId` among `cohort` (ids) by their averages; null when not ranked. */
export function placeIn(
  averages: ReadonlyMap<number, number>,
  cohort: readonly number[],
  studentId: number,
): Place | null {
  const own = averages.get(studentId);
  if (own === undefined) return null;
  let above = 0;
  let below = 0;
  let of = 0;
  for (const id of cohort) {
    const average = averages.get(id);
    if (average === undefined) continue;
    of++;
    if (average > own) above++;
    else if (average < own) below++;
  }
  return { place: above + 1, of, percentile: Math.round((100 * below) / of) };
}
