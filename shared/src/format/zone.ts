/**
 * The university's time zone. Every time a person reads (a check-in, a payment, a document's
 * date) is written in it, whatever the zone of the device or of the server's process: a student
 * abroad and a receipt printed on a server in UTC say the same "17:42" as the office does.
 * The server sets it from its settings (`LMS_TIME_ZONE`); the browser from /lms/config.json.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Bishkek';

let zone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

/** Is this an IANA time zone name the runtime knows (e.g. 'Asia/Bishkek')? */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name === '') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone times are written in. */
export function universityTimeZone(): string {
  return zone;
}

/**
 * Sets the university's zone; an unknown name is ignored (false). The zone in use needs no check:
 * checking a name makes a formatter, and the first one with a zone costs a phone tens of
 * milliseconds (the zone data is loaded), which a page that shows no time need not pay.
 */
export function setUniversityTimeZone(name: unknown): boolean {
  if (name === zone) return true;
  if (!isTimeZone(name)) return false;
  if (name !== zone) {
    zone = name;
    partsFormat = null;
    for (const listener of listeners) listener();
  }
  return true;
}

/** Called when the zone changes (the formatters built for the old one are dropped). */
export function onTimeZoneChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A moment's wall-clock fields in the university's zone. */
export interface ZonedParts {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
}

let partsFormat: Intl.DateTimeFormat | null = null;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function zonedParts(date: Date): ZonedParts {
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The university's date of a moment (now by default), as 'YYYY-MM-DD'. */
export function universityDate(at: Date | number = Date.now()): string {
  const { year, month, day } = zonedParts(at instanceof Date ? at : new Date(at));
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** How far the university's clocks are ahead of UTC at a moment, in minutes (Bishkek: 360). */
export function universityOffsetMinutes(at: number = Date.now()): number {
  const minute = Math.floor(at / 60_000) * 60_000;
  const { year, month, day, hour, minute: m } = zonedParts(new Date(minute));
  return Math.round((Date.UTC(year, month - 1, day, hour, m) - minute) / 60_000);
}
