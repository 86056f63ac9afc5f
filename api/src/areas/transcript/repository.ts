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

/** A grade of the record a retake sheet replaced: the row's place, the earlier grade, when. */
export interface ReplacedRow {
  group_id: number;
  year_id: number;
  ws_id: number;
  code: string;
  /** The earlier sheet's final score for the student, and when that sheet was confirmed. */
  score: number;
  confirmed_at: number;
  /** When the retake sheet whose grade the record now holds was confirmed. */
  replaced_at: number;
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

    /**
     * The student's grades a retake sheet replaced: for each record row written by a retake
     * sheet, the student's line on the sheet confirmed just before it in the same chain (the
     * original statement or an earlier retake sheet).
     */
    async replaced(studentId: number): Promise<ReplacedRow[]> {
      const rows = await db
        .selectFrom('transcript_grades as tg')
        .innerJoin('statements as now', 'now.id', 'tg.statement_id')
        .innerJoin('disciplines as d', 'd.id', 'tg.discipline_id')
        .innerJoin('statements as was', (join) =>
          join.on((eb) =>
            eb.or([
              eb('was.id', '=', eb.ref('now.retake_of')),
              eb('was.retake_of', '=', eb.ref('now.retake_of')),
            ]),
          ),
        )
        .innerJoin('statement_lines as line', (join) =>
          join
            .onRef('line.statement_id', '=', 'was.id')
            .onRef('line.student_id', '=', 'tg.student_id'),
        )
        .select([
          'tg.group_id',
          'tg.year_id',
          'tg.ws_id',
          'd.code',
          'line.final as score',
          'was.id as was_id',
          'was.confirmed_at',
          'now.confirmed_at as replaced_at',
        ])
        .where('tg.student_id', '=', studentId)
        .where('now.retake_of', 'is not', null)
        .where('now.confirmed_at', 'is not', null)
        .where('was.confirmed_at', 'is not', null)
        .where('was.id', '!=', (eb) => eb.ref('now.id'))
        .where('line.final', 'is not', null)
        .execute();
      // Of each row's earlier sheets, the one confirmed last before the retake that replaced it.
      const latest = new Map<string, ReplacedRow & { was_id: number }>();
      for (const row of rows) {
        const at = Number(row.confirmed_at);
        const replacedAt = Number(row.replaced_at);
        if (at > replacedAt) continue;
        const key = `${row.group_id}/${row.year_id}/${row.ws_id}/${row.code}`;
        const held = latest.get(key);
        if (
          held &&
          (held.confirmed_at > at || (held.confirmed_at === at && held.was_id > row.was_id))
        )
          continue;
        latest.set(key, {
          group_id: Number(row.group_id),
          year_id: Number(row.year_id),
          ws_id: Number(row.ws_id),
          code: row.code,
          score: Number(row.score),
          confirmed_at: at,
          replaced_at: replacedAt,
          was_id: Number(row.was_id),
        });
      }
      return [...latest.values()].map(({ was_id: _was, ...row }) => row);
    },
  };
}

export type TranscriptRepository = ReturnType<typeof createTranscriptRepository>;
