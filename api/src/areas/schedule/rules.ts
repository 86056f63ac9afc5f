import type { ScheduleDay, ScheduleLesson } from '@lms/shared/contract';
import { dayNumberOf, semesterOf, weekMatches } from './clock.js';

// The schedule's decisions: pure functions of the week and the university's date.

/**
 * Today's lessons of a week, on the local `date`: none when the week shown is not of the running
 * semester, else the lessons of today's day number whose week kind (every, odd or even week)
 * falls on it.
 */
export function lessonsOfToday(
  days: readonly ScheduleDay[],
  shown: { year: number; ws: number },
  date: string,
): ScheduleLesson[] {
  const running = semesterOf(date);
  if (running.yearId !== shown.year || running.ws !== shown.ws) return [];
  const dayNumber = dayNumberOf(date);
  return days
    .filter((day) => day.day_number === dayNumber)
    .flatMap((day) => day.lessons)
    .filter((lesson) => weekMatches(lesson.week_kind, date));
}

/** Today's lessons of a week (their slot ids), as `lessonsOfToday` finds them. */
export function todaysLessons(
  days: readonly ScheduleDay[],
  shown: { year: number; ws: number },
  date: string,
): number[] {
  return lessonsOfToday(days, shown, date).map((lesson) => lesson.idShed);
}
