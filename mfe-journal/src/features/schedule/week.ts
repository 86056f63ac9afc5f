import type { ScheduleDay } from '@lms/shared';

/** The days in week order; on a phone today comes first and the rest follow it. */
export function orderDays(days: ScheduleDay[], today: number, todayFirst: boolean): ScheduleDay[] {
  const sorted = [...days].sort((a, b) => a.day_number - b.day_number);
  if (!todayFirst) return sorted;
  const from = (day: number) => (day - today + 7) % 7;
  return sorted.sort((a, b) => from(a.day_number) - from(b.day_number));
}
