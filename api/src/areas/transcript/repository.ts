import type { GradeBand } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { startYearOfId } from '../../lib/calendar.js';
import { transcriptOf, type Transcript } from './rules.js';
import { readStudentCard } from '../../lib/documents/student-card.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

export function createTranscriptRepository(db: Kysely<Database>) {
  return {
    /** The student as documents name them (lib/documents/student-card.ts). */
    studentCard: (lng: Language, studentId: number) => readStudentCard(db, lng, studentId),

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
