import type { Kysely } from 'kysely';
import { readStudentCard } from '../../lib/documents/student-card.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

/** One final grade as stored, with its names in the reader's language. */
export interface GradeRow {
  group_id: number;
  group_name: string;
  year_id: number;
  ws_id: number;
  study_semester: number;
  credits: number;
  score: number;
  code: string;
  name: string;
}

export function createTranscriptRepository(db: Kysely<Database>) {
  return {
    /** The student as documents name them (lib/documents/student-card.ts). */
    studentCard: (lng: Language, studentId: number) => readStudentCard(db, lng, studentId),

    /** The student's final grades, in no order (wire.ts `toTranscript` lays them out). */
    async grades(lng: Language, studentId: number): Promise<GradeRow[]> {
      return db
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
    },
  };
}

export type TranscriptRepository = ReturnType<typeof createTranscriptRepository>;
