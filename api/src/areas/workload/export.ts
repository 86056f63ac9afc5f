import type {
  Language,
  WorkloadRow,
  WorkloadTeacherResponse,
  WorkloadTotals,
} from '@lms/shared/contract';
import { formatterFor } from '@lms/shared/format';
import { WORKLOAD_EXPORT_TEXTS, WORKLOAD_PACE_ON } from './messages.js';

/** What an export holds: the plans of one teacher or of a department's teachers. */
export interface WorkloadSheet {
  lang: Language;
  /** The department's name, or null for one teacher's own plan. */
  department: string | null;
  yearId: number;
  /** The university's date the pace is measured on, 'YYYY-MM-DD'. */
  today: string;
  plans: WorkloadTeacherResponse[];
  /** The plans' totals together, paced on their own sums (plan.ts totalsOf). */
  total: WorkloadTotals;
}

const yearName = (yearId: number) =>
  `20${String(yearId).padStart(2, '0')}-${String((yearId + 1) % 100).padStart(2, '0')}`;

const groupOf = (row: WorkloadRow) => (row.subgroup ? `${row.group} (${row.subgroup})` : row.group);

/** The file name without extension: '<Workload>_<department or teacher>_<year>'. */
export function exportName(sheet: WorkloadSheet): string {
  const whose = sheet.department ?? sheet.plans[0]?.teacher ?? '';
  return `${WORKLOAD_EXPORT_TEXTS.workload[sheet.lang]}_${whose}_${yearName(sheet.yearId)}`.replace(
    /[\\/:*?"<>|\r\n]+/g,
    ' ',
  );
}

/**
 * The workbook: the teachers' totals side by side, then every plan row; each with its plan due by
 * today and its pace in words (pace.ts), as the screen says them.
 */
export async function workloadXlsx(sheet: WorkloadSheet): Promise<Buffer> {
  const words = (code: keyof typeof WORKLOAD_EXPORT_TEXTS) =>
    WORKLOAD_EXPORT_TEXTS[code][sheet.lang];
  // Loaded on the first export: exceljs is a large module that most processes never use.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  const title = [sheet.department, yearName(sheet.yearId)].filter(Boolean).join(', ');

  const teachers = workbook.addWorksheet(words('teachers'));
  teachers.addRow([`${words('workload')}: ${title}`]).font = { bold: true };
  teachers.addRow([
    WORKLOAD_PACE_ON[sheet.lang]({ date: formatterFor(sheet.lang).date(sheet.today) }),
  ]);
  teachers.addRow([
    words('teacher'),
    words('planned'),
    words('taught'),
    words('difference'),
    words('due'),
    words('pace'),
    words('behindRows'),
  ]).font = { bold: true };
  for (const { teacher, totals } of sheet.plans) {
    teachers.addRow([
      teacher,
      totals.plannedHours,
      totals.taughtHours,
      totals.taughtHours - totals.plannedHours,
      totals.plannedToDate,
      words(totals.pace),
      totals.behindRows,
    ]);
  }
  const { plannedHours, taughtHours, plannedToDate, pace, behindRows } = sheet.total;
  teachers.addRow([
    words('total'),
    plannedHours,
    taughtHours,
    taughtHours - plannedHours,
    plannedToDate,
    words(pace),
    behindRows,
  ]).font = { bold: true };
  teachers.getColumn(1).width = 36;

  const rows = workbook.addWorksheet(words('rows'));
  rows.addRow([
    words('teacher'),
    words('discipline'),
    words('lessonType'),
    words('group'),
    words('semester'),
    words('planned'),
    words('taught'),
    words('difference'),
    words('due'),
    words('pace'),
  ]).font = { bold: true };
  for (const plan of sheet.plans) {
    for (const row of plan.rows) {
      rows.addRow([
        plan.teacher,
        row.discipline,
        row.lessonType,
        groupOf(row),
        row.ws,
        row.plannedHours,
        row.taughtHours,
        row.taughtHours - row.plannedHours,
        row.plannedToDate,
        words(row.pace),
      ]);
    }
  }
  rows.getColumn(1).width = 30;
  rows.getColumn(2).width = 36;
  rows.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
