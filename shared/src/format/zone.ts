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
  if (typeof name !== 'string') return false;
  // The zone the server wrote the page's offsets for is one it checked.
  if (name !== offsetsOfPage()?.zone && !isTimeZone(name)) return false;
  zone = name;
  partsFormat = null;
  for (const listener of listeners) listener();
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
const MINUTE = 60_000;

function partsFormatOf(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  });
}

function partsOf(format: Intl.DateTimeFormat, date: Date): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** How far a zone's clock (its fields at a whole minute `at`) is ahead of UTC, in minutes. */
function offsetOf(parts: ZonedParts, at: number): number {
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((wall - at) / MINUTE);
}

/**
 * A zone's offsets from UTC over a span of time, as the server works them out (`zoneOffsets`) and
 * writes them into the page (`<meta name="lms-time-zone">`): with them the browser writes a
 * time by arithmetic. The first `Intl` date formatter a page makes costs a phone's main thread
 * 100-170 ms (the calendar data it loads), on every page that shows a date.
 */
export interface ZoneOffsets {
  zone: string;
  /** The end of the span (ms since the epoch, excluded). */
  until: number;
  /** [from (ms since the epoch), minutes ahead of UTC], in time order; the first starts the span. */
  offsets: [number, number][];
}

/** The name of the page's `<meta>` holding the university zone's offsets (JSON of ZoneOffsets). */
export const ZONE_OFFSETS_META = 'lms-time-zone';

/** How often the offset is looked at: no zone changes and changes back within a week. */
const WEEK = 7 * 86_400_000;

/**
 * The offsets of a zone from `from` to `until` (ms since the epoch): looked at once a week, and
 * where a week's offset differs, the minute of the change found by halving (about 30 ms for
 * 36 years on a server). A change and its return within one week would not be seen.
 */
export function zoneOffsets(zone: string, from: number, until: number): ZoneOffsets {
  const format = partsFormatOf(zone);
  const offsetAt = (at: number) => offsetOf(partsOf(format, new Date(at)), at);
  let at = Math.floor(from / MINUTE) * MINUTE;
  let current = offsetAt(at);
  const offsets: [number, number][] = [[at, current]];
  while (at < until) {
    const next = Math.min(at + WEEK, until);
    if (offsetAt(next) === current) {
      at = next;
      continue;
    }
    // offsetAt(low) is the current offset, offsetAt(high) is not: the change is in (low, high].
    let low = at;
    let high = next;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(middle) === current) low = middle;
      else high = middle;
    }
    current = offsetAt(high);
    offsets.push([high, current]);
    at = high;
  }
  return { zone, until, offsets };
}

/** The page's offsets: undefined until read, null when the page has none (or not readable). */
let pageOffsets: ZoneOffsets | null | undefined;

function isOffsets(value: unknown): value is ZoneOffsets {
  const table = value as ZoneOffsets;
  return (
    typeof table === 'object' &&
    table !== null &&
    typeof table.zone === 'string' &&
    Number.isFinite(table.until) &&
    Array.isArray(table.offsets) &&
    table.offsets.length > 0 &&
    table.offsets.every(
      (entry) => Array.isArray(entry) && Number.isFinite(entry[0]) && Number.isInteger(entry[1]),
    )
  );
}

function offsetsOfPage(): ZoneOffsets | null {
  if (pageOffsets !== undefined) return pageOffsets;
  pageOffsets = null;
  if (typeof document === 'undefined') return null;
  const content = document
    .querySelector(`meta[name="${ZONE_OFFSETS_META}"]`)
    ?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed: unknown = JSON.parse(content);
    if (isOffsets(parsed)) pageOffsets = parsed;
  } catch {
    // Not JSON: times are written by Intl.
  }
  return pageOffsets;
}

/** Reads the page's offsets again on the next time written (tests change the page). */
export function forgetPageOffsets(): void {
  pageOffsets = undefined;
}

/** The university's offset at a moment from the page's offsets, if they cover it. */
function pageOffsetAt(at: number): number | undefined {
  const table = offsetsOfPage();
  if (!table || table.zone !== zone || !Number.isFinite(at)) return undefined;
  const { offsets } = table;
  if (at < (offsets[0]?.[0] ?? Infinity) || at >= table.until) return undefined;
  // The last entry that starts at or before the moment.
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((offsets[middle]?.[0] ?? Infinity) <= at) low = middle;
    else high = middle - 1;
  }
  return offsets[low]?.[1];
}

export function zonedParts(date: Date): ZonedParts {
  const at = date.getTime();
  const offset = pageOffsetAt(at);
  if (offset !== undefined) {
    const wall = new Date(Math.floor(at / MINUTE) * MINUTE + offset * MINUTE);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      weekday: wall.getUTCDay(),
    };
  }
  partsFormat ??= partsFormatOf(zone);
  return partsOf(partsFormat, date);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The university's date of a moment (now by default), as 'YYYY-MM-DD'. */
export function universityDate(at: Date | number = Date.now()): string {
  const { year, month, day } = zonedParts(at instanceof Date ? at : new Date(at));
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** How far the university's clocks are ahead of UTC at a moment, in minutes (Bishkek: 360). */
export function universityOffsetMinutes(at: number = Date.now()): number {
  const minute = Math.floor(at / MINUTE) * MINUTE;
  return offsetOf(zonedParts(new Date(minute)), minute);
}
