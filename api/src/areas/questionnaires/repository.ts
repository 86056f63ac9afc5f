import { ROLE } from '@lms/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import type { AccessRepository } from '../../access/index.js';
import type { QuestionnaireItemTable, QuestionnaireTable } from '../../db/questionnaires-schema.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

export type QuestionnaireRow = Selectable<QuestionnaireTable>;
export type QuestionnaireItemRow = Selectable<QuestionnaireItemTable>;

/**
 * Course evaluations' SQL (rows as stored; what they become on the wire is wire.ts). Built once
 * on the app's handle (`app.repos.questionnaires`), and on a service's transaction for its writes.
 * No query here joins the respondents to the answers: there is nothing to join them on.
 */
export function createQuestionnairesRepository(db: Kysely<Database>) {
  /** Targets with their discipline, teacher, faculty and questionnaire. */
  const targetsWithNames = (lng: Language) =>
    db
      .selectFrom('questionnaire_targets as t')
      .innerJoin('questionnaires as q', 'q.id', 't.questionnaire_id')
      .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
      .innerJoin('departments as dep', 'dep.id', 'd.department_id')
      .innerJoin('faculties as f', 'f.id', 'dep.faculty_id')
      .innerJoin('teachers as tc', 'tc.id', 't.teacher_id')
      .innerJoin('persons as p', 'p.id', 'tc.person_id')
      .select([
        't.id',
        't.questionnaire_id',
        't.teacher_id',
        't.discipline_id',
        'q.title',
        'q.year_id',
        'q.ws_id',
        'q.opens_on',
        'q.closes_on',
        'q.min_answers',
        'p.full_name as teacher',
        localized(lng, 'd.name').as('discipline'),
        localized(lng, 'f.name').as('faculty'),
      ])
      .orderBy(localized(lng, 'd.name'))
      .orderBy('p.full_name')
      .orderBy('t.id');

  return {
    targetsWithNames,

    list(): Promise<QuestionnaireRow[]> {
      return db.selectFrom('questionnaires').selectAll().orderBy('id', 'desc').execute();
    },

    find(id: number): Promise<QuestionnaireRow | undefined> {
      return db.selectFrom('questionnaires').selectAll().where('id', '=', id).executeTakeFirst();
    },

    items(questionnaireId: number): Promise<QuestionnaireItemRow[]> {
      return db
        .selectFrom('questionnaire_items')
        .selectAll()
        .where('questionnaire_id', '=', questionnaireId)
        .orderBy('position')
        .execute();
    },

    async itemCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('questionnaire_items')
        .select((eb) => ['questionnaire_id', eb.fn.countAll<number | string>().as('n')])
        .groupBy('questionnaire_id')
        .execute();
      return new Map(rows.map((row) => [row.questionnaire_id, Number(row.n)]));
    },

    /** How many answered each target (of a questionnaire, or all). */
    async respondentCounts(questionnaireId?: number): Promise<Map<number, number>> {
      let query = db
        .selectFrom('questionnaire_respondents as r')
        .innerJoin('questionnaire_targets as t', 't.id', 'r.target_id')
        .select((eb) => ['r.target_id', eb.fn.countAll<number | string>().as('n')])
        .groupBy('r.target_id');
      if (questionnaireId !== undefined)
        query = query.where('t.questionnaire_id', '=', questionnaireId);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.target_id, Number(row.n)]));
    },

    async hasAnswered(studentId: number, targetIds: number[]): Promise<Set<number>> {
      if (targetIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('questionnaire_respondents')
        .select('target_id')
        .where('student_id', '=', studentId)
        .where('target_id', 'in', targetIds)
        .execute();
      return new Set(rows.map((row) => row.target_id));
    },

    /** The published answers of targets (payloads only: the rows carry nothing else worth reading). */
    async publishedOf(targetIds: number[]): Promise<Map<number, string[]>> {
      const result = new Map<number, string[]>();
      if (targetIds.length === 0) return result;
      const rows = await db
        .selectFrom('questionnaire_answers')
        .select(['target_id', 'payload'])
        .where('target_id', 'in', targetIds)
        .execute();
      for (const row of rows)
        result.set(row.target_id, [...(result.get(row.target_id) ?? []), row.payload]);
      return result;
    },

    /** The questionnaires open on `today` (their semester and dates). */
    openOn(today: string): Promise<QuestionnaireRow[]> {
      return db
        .selectFrom('questionnaires')
        .selectAll()
        .where('opens_on', '<=', today)
        .where('closes_on', '>=', today)
        .execute();
    },
  };
}

export type QuestionnairesRepository = ReturnType<typeof createQuestionnairesRepository>;

/** The teacher × discipline pairs a student studies in a semester (the access module's rule). */
export async function pairsStudiedBy(
  access: AccessRepository,
  studentId: number,
  yearId: number,
  ws: number,
): Promise<Set<string>> {
  const scope = await access.scopeOf({ role: ROLE.student, id: studentId });
  if (!scope) return new Set();
  const rows = await access
    .assignments(scope)
    .select(['a.teacher_id', 'a.discipline_id'])
    .where('a.year_id', '=', yearId)
    .where('a.ws_id', '=', ws)
    .execute();
  return new Set(rows.map((row) => pairKey(row.teacher_id, row.discipline_id)));
}

export const pairKey = (teacherId: number, disciplineId: number) => `${teacherId}:${disciplineId}`;
