import { universityDate, type ScheduleDay, type ScheduleLesson } from '@lms/shared';

/** The days in week order; on a phone today comes first and the rest follow it. */
export function orderDays(days: ScheduleDay[], today: number, todayFirst: boolean): ScheduleDay[] {
  const sorted = [...days].sort((a, b) => a.day_number - b.day_number);
  if (!todayFirst) return sorted;
  const from = (day: number) => (day - today + 7) % 7;
  return sorted.sort((a, b) => from(a.day_number) - from(b.day_number));
}

/** 1 an odd ISO week (числитель), 2 an even one (знаменатель): the values of `week_kind`. */
export type WeekParity = 1 | 2;

const DAY_MS = 86_400_000;

/** The ISO week number of a calendar date 'YYYY-MM-DD' (the server's rule for week kinds). */
export function isoWeek(date: string): number {
  const day = new Date(`${date}T00:00:00Z`);
  const dayNumber = ((day.getUTCDay() + 6) % 7) + 1;
  const thursday = new Date(day.getTime() + (4 - dayNumber) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
}

/** Whether the week of a 'YYYY-MM-DD' is odd or even; null for a date that is not one. */
export function weekParity(date: string | undefined): WeekParity | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const week = isoWeek(date);
  return Number.isNaN(week) ? null : week % 2 === 1 ? 1 : 2;
}

/** The university's calendar date 'YYYY-MM-DD' by this device's clock (for the stored copy, when the server is away). */
export function deviceDate(now: Date): string {
  return universityDate(now);
}

/** A day's lessons split by the week: those that take place in it, and the other week's. */
export function splitByWeek(
  lessons: readonly ScheduleLesson[],
  parity: WeekParity | null,
): { thisWeek: ScheduleLesson[]; otherWeek: ScheduleLesson[] } {
  if (parity === null) return { thisWeek: [...lessons], otherWeek: [] };
  const happens = (lesson: ScheduleLesson) => lesson.week_kind === 0 || lesson.week_kind === parity;
  return {
    thisWeek: lessons.filter(happens),
    otherWeek: lessons.filter((lesson) => !happens(lesson)),
  };
}
