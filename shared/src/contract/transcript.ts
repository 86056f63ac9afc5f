import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { TRANSCRIPT_ADDRESSES } from './endpoints/transcript.js';

// The academic transcript (spec §3 "Transcript rows", §7 misc/transcript.json): rows grouped by
// group, then academic year, then semester order (ws_sort). Scores are on the 100-point scale; the
// grading table maps each to the 5-point grade, the ECTS letter (ekv_bukv) and the grade point
// (ekv_num). Averages are credit-weighted grade points, rounded to two decimals.

/** One band of the grading table: scores min..max (inclusive). */
export const GradeBand = Type.Object({
  min: Type.Integer(),
  max: Type.Integer(),
  grade: Type.Integer({ minimum: 2, maximum: 5 }),
  ekv_bukv: Type.String(),
  ekv_num: Type.Number(),
});
export type GradeBand = Static<typeof GradeBand>;

export const TranscriptRow = Type.Object({
  code_discipline: Type.String(),
  discipline: Type.String(),
  credits: Type.Integer(),
  /** 100-point score. */
  score: Type.Integer(),
  /** 5-point grade. */
  grade: Type.Integer(),
  ekv_num: Type.Number(),
  ekv_bukv: Type.String(),
});
export type TranscriptRow = Static<typeof TranscriptRow>;

/** `kredits_sum`: credits earned (a failing grade earns none); `kredits_avg`: the weighted GPA. */
const Totals = {
  kredits_sum: Type.Integer(),
  kredits_avg: Type.Number(),
};

export const TranscriptSemester = Type.Object({
  /** 1 fall, 2 spring, 3 summer: the order of the semesters within a year. */
  ws_sort: Type.Integer(),
  /** The study semester (1..12) of the group. */
  semester: Type.Integer(),
  rows: Type.Array(TranscriptRow),
  ...Totals,
});
export type TranscriptSemester = Static<typeof TranscriptSemester>;

export const TranscriptYear = Type.Object({
  id_a_year: Type.Integer(),
  year: Type.String(),
  semesters: Type.Array(TranscriptSemester),
});
export type TranscriptYear = Static<typeof TranscriptYear>;

export const TranscriptGroup = Type.Object({
  id_group: Id,
  group: Type.String(),
  years: Type.Array(TranscriptYear),
});
export type TranscriptGroup = Static<typeof TranscriptGroup>;

export const Institution = Type.Object({
  name: Type.String(),
  name_kg: Type.String(),
  name_en: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  mail: Type.String(),
});
export type Institution = Static<typeof Institution>;

/** POST /lms/api/misc/transcript.json: the signed-in student's own (another id → 403). */
export const TranscriptBody = Type.Object({ id_student: Type.Optional(Id) });
export type TranscriptBody = Static<typeof TranscriptBody>;

/**
 * POST /lms/api/misc/transcript.file: issues the transcript as a PDF (a document with a
 * verification QR). The same transcript asked again the same day is the same document. The body
 * names the student, who must be the caller (another id → 403); the answer is the PDF itself.
 */
export const TranscriptFileBody = Type.Object({ id_student: Id }, { additionalProperties: false });
export type TranscriptFileBody = Static<typeof TranscriptFileBody>;
export const TranscriptResponse = Type.Object({
  institution: Institution,
  fio: Type.String(),
  /** YYYY-MM-DD or null. */
  BirthDate: Type.Union([Type.String(), Type.Null()]),
  speciality: Type.String(),
  faculty: Type.String(),
  groups: Type.Array(TranscriptGroup),
  ...Totals,
  scale: Type.Array(GradeBand),
});
export type TranscriptResponse = Static<typeof TranscriptResponse>;

/**
 * POST /lms/api/misc/transcript-replaced.json (the signed-in student's own, like the transcript):
 * the grades of their transcript a retake sheet replaced. Each names the transcript's row (its
 * group, year, semester and discipline code), the earlier grade, the day it was confirmed and the
 * day the retake's grade replaced it (the university's calendar days, YYYY-MM-DD). The row itself
 * already shows the new grade.
 */
export const ReplacedGrade = Type.Object({
  id_group: Id,
  id_a_year: Type.Integer(),
  ws_sort: Type.Integer(),
  code_discipline: Type.String(),
  /** The earlier grade: 100-point score, 5-point grade and ECTS letter. */
  score: Type.Integer(),
  grade: Type.Integer(),
  ekv_bukv: Type.String(),
  /** The day the earlier grade was confirmed. */
  date: Type.String(),
  /** The day the retake's grade replaced it. */
  replaced_on: Type.String(),
});
export type ReplacedGrade = Static<typeof ReplacedGrade>;
export const ReplacedGradesResponse = Type.Array(ReplacedGrade);
export type ReplacedGradesResponse = Static<typeof ReplacedGradesResponse>;

/** The transcript endpoints for the API: each address with the schemas it validates. */
export const TRANSCRIPT_ENDPOINTS = withSchemas(TRANSCRIPT_ADDRESSES, {
  transcript: { body: TranscriptBody, response: TranscriptResponse },
  pdf: { body: TranscriptFileBody },
  replaced: { body: TranscriptBody, response: ReplacedGradesResponse },
});
