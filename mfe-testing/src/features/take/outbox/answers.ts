import {
  createOutbox,
  type TestingAnswerBody,
  type TestingAnswerValue,
  type TestingChainLink,
} from '@lms/shared';

/**
 * A test's answers wait in the kit's outbox (IndexedDB) until the server has them: given
 * offline, they stay "not sent yet" through a reload. Each is a link of the device's hash chain
 * of the attempt (./chain.ts), so every answer given waits and goes, in the order it was given
 * (the server takes a link only after the one before it); a newer answer to a question does not
 * replace one waiting, it follows it. Each carries the device's last contact with the server (its
 * `serverNow`) and the time the device counted from then to the answer, so the server can take
 * an answer given before the deadline that arrives after it (api/src/areas/testing/rules.ts).
 */
export interface QueuedAnswer {
  /** uid:attempt:device:link number (padded): one per link, in the chain's order. */
  key: string;
  uid: number;
  createdAt: number;
  attemptId: number;
  questionId: number;
  version: number;
  response: TestingAnswerValue;
  contactAt?: number;
  sinceContactMs?: number;
  /** The answer's link in the device's chain (absent where WebCrypto is not offered). */
  chain?: TestingChainLink;
}

export const answersOutbox = createOutbox<QueuedAnswer>('lms-testing-outbox');

/** A waiting answer's key: its link's place (a page without WebCrypto: its question and time). */
export const answerKey = (
  uid: number,
  attemptId: number,
  questionId: number,
  chain: TestingChainLink | null,
  at: number,
) =>
  chain
    ? `${uid}:${attemptId}:${chain.device}:${String(chain.seq).padStart(8, '0')}`
    : `${uid}:${attemptId}:q${questionId}:${at}`;

/** A waiting answer as answers.json takes it (what answer.json takes). */
export function answerBody(item: QueuedAnswer): TestingAnswerBody {
  const { attemptId, questionId, version, response, contactAt, sinceContactMs, chain } = item;
  return {
    attemptId,
    questionId,
    version,
    response,
    ...(contactAt === undefined ? {} : { contactAt, sinceContactMs: sinceContactMs ?? 0 }),
    ...(chain ? { chain } : {}),
  };
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

/** Milliseconds since the last contact on the attempt (Infinity: none yet). */
export function contactAgeMs(attemptId: number, now = performance.now()): number {
  const known = contacts.get(attemptId);
  return known ? now - known.at : Infinity;
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
