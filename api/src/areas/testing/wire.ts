import type {
  AttemptQuestion,
  AttemptReviewItem,
  AttemptView,
  BankQuestion,
  QuestionKind,
  QuestionSaveBody,
  TeacherTest,
  TestDraw,
  TestingAnswerValue,
  TestingAttemptScore,
  TestingReviewLevel,
} from '@lms/shared/contract';
import { TESTING_REVIEW_LEVELS } from '@lms/shared/contract';
import { drawnOf, type AnswerRow, type AttemptRow } from './attempt-repository.js';
import type { QuestionRow, TestRow, WindowRow } from './repository.js';
import { feedbackFor, reviewShows, type QuestionKey, type QuestionPayload } from './rules.js';

// Testing's answers in the contract's shapes, from the rows the repositories select. What a
// student gets is built from `payload` only: the key column is never read here for them.

export const payloadOf = (row: QuestionRow): QuestionPayload =>
  JSON.parse(row.payload) as QuestionPayload;
export const keyOf = (row: QuestionRow): QuestionKey => JSON.parse(row.answer_key) as QuestionKey;
export const responseOf = (row: AnswerRow): TestingAnswerValue =>
  JSON.parse(row.response) as TestingAnswerValue;
export const drawsOf = (row: TestRow): TestDraw[] => JSON.parse(row.draws) as TestDraw[];

export function bankQuestionOf(row: QuestionRow): BankQuestion {
  const authored = JSON.parse(row.authored) as Omit<QuestionSaveBody, 'topicId'>;
  return { ...authored, id: row.id };
}

const levelOf = (stored: string): TestingReviewLevel =>
  (TESTING_REVIEW_LEVELS as readonly string[]).includes(stored)
    ? (stored as TestingReviewLevel)
    : 'score';

export function teacherTestOf(row: TestRow, windows: WindowRow[]): TeacherTest {
  return {
    id: row.id,
    title: row.title,
    timeLimitMinutes: row.time_limit_minutes,
    attemptsAllowed: row.attempts_allowed,
    grading: row.grading === 'last' ? 'last' : 'best',
    passMark: row.pass_mark,
    draws: drawsOf(row),
    offlineGraceMinutes: row.offline_grace_minutes,
    reviewAfterAttempt: levelOf(row.review_after_attempt),
    reviewAfterClose: levelOf(row.review_after_close),
    windows: windows
      .filter((window) => window.test_id === row.id)
      .map((window) => ({
        groupId: window.group_id,
        group: window.group,
        opensAt: Number(window.opens_at),
        closesAt: Number(window.closes_at),
      })),
  };
}

/** A drawn question as the student sees it: options in the attempt's order, no key. */
function attemptQuestionOf(row: QuestionRow, order: { o: string[]; c: string[] }): AttemptQuestion {
  const payload = payloadOf(row);
  const inOrder = (options: QuestionPayload['options'], ids: string[]) =>
    ids.flatMap((id) => options.filter((option) => option.id === id));
  return {
    questionId: row.id,
    kind: row.kind as QuestionKind,
    text: row.text,
    points: row.points,
    options: inOrder(payload.options, order.o),
    choices: inOrder(payload.choices, order.c),
  };
}

export function attemptViewOf(
  attempt: AttemptRow,
  title: string,
  questions: QuestionRow[],
  answers: AnswerRow[],
  result: TestingAttemptScore | null,
  now: number,
): AttemptView {
  const byId = new Map(questions.map((row) => [row.id, row]));
  return {
    attemptId: attempt.id,
    testId: attempt.test_id,
    title,
    number: attempt.number,
    startedAt: Number(attempt.started_at),
    deadline: Number(attempt.deadline_at),
    serverNow: now,
    submitted: attempt.open === null,
    questions: drawnOf(attempt).flatMap((drawn) => {
      const row = byId.get(drawn.q);
      return row ? [attemptQuestionOf(row, drawn)] : [];
    }),
    answers: answers.map((row) => ({
      questionId: row.question_id,
      version: row.version,
      response: responseOf(row),
    })),
    result,
  };
}

/** A closed attempt as its student reviews it: points per question, feedback if the level shows it. */
export function studentReviewOf(
  attempt: AttemptRow,
  questions: QuestionRow[],
  answers: AnswerRow[],
  level: string,
): AttemptReviewItem[] {
  const byId = new Map(questions.map((row) => [row.id, row]));
  const given = new Map(answers.map((row) => [row.question_id, row]));
  const withFeedback = reviewShows(level, 'feedback');
  return drawnOf(attempt).flatMap((drawn) => {
    const row = byId.get(drawn.q);
    if (!row) return [];
    const answer = given.get(row.id);
    const response = answer ? responseOf(answer) : null;
    const authored = JSON.parse(row.authored) as Parameters<typeof feedbackFor>[0];
    return [
      {
        questionId: row.id,
        awarded: answer ? answer.awarded : 0,
        feedback: withFeedback ? feedbackFor(authored, payloadOf(row), response) : [],
      },
    ];
  });
}
