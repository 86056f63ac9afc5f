import type { Format } from '@lms/shared';

/** An instant (ms since the epoch) as the university's day and time, in the user's language. */
export function formatMoment(
  at: number,
  format: Pick<Format, 'date' | 'time'>,
): { date: string; time: string } {
  return { date: format.date(at), time: format.time(at) };
}
