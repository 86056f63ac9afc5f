import {
  ApiError,
  TESTING_ANSWERS_MAX,
  type TestingAnswerResponse,
  type TestingAnswersBody,
  type TestingAnswersResponse,
} from '@lms/shared';
import { answerBody, type QueuedAnswer } from './answers';

/** What the server said of one answer of a list: stored, or refused as answer.json refuses. */
type Told = { answer: TestingAnswerResponse } | { refused: ApiError };

/**
 * The outbox's `send` for a test's answers: the kit's outbox asks for its items one by one,
 * oldest first; the first asked sends it with every answer waiting after it for the same
 * attempt in one request (student/answers.json, at most TESTING_ANSWERS_MAX), and those after it
 * are answered from what the server said of them. So the outbox keeps its rules: an answer the
 * server took leaves it; the one refused (the list stops there) is refused as before; those
 * after it were not tried and go in the next request. A request that does not reach the server,
 * or a 5xx, 408 or 429, rejects for the first: it and all after it wait for the next flush.
 */
export function createListSender(
  waiting: () => readonly QueuedAnswer[],
  post: (body: TestingAnswersBody) => Promise<TestingAnswersResponse>,
) {
  const told = new WeakMap<QueuedAnswer, Told>();

  async function ask(first: QueuedAnswer): Promise<void> {
    const all = waiting();
    const at = all.indexOf(first);
    const after = at < 0 ? [] : all.slice(at + 1);
    const list = [
      first,
      ...after.filter((item) => item.uid === first.uid && item.attemptId === first.attemptId),
    ].slice(0, TESTING_ANSWERS_MAX);
    const { results } = await post({
      attemptId: first.attemptId,
      answers: list.map(answerBody),
    });
    results.forEach((result, i) => {
      const item = list[i];
      if (!item) return;
      if (result.status === 200 && result.answer) {
        told.set(item, { answer: result.answer });
        return;
      }
      const message = result.error ?? `Request failed with status code ${result.status}`;
      told.set(item, {
        refused: new ApiError('CLIENT_ERROR', message, {
          status: result.status,
          ...(result.error ? { serverMessage: result.error } : {}),
        }),
      });
    });
  }

  return async function send(item: QueuedAnswer): Promise<TestingAnswerResponse> {
    if (!told.has(item)) await ask(item);
    const outcome = told.get(item);
    told.delete(item);
    // Not spoken of (never so from this server): it waits for the next flush, not dropped.
    if (!outcome) throw new ApiError('SERVER_ERROR', 'The answer was not told', { status: 500 });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.answer;
  };
}
