import { WORKLOAD_HOURS_PER_LESSON, type WorkloadPace } from '@lms/shared/contract';
import { semesterRange } from '../schedule/index.js';

// Pacing: whether a plan row's taught hours keep up with the hours planned up to today. Pure
// functions of the row and the university's date, unit-tested in api/test/unit/workload-pace.test.ts.

const DAY_MS = 86_400_000;

/** The teaching days of a row's semester, first and last 'YYYY-MM-DD' (the timetable's own). */
export function teachingRange(yearId: number, ws: number, today: string): [string, string] {
  const { first, last } = semesterRange(yearId, ws, new Date(`${today}T12:00:00Z`));
  return [first, last];
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** How far through its teaching days the semester is on `today` (today counts): 0 … 1. */
export function elapsedShare(range: [string, string], today: string): number {
  const [first, last] = range.map(dayOf) as [number, number];
  const days = last - first + 1;
  return Math.min(Math.max((dayOf(today) - first + 1) / days, 0), 1);
}

/**
 * The hours a row may be off its plan-to-date and still be on pace: one week's share of the row's
 * hours, and never less than one pair. Why: hours come in pairs (WORKLOAD_HOURS_PER_LESSON), so
 * a row is always up to one pair "short" between two of its lessons; the plan-to-date grows day by
 * day while the lessons fall on their own weekday, so the count also swings by up to a week's
 * lessons without anyone being late (a lesson moved within its week by a holiday or a swap too).
 * More than that is a lesson missed, or given early, beyond what the week explains.
 */
export function toleranceOf(plannedHours: number, range: [string, string]): number {
  const weeks = (dayOf(range[1]) - dayOf(range[0]) + 1) / 7;
  return Math.max(WORKLOAD_HOURS_PER_LESSON, plannedHours / weeks);
}

/** Behind, on pace or ahead: taught against due, within the tolerance (inclusive). */
export function paceOf(plannedToDate: number, taught: number, tolerance: number): WorkloadPace {
  if (taught < plannedToDate - tolerance) return 'behind';
  return taught > plannedToDate + tolerance ? 'ahead' : 'onPace';
}

/** A row's pacing on `today`: its planned hours due by then (whole hours) and its pace. */
export function rowPace(
  row: { plannedHours: number; taughtHours: number; ws: number },
  yearId: number,
  today: string,
): { plannedToDate: number; pace: WorkloadPace; tolerance: number } {
  const range = teachingRange(yearId, row.ws, today);
  const plannedToDate = Math.round(row.plannedHours * elapsedShare(range, today));
  const tolerance = toleranceOf(row.plannedHours, range);
  return { plannedToDate, pace: paceOf(plannedToDate, row.taughtHours, tolerance), tolerance };
}
