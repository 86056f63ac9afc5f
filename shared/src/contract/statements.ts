import { Type, type Static } from '@sinclair/typebox';
import { STATEMENT_EXAM_MAX } from './constants.js';
import { EmptyBody, Id } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { PasskeyAssertion, PasskeyRequestOptions } from './schedule.js';
import { STATEMENTS_ADDRESSES } from './endpoints/statements.js';

// The electronic statement (ведомость, api/src/areas/statements): for one discipline × group ×
// semester × form of control, each student's current score from the journal, the exam or credit
// points the teacher enters, the final 100-point score with its letter and national grade.
// Draft → signed (the teacher of record) → confirmed (the registrar; the grades go into the
// record the transcript reads) → locked. Routes under /lms/api/statements.

/** The states of a statement, in the only order it moves. */
export const STATEMENT_STATES = ['draft', 'signed', 'confirmed', 'locked'] as const;
export const StatementState = Type.Union(STATEMENT_STATES.map((s) => Type.Literal(s)));
export type StatementState = Static<typeof StatementState>;

/** The forms of control a statement is for. */
export const CONTROL_FORMS = ['exam', 'credit'] as const;
export const ControlForm = Type.Union(CONTROL_FORMS.map((s) => Type.Literal(s)));
export type ControlForm = Static<typeof ControlForm>;

/** Why a student is not admitted to the exam or credit. */
export const NotAdmittedReason = Type.Union([Type.Literal('absences'), Type.Literal('hold')]);
export type NotAdmittedReason = Static<typeof NotAdmittedReason>;

/** The exam or credit points of one student: 0..STATEMENT_EXAM_MAX, or null (not entered). */
export const ExamPoints = Type.Union([
  Type.Integer({ minimum: 0, maximum: STATEMENT_EXAM_MAX }),
  Type.Null(),
]);

/** One student's line. `final`, `letter`, `grade`: null until the exam points are entered. */
export const StatementLine = Type.Object({
  id_student: Id,
  fio: Type.String(),
  /** Current score, 0..60 (the formula: docs in api/src/areas/statements/rules.ts). */
  current: Type.Integer(),
  /** Share of listed journal lessons attended, percent, one decimal; null: no lessons. */
  attendance: Type.Union([Type.Number(), Type.Null()]),
  exam: ExamPoints,
  admitted: Type.Boolean(),
  reason: Type.Union([NotAdmittedReason, Type.Null()]),
  final: Type.Union([Type.Integer(), Type.Null()]),
  letter: Type.Union([Type.String(), Type.Null()]),
  /** The national (5-point) grade. */
  grade: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * A confirmed sheet whose line a newer confirmed retake sheet replaces: that sheet's id (the
   * student's grade in the record is the newer one's); null while this line stands.
   */
  superseded_by: Type.Union([Id, Type.Null()]),
});
export type StatementLine = Static<typeof StatementLine>;

/** A statement as lists show it. Instants are epoch ms. */
export const StatementSummary = Type.Object({
  id: Id,
  discipline: Type.String(),
  group: Type.String(),
  teacher: Type.String(),
  id_a_year: Type.Integer(),
  ws: Type.Integer(),
  control: ControlForm,
  state: StatementState,
  deadline: Type.Integer(),
  /** Not signed and past its deadline. */
  overdue: Type.Boolean(),
  students: Type.Integer(),
  /** A retake sheet (one student): the original statement it adds to; null for an original. */
  retake_of: Type.Union([Id, Type.Null()]),
});
export type StatementSummary = Static<typeof StatementSummary>;

/** One statement with its lines (its teacher of record and the registrar). */
export const StatementDetail = Type.Object({
  ...StatementSummary.properties,
  /** SHA-256 (hex) of the statement's content as it stands; what the teacher signs. */
  digest: Type.String(),
  signed_at: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the teacher's signature covers the content as it stands (null: unsigned). */
  signature_valid: Type.Union([Type.Boolean(), Type.Null()]),
  /** Signed with the teacher's passkey (WebAuthn) over the digest. */
  passkey: Type.Boolean(),
  confirmed_at: Type.Union([Type.Integer(), Type.Null()]),
  lines: Type.Array(StatementLine),
  /**
   * The grade history of the students with retake sheets (the original's line and every retake
   * sheet's, oldest first): of an original, every such student; of a retake sheet, its student.
   */
  history: Type.Array(
    Type.Object({
      id: Id,
      id_student: Id,
      fio: Type.String(),
      /** false: the original statement's line. */
      retake: Type.Boolean(),
      state: StatementState,
      final: Type.Union([Type.Integer(), Type.Null()]),
      letter: Type.Union([Type.String(), Type.Null()]),
      grade: Type.Union([Type.Integer(), Type.Null()]),
      confirmed_at: Type.Union([Type.Integer(), Type.Null()]),
      superseded_by: Type.Union([Id, Type.Null()]),
    }),
  ),
});
export type StatementDetail = Static<typeof StatementDetail>;

export const StatementListResponse = Type.Array(StatementSummary);
export type StatementListResponse = Static<typeof StatementListResponse>;

/** A statement by id. */
export const StatementIdBody = Type.Object({ id: Id });
export type StatementIdBody = Static<typeof StatementIdBody>;

/** A digest as the client saw it (64 hex digits). */
const Digest = Type.String({ pattern: '^[0-9a-f]{64}$', examples: ['0'.repeat(64)] });

/** POST teacher/save.json: exam points of students of the statement (draft only). */
export const StatementSaveBody = Type.Object({
  id: Id,
  lines: Type.Array(Type.Object({ id_student: Id, exam: ExamPoints }), { maxItems: 200 }),
});
export type StatementSaveBody = Static<typeof StatementSaveBody>;

/**
 * POST teacher/sign-options.json and registrar/confirm.json: the digest of the content the caller saw;
 * refused when the statement changed meanwhile.
 */
export const StatementDigestBody = Type.Object({ id: Id, digest: Digest });
export type StatementDigestBody = Static<typeof StatementDigestBody>;

/**
 * POST teacher/sign.json: the digest of the content the teacher saw and their passkey's
 * assertion of the challenge teacher/sign-options.json gave for that digest (the challenge names
 * the statement and the digest, so the signature cannot be moved to another version).
 */
export const StatementSignBody = Type.Object({
  id: Id,
  digest: Digest,
  passkey: PasskeyAssertion,
});
export type StatementSignBody = Static<typeof StatementSignBody>;

/** POST registrar/create.json: a new draft statement (the teacher must teach the group). */
export const StatementCreateBody = Type.Object({
  id_discipline: Id,
  id_group: Id,
  id_teacher: Id,
  id_a_year: Type.Integer({ minimum: 0, maximum: 99 }),
  ws: Type.Integer({ minimum: 1, maximum: 3 }),
  control: ControlForm,
  /** The day the teacher must sign by, YYYY-MM-DD (the university's calendar day). */
  deadline: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2027-01-20'] }),
});
export type StatementCreateBody = Static<typeof StatementCreateBody>;

/**
 * POST registrar/retake.json: a retake (or correction) sheet for one student of a confirmed or
 * locked original statement (`id`); its teacher is the original's unless `id_teacher` names
 * another who teaches the group. The sheet then goes draft → signed → confirmed like any other.
 */
export const StatementRetakeBody = Type.Object({
  id: Id,
  id_student: Id,
  id_teacher: Type.Optional(Id),
  /** The day the teacher must sign by, YYYY-MM-DD (the university's calendar day). */
  deadline: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2027-02-10'] }),
});
export type StatementRetakeBody = Static<typeof StatementRetakeBody>;

/**
 * POST registrar/retake-teachers.json ({ id } of a confirmed or locked original): the teachers a
 * retake sheet of it may go to (who teach its discipline to its group in its semester), the
 * original's teacher first. The one chosen fills in and signs the sheet.
 */
export const RetakeTeacher = Type.Object({ id_teacher: Id, fio: Type.String() });
export type RetakeTeacher = Static<typeof RetakeTeacher>;
export const RetakeTeachersResponse = Type.Array(RetakeTeacher);
export type RetakeTeachersResponse = Static<typeof RetakeTeachersResponse>;

/** A student's own line of a statement (student/mine.json). */
export const StatementOwnLine = Type.Object({
  id: Id,
  discipline: Type.String(),
  id_a_year: Type.Integer(),
  ws: Type.Integer(),
  control: ControlForm,
  state: StatementState,
  /** A retake sheet: its original statement; null for an original. */
  retake_of: Type.Union([Id, Type.Null()]),
  line: StatementLine,
});
export type StatementOwnLine = Static<typeof StatementOwnLine>;
export const StatementMineResponse = Type.Array(StatementOwnLine);
export type StatementMineResponse = Static<typeof StatementMineResponse>;

/** A student's place in a cohort: ties share a place; `percentile`: share below, percent. */
export const RatingPlace = Type.Object({
  place: Type.Integer(),
  of: Type.Integer(),
  percentile: Type.Integer(),
});
export type RatingPlace = Static<typeof RatingPlace>;

/**
 * POST student/rating.json: the student's credit-weighted grade point average over every
 * semester of their record, and their place in the group, the course (year of admission) and
 * the faculty; null where they have no grade.
 */
export const StatementRatingResponse = Type.Object({
  average: Type.Union([Type.Number(), Type.Null()]),
  group: Type.Union([RatingPlace, Type.Null()]),
  course: Type.Union([RatingPlace, Type.Null()]),
  faculty: Type.Union([RatingPlace, Type.Null()]),
});
export type StatementRatingResponse = Static<typeof StatementRatingResponse>;

/**
 * GET statement.file?id=: the statement printed as the paper form, in the reader's language
 * (its teacher of record and the registrar; a draft is marked so).
 */
export const StatementFileQuery = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', examples: ['1'] }),
});
export type StatementFileQuery = Static<typeof StatementFileQuery>;

/** A statement the teacher signed, as their documents list it (no one's grades). */
export const SignedStatement = Type.Object({
  id: Id,
  discipline: Type.String(),
  group: Type.String(),
  id_a_year: Type.Integer(),
  ws: Type.Integer(),
  control: ControlForm,
  state: StatementState,
  signed_at: Type.Integer(),
  confirmed_at: Type.Union([Type.Integer(), Type.Null()]),
  locked_at: Type.Union([Type.Integer(), Type.Null()]),
  /** The public page of the statement's QR (its state, no grades). */
  verify_url: Type.String(),
  /** The newest confirmed retake sheet that supersedes (a line of) this one, and its page. */
  superseded_by: Type.Union([Id, Type.Null()]),
  superseded_url: Type.Union([Type.String(), Type.Null()]),
});
export type SignedStatement = Static<typeof SignedStatement>;
export const SignedStatementsResponse = Type.Array(SignedStatement);
export type SignedStatementsResponse = Static<typeof SignedStatementsResponse>;

/** What a teacher is told of a statement: a retake sheet assigned to them, or its deadline past. */
export const STATEMENT_NOTICE_KINDS = ['retakeAssigned', 'overdue'] as const;
export const StatementNoticeKind = Type.Union(STATEMENT_NOTICE_KINDS.map((k) => Type.Literal(k)));
export type StatementNoticeKind = Static<typeof StatementNoticeKind>;

/**
 * One unread notice of the teacher's (teacher/notices.json), newest first, while its statement is
 * a draft (signed since: nothing left to do); the reader's screen writes its words. The same
 * notice goes to the teacher's devices that want `teaching` pushes.
 */
export const StatementNotice = Type.Object({
  id: Id,
  kind: StatementNoticeKind,
  /** The statement (or retake sheet) it is about. */
  id_statement: Id,
  discipline: Type.String(),
  group: Type.String(),
  control: ControlForm,
  /** A retake sheet: its original statement; null for an original. */
  retake_of: Type.Union([Id, Type.Null()]),
  state: StatementState,
  deadline: Type.Integer(),
  /** When the teacher was told (epoch ms). */
  created_at: Type.Integer(),
});
export type StatementNotice = Static<typeof StatementNotice>;
export const StatementNoticesResponse = Type.Array(StatementNotice);
export type StatementNoticesResponse = Static<typeof StatementNoticesResponse>;

/** POST teacher/notice-read.json: one of the teacher's notices read; the unread ones that remain. */
export const StatementNoticeReadBody = Type.Object({ id: Id });
export type StatementNoticeReadBody = Static<typeof StatementNoticeReadBody>;

/** The statement endpoints for the API: each address with the schemas it validates. */
export const STATEMENTS_ENDPOINTS = withSchemas(STATEMENTS_ADDRESSES, {
  teacherList: { body: EmptyBody, response: StatementListResponse },
  open: { body: StatementIdBody, response: StatementDetail },
  save: { body: StatementSaveBody, response: StatementDetail },
  signOptions: { body: StatementDigestBody, response: PasskeyRequestOptions },
  sign: { body: StatementSignBody, response: StatementDetail },
  registrarList: { body: EmptyBody, response: StatementListResponse },
  create: { body: StatementCreateBody, response: StatementDetail },
  retake: { body: StatementRetakeBody, response: StatementDetail },
  retakeTeachers: { body: StatementIdBody, response: RetakeTeachersResponse },
  confirm: { body: StatementDigestBody, response: StatementDetail },
  lock: { body: StatementIdBody, response: StatementDetail },
  mine: { body: EmptyBody, response: StatementMineResponse },
  rating: { body: EmptyBody, response: StatementRatingResponse },
  pdf: { querystring: StatementFileQuery },
  signed: { body: EmptyBody, response: SignedStatementsResponse },
  notices: { body: EmptyBody, response: StatementNoticesResponse },
  noticeRead: { body: StatementNoticeReadBody, response: StatementNoticesResponse },
});
