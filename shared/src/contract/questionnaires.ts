import { Type, type Static } from '@sinclair/typebox';
import { Ws } from './discipline.js';
import { withSchemas } from './endpoint.js';
import { QUESTIONNAIRES_ADDRESSES } from './endpoints/questionnaires.js';
import { EmptyBody, Id } from './envelope.js';
import {
  QUESTIONNAIRE_TEXT_MAX_LENGTH,
  QUESTIONNAIRE_ANSWER_MAX_LENGTH,
  QUESTIONNAIRE_MAX_ITEMS,
  QUESTIONNAIRE_MAX_OPTIONS,
  QUESTIONNAIRE_SCALE_POINTS,
  QUESTIONNAIRE_LOWEST_MIN_ANSWERS,
  QUESTIONNAIRE_HIGHEST_MIN_ANSWERS,
} from './constants.js';

// Course evaluations (api/src/areas/questionnaires): the quality office (the registrar) builds a
// questionnaire and opens it for a semester; each student answers once per discipline × teacher
// they studied; answers are stored apart from who answered (docs/security.md "Course
// evaluations"). Routes under /lms/api/questionnaires, signed in.

/** A text the office writes, in every language of the portal. */
export const QuestionnaireTexts = Type.Object({
  kg: Type.String({ minLength: 1, maxLength: QUESTIONNAIRE_TEXT_MAX_LENGTH }),
  ru: Type.String({ minLength: 1, maxLength: QUESTIONNAIRE_TEXT_MAX_LENGTH }),
  en: Type.String({ minLength: 1, maxLength: QUESTIONNAIRE_TEXT_MAX_LENGTH }),
});
export type QuestionnaireTexts = Static<typeof QuestionnaireTexts>;

/** What an item asks for: a point of a 1–5 scale, one option, any options, or free text. */
export const QuestionnaireItemKind = Type.Union([
  Type.Literal('scale'),
  Type.Literal('single'),
  Type.Literal('multiple'),
  Type.Literal('text'),
]);
export type QuestionnaireItemKind = Static<typeof QuestionnaireItemKind>;

/** An item as the office writes it: a scale has five labels, a choice 2–10 options, text none. */
export const QuestionnaireItemDraft = Type.Object({
  kind: QuestionnaireItemKind,
  text: QuestionnaireTexts,
  options: Type.Array(QuestionnaireTexts, { maxItems: QUESTIONNAIRE_MAX_OPTIONS }),
});
export type QuestionnaireItemDraft = Static<typeof QuestionnaireItemDraft>;

/** POST office/save.json (the office): a new questionnaire; answers its id. */
export const QuestionnaireSaveBody = Type.Object({
  title: QuestionnaireTexts,
  items: Type.Array(QuestionnaireItemDraft, { minItems: 1, maxItems: QUESTIONNAIRE_MAX_ITEMS }),
});
export type QuestionnaireSaveBody = Static<typeof QuestionnaireSaveBody>;
export const QuestionnaireSaveResponse = Type.Object({ id: Id, sms: Type.String() });
export type QuestionnaireSaveResponse = Static<typeof QuestionnaireSaveResponse>;

/** A date of the university's calendar, 'YYYY-MM-DD'. */
const LocalDate = Type.String({ format: 'date', examples: ['2026-12-01'] });

/**
 * POST office/open.json (the office): opens a questionnaire not yet opened for a semester, for
 * every discipline × teacher of that semester's teaching, from `opensOn` to `closesOn`
 * (inclusive, the university's dates); `minAnswers` is the results' threshold.
 */
export const QuestionnaireOpenBody = Type.Object({
  id_questionnaire: Id,
  year: Type.Integer({ minimum: 0, maximum: 99, examples: [26] }),
  ws: Ws,
  opensOn: LocalDate,
  closesOn: LocalDate,
  minAnswers: Type.Integer({
    minimum: QUESTIONNAIRE_LOWEST_MIN_ANSWERS,
    maximum: QUESTIONNAIRE_HIGHEST_MIN_ANSWERS,
  }),
});
export type QuestionnaireOpenBody = Static<typeof QuestionnaireOpenBody>;
export const QuestionnaireOpenResponse = Type.Object({
  targets: Type.Integer(),
  sms: Type.String(),
});
export type QuestionnaireOpenResponse = Static<typeof QuestionnaireOpenResponse>;

/** Where a questionnaire stands on the university's today. */
export const QuestionnaireStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('scheduled'),
  Type.Literal('open'),
  Type.Literal('closed'),
]);
export type QuestionnaireStatus = Static<typeof QuestionnaireStatus>;

/** One questionnaire in the office's list, its title in the reader's language. */
export const QuestionnaireSummary = Type.Object({
  id: Id,
  title: Type.String(),
  items: Type.Integer(),
  status: QuestionnaireStatus,
  year: Type.Union([Type.Integer(), Type.Null()]),
  ws: Type.Union([Ws, Type.Null()]),
  opensOn: Type.Union([Type.String(), Type.Null()]),
  closesOn: Type.Union([Type.String(), Type.Null()]),
  minAnswers: Type.Integer(),
  answered: Type.Integer(),
  expected: Type.Integer(),
});
export type QuestionnaireSummary = Static<typeof QuestionnaireSummary>;
export const QuestionnaireListResponse = Type.Array(QuestionnaireSummary);
export type QuestionnaireListResponse = Static<typeof QuestionnaireListResponse>;

/** A body naming one questionnaire. */
export const QuestionnaireBody = Type.Object({ id_questionnaire: Id });
export type QuestionnaireBody = Static<typeof QuestionnaireBody>;

/** POST office/rates.json: the response rate of each discipline × teacher, with its faculty. */
export const QuestionnaireResponseRate = Type.Object({
  id_target: Id,
  faculty: Type.String(),
  discipline: Type.String(),
  teacher: Type.String(),
  answered: Type.Integer(),
  expected: Type.Integer(),
});
export type QuestionnaireResponseRate = Static<typeof QuestionnaireResponseRate>;
export const QuestionnaireRatesResponse = Type.Array(QuestionnaireResponseRate);
export type QuestionnaireRatesResponse = Static<typeof QuestionnaireRatesResponse>;

/** One discipline × teacher waiting for the student's answer (or answered already). */
export const WaitingEvaluation = Type.Object({
  id_target: Id,
  title: Type.String(),
  discipline: Type.String(),
  teacher: Type.String(),
  closesOn: Type.String(),
  answered: Type.Boolean(),
});
export type WaitingEvaluation = Static<typeof WaitingEvaluation>;
export const EvaluationsWaitingResponse = Type.Array(WaitingEvaluation);
export type EvaluationsWaitingResponse = Static<typeof EvaluationsWaitingResponse>;

/** A body naming one discipline × teacher of an opened questionnaire. */
export const EvaluationTargetBody = Type.Object({ id_target: Id });
export type EvaluationTargetBody = Static<typeof EvaluationTargetBody>;

/** An item as the student reads it, in their language. */
export const EvaluationFormItem = Type.Object({
  id: Id,
  kind: QuestionnaireItemKind,
  text: Type.String(),
  options: Type.Array(Type.String()),
});
export type EvaluationFormItem = Static<typeof EvaluationFormItem>;
export const EvaluationFormResponse = Type.Object({
  id_target: Id,
  title: Type.String(),
  discipline: Type.String(),
  teacher: Type.String(),
  closesOn: Type.String(),
  items: Type.Array(EvaluationFormItem),
});
export type EvaluationFormResponse = Static<typeof EvaluationFormResponse>;

/**
 * One item's answer: `value` for a scale (1–5), `choices` (option positions from 0) for a choice,
 * `text` for free text. An item left out is skipped.
 */
export const EvaluationItemAnswer = Type.Object({
  item: Id,
  value: Type.Optional(Type.Integer({ minimum: 1, maximum: QUESTIONNAIRE_SCALE_POINTS })),
  choices: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: QUESTIONNAIRE_MAX_OPTIONS - 1 }), {
      maxItems: QUESTIONNAIRE_MAX_OPTIONS,
    }),
  ),
  text: Type.Optional(Type.String({ maxLength: QUESTIONNAIRE_ANSWER_MAX_LENGTH })),
});
export type EvaluationItemAnswer = Static<typeof EvaluationItemAnswer>;

/** POST student/answer.json: the student's one answer for a discipline × teacher. */
export const EvaluationAnswerBody = Type.Object({
  id_target: Id,
  answers: Type.Array(EvaluationItemAnswer, { maxItems: QUESTIONNAIRE_MAX_ITEMS }),
});
export type EvaluationAnswerBody = Static<typeof EvaluationAnswerBody>;
export const EvaluationAnswerResponse = Type.Object({ sms: Type.String() });
export type EvaluationAnswerResponse = Static<typeof EvaluationAnswerResponse>;

/**
 * One item's results: for a scale the count of each point (1–5), for a choice the count of each
 * option, for free text the texts (in no order that follows the answers' arrival).
 */
export const EvaluationItemResult = Type.Object({
  id: Id,
  kind: QuestionnaireItemKind,
  text: Type.String(),
  labels: Type.Array(Type.String()),
  counts: Type.Array(Type.Integer()),
  texts: Type.Array(Type.String()),
});
export type EvaluationItemResult = Static<typeof EvaluationItemResult>;

/**
 * The results of one discipline × teacher. `enough` false: fewer than the threshold answered,
 * and `items` is empty ("not enough answers to show").
 */
export const EvaluationResult = Type.Object({
  id_target: Id,
  title: Type.String(),
  year: Type.Integer(),
  ws: Ws,
  discipline: Type.String(),
  teacher: Type.String(),
  answered: Type.Integer(),
  minAnswers: Type.Integer(),
  enough: Type.Boolean(),
  items: Type.Array(EvaluationItemResult),
});
export type EvaluationResult = Static<typeof EvaluationResult>;
export const EvaluationResultsResponse = Type.Array(EvaluationResult);
export type EvaluationResultsResponse = Static<typeof EvaluationResultsResponse>;

export const QUESTIONNAIRES_ENDPOINTS = withSchemas(QUESTIONNAIRES_ADDRESSES, {
  officeList: { body: EmptyBody, response: QuestionnaireListResponse },
  officeSave: { body: QuestionnaireSaveBody, response: QuestionnaireSaveResponse },
  officeOpen: { body: QuestionnaireOpenBody, response: QuestionnaireOpenResponse },
  officeRates: { body: QuestionnaireBody, response: QuestionnaireRatesResponse },
  officeResults: { body: QuestionnaireBody, response: EvaluationResultsResponse },
  waiting: { body: EmptyBody, response: EvaluationsWaitingResponse },
  form: { body: EvaluationTargetBody, response: EvaluationFormResponse },
  answer: { body: EvaluationAnswerBody, response: EvaluationAnswerResponse },
  teacherResults: { body: EmptyBody, response: EvaluationResultsResponse },
});
