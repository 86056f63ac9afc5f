import {
  ApiError,
  createOutbox,
  type TestingAnswersBody,
  type TestingAnswersResponse,
} from '@lms/shared';
import type { QueuedAnswer } from './answers';
import { createListSender } from './listSender';

const UID = 7;
let made = 0;

/** A kit outbox (its own store) holding `n` answers to attempt 11, and one to attempt 12. */
async function outboxWith(n: number) {
  made += 1;
  const outbox = createOutbox<QueuedAnswer>(`lms-testing-list-${made}`);
  for (let q = 1; q <= n; q += 1) {
    await outbox.put({
      key: `${UID}:11:q${q}`,
      uid: UID,
      createdAt: q,
      attemptId: 11,
      questionId: q,
      version: 1,
      response: { text: `ответ ${q}` },
    });
  }
  await outbox.put({
    key: `${UID}:12:q1`,
    uid: UID,
    createdAt: n + 1,
    attemptId: 12,
    questionId: 1,
    version: 1,
    response: { text: 'другая попытка' },
  });
  return outbox;
}

/** The server's outcomes: each list taken, but for attempt 11's question `refused` (a 409). */
function server(refused?: number) {
  const lists: TestingAnswersBody[] = [];
  const post = async (body: TestingAnswersBody): Promise<TestingAnswersResponse> => {
    lists.push(body);
    const at = body.answers.findIndex((a) => a.attemptId === 11 && a.questionId === refused);
    const tried = at < 0 ? body.answers : body.answers.slice(0, at + 1);
    return {
      serverNow: 1_000,
      results: tried.map(({ questionId, version, response }, i) =>
        i === at
          ? { questionId, status: 409, error: 'Ответ пришёл слишком поздно' }
          : {
              questionId,
              status: 200,
              answer: { questionId, version, response, applied: true, serverNow: 1_000 },
            },
      ),
    };
  };
  return { lists, post };
}

const questionsOf = (lists: TestingAnswersBody[]) =>
  lists.map((list) => [list.attemptId, list.answers.map((a) => a.questionId)]);

describe('the answers waiting for an attempt go in one request', () => {
  it('sends the waiting answers of each attempt in one list; all it took leave the outbox', async () => {
    const outbox = await outboxWith(4);
    const { lists, post } = server();
    const sent: number[] = [];
    await outbox.flush(UID, {
      send: createListSender(outbox.items, post),
      onSent: (item, stored) => sent.push(item.questionId * 10 + Number(stored.applied)),
    });
    expect(questionsOf(lists)).toEqual([
      [11, [1, 2, 3, 4]],
      [12, [1]],
    ]);
    expect(sent).toEqual([11, 21, 31, 41, 11]);
    expect(outbox.items()).toEqual([]);
  });

  it('a refused answer is dropped as refused; those before it are sent, those after it go in the next list', async () => {
    const outbox = await outboxWith(4);
    const { lists, post } = server(2);
    const refused: [number, unknown][] = [];
    const sent: number[] = [];
    await outbox.flush(UID, {
      send: createListSender(outbox.items, post),
      onSent: (item) => sent.push(item.questionId),
      onRefused: (item, error) => refused.push([item.questionId, error]),
    });
    expect(refused).toHaveLength(1);
    const [question, error] = refused[0] as [number, ApiError];
    expect(question).toBe(2);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.kind, error.status, error.serverMessage]).toEqual([
      'CLIENT_ERROR',
      409,
      'Ответ пришёл слишком поздно',
    ]);
    // The list stopped at the second: the third and the fourth go in the next one.
    expect(questionsOf(lists)).toEqual([
      [11, [1, 2, 3, 4]],
      [11, [3, 4]],
      [12, [1]],
    ]);
    expect(sent).toEqual([1, 3, 4, 1]);
    expect(refused.map(([q]) => q)).toEqual([2]);
    expect(outbox.items().map((item) => item.questionId)).toEqual([]);
  });

  it.each([
    ['the network is gone', new ApiError('NETWORK_ERROR', 'Network Error')],
    ['a server is restarting (503)', new ApiError('SERVER_ERROR', 'Unavailable', { status: 503 })],
    ['the proxy gave up waiting (408)', new ApiError('CLIENT_ERROR', 'Timeout', { status: 408 })],
  ])('when %s, every answer waits for the next flush', async (_, failure) => {
    const outbox = await outboxWith(3);
    const { lists, post } = server();
    let down = true;
    const send = createListSender(outbox.items, async (body) => {
      if (down) throw failure;
      return post(body);
    });
    const refused = jest.fn();
    await outbox.flush(UID, { send, onRefused: refused });
    expect(outbox.items()).toHaveLength(4);
    expect(refused).not.toHaveBeenCalled();
    down = false;
    await outbox.flush(UID, { send, onRefused: refused });
    expect(questionsOf(lists)).toEqual([
      [11, [1, 2, 3]],
      [12, [1]],
    ]);
    expect(outbox.items()).toEqual([]);
  });
});
