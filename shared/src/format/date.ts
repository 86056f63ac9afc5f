import { zonedParts } from './zone.js';

export type DateInput = Date | string | number;

/** A date, or a date and time, that names no zone: '2026-11-24', '2026-11-24T17:42[:05]'. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** The moment the university's clocks show these fields; null for fields no clock shows. */
function universityMoment(fields: number[]): Date | null {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = fields;
  const wanted = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wanted);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  // The zone's offset at that moment (two rounds settle a guess made across an offset change).
  let instant = wanted;
  for (let round = 0; round < 2; round++) {
    const shown = zonedParts(new Date(instant));
    const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    instant += wanted - second * 1000 - shownUtc;
  }
  return new Date(instant);
}

/**
 * A Date from a Date, a timestamp or an ISO string. A date or date-time that names no zone is
 * the university's wall clock (a bare '2026-11-24' is that calendar day there, not UTC midnight
 * and not the device's). Null when the value is not a valid date.
 */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date | null;
  const wall = typeof value === 'string' ? WALL_CLOCK.exec(value.trim()) : null;
  if (value instanceof Date) {
    date = value;
  } else if (wall) {
    date = universityMoment(wall.slice(1).map((part) => (part === undefined ? 0 : Number(part))));
  } else {
    date = new Date(value);
  }
  return date === null || Number.isNaN(date.getTime()) ? null : date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'DD/MM/YY' in the university's zone; '' for a missing or invalid value. */
export function formatDate(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { day, month, year } = zonedParts(date);
  return `${pad2(day)}/${pad2(month)}/${pad2(year % 100)}`;
}

/** 'HH:mm' (24-hour) in the university's zone; '' for a missing or invalid value. */
export function formatTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { hour, minute } = zonedParts(date);
  return `${pad2(hour)}:${pad2(minute)}`;
}
