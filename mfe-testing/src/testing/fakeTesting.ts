import type { AttemptView, BankResponse, OpenTest, TestingTeachingResponse } from '@lms/shared';
import { ok } from '@lms/shared/testing';

/** Answers of the testing API as the server gives them (no key in a student's). */
export const OPEN_TEST: OpenTest = {
  testId: 7,
  title: 'Демо-тест',
  discipline: 'Математика',
  opensAt: Date.UTC(2026, 10, 1, 3, 0),
  closesAt: Date.UTC(2099, 11, 1, 3, 0),
  timeLimitMinutes: 30,
  attemptsAllowed: 2,
  attemptsUsed: 0,
  openAttemptId: null,
  result: null,
};

export function attemptView(over: Partial<AttemptView> = {}): AttemptView {
  const serverNow = Date.now();
  return {
    attemptId: 11,
    testId: 7,
    title: 'Демо-тест',
    number: 1,
    startedAt: serverNow,
    deadline: serverNow + 30 * 60_000,
    serverNow,
    submitted: false,
    questions: [
      {
        questionId: 1,
        kind: 'single',
        text: 'Сколько будет 2 + 2?',
        points: 1,
        options: [
          { id: 'x1', text: '3' },
          { id: 'x2', text: '4' },
        ],
        choices: [],
      },
      {
        questionId: 2,
        kind: 'ordering',
        text: 'По возрастанию',
        points: 1,
        options: [
          { id: 'o1', text: '10' },
          { id: 'o2', text: '1' },
        ],
        choices: [],
      },
      {
        questionId: 3,
        kind: 'matching',
        text: 'Столицы',
        points: 2,
        options: [{ id: 'l1', text: 'Кыргызстан' }],
        choices: [
          { id: 'r1', text: 'Астана' },
          { id: 'r2', text: 'Бишкек' },
        ],
      },
    ],
    answers: [],
    result: null,
    ...over,
  };
}

export const TEACHING: TestingTeachingResponse = [
  { disciplineId: 3, discipline: 'Математика', groups: [{ groupId: 5, group: 'ПИ-1-25' }] },
];

export const BANK: BankResponse = {
  topics: [
    {
      id: 4,
      title: 'Основы',
      questions: [{ id: 9, kind: 'truefalse', text: '1 < 2', points: 1, truth: true }],
    },
  ],
};

/** A body of student/answers.json as a test reads it back. */
export interface AnswersSent {
  attemptId: number;
  answers: { questionId: number; version: number; response: unknown; chain?: unknown }[];
}

/** The API's answer to a list of answers it takes whole: each stored as sent. */
export function takeAnswers(config: { data?: unknown }) {
  const { answers } = JSON.parse(String(config.data)) as AnswersSent;
  const serverNow = Date.now();
  return ok({
    results: answers.map(({ questionId, version, response }) => ({
      questionId,
      status: 200,
      answer: { questionId, version, response, applied: true, serverNow },
    })),
    serverNow,
  });
}
