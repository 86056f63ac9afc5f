import { WORKLOAD_HOURS_PER_LESSON, type WorkloadPace } from '@lms/shared/contract';
import { semesterRange } from '../schedule/index.js';

// Pacing: whether the hours taught keep up with the plan due by today, for a plan row and for a
// sum of rows. Pure functions of the rows and the university's date, unit-tested in
// api/test/unit/workload-pace.test.ts. The rule, as the README's "Individual workload" says it:
//
// - A semester's teaching weeks are the Monday-to-Sunday weeks of the academic calendar's semester
//   (semesterRange: fall 1 September – 31 December, spring 1 February – 31 May, summer 1 July –
//   31 August), the partial first and last weeks counted whole. A row's hours are spread evenly
//   over them: its week is planned ÷ weeks.
// - On today's date the weeks over are the semester's weeks before today's week; today's week, if
//   it is one of the semester's, is under way. Expected to date = planned × weeks over ÷ weeks.
// - The tolerance is 5 % of the expected to date or one week of the row, whichever is smaller.
// - Behind: taught < expected − tolerance. Ahead: taught > expected + the week under way +
//   tolerance (this week's lessons may already be given, whatever the day). Otherwise on pace.
// - Hours are taught in whole pairs (WORKLOAD_HOURS_PER_LESSON): the expected is rounded down to
//   a whole pair for "behind" and, with the week under way, up to one for "ahead", so a row of
//   less than a pair a week (a lab every other week) is not flagged between its lessons.
// - A sum (a teacher's total, a department's) is paced the same way on its own sums, never by
//   adding the rows' tolerances.

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;
/** The share of the expected to date that is still on pace. */
export const PACE_TOLERANCE_SHARE = 0.05;

/** The teaching days of a row's semester, first and last 'YYYY-MM-DD' (the timetable's own). */
export function teachingRange(yearId: number, ws: number, today: string): [string, string] {
  const { first, last } = semesterRange(yearId, ws, new Date(`${today}T12:00:00Z`));
  return [first, last];
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** The day number of the Monday of a date's week (1970-01-01 was a Thursday). */
const mondayOf = (day: number) => day - ((day + 3) % WEEK_DAYS);

/** The semester's weeks and where `today` stands in them. */
export interface SemesterWeeks {
  /** The Monday-to-Sunday weeks the semester's days fall in. */
  weeks: number;
  /** The weeks that ended before today's week: 0 before the semester, all of them after it. */
  over: number;
  /** Whether today's week is one of the semester's. */
  underWay: boolean;
}

export function semesterWeeks(range: [string, string], today: string): SemesterWeeks {
  const first = mondayOf(dayOf(range[0]));
  const last = mondayOf(dayOf(range[1]));
  const weeks = (last - first) / WEEK_DAYS + 1;
  const current = (mondayOf(dayOf(today)) - first) / WEEK_DAYS;
  return {
    weeks,
    over: Math.min(Math.max(current, 0), weeks),
    underWay: current >= 0 && current < weeks,
  };
}

/** What a row (or a sum of rows) is paced on; hours, not rounded. */
export interface PaceTerms {
  /** The plan due by the end of the weeks over. */
  expected: number;
  /** One week of the plan (planned ÷ the semester's weeks). */
  week: number;
  /** The week under way: one week of the plan while today's week is the semester's, else 0. */
  underWay: number;
}

/** A row's terms on `today`. */
export function rowTerms(plannedHours: number, range: [string, string], today: string): PaceTerms {
  const { weeks, over, underWay } = semesterWeeks(range, today);
  const week = plannedHours / weeks;
  return { expected: week * over, week, underWay: underWay ? week : 0 };
}

/** The terms of a sum of rows: each term summed. */
export function sumTerms(parts: readonly PaceTerms[]): PaceTerms {
  return parts.reduce(
    (sum, part) => ({
      expected: sum.expected + part.expected,
      week: sum.week + part.week,
      underWay: sum.underWay + part.underWay,
    }),
    { expected: 0, week: 0, underWay: 0 },
  );
}

/** 5 % of the expected to date or one week, whichever is smaller. */
export function toleranceOf({ expected, week }: PaceTerms): number {
  return Math.min(PACE_TOLERANCE_SHARE * expected, week);
}

// A hair below a whole pair still counts as it (the terms are sums of fractions).
const EPSILON = 1e-9;
const PAIR = WORKLOAD_HOURS_PER_LESSON;
const pairsDown = (hours: number) => Math.floor(hours / PAIR + EPSILON) * PAIR;
const pairsUp = (hours: number) => Math.ceil(hours / PAIR - EPSILON) * PAIR;

/** The hours taught that are on pace, inclusive: [lowest, highest]. */
export function onPaceBand(terms: PaceTerms): [number, number] {
  const tolerance = toleranceOf(terms);
  return [
    pairsDown(terms.expected) - tolerance,
    pairsUp(terms.expected + terms.underWay) + tolerance,
  ];
}

/** Behind, on pace or ahead. */
export function paceOf(terms: PaceTerms, taught: number): WorkloadPace {
  const [lowest, highest] = onPaceBand(terms);
  if (taught < lowest - EPSILON) return 'behind';
  return taught > highest + EPSILON ? 'ahead' : 'onPace';
}

/** A row's pacing on `today`: its plan due by then (whole hours), its pace and its terms. */
export function rowPace(
  row: { plannedHours: number; taughtHours: number; ws: number },
  yearId: number,
  today: string,
): { plannedToDate: number; pace: WorkloadPace; terms: PaceTerms } {
  const terms = rowTerms(row.plannedHours, teachingRange(yearId, row.ws, today), today);
  return {
    plannedToDate: Math.round(terms.expected),
    pace: paceOf(terms, row.taughtHours),
    terms,
  };
}
