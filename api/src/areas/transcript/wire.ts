import type { GradeBand } from '@lms/shared/contract';
import { startYearOfId } from '../../lib/calendar.js';
import type { GradeRow } from './repository.js';
import { transcriptOf, type Transcript } from './rules.js';

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
