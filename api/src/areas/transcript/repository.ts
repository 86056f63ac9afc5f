import type { GradeBand } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { startYearOfId } from '../../lib/calendar.js';
import { transcriptOf, type Transcript } from './rules.js';
import type { StudentCard } from '../../lib/documents/issue.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { studentsWithPlace } from '../../db/students.js';

export function createTranscriptRepository(db: Kysely<Database>) {
  return {
    async studentCard(lng: Language, studentId: number): Promise<StudentCard | undefined> {
      const row = await studentsWithPlace(db)
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
      return transcriptOf(rows, scale, (yearId) => startYearOfId(yearId, now));
    },
  };
}

export type TranscriptRepository = ReturnType<typeof createTranscriptRepository>;
