import type {
  GradeBand,
  TranscriptGroup,
  TranscriptRow,
  TranscriptSemester,
} from '@lms/shared/contract';
import { createHash } from 'node:crypto';
import { academicYearName } from '../../lib/calendar.js';
import type { StudentCard } from '../../lib/documents/issue.js';
import type { GradeRow } from './repository.js';

// The transcript's rules, without a database: what a score earns on the grading table, the
// credit totals and averages, and how final grades are laid out by group, year and semester.

/** The band of the grading table a 100-point score falls in. */
export function bandOf(scale: readonly GradeBand[], score: number): GradeBand {
  const band = scale.find((b) => score >= b.min && score <= b.max);
  if (!band) throw new Error(`score ${score} outside the grading table`);
  return band;
}

/** Rounded half up to two decimals, without binary-float surprises (2.675 → 2.68). */
export function round2(value: number): number {
  return Math.round(Number(`${value.toFixed(6)}e2`)) / 100;
}

/**
 * Credit-weighted average grade point of graded rows (all of them, failing ones with 0 points),
 * and the credits earned (passing rows only).
 */
export function creditTotals(rows: readonly { credits: number; ekv_num: number }[]): {
  kredits_sum: number;
  kredits_avg: number;
} {
  let credits = 0;
  let earned = 0;
  let weighted = 0;
  for (const row of rows) {
    credits += row.credits;
    weighted += row.credits * row.ekv_num;
    if (row.ekv_num > 0) earned += row.credits;
  }
  return { kredits_sum: earned, kredits_avg: credits === 0 ? 0 : round2(weighted / credits) };
}

/** The semester order within an academic year: fall, spring, summer (ws ids 1, 2, 3). */
const WS_SORT: Record<number, number> = { 1: 1, 2: 2, 3: 3 };

export interface Transcript {
  groups: TranscriptGroup[];
  kredits_sum: number;
  kredits_avg: number;
}

/**
 * The student's final grades grouped by group (in the order the student studied in them), then
 * academic year, then semester order, each level with its credit totals. `startOf` gives an
 * academic year id's first calendar year.
 */
export function transcriptOf(
  grades: readonly GradeRow[],
  scale: readonly GradeBand[],
  startOf: (yearId: number) => number,
): Transcript {
  const rows = [...grades].sort(
    (a, b) =>
      startOf(a.year_id) - startOf(b.year_id) ||
      (WS_SORT[a.ws_id] ?? a.ws_id) - (WS_SORT[b.ws_id] ?? b.ws_id) ||
      a.code.localeCompare(b.code),
  );
  const groups: TranscriptGroup[] = [];
  const all: TranscriptRow[] = [];
  for (const row of rows) {
    let group = groups.find((g) => g.id_group === row.group_id);
    if (!group) {
      group = { id_group: row.group_id, group: row.group_name, years: [] };
      groups.push(group);
    }
    let year = group.years.find((y) => y.id_a_year === row.year_id);
    if (!year) {
      year = {
        id_a_year: row.year_id,
        year: academicYearName(startOf(row.year_id)),
        semesters: [],
      };
      group.years.push(year);
    }
    const wsSort = WS_SORT[row.ws_id] ?? row.ws_id;
    let semester: TranscriptSemester | undefined = year.semesters.find((s) => s.ws_sort === wsSort);
    if (!semester) {
      semester = {
        ws_sort: wsSort,
        semester: row.study_semester,
        rows: [],
        kredits_sum: 0,
        kredits_avg: 0,
      };
      year.semesters.push(semester);
    }
    const band = bandOf(scale, row.score);
    const entry: TranscriptRow = {
      code_discipline: row.code,
      discipline: row.name,
      credits: row.credits,
      score: row.score,
      grade: band.grade,
      ekv_num: band.ekv_num,
      ekv_bukv: band.ekv_bukv,
    };
    semester.rows.push(entry);
    all.push(entry);
  }
  for (const group of groups) {
    for (const year of group.years) {
      for (const semester of year.semesters) Object.assign(semester, creditTotals(semester.rows));
    }
  }
  return { groups, ...creditTotals(all) };
}

/** What an issued transcript's verification page may show: what the document itself shows. */
export function transcriptSummary(card: StudentCard, record: Transcript): Record<string, string> {
  return {
    fio: card.fio,
    birthDate: card.birthDate ?? '',
    speciality: card.speciality,
    faculty: card.faculty,
    credits: String(record.kredits_sum),
    gpa: record.kredits_avg.toFixed(2),
  };
}

/**
 * The key of an issued transcript: the same student, university day, language and content is the
 * same document (asked again the same day, the stored one is printed again).
 */
export function transcriptIssueKey(
  studentId: number,
  now: number,
  utcOffsetMinutes: number,
  lang: string,
  content: unknown,
): string {
  const day = new Date(now + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  return `transcript:${studentId}:${day}:${lang}:${hash}`;
}
