import type { Language, StreamStudent } from '@lms/shared/contract';
import { attachmentDisposition } from '../../lib/download.js';
import { CSV_HEADERS, FILE_NAMES } from './messages.js';

// A stream's students as CSV for the teacher (teacher/students.csv), in the teacher's language.

function csvField(value: string | number): string {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV (UTF-8 with a BOM, `;`-separated) and its attachment's Content-Disposition. */
export function streamStudentsCsv(
  lang: Language,
  stream: { name: string; discipline: string; lessonType: string },
  students: StreamStudent[],
): { body: Buffer; disposition: string } {
  const headers = [CSV_HEADERS.num, CSV_HEADERS.name, CSV_HEADERS.group, CSV_HEADERS.registeredAt];
  const lines = [
    headers.map((header) => header[lang]),
    ...students.map((s) => [s.num, s.s_fio, s.group, s.registeredAt.slice(0, 10)]),
  ].map((row) => row.map(csvField).join(';'));
  const name = FILE_NAMES.streamStudents[lang]({
    discipline: stream.discipline,
    lessonType: stream.lessonType,
    stream: stream.name,
  }).replace(/[\\/:*?"<>|\r\n]+/g, ' ');
  return {
    body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    disposition: attachmentDisposition(name),
  };
}
