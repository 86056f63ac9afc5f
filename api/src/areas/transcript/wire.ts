import type { GradeBand, ReplacedGrade } from '@lms/shared/contract';
import { startYearOfId } from '../../lib/calendar.js';
import type { GradeRow, ReplacedRow } from './repository.js';
import { bandOf, transcriptOf, type Transcript } from './rules.js';

/**
 * The student's final grades as the transcript answers them (rules.ts `transcriptOf`): grouped
 * by group (in the order the student studied in them), then academic year, then semester order,
 * each level with its credit totals.
 */
export function toTranscript(
  grades: readonly GradeRow[],
  scale: readonly GradeBand[],
  now: Date,
): Transcript {
  return transcriptOf(grades, scale, (yearId) => startYearOfId(yearId, now));
}

/** The university's calendar day (YYYY-MM-DD) of an instant. */
const dayOf = (at: number, utcOffsetMinutes: number): string =>
  new Date(at + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);

/** The grades a retake replaced, as the transcript's screen and PDF name them. */
export function toReplaced(
  rows: readonly ReplacedRow[],
  scale: readonly GradeBand[],
  utcOffsetMinutes: number,
): ReplacedGrade[] {
  return rows.map((row) => {
    const band = bandOf(scale, row.score);
    return {
      id_group: row.group_id,
      id_a_year: row.year_id,
      ws_sort: row.ws_id,
      code_discipline: row.code,
      score: row.score,
      grade: band.grade,
      ekv_bukv: band.ekv_bukv,
      date: dayOf(row.confirmed_at, utcOffsetMinutes),
      replaced_on: dayOf(row.replaced_at, utcOffsetMinutes),
    };
  });
}
