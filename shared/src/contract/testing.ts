import { Type, type Static } from '@sinclair/typebox';
import { withSchemas } from './endpoint.js';
import { EmptyBody, Id } from './envelope.js';
import { TESTING_ANSWERS_MAX } from './constants.js';
import { TESTING_ADDRESSES } from './endpoints/testing.js';
import { PasskeyAssertion, PasskeyRequestOptions } from './schedule.js';
import { TestingAdmissionWait, TestingMonitorResponse } from './testing-admission.js';

// Testing (api/src/areas/testing): question banks by topic, tests drawn from them, and the
// students' attempts. Routes under /lms/api/testing: teacher/* for the teacher of a discipline,
// student/* for the students of a group a test is open to. The answer key never leaves the
// teacher's routes: a student's answers carry questions and their options only.

export const TESTING_TEXT_MAX_LENGTH = 4000;
export const TESTING_TITLE_MAX_LENGTH = 200;
export const TESTING_OPTIONS_MAX = 20;
export const TESTING_POINTS_MAX = 100;
export const TESTING_DRAW_MAX = 200;
export const TESTING_MINUTES_MAX = 24 * 60;
export const TESTING_ATTEMPTS_MAX = 20;
/** An instant as epoch milliseconds (stored in a bigint column: its bounds are stated). */
const Instant = Type.Integer({
  minimum: 0,
  maximum: 8_640_000_000_000,
  examples: [1_800_000_000_000],
});
const Title = Type.String({
  minLength: 1,
  maxLength: TESTING_TITLE_MAX_LENGTH,
  examples: ['Тема 1'],
});
const Text = (example: string) =>
  Type.String({ minLength: 1, maxLength: TESTING_TEXT_MAX_LENGTH, examples: [example] });
/** A number a student or teacher types (numeric questions): finite and within a sane range. */
const Num = Type.Number({ minimum: -1e12, maximum: 1e12 });
const OptionId = Type.String({ minLength: 1, maxLength: 40 });

export const QUESTION_KINDS = [
  'single',
  'multiple',
  'truefalse',
  'short',
  'numeric',
  'matching',
  'ordering',
  'essay',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QuestionKindSchema = Type.Union(QUESTION_KINDS.map((kind) => Type.Literal(kind)));

/**
 * A question as its teacher writes it. `options`: single/multiple (text, correct), ordering (the
 * items in their right order), matching (text and the `match` it pairs with). `variants`,
 * `caseSensitive`: short answers (spaces are always folded). `value`, `tolerance`: numeric.
 * `truth`: true/false. An essay has no key: it is graded by hand.
 */
export const QuestionSaveBody = Type.Object({
  topicId: Id,
  kind: QuestionKindSchema,
  text: Text('2 + 2 = ?'),
  points: Type.Integer({ minimum: 1, maximum: TESTING_POINTS_MAX, examples: [1] }),
  options: Type.Optional(
    Type.Array(
      Type.Object({
        text: Text('4'),
        correct: Type.Optional(Type.Boolean()),
        match: Type.Optional(Type.String({ maxLength: TESTING_TEXT_MAX_LENGTH })),
        /** What a student reads after choosing this option (kept from GIFT / Moodle XML). */
        feedback: Type.Optional(Type.String({ maxLength: TESTING_TEXT_MAX_LENGTH })),
      }),
      { maxItems: TESTING_OPTIONS_MAX },
    ),
  ),
  variants: Type.Optional(
    Type.Array(Type.String({ maxLength: TESTING_TITLE_MAX_LENGTH }), {
      maxItems: TESTING_OPTIONS_MAX,
    }),
  ),
  caseSensitive: Type.Optional(Type.Boolean()),
  /** short: answers worth part of the points (Moodle's fractions below 100 %). */
  partialVariants: Type.Optional(
    Type.Array(
      Type.Object({
        text: Type.String({ maxLength: TESTING_TITLE_MAX_LENGTH }),
        percent: Type.Integer({ minimum: 1, maximum: 99, examples: [50] }),
      }),
      { maxItems: TESTING_OPTIONS_MAX },
    ),
  ),
  value: Type.Optional(Num),
  tolerance: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
  truth: Type.Optional(Type.Boolean()),
  /** The question's general feedback (kept from GIFT `####` / Moodle XML generalfeedback). */
  feedback: Type.Optional(Type.String({ maxLength: TESTING_TEXT_MAX_LENGTH })),
});
export type QuestionSaveBody = Static<typeof QuestionSaveBody>;

/** A question of the teacher's bank: as written, with its key. */
export const BankQuestion = Type.Composite([
  Type.Object({ id: Id }),
  Type.Omit(QuestionSaveBody, ['topicId']),
]);
export type BankQuestion = Static<typeof BankQuestion>;

export const BankTopic = Type.Object({
  id: Id,
  title: Type.String(),
  questions: Type.Array(BankQuestion),
});
export type BankTopic = Static<typeof BankTopic>;

export const TestingDisciplineBody = Type.Object({ disciplineId: Id });
export type TestingDisciplineBody = Static<typeof TestingDisciplineBody>;
export const TestingIdBody = Type.Object({ id: Id });
export type TestingIdBody = Static<typeof TestingIdBody>;

/** teacher/teaching.json: the disciplines the teacher teaches and to which groups. */
export const TestingTeachingResponse = Type.Array(
  Type.Object({
    disciplineId: Id,
    discipline: Type.String(),
    groups: Type.Array(Type.Object({ groupId: Id, group: Type.String() })),
  }),
);
export type TestingTeachingResponse = Static<typeof TestingTeachingResponse>;

export const BankResponse = Type.Object({ topics: Type.Array(BankTopic) });
export type BankResponse = Static<typeof BankResponse>;

export const TopicSaveBody = Type.Object({ disciplineId: Id, title: Title });
export type TopicSaveBody = Static<typeof TopicSaveBody>;

/** The longest grace for answers given offline (minutes). */
export const TESTING_GRACE_MAX = 60;

export const TESTING_REVIEW_LEVELS = ['score', 'answers', 'feedback'] as const;
/**
 * What a student sees of a closed attempt: the score only; also the points of each answer; also
 * the teacher's feedback (the question's and that of the options they chose).
 */
export const TestingReviewLevel = Type.Union(
  TESTING_REVIEW_LEVELS.map((level) => Type.Literal(level)),
);
export type TestingReviewLevel = Static<typeof TestingReviewLevel>;

export const TestDraw = Type.Object({
  topicId: Id,
  count: Type.Integer({ minimum: 1, maximum: TESTING_DRAW_MAX, examples: [1] }),
});
export type TestDraw = Static<typeof TestDraw>;

export const TestSaveBody = Type.Object({
  disciplineId: Id,
  title: Title,
  timeLimitMinutes: Type.Integer({ minimum: 1, maximum: TESTING_MINUTES_MAX, examples: [20] }),
  attemptsAllowed: Type.Integer({ minimum: 1, maximum: TESTING_ATTEMPTS_MAX, examples: [2] }),
  grading: Type.Union([Type.Literal('best'), Type.Literal('last')]),
  passMark: Type.Integer({ minimum: 0, maximum: 100, examples: [60] }),
  draws: Type.Array(TestDraw, { minItems: 1, maxItems: TESTING_OPTIONS_MAX }),
  /**
   * Minutes after the deadline in which answers given offline before it are still taken
   * (api/src/areas/testing/rules.ts says how); 10 when not given.
   */
  offlineGraceMinutes: Type.Optional(
    Type.Integer({ minimum: 0, maximum: TESTING_GRACE_MAX, examples: [10] }),
  ),
  /** What a student sees of their closed attempt right after it; 'score' when not given. */
  reviewAfterAttempt: Type.Optional(TestingReviewLevel),
  /** What a student sees of it once the test has closed for them; 'score' when not given. */
  reviewAfterClose: Type.Optional(TestingReviewLevel),
});
export type TestSaveBody = Static<typeof TestSaveBody>;

export const TestWindow = Type.Object({
  groupId: Id,
  group: Type.String(),
  opensAt: Instant,
  closesAt: Instant,
});
export type TestWindow = Static<typeof TestWindow>;

export const TeacherTest = Type.Composite([
  Type.Object({ id: Id, windows: Type.Array(TestWindow) }),
  Type.Omit(TestSaveBody, ['disciplineId']),
]);
export type TeacherTest = Static<typeof TeacherTest>;
export const TestsResponse = Type.Array(TeacherTest);
export type TestsResponse = Static<typeof TestsResponse>;

/** teacher/window-save.json: the test opens to a group the teacher teaches it to. */
export const WindowSaveBody = Type.Object({
  testId: Id,
  groupId: Id,
  opensAt: Instant,
  closesAt: Instant,
});
export type WindowSaveBody = Static<typeof WindowSaveBody>;

/** teacher/extra-time.json: minutes added to a student's time limit and close (0 removes it). */
export const ExtraTimeBody = Type.Object({
  testId: Id,
  studentId: Id,
  minutes: Type.Integer({ minimum: 0, maximum: TESTING_MINUTES_MAX, examples: [15] }),
});
export type ExtraTimeBody = Static<typeof ExtraTimeBody>;

export const TestingTestIdBody = Type.Object({ testId: Id });
export type TestingTestIdBody = Static<typeof TestingTestIdBody>;

/** What an attempt scored; `score` counts graded questions only while essays wait. */
export const TestingAttemptScore = Type.Object({
  score: Type.Number(),
  maxScore: Type.Number(),
  percent: Type.Number(),
  passed: Type.Boolean(),
  /** Essays not graded yet: the score is not final. */
  pending: Type.Integer({ minimum: 0 }),
});
export type TestingAttemptScore = Static<typeof TestingAttemptScore>;

export const TestingResultRow = Type.Object({
  attemptId: Id,
  studentId: Id,
  student: Type.String(),
  number: Type.Integer(),
  startedAt: Instant,
  submittedAt: Type.Union([Instant, Type.Null()]),
  result: Type.Union([TestingAttemptScore, Type.Null()]),
});
export type TestingResultRow = Static<typeof TestingResultRow>;
export const TestingResultsResponse = Type.Array(TestingResultRow);
export type TestingResultsResponse = Static<typeof TestingResultsResponse>;

/** A response to one question. Which field counts depends on the question's kind. */
export const TestingAnswerValue = Type.Object({
  /** single, multiple: the chosen option ids. */
  choice: Type.Optional(Type.Array(OptionId, { maxItems: TESTING_OPTIONS_MAX })),
  /** short, essay. */
  text: Type.Optional(Type.String({ maxLength: TESTING_TEXT_MAX_LENGTH })),
  /** numeric. */
  value: Type.Optional(Num),
  /** true/false. */
  truth: Type.Optional(Type.Boolean()),
  /** matching: each left item's chosen right item. */
  pairs: Type.Optional(
    Type.Array(Type.Object({ left: OptionId, right: OptionId }), {
      maxItems: TESTING_OPTIONS_MAX,
    }),
  ),
  /** ordering: the item ids in the student's order. */
  order: Type.Optional(Type.Array(OptionId, { maxItems: TESTING_OPTIONS_MAX })),
});
export type TestingAnswerValue = Static<typeof TestingAnswerValue>;

export const TestingReviewItem = Type.Object({
  questionId: Id,
  kind: QuestionKindSchema,
  text: Type.String(),
  points: Type.Number(),
  response: Type.Union([TestingAnswerValue, Type.Null()]),
  awarded: Type.Union([Type.Number(), Type.Null()]),
  /** The key as the teacher reads it. */
  key: Type.String(),
  /** How long after the deadline the answer arrived (given offline before it). */
  lateMs: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type TestingReviewItem = Static<typeof TestingReviewItem>;
/** An answer the server refused (out of the offline bounds): kept for the teacher, never scored. */
export const TestingRefusedAnswer = Type.Object({
  questionId: Id,
  response: TestingAnswerValue,
  /** Why, in the caller's language. */
  reason: Type.String(),
  /** The server's clock when it arrived. */
  receivedAt: Instant,
  /** How long after the deadline it arrived (null: before it). */
  lateMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type TestingRefusedAnswer = Static<typeof TestingRefusedAnswer>;
export const TestingReviewResponse = Type.Object({
  attemptId: Id,
  student: Type.String(),
  items: Type.Array(TestingReviewItem),
  /** The answers refused, oldest first. */
  refused: Type.Optional(Type.Array(TestingRefusedAnswer)),
  /** The submission was signed by the student's passkey over a chain head of the attempt. */
  passkeySigned: Type.Optional(Type.Boolean()),
});
export type TestingReviewResponse = Static<typeof TestingReviewResponse>;

export const TestingGradeBody = Type.Object({
  attemptId: Id,
  questionId: Id,
  points: Type.Number({ minimum: 0, maximum: TESTING_POINTS_MAX, examples: [1] }),
});
export type TestingGradeBody = Static<typeof TestingGradeBody>;

/** student/open.json: the tests open to the student now, with their window and attempts. */
export const OpenTest = Type.Object({
  testId: Id,
  title: Type.String(),
  discipline: Type.String(),
  opensAt: Instant,
  /** The close, moved by the student's extra time. */
  closesAt: Instant,
  timeLimitMinutes: Type.Integer(),
  attemptsAllowed: Type.Integer(),
  attemptsUsed: Type.Integer(),
  openAttemptId: Type.Union([Id, Type.Null()]),
  /** The grade that counts (best or last), once an attempt is submitted. */
  result: Type.Union([TestingAttemptScore, Type.Null()]),
});
export type OpenTest = Static<typeof OpenTest>;
export const TestingOpenResponse = Type.Array(OpenTest);
export type TestingOpenResponse = Static<typeof TestingOpenResponse>;

export const TestingAttemptIdBody = Type.Object({ attemptId: Id });
export type TestingAttemptIdBody = Static<typeof TestingAttemptIdBody>;

/** A question as a student sees it: never its key. */
export const AttemptQuestion = Type.Object({
  questionId: Id,
  kind: QuestionKindSchema,
  text: Type.String(),
  points: Type.Number(),
  /** single/multiple options, ordering items, matching left items; shuffled. */
  options: Type.Array(Type.Object({ id: OptionId, text: Type.String() })),
  /** matching: the right items to choose from; shuffled. */
  choices: Type.Array(Type.Object({ id: OptionId, text: Type.String() })),
});
export type AttemptQuestion = Static<typeof AttemptQuestion>;

export const TestingSavedAnswer = Type.Object({
  questionId: Id,
  version: Type.Integer({ minimum: 1 }),
  response: TestingAnswerValue,
});
export type TestingSavedAnswer = Static<typeof TestingSavedAnswer>;

/** A closed attempt's question as its student reviews it, as far as the test allows. */
export const AttemptReviewItem = Type.Object({
  questionId: Id,
  /** Points given (null: an essay not graded yet). */
  awarded: Type.Union([Type.Number(), Type.Null()]),
  /** The teacher's feedback on the options chosen, then the question's (level 'feedback'). */
  feedback: Type.Array(Type.String()),
});
export type AttemptReviewItem = Static<typeof AttemptReviewItem>;

export const AttemptView = Type.Object({
  attemptId: Id,
  testId: Id,
  title: Type.String(),
  number: Type.Integer(),
  startedAt: Instant,
  /** The server's deadline (time limit and extra time, never past the close). */
  deadline: Instant,
  /** The server's clock when it answered: the phone counts down from the difference. */
  serverNow: Instant,
  submitted: Type.Boolean(),
  questions: Type.Array(AttemptQuestion),
  answers: Type.Array(TestingSavedAnswer),
  result: Type.Union([TestingAttemptScore, Type.Null()]),
  /** The review of a closed attempt when the test shows more than the score. */
  review: Type.Optional(Type.Array(AttemptReviewItem)),
});
export type AttemptView = Static<typeof AttemptView>;

/**
 * student/start.json: the attempt once the student is admitted, or their place in the start
 * queue (`waiting: true`; ./testing-admission.ts). Both are 200: a wait is not an error.
 */
export const TestingStartResponse = Type.Union([TestingAdmissionWait, AttemptView]);
export type TestingStartResponse = Static<typeof TestingStartResponse>;

/** One link of the device's hash chain: which device, its place, its clock, its digest. */
export const TestingChainLink = Type.Object({
  /** The device's random id for its chain of this attempt. */
  device: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', examples: ['dev-3f9a1c2b'] }),
  seq: Type.Integer({ minimum: 1, maximum: 1_000_000, examples: [1] }),
  /** The device's clock when it recorded the answer (its own: see docs/security.md). */
  recordedAt: Instant,
  digest: Type.String({ pattern: '^[0-9a-f]{64}$', examples: ['0'.repeat(64)] }),
});
export type TestingChainLink = Static<typeof TestingChainLink>;

/**
 * student/answer.json: one answer. `version` is the device's count of its writes to that
 * question; an older write than the stored one is not applied, and the stored one is answered.
 */
export const TestingAnswerBody = Type.Object({
  attemptId: Id,
  questionId: Id,
  version: Type.Integer({ minimum: 1, maximum: 1_000_000, examples: [1] }),
  response: TestingAnswerValue,
  /**
   * An answer given offline: the server's clock in its last answer the device had (`serverNow`)
   * and the milliseconds the device counted from then to the answer. Past the deadline only
   * such an answer is taken, within the bounds api/src/areas/testing/rules.ts states.
   */
  contactAt: Type.Optional(Instant),
  sinceContactMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 24 * 3_600_000 })),
  /**
   * The answer's link in the device's hash chain of the attempt (./testing-chain.ts). Required
   * after the deadline; the server takes only the link that continues the chain it holds.
   */
  chain: Type.Optional(TestingChainLink),
});
export type TestingAnswerBody = Static<typeof TestingAnswerBody>;
export const TestingAnswerResponse = Type.Composite([
  TestingSavedAnswer,
  Type.Object({ applied: Type.Boolean(), serverNow: Instant }),
]);
export type TestingAnswerResponse = Static<typeof TestingAnswerResponse>;

/**
 * student/answers.json: the answers a device kept waiting for one attempt (offline, or while a
 * request was on its way), in the order they were given: each exactly what student/answer.json
 * takes, of the attempt named. They are applied in one transaction, in this order, by the single
 * route's rules; the first refused stops the list (those before it stay, those after it are not
 * tried, and the device sends them again: a refusal by the bounds moves the chain past it).
 */
export const TestingAnswersBody = Type.Object({
  attemptId: Id,
  answers: Type.Array(TestingAnswerBody, { minItems: 1, maxItems: TESTING_ANSWERS_MAX }),
});
export type TestingAnswersBody = Static<typeof TestingAnswersBody>;
/** What student/answer.json would have said of one answer of the list. */
export const TestingAnswerOutcome = Type.Object({
  questionId: Id,
  /** 200: taken (`answer`, the stored one); otherwise the refusal's status (`error`). */
  status: Type.Integer({ minimum: 200, maximum: 499 }),
  answer: Type.Optional(TestingAnswerResponse),
  /** Why it was refused, in the caller's language. */
  error: Type.Optional(Type.String()),
});
export type TestingAnswerOutcome = Static<typeof TestingAnswerOutcome>;
export const TestingAnswersResponse = Type.Object({
  /**
   * One outcome per answer tried, in the list's order: every one before the last was taken; the
   * last may be the refused one. Answers after it were not tried (fewer outcomes than answers).
   */
  results: Type.Array(TestingAnswerOutcome),
  serverNow: Instant,
});
export type TestingAnswersResponse = Static<typeof TestingAnswersResponse>;

/**
 * student/sign-options.json: the passkey ceremony that signs the head of this device's chain of
 * the attempt at its submission (null: the student has no passkey, or the device no chain).
 */
export const TestingSignOptionsBody = Type.Object({
  attemptId: Id,
  device: TestingChainLink.properties.device,
});
export type TestingSignOptionsBody = Static<typeof TestingSignOptionsBody>;
export const TestingSignOptionsResponse = Type.Union([PasskeyRequestOptions, Type.Null()]);
export type TestingSignOptionsResponse = Static<typeof TestingSignOptionsResponse>;

/** student/submit.json: the attempt, and the passkey's assertion of its chain head if signed. */
export const TestingSubmitBody = Type.Object({
  attemptId: Id,
  passkey: Type.Optional(PasskeyAssertion),
});
export type TestingSubmitBody = Static<typeof TestingSubmitBody>;

/** The longest GIFT file taken at once (characters). */
export const TESTING_IMPORT_MAX_LENGTH = 500_000;

/**
 * teacher/import-gift.json: a Moodle GIFT file's text. Its `$CATEGORY` names the topic of the
 * questions after it; those before any go to `topic`.
 */
export const GiftImportBody = Type.Object({
  disciplineId: Id,
  topic: Title,
  text: Type.String({
    minLength: 1,
    maxLength: TESTING_IMPORT_MAX_LENGTH,
    examples: ['2 + 2 = {=4 ~5}'],
  }),
});
export type GiftImportBody = Static<typeof GiftImportBody>;
export const GiftImportResponse = Type.Object({
  imported: Type.Integer({ minimum: 0 }),
  /** The questions not imported: their title (or text) and why, in the caller's language. */
  skipped: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() })),
});
export type GiftImportResponse = Static<typeof GiftImportResponse>;

/** The longest Moodle XML file taken at once (characters); a longer one is refused with a 400. */
export const TESTING_XML_MAX_LENGTH = 500_000;

/**
 * teacher/import-moodle.json: a Moodle XML question bank's text (no DOCTYPE, no entities). Its
 * `<question type="category">` names the topic of the questions after it; those before any go
 * to `topic`. The schema lets a longer text through so the API answers it with its own message.
 */
export const MoodleImportBody = Type.Object({
  disciplineId: Id,
  topic: Title,
  text: Type.String({
    minLength: 1,
    maxLength: 2 * TESTING_XML_MAX_LENGTH,
    examples: ['<quiz><question type="truefalse">…</question></quiz>'],
  }),
});
export type MoodleImportBody = Static<typeof MoodleImportBody>;

export const TESTING_EXPORT_FORMATS = ['gift', 'xml'] as const;
export type TestingExportFormat = (typeof TESTING_EXPORT_FORMATS)[number];

/** GET teacher/bank-export.file: a discipline's bank (or one topic of it) as a GIFT / XML file. */
export const TestingExportQuery = Type.Object({
  disciplineId: Type.String({ pattern: '^[1-9]\\d{0,9}$' }),
  topicId: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,9}$' })),
  format: Type.Union(TESTING_EXPORT_FORMATS.map((format) => Type.Literal(format))),
});
export type TestingExportQuery = Static<typeof TestingExportQuery>;

export const TESTING_ENDPOINTS = withSchemas(TESTING_ADDRESSES, {
  teaching: { body: EmptyBody, response: TestingTeachingResponse },
  bank: { body: TestingDisciplineBody, response: BankResponse },
  saveTopic: { body: TopicSaveBody, response: BankTopic },
  saveQuestion: { body: QuestionSaveBody, response: BankQuestion },
  deleteQuestion: { body: TestingIdBody, response: TestingIdBody },
  importGift: { body: GiftImportBody, response: GiftImportResponse },
  importMoodle: { body: MoodleImportBody, response: GiftImportResponse },
  exportBank: { querystring: TestingExportQuery },
  tests: { body: TestingDisciplineBody, response: TestsResponse },
  saveTest: { body: TestSaveBody, response: TeacherTest },
  openWindow: { body: WindowSaveBody, response: TeacherTest },
  extraTime: { body: ExtraTimeBody, response: ExtraTimeBody },
  results: { body: TestingTestIdBody, response: TestingResultsResponse },
  review: { body: TestingAttemptIdBody, response: TestingReviewResponse },
  grade: { body: TestingGradeBody, response: TestingReviewResponse },
  monitor: { body: TestingTestIdBody, response: TestingMonitorResponse },
  open: { body: EmptyBody, response: TestingOpenResponse },
  start: { body: TestingTestIdBody, response: TestingStartResponse },
  attempt: { body: TestingAttemptIdBody, response: AttemptView },
  answer: { body: TestingAnswerBody, response: TestingAnswerResponse },
  answers: { body: TestingAnswersBody, response: TestingAnswersResponse },
  signOptions: { body: TestingSignOptionsBody, response: TestingSignOptionsResponse },
  submit: { body: TestingSubmitBody, response: AttemptView },
});
