// The university's calendar arithmetic: its date and time, semesters, ISO weeks and their parity.
// Pure functions of the clock and the university's UTC offset.

const DAY_MS = 86_400_000;

/** The local wall-clock fields of an instant at a fixed UTC offset. */
function local(now: number, offsetMinutes: number): Date {
  return new Date(now + offsetMinutes * 60_000);
}

/** 'YYYY-MM-DD' of the instant in the university's time zone. */
export function localDate(now: number, offsetMinutes: number): string {
  return local(now, offsetMinutes).toISOString().slice(0, 10);
}

/** 'HH:MM' of the instant in the university's time zone. */
export function localTime(now: number, offsetMinutes: number): string {
  return local(now, offsetMinutes).toISOString().slice(11, 16);
}

/**
 * The semester running on a local 'YYYY-MM-DD' (lib/calendar.ts's rule on the university's date,
 * not the server process's): the academic year starts in September; fall runs September to
 * January, spring February to June, summer July and August.
 */
export function semesterOf(date: string): { yearId: number; ws: 1 | 2 | 3 } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= 9 ? year : year - 1;
  const ws = month >= 9 || month === 1 ? 1 : month <= 6 ? 2 : 3;
  return { yearId: startYear % 100, ws };
}

/** 1 Monday … 7 Sunday of a 'YYYY-MM-DD'. */
export function dayNumberOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The ISO week number of a 'YYYY-MM-DD'. */
export function isoWeek(date: string): number {
  const day = new Date(`${date}T00:00:00Z`);
  const thursday = new Date(day.getTime() + (4 - dayNumberOf(date)) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
}

/** Does a slot of this week kind (0 every week, 1 odd, 2 even ISO weeks) happen on `date`? */
export function weekMatches(weekKind: number, date: string): boolean {
  if (weekKind === 0) return true;
  return isoWeek(date) % 2 === (weekKind === 1 ? 1 : 0);
}

/** The instant of a local 'YYYY-MM-DD' at 'HH:MM'. */
export function instantOf(date: string, time: string, offsetMinutes: number): number {
  const [hours, minutes] = time.split(':').map(Number);
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return midnight + ((hours ?? 0) * 60 + (minutes ?? 0) - offsetMinutes) * 60_000;
}
