import {
  ABSENCE_MARK,
  LESSON_ORDERS,
  type JournalLesson,
  type JournalRow,
  type Language,
} from '@lms/shared/contract';
import { EXPORT_TEMPLATES, EXPORT_TEXTS } from './visitlog-messages.js';

/** What an export holds: the journal's names and its grid, in the reader's language. */
export interface JournalSheet {
  lang: Language;
  names: { discipline: string; group: string; lessonType: string; subgroup: string | null };
  lessons: JournalLesson[];
  rows: JournalRow[];
}

/**
 * How a cell is written: the mark (the absence mark in the reader's words), '+' for present
 * without a mark, '' when not on the list.
 */
function cellText(row: JournalRow, lesson: JournalLesson, lang: Language): string {
  const key = String(lesson.id_lesson);
  if (!(key in row.marks)) return '';
  const mark = row.marks[key] ?? '+';
  return mark === ABSENCE_MARK ? EXPORT_TEXTS.absent[lang] : mark;
}

/** '21.11.2026 09:40': the date and the lesson's start. */
function lessonTitle(lesson: JournalLesson): string {
  const [year, month, day] = lesson.date.split('-');
  const order = LESSON_ORDERS.find((o) => o.id_time === lesson.id_time);
  return `${day}.${month}.${year} ${order ? order.start : lesson.id_time}`;
}

function table(sheet: JournalSheet): (string | number | null)[][] {
  const words = (code: keyof typeof EXPORT_TEXTS) => EXPORT_TEXTS[code][sheet.lang];
  const header = [
    words('number'),
    words('student'),
    ...sheet.lessons.map(lessonTitle),
    words('absences'),
    words('absenceHours'),
    words('total'),
    words('average'),
    words('attendance'),
  ];
  const body = sheet.rows.map((row, index) => [
    index + 1,
    row.s_fio,
    ...sheet.lessons.map((lesson) => cellText(row, lesson, sheet.lang)),
    row.timesCount,
    row.hours,
    row.total,
    row.average,
    row.attendancePercent,
  ]);
  return [header, ...body];
}

/** The group's name, with the subgroup's when the journal is of one. */
function groupPart(sheet: JournalSheet): string {
  const { group, subgroup } = sheet.names;
  return subgroup ? EXPORT_TEMPLATES.subgroup[sheet.lang]({ group, subgroup }) : group;
}

/** The file name without extension: '<Journal>_<discipline>_<group>[ (subgroup)]_<lesson type>'. */
export function exportName(sheet: JournalSheet): string {
  const { discipline, lessonType } = sheet.names;
  const journal = EXPORT_TEXTS.journal[sheet.lang];
  return `${journal}_${discipline}_${groupPart(sheet)}_${lessonType}`.replace(
    /[\\/:*?"<>|\r\n]+/g,
    ' ',
  );
}

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with BOM (Excel opens Cyrillic correctly), ';'-separated, CRLF lines. */
export function journalCsv(sheet: JournalSheet): Buffer {
  const lines = table(sheet).map((row) => row.map(csvField).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function journalXlsx(sheet: JournalSheet): Promise<Buffer> {
  // Loaded on the first export: exceljs is a large module that most processes never use.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  const worksheet = workbook.addWorksheet(EXPORT_TEXTS.journal[sheet.lang]);
  const title = `${sheet.names.discipline}, ${groupPart(sheet)}, ${sheet.names.lessonType}`;
  const rows = table(sheet);
  worksheet.addRow([title]).font = { bold: true };
  const header = worksheet.addRow(rows[0] ?? []);
  header.font = { bold: true };
  for (const row of rows.slice(1)) worksheet.addRow(row);
  worksheet.getColumn(2).width = 36;
  worksheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 2 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
