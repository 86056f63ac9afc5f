// The exam bench's client (./exam.ts): a student as the testing remote behaves
// (mfe-testing/src/features/take/outbox): every answer a link of the device's hash chain, queued
// with the last contact's clock, and what waits sent in one request in order (answers.json; one
// per answer with BENCH_EXAM_LIST=0); what does not reach the server (or meets a 5xx) waits and
// is sent again. A start answered `waiting: true` (the
// controlled start) is asked again after the delay it names. And the teacher's test it takes.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import {
  chainGenesisText,
  chainLinkText,
  TESTING_ANSWERS_MAX,
  type AttemptView,
  type TestingAnswersResponse,
  type TestingAnswerValue,
  type TestingChainLink,
} from '@lms/shared/contract';

export interface ExamSession {
  userId: number;
  cookie: string;
  xsrf: string;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Answered {
  status: number;
  body: unknown;
  ms: number;
  text: string;
}

/**
 * A request whose connection closed before any byte of an answer came back (`UND_ERR_SOCKET`,
 * `ECONNRESET`): what a reused keep-alive connection meets when HAProxy closed it as idle while the
 * request was on its way. A browser sends such a request again by itself on a fresh connection
 * (Chromium: `HttpNetworkTransaction::ShouldResendRequest`, any method, once the connection was
 * reused), so the student never sees it; Node's fetch does not resend a POST. `post` sends it
 * again once, at once, as the browser does, and notes when it happened (`figures.resent`).
 */
const CLOSED_UNDER_REQUEST = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

async function post(base: string, who: ExamSession, path: string, body: unknown) {
  const first = await postOnce(base, who, path, body);
  if (first.status !== 0 || !CLOSED_UNDER_REQUEST.has(first.text)) return first;
  figures.resent.push({
    atSecond: Math.round((Date.now() - figures.startedAt) / 100) / 10,
    afterMs: Math.round(first.ms),
    code: first.text,
    killed: phase.killed,
  });
  const again = await postOnce(base, who, path, body);
  return { ...again, ms: first.ms + again.ms };
}

async function postOnce(base: string, who: ExamSession, path: string, body: unknown) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/lms/api/testing/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-xsrf-token': who.xsrf },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = (JSON.parse(text) as { data?: unknown }).data ?? null;
    } catch {
      // HAProxy's own page (502, 503): no JSON.
    }
    return { status: response.status, body: parsed, ms: performance.now() - started, text };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
    return { status: 0, body: null, ms: performance.now() - started, text: cause };
  }
}

/** The teacher's test of QUESTIONS questions, open to the demo group (through their API). */
export async function makeTest(
  base: string,
  teacher: ExamSession,
  {
    groupId,
    questions,
    timeLimitMinutes,
  }: { groupId: number; questions: number; timeLimitMinutes: number },
): Promise<number> {
  const ok = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await post(base, teacher, path, body);
    assert.equal(answer.status, 200, `${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return answer.body as T;
  };
  const teaching = await ok<{ disciplineId: number; groups: { groupId: number }[] }[]>(
    'teacher/teaching.json',
    {},
  );
  const course = teaching.find((one) => one.groups.some((group) => group.groupId === groupId));
  assert.ok(course, 'the demo teacher teaches the demo group');
  const topic = await ok<{ id: number }>('teacher/topic-save.json', {
    disciplineId: course.disciplineId,
    title: `Exam bench ${Date.now()}`,
  });
  for (let k = 0; k < questions; k++) {
    const kind = ['single', 'truefalse', 'numeric', 'short'][k % 4];
    await ok('teacher/question-save.json', {
      topicId: topic.id,
      kind,
      text: `Question ${k + 1}`,
      points: 1,
      ...(kind === 'single'
        ? { options: [{ text: 'a', correct: true }, { text: 'b' }, { text: 'c' }] }
        : kind === 'truefalse'
          ? { truth: true }
          : kind === 'numeric'
            ? { value: k, tolerance: 0 }
            : { variants: [`answer ${k}`] }),
    });
  }
  const test = await ok<{ id: number }>('teacher/test-save.json', {
    disciplineId: course.disciplineId,
    title: 'Exam bench',
    timeLimitMinutes,
    attemptsAllowed: 1,
    grading: 'last',
    passMark: 50,
    draws: [{ topicId: topic.id, count: questions }],
  });
  const now = Date.now();
  await ok('teacher/window-save.json', {
    testId: test.id,
    groupId,
    opensAt: now - 60_000,
    closesAt: now + 24 * 3_600_000,
  });
  return test.id;
}

/** The answer a student gives to a question on its n-th write. */
function responseFor(question: AttemptView['questions'][number], n: number): TestingAnswerValue {
  if (question.kind === 'single') {
    const option = question.options[n % question.options.length];
    return { choice: option ? [option.id] : [] };
  }
  if (question.kind === 'truefalse') return { truth: n % 2 === 0 };
  if (question.kind === 'numeric') return { value: n };
  return { text: `answer ${n}` };
}

interface Queued {
  questionId: number;
  version: number;
  response: TestingAnswerValue;
  contactAt?: number;
  sinceContactMs?: number;
  chain: TestingChainLink;
  offline: boolean;
}

export const figures = {
  startMs: [] as number[],
  saveMs: [] as number[],
  replayMs: [] as number[],
  /** Every save answered 200, in the order answered: [when (epoch ms), how long (ms)]. */
  saveTimes: [] as [number, number][],
  waits: 0,
  maxPlace: 0,
  waitsPerStudent: [] as number[],
  startRetries: 0,
  saveRetries: 0,
  /** Requests that carried answers (one per answer, or one per list). */
  saveRequests: 0,
  errors: {} as Record<string, number>,
  refusedSaves: 0,
  /** Saves answered 5xx, 408 or 429: sent again, as the kit's outbox does. */
  droppedByTheRemote: 0,
  firstErrors: [] as string[],
  /** When the exam began (epoch ms), for the times of `resent`. */
  startedAt: Date.now(),
  /** Requests sent again at once after their connection closed under them (see `post`). */
  resent: [] as { atSecond: number; afterMs: number; code: string; killed: boolean }[],
};
/** Whether the process was killed yet (errors are counted before and after it). */
export const phase = { killed: false };

function noteError(where: string, answer: Answered) {
  const when = phase.killed ? 'after kill' : 'before kill';
  const key = `${where} ${when}: ${answer.status} ${answer.text.replace(/<[^>]*>|\s+/g, ' ')}`
    .slice(0, 110)
    .trim();
  figures.errors[key] = (figures.errors[key] ?? 0) + 1;
  if (figures.firstErrors.length < 5) figures.firstErrors.push(key);
}

/**
 * Answers that say the server did not take the request: no answer, a 5xx (HAProxy's 502/503 or a
 * process stopping), HAProxy's 408 (the request did not arrive in time) and 429. The client sends
 * such a save again, as the kit's outbox does (`shared/src/data/outbox.ts`; it used to keep only the
 * first kind and drop the others as refused, which cut the device's chain); `droppedByTheRemote`
 * counts them.
 */
/** BENCH_EXAM_LIST=0: one request per queued answer (the client before the list route). */
const ONE_BY_ONE = process.env.BENCH_EXAM_LIST === '0';

const unreached = (status: number) =>
  status === 0 || status >= 500 || status === 408 || status === 429;

/** One student: presses Start, answers every SAVE_S, queues offline, sends when back. */
export class Student {
  attempt: AttemptView | undefined;
  queue: Queued[] = [];
  /** The last version the student gave of each question (what must be stored). */
  given = new Map<number, number>();
  /** The highest version the server acknowledged of each question. */
  acked = new Map<number, number>();
  online = true;
  private contact = { serverNow: 0, at: 0 };
  private chain = { device: `d${randomBytes(12).toString('hex')}`, seq: 0, head: '', at: 0 };
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly base: string,
    readonly session: ExamSession,
    readonly testId: number,
  ) {}

  async start(): Promise<void> {
    const pressed = performance.now();
    let waits = 0;
    for (;;) {
      const answer = await post(this.base, this.session, 'student/start.json', {
        testId: this.testId,
      });
      const body = answer.body as (AttemptView & { waiting?: boolean }) | null;
      if (answer.status === 200 && body?.waiting) {
        const wait = body as unknown as { place?: number; retryAfterMs?: number; retryMs?: number };
        waits++;
        figures.waits++;
        figures.maxPlace = Math.max(figures.maxPlace, wait.place ?? 0);
        await sleep(wait.retryAfterMs ?? wait.retryMs ?? 1000);
        continue;
      }
      if (answer.status === 200 && body) {
        this.attempt = body;
        this.contact = { serverNow: body.serverNow, at: performance.now() };
        this.chain.head = sha256(chainGenesisText(body.attemptId, this.chain.device));
        figures.startMs.push(performance.now() - pressed);
        figures.waitsPerStudent.push(waits);
        return;
      }
      noteError('start', answer);
      if (!unreached(answer.status)) return;
      figures.startRetries++;
      await sleep(1000);
    }
  }

  /** Gives the n-th answer: a link of the chain, queued, sent if the network is there. */
  give(n: number): void {
    const attempt = this.attempt;
    if (!attempt) return;
    const question = attempt.questions[n % attempt.questions.length];
    if (!question) return;
    const version = (this.given.get(question.questionId) ?? 0) + 1;
    this.given.set(question.questionId, version);
    const response = responseFor(question, n);
    const seq = ++this.chain.seq;
    const recordedAt = Math.max(Date.now(), this.chain.at + 1);
    const facts = { attemptId: attempt.attemptId, questionId: question.questionId, seq };
    const digest = sha256(
      chainLinkText(this.chain.head, { ...facts, recordedAt, version, response }),
    );
    this.chain = { ...this.chain, head: digest, at: recordedAt };
    this.queue.push({
      questionId: question.questionId,
      version,
      response,
      contactAt: this.contact.serverNow,
      sinceContactMs: Math.round(performance.now() - this.contact.at),
      chain: { device: this.chain.device, seq, recordedAt, digest },
      offline: !this.online,
    });
    void this.flush();
  }

  /**
   * Sends the queue in order, as the remote does: what waits goes in one request
   * (student/answers.json, at most TESTING_ANSWERS_MAX); the answers taken leave the queue, the
   * refused one is dropped and those after it go in the next request. One that does not reach
   * the server (or meets a 5xx) waits, and is sent again in 1 s. BENCH_EXAM_LIST=0: one request
   * per answer (student/answer.json), as the remote did before the list route.
   */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      while (this.online && this.queue.length > 0 && this.attempt) {
        const sent = ONE_BY_ONE
          ? await this.sendOne(this.attempt.attemptId)
          : await this.sendList(this.attempt.attemptId);
        if (sent) continue;
        figures.saveRetries++;
        await sleep(1000);
      }
    })().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** The server stored a queued answer (`ms`: its request's time). */
  private taken(item: Queued, saved: { version: number; serverNow: number }, ms: number) {
    (item.offline ? figures.replayMs : figures.saveMs).push(ms);
    figures.saveTimes.push([Date.now(), ms]);
    const known = this.acked.get(item.questionId) ?? 0;
    this.acked.set(item.questionId, Math.max(known, saved.version));
    if (saved.serverNow >= this.contact.serverNow) {
      this.contact = { serverNow: saved.serverNow, at: performance.now() };
    }
  }

  /** A request that failed: false when it did not reach the server (the queue waits). */
  private failed(answer: Answered): boolean {
    noteError('answer', answer);
    if (answer.status !== 0 && unreached(answer.status)) figures.droppedByTheRemote++;
    if (unreached(answer.status)) return false;
    figures.refusedSaves++;
    this.queue.shift();
    return true;
  }

  private async sendOne(attemptId: number): Promise<boolean> {
    const item = this.queue[0]!;
    const { offline: _, ...body } = item;
    figures.saveRequests++;
    const answer = await post(this.base, this.session, 'student/answer.json', {
      attemptId,
      ...body,
    });
    if (answer.status !== 200) return this.failed(answer);
    this.taken(item, answer.body as { version: number; serverNow: number }, answer.ms);
    this.queue.shift();
    return true;
  }

  private async sendList(attemptId: number): Promise<boolean> {
    const list = this.queue.slice(0, TESTING_ANSWERS_MAX);
    figures.saveRequests++;
    const answer = await post(this.base, this.session, 'student/answers.json', {
      attemptId,
      answers: list.map(({ offline: _, ...body }) => ({ attemptId, ...body })),
    });
    if (answer.status !== 200) return this.failed(answer);
    const { results } = answer.body as TestingAnswersResponse;
    for (const [i, result] of results.entries()) {
      const item = list[i]!;
      if (result.status === 200 && result.answer) {
        this.taken(item, result.answer, answer.ms);
      } else {
        const text = result.error ?? '';
        noteError('answer', { status: result.status, body: null, ms: answer.ms, text });
        figures.refusedSaves++;
      }
      this.queue.shift();
    }
    return true;
  }
}
