import { createOutbox, type TestingAnswerBody, type TestingAnswerValue } from '@lms/shared';

/**
 * A test's answers wait in the kit's outbox (IndexedDB) until the server has them: given
 * offline, they stay "not sent yet" through a reload, and the newest answer to a question
 * replaces one still waiting. Each carries the device's last contact with the server (its
 * `serverNow`) and the time the device counted from then to the answer, so the server can take
 * an answer given before the deadline that arrives after it (api/src/areas/testing/rules.ts).
 */
export interface QueuedAnswer {
  /** uid:attempt:question: one waiting answer per question. */
  key: string;
  uid: number;
  createdAt: number;
  attemptId: number;
  questionId: number;
  version: number;
  response: TestingAnswerValue;
  contactAt?: number;
  sinceContactMs?: number;
}

export const answersOutbox = createOutbox<QueuedAnswer>('lms-testing-outbox');

export const answerKey = (uid: number, attemptId: number, questionId: number) =>
  `${uid}:${attemptId}:${questionId}`;

/** The body of answer.json for a waiting answer. */
export function answerBody(item: QueuedAnswer): TestingAnswerBody {
  const { attemptId, questionId, version, response, contactAt, sinceContactMs } = item;
  return contactAt === undefined
    ? { attemptId, questionId, version, response }
    : { attemptId, questionId, version, response, contactAt, sinceContactMs: sinceContactMs ?? 0 };
}

/**
 * The device's last contact with the server on each attempt: the server's clock in its answer,
 * and the device's monotonic clock when it came (a changed wall clock does not move it).
 */
const contacts = new Map<number, { serverNow: number; at: number }>();

/** Notes an answer of the server on the attempt (the newest contact wins). */
export function noteContact(attemptId: number, serverNow: number, at = performance.now()): void {
  const known = contacts.get(attemptId);
  if (!known || known.serverNow <= serverNow) contacts.set(attemptId, { serverNow, at });
}

/** What an answer given now says of the last contact. */
export function contactNow(attemptId: number): Pick<QueuedAnswer, 'contactAt' | 'sinceContactMs'> {
  const known = contacts.get(attemptId);
  if (!known) return {};
  return {
    contactAt: known.serverNow,
    sinceContactMs: Math.max(0, Math.round(performance.now() - known.at)),
  };
}
