import type {
  GradeBand,
  TranscriptGroup,
  TranscriptRow,
  TranscriptSemester,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { academicYearName, startYearOfId } from '../../lib/calendar.js';
import { bandOf, creditTotals } from '../../lib/documents/grading.js';
import type { StudentCard } from '../../lib/documents/issue.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

export interface Transcript {
  groups: TranscriptGroup[];
  kredits_sum: number;
  kredits_avg: number;
}

/** The semester order within an academic year: fall, spring, summer (ws ids 1, 2, 3). */
const WS_SORT: Record<number, number> = { 1: 1, 2: 2, 3: 3 };

export function createTranscriptRepository(db: Kysely<Database>) {
  return {
    async studentCard(lng: Language, studentId: number): Promise<StudentCard | undefined> {
      const row = await db
        .selectFrom('students as s')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .innerJoin('faculties as f', 'f.id', 'sp.faculty_id')
        .select([
          's.id',
          'p.full_name',
          'p.birth_date',
          'g.id as group_id',
          localized(lng, 'g.name').as('group_name'),
          'g.admission_year',
          'sp.code as speciality_code',
          localized(lng, 'sp.name').as('speciality'),
          localized(lng, 'f.name').as('faculty'),
        ])
        .where('s.id', '=', studentId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        studentId: row.id,
        fio: row.full_name,
        birthDate: row.birth_date,
        groupId: row.group_id,
        group: row.group_name,
        admissionYear: row.admission_year,
        speciality: `${row.speciality_code} ${row.speciality}`,
        faculty: row.faculty,
      };
    },

    /**
     * The student's final grades grouped by group (in the order the student studied in them),
     * then academic year, then semester order, each level with its credit totals.
     */
    async transcript(
      lng: Language,
      studentId: number,
      scale: readonly GradeBand[],
      now: Date,
    ): Promise<Transcript> {
      const rows = await db
        .selectFrom('transcript_grades as tg')
        .innerJoin('disciplines as d', 'd.id', 'tg.discipline_id')
        .innerJoin('groups as g', 'g.id', 'tg.group_id')
        .select([
          'tg.group_id',
          localized(lng, 'g.name').as('group_name'),
          'tg.year_id',
          'tg.ws_id',
          'tg.study_semester',
          'tg.credits',
          'tg.score',
          'd.code',
          localized(lng, 'd.name').as('name'),
        ])
        .where('tg.student_id', '=', studentId)
        .execute();
      const startOf = (yearId: number) => startYearOfId(yearId, now);
      rows.sort(
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
        let semester: TranscriptSemester | undefined = year.semesters.find(
          (s) => s.ws_sort === wsSort,
        );
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
          for (const semester of year.semesters)
            Object.assign(semester, creditTotals(semester.rows));
        }
      }
      return { groups, ...creditTotals(all) };
    },
  };
}

export type TranscriptRepository = ReturnType<typeof createTranscriptRepository>;
