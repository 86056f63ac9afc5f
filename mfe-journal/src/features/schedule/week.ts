import type { ScheduleDay } from '@lms/shared';

/** 1 Monday … 7 Sunday of a local date. */
export const dayNumberOf = (date: Date) => ((date.getDay() + 6) % 7) + 1;

/** ISO week number of a local date (odd weeks: числитель, even: знаменатель). */
export function isoWeekOf(date: Date): number {
  const day = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  day.setUTCDate(day.getUTCDate() + 4 - dayNumberOf(date));
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return Math.floor((day.getTime() - yearStart) / 86_400_000 / 7) + 1;
}

/** Does a lesson of this week kind (0 every week, 1 odd, 2 even) happen in the week of `date`? */
export function happensInWeekOf(weekKind: number, date: Date): boolean {
  return weekKind === 0 || isoWeekOf(date) % 2 === (weekKind === 1 ? 1 : 0);
}

/** The days in week order; on a phone today comes first and the rest follow it. */
export function orderDays(days: ScheduleDay[], today: number, todayFirst: boolean): ScheduleDay[] {
  const sorted = [...days].sort((a, b) => a.day_number - b.day_number);
  if (!todayFirst) return sorted;
  const from = (day: number) => (day - today + 7) % 7;
  return sorted.sort((a, b) => from(a.day_number) - from(b.day_number));
}
