import { universityDate } from '@lms/shared';
/** How long an order has waited, in the largest whole units that say it: days, hours, minutes. */
export function waitedParts(
  fromMs: number,
  nowMs: number,
): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((nowMs - fromMs) / 60_000));
  return {
    days: Math.floor(total / 1440),
    hours: Math.floor((total % 1440) / 60),
    minutes: total % 60,
  };
}

/** Today as YYYY-MM-DD in the university's time zone (the date input's minimum). */
export function todayIso(now = new Date()): string {
  return universityDate(now);
}
