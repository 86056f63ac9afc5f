// Course evaluations (see migrations/0050_questionnaires.ts and docs/security.md).

import type { Generated } from 'kysely';

export interface QuestionnaireTable {
  id: Generated<number>;
  /** JSON {kg, ru, en}. */
  title: string;
  /** users.id of the office member who wrote it. */
  created_by: number;
  created_at: number;
  /** Set when opened: the semester, the university's dates 'YYYY-MM-DD' (inclusive). */
  year_id: number | null;
  ws_id: number | null;
  opens_on: string | null;
  closes_on: string | null;
  /** Results are shown, and answers written in the clear, in groups of at least this many. */
  min_answers: number;
}

export interface QuestionnaireItemTable {
  id: Generated<number>;
  questionnaire_id: number;
  position: number;
  kind: 'scale' | 'single' | 'multiple' | 'text';
  /** JSON {kg, ru, en}. */
  text: string;
  /** JSON [{kg, ru, en}, …]: the scale's five labels or the choice's options. */
  options: string;
}

export interface QuestionnaireTargetTable {
  id: Generated<number>;
  questionnaire_id: number;
  discipline_id: number;
  teacher_id: number;
}

/** Who answered: no id, no time (docs/security.md). */
export interface QuestionnaireRespondentTable {
  target_id: number;
  student_id: number;
}

/** An answer on its way: encrypted outside the database's reach, under a random id. */
export interface QuestionnaireSealedTable {
  id: string;
  target_id: number;
  sealed: string;
}

/** What was answered, written in batches (docs/security.md). */
export interface QuestionnaireAnswerTable {
  /** Random, handed out in the order of the batch's content. */
  id: string;
  target_id: number;
  /** The batch's day 'YYYY-MM-DD' (never the answer's time). */
  day: string;
  /** JSON of the answers: [{ item, value?, choices?, text? }]. */
  payload: string;
}

export interface QuestionnairesTables {
  questionnaires: QuestionnaireTable;
  questionnaire_items: QuestionnaireItemTable;
  questionnaire_targets: QuestionnaireTargetTable;
  questionnaire_respondents: QuestionnaireRespondentTable;
  questionnaire_sealed: QuestionnaireSealedTable;
  questionnaire_answers: QuestionnaireAnswerTable;
}
