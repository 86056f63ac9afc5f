import type { Language, StreamStudent, StreamWaiter } from '@lms/shared/contract';
import { attachmentDisposition } from '../../lib/download.js';
import { CSV_HEADERS, FILE_NAMES, WAITLIST_CSV_HEADERS } from './messages.js';

// A stream's students and waiting list as CSV for the teacher (teacher/students.csv,
// teacher/waitlist.csv), in the reader's language.

function csvField(value: string | number): string {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type StreamNames = { name: string; discipline: string; lessonType: string };

/** The CSV (UTF-8 with a BOM, `;`-separated) and its attachment's Content-Disposition. */
export function streamStudentsCsv(
  lang: Language,
  stream: StreamNames,
  students: StreamStudent[],
): { body: Buffer; disposition: string } {
  const headers = [CSV_HEADERS.num, CSV_HEADERS.name, CSV_HEADERS.group, CSV_HEADERS.registeredAt];
  return csvFile(lang, 'streamStudents', stream, [
    headers.map((header) => header[lang]),
    ...students.map((s) => [s.num, s.s_fio, s.group, s.registeredAt.slice(0, 10)]),
  ]);
}

/** A stream's waiting list in order. */
export function streamWaitlistCsv(
  lang: Language,
  stream: StreamNames,
  waiters: StreamWaiter[],
): { body: Buffer; disposition: string } {
  const h = WAITLIST_CSV_HEADERS;
  return csvFile(lang, 'streamWaitlist', stream, [
    [h.position, h.name, h.group, h.joinedAt].map((header) => header[lang]),
    ...waiters.map((w) => [w.position, w.s_fio, w.group, w.joinedAt.slice(0, 10)]),
  ]);
}

function csvFile(
  lang: Language,
  file: 'streamStudents' | 'streamWaitlist',
  stream: StreamNames,
  rows: (string | number)[][],
): { body: Buffer; disposition: string } {
  const lines = rows.map((row) => row.map(csvField).join(';'));
  const name = FILE_NAMES[file][lang]({
    discipline: stream.discipline,
    lessonType: stream.lessonType,
    stream: stream.name,
  }).replace(/[\\/:*?"<>|\r\n]+/g, ' ');
  return {
    body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    disposition: attachmentDisposition(name),
  };
}
