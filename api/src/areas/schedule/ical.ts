import type { Booking, Language, ScheduleDay, Webinar } from '@lms/shared/contract';
import { startYearOfId } from '../../lib/calendar.js';
import { dayNumberOf, instantOf, weekMatches } from './clock.js';
import { BOOKING_KIND_NAMES, CALENDAR_WEEK_KINDS, WEBINAR_NAME } from './messages.js';

// iCalendar (RFC 5545) of a semester's week: one recurring event per lesson, weekly or every
// other week, until the semester's last day. Times are UTC (Bishkek keeps no daylight saving).
// An every-other-week lesson also says which weeks in its description, in the reader's language.

/** The teaching weeks of a semester: fall September–December, spring February–May, summer July–August. */
export function semesterRange(
  yearId: number,
  ws: number,
  now: Date,
): { first: string; last: string } {
  const start = startYearOfId(yearId, now);
  if (ws === 1) return { first: `${start}-09-01`, last: `${start}-12-31` };
  if (ws === 2) return { first: `${start + 1}-02-01`, last: `${start + 1}-05-31` };
  return { first: `${start + 1}-07-01`, last: `${start + 1}-08-31` };
}

const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (continuation lines start with a space). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const stamp = (instant: number) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first date on or after `from` with the lesson's day and week kind. */
function firstDate(from: string, dayNumber: number, weekKind: number, last: string): string | null {
  for (let offset = 0; offset < 14; offset++) {
    const date = addDays(from, offset);
    if (date > last) return null;
    if (dayNumberOf(date) === dayNumber && weekMatches(weekKind, date)) return date;
  }
  return null;
}

export interface CalendarSemester {
  yearId: number;
  ws: number;
  days: ScheduleDay[];
  /** Rooms booked for the person (extra lessons, consultations, exams): one event each. */
  bookings?: Booking[];
  /** Online lessons: one event each. */
  webinars?: Webinar[];
}

/** One VCALENDAR with the lessons of each semester given. */
export function semesterCalendar(options: {
  /** The calendar's name, as its reader reads it. */
  name: string;
  /** The language of the names in it (the lessons' catalogue names were read in it too). */
  language: Language;
  semesters: CalendarSemester[];
  now: Date;
  utcOffsetMinutes: number;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//University portal//Schedule//${options.language.toUpperCase()}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    'X-WR-TIMEZONE:Asia/Bishkek',
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
  ];
  const dtstamp = stamp(options.now.getTime());
  for (const semester of options.semesters) {
    lines.push(...semesterEvents(semester, dtstamp, options, options.utcOffsetMinutes));
    for (const booking of semester.bookings ?? []) {
      lines.push(...bookingEvent(booking, dtstamp, options.language, options.utcOffsetMinutes));
    }
    for (const webinar of semester.webinars ?? []) {
      lines.push(...webinarEvent(webinar, dtstamp, options.language));
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The week kind's words (none for an every-week lesson). */
function weeksOf(weekKind: number, language: Language): string | null {
  if (weekKind === 1) return CALENDAR_WEEK_KINDS.odd[language];
  if (weekKind === 2) return CALENDAR_WEEK_KINDS.even[language];
  return null;
}

function semesterEvents(
  { yearId, ws, days }: CalendarSemester,
  dtstamp: string,
  { now, language }: { now: Date; language: Language },
  utcOffsetMinutes: number,
): string[] {
  const { first, last } = semesterRange(yearId, ws, now);
  const until = stamp(instantOf(addDays(last, 1), '00:00', utcOffsetMinutes) - 1000);
  const lines: string[] = [];
  for (const day of days) {
    for (const lesson of day.lessons) {
      const date = firstDate(first, day.day_number, lesson.week_kind, last);
      if (!date) continue;
      const subgroup = lesson.subgroup ? ` (${lesson.subgroup})` : '';
      const weeks = weeksOf(lesson.week_kind, language);
      const description = `${lesson.group}${subgroup}, ${lesson.teacher}${weeks ? `\n${weeks}` : ''}`;
      lines.push(
        'BEGIN:VEVENT',
        `UID:lesson-${lesson.idShed}-${yearId}-${ws}@lms`,
        `DTSTAMP:${dtstamp}`,
        `DTSTART:${stamp(instantOf(date, lesson.start, utcOffsetMinutes))}`,
        `DTEND:${stamp(instantOf(date, lesson.end, utcOffsetMinutes))}`,
        `RRULE:FREQ=WEEKLY;INTERVAL=${lesson.week_kind === 0 ? 1 : 2};UNTIL=${until}`,
        `SUMMARY:${escapeText(`${lesson.discipline} — ${lesson.lessonType}`)}`,
        `LOCATION:${escapeText(lesson.auditoryName)}`,
        `DESCRIPTION:${escapeText(description)}`,
        'END:VEVENT',
      );
    }
  }
  return lines;
}

/** A booked room's one event; a cancelled booking stays, CANCELLED, so calendars drop it. */
function bookingEvent(
  booking: Booking,
  dtstamp: string,
  language: Language,
  utcOffsetMinutes: number,
): string[] {
  const note = booking.note ? `\n${booking.note}` : '';
  return [
    'BEGIN:VEVENT',
    `UID:booking-${booking.id}@lms`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART:${stamp(instantOf(booking.date, booking.start, utcOffsetMinutes))}`,
    `DTEND:${stamp(instantOf(booking.date, booking.end, utcOffsetMinutes))}`,
    `STATUS:${booking.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(`${booking.discipline} — ${BOOKING_KIND_NAMES[booking.kind][language]}`)}`,
    `LOCATION:${escapeText(`${booking.roomName}, ${booking.building}`)}`,
    `DESCRIPTION:${escapeText(`${booking.group}, ${booking.teacher}${note}`)}`,
    'END:VEVENT',
  ];
}

/** An online lesson's one event; a cancelled one stays, CANCELLED, so calendars drop it. */
function webinarEvent(webinar: Webinar, dtstamp: string, language: Language): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:webinar-${webinar.id}@lms`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART:${stamp(webinar.starts_at)}`,
    `DTEND:${stamp(webinar.starts_at + webinar.duration * 60_000)}`,
    `STATUS:${webinar.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(`${webinar.discipline} — ${WEBINAR_NAME[language]}`)}`,
    `LOCATION:${escapeText(WEBINAR_NAME[language])}`,
    `DESCRIPTION:${escapeText(`${webinar.group}, ${webinar.teacher}`)}`,
    'END:VEVENT',
  ];
}
