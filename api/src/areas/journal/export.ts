import { LESSON_ORDERS, type JournalLesson, type JournalRow } from '@lms/shared/contract';
import ExcelJS from 'exceljs';

/** What an export holds: the journal's names and its grid. */
export interface JournalSheet {
  names: { discipline: string; group: string; lessonType: string; subgroup: string | null };
  lessons: JournalLesson[];
  rows: JournalRow[];
}

/** How a cell is written: the mark, '+' for present without a mark, '' when not on the list. */
function cellText(row: JournalRow, lesson: JournalLesson): string {
  const key = String(lesson.id_lesson);
  if (!(key in row.marks)) return '';
  return row.marks[key] ?? '+';
}

/** '21.11.2026 2 пара' */
function lessonTitle(lesson: JournalLesson): string {
  const [year, month, day] = lesson.date.split('-');
  const order = LESSON_ORDERS.find((o) => o.id_time === lesson.id_time);
  return `${day}.${month}.${year} ${order ? order.start : lesson.id_time}`;
}

const SUMMARY_HEADERS = ['Пропуски', 'Часы пропусков', 'Сумма', 'Средний балл', 'Посещаемость, %'];

function table(sheet: JournalSheet): (string | number | null)[][] {
  const header = ['№', 'ФИО', ...sheet.lessons.map(lessonTitle), ...SUMMARY_HEADERS];
  const body = sheet.rows.map((row, index) => [
    index + 1,
    row.s_fio,
    ...sheet.lessons.map((lesson) => cellText(row, lesson)),
    row.timesCount,
    row.hours,
    row.total,
    row.average,
    row.attendancePercent,
  ]);
  return [header, ...body];
}

/** The file name without extension: 'Журнал_<discipline>_<group>[-<subgroup>]_<lesson type>'. */
export function exportName(sheet: JournalSheet): string {
  const { discipline, group, subgroup, lessonType } = sheet.names;
  const groupPart = subgroup ? `${group} (подгруппа ${subgroup})` : group;
  return `Журнал_${discipline}_${groupPart}_${lessonType}`.replace(/[\\/:*?"<>|\r\n]+/g, ' ');
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
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  const worksheet = workbook.addWorksheet('Журнал');
  const title = `${sheet.names.discipline}, ${sheet.names.group}${
    sheet.names.subgroup ? ` (подгруппа ${sheet.names.subgroup})` : ''
  }, ${sheet.names.lessonType}`;
  const rows = table(sheet);
  worksheet.addRow([title]).font = { bold: true };
  const header = worksheet.addRow(rows[0] ?? []);
  header.font = { bold: true };
  for (const row of rows.slice(1)) worksheet.addRow(row);
  worksheet.getColumn(2).width = 36;
  worksheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 2 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
