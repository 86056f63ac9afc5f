// The device's hash chain of an attempt (both databases): a valid chain, online then offline and
// arriving within the grace, is taken and the teacher sees how late; a forged digest, a moved or
// a skipped link is refused in the caller's language and nothing is written; an answer past the
// grace with a sound link is refused, kept as refused for the teacher, and never scored.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  AttemptView,
  TeacherTest,
  TestingAnswerResponse,
  TestingReviewResponse,
  TestingTeachingResponse,
} from '@lms/shared/contract';
import { checkLink, digestOf, genesisOf } from '../src/areas/testing/chain.js';
import { TESTING_MESSAGES } from '../src/areas/testing/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherStudent,
  createTestApp,
  DEMO,
  envelope,
  type Client,
  type TestApp,
} from './helper.js';
import {
  chainDevice,
  setAttempt as setAttemptOf,
  storedOf,
  type DeviceAnswer,
} from './testing-chain-device.js';

const T = '/lms/api/testing/teacher';
const S = '/lms/api/testing/student';
const MINUTE = 60_000;

describe('testing: the device hash chain', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let attempt: AttemptView;

  const send = async (client: Client, body: unknown, status: number, lang = 'ru') => {
    client.cookies.set('lang', lang);
    const response = await client.post(`${S}/answer.json`, body);
    assert.equal(response.statusCode, status, response.body);
    return envelope<TestingAnswerResponse>(response);
  };
  const ok = async <R>(client: Client, path: string, body: unknown) => {
    const response = await client.post(path, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<R>(response).data as R;
  };
  const setAttempt = (set: Record<string, number | null>) =>
    setAttemptOf(t.app.db.kysely, attempt.attemptId, set);
  /** What the database holds of the attempt: answers, chain heads, refused answers. */
  const stored = () => storedOf(t.app.db.kysely, attempt.attemptId);
  const questions = () => attempt.questions.map((q) => q.questionId);
  const body = (answer: DeviceAnswer & object, extra: object = {}) => ({
    attemptId: attempt.attemptId,
    ...answer,
    ...extra,
  });

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    const { group_id: groupId } = await t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('s.group_id')
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    const teaching = await ok<TestingTeachingResponse>(teacher, `${T}/teaching.json`, {});
    const discipline = teaching.find((d) => d.groups.some((g) => g.groupId === groupId));
    assert.ok(discipline);
    const topic = await ok<{ id: number }>(teacher, `${T}/topic-save.json`, {
      disciplineId: discipline.disciplineId,
      title: 'Цепочка',
    });
    for (const text of ['Один', 'Два', 'Три']) {
      await ok(teacher, `${T}/question-save.json`, {
        topicId: topic.id,
        kind: 'truefalse',
        text: `${text}: верно?`,
        points: 1,
        truth: true,
      });
    }
    const made = await ok<TeacherTest>(teacher, `${T}/test-save.json`, {
      disciplineId: discipline.disciplineId,
      title: 'Цепочка',
      timeLimitMinutes: 30,
      attemptsAllowed: 1,
      grading: 'best',
      passMark: 50,
      draws: [{ topicId: topic.id, count: 3 }],
      offlineGraceMinutes: 10,
    });
    const now = Date.now();
    await ok(teacher, `${T}/window-save.json`, {
      testId: made.id,
      groupId,
      opensAt: now - MINUTE,
      closesAt: now + 24 * 60 * MINUTE,
    });
    attempt = await ok<AttemptView>(student, `${S}/start.json`, { testId: made.id });
  });
  after(() => t.close());

  test('the link check: the next link over the head held, and nothing else', () => {
    const device = 'unit-device-1';
    const link = chainDevice(7, device).record({
      questionId: 3,
      version: 1,
      response: { truth: true },
      recordedAt: 1_800_000_000_000,
    });
    const first = { attemptId: 7, ...link };
    assert.equal(digestOf(7, genesisOf(7, device), first), link.chain.digest);
    assert.deepEqual(checkLink(7, null, first), {
      link: link.chain,
      previous: null,
      resent: false,
    });
    // The same answer on another attempt, or with another response, is not this digest.
    assert.deepEqual(checkLink(8, null, { ...first, attemptId: 8 }), {
      refusal: 'chainForged',
      status: 400,
    });
    const changed = { ...first, response: { truth: false } };
    assert.deepEqual(checkLink(7, null, changed), { refusal: 'chainForged', status: 400 });
    // Sent again once taken: the head itself.
    const held = { seq: 1, head: link.chain.digest };
    assert.equal((checkLink(7, held, first) as { resent: boolean }).resent, true);
  });

  test('only the student of the attempt may send a chained answer; nothing is written', async () => {
    const device = chainDevice(attempt.attemptId, 'phone-of-owner');
    const link = device.record({
      questionId: questions()[0] as number,
      version: 1,
      response: { truth: true },
      recordedAt: Date.now(),
    });
    const other = await send(await anotherStudent(t), body(link), 403);
    assert.equal(other.error, MESSAGES.forbidden.ru);
    const wrongRole = await send(teacher, body(link), 403);
    assert.equal(wrongRole.error, MESSAGES.studentsOnly.ru);
    const held = await stored();
    assert.deepEqual([held.answers.length, held.heads.length], [0, 0]);
  });

  test('a forged digest, a moved and a skipped link are refused in the caller language, and nothing is written', async () => {
    const [q1, q2, q3] = questions() as [number, number, number];
    const device = chainDevice(attempt.attemptId, 'phone-forger-01');
    const now = Date.now();
    const one = device.record({
      questionId: q1,
      version: 1,
      response: { truth: true },
      recordedAt: now,
    });
    const two = device.record({
      questionId: q2,
      version: 1,
      response: { truth: true },
      recordedAt: now + 1,
    });
    const three = device.record({
      questionId: q3,
      version: 1,
      response: { truth: true },
      recordedAt: now + 2,
    });

    // A digest that is not the SHA-256 of the link: refused (400), in Kyrgyz, English, Russian.
    const forgedDigest = { ...one.chain, digest: 'a'.repeat(64) };
    for (const lang of ['kg', 'en', 'ru'] as const) {
      const refused = await send(student, body(one, { chain: forgedDigest }), 400, lang);
      assert.equal(refused.error, TESTING_MESSAGES.chainForged[lang]);
    }
    // The link's own digest over another response (the answer changed after it was recorded).
    const changed = await send(student, body(one, { response: { truth: false } }), 400);
    assert.equal(changed.error, TESTING_MESSAGES.chainForged.ru);
    // The second link first: moved (409).
    const moved = await send(student, body(two), 409, 'en');
    assert.equal(moved.error, TESTING_MESSAGES.chainOrder.en);
    let held = await stored();
    assert.deepEqual([held.answers.length, held.heads.length], [0, 0], 'nothing written');

    // In order, the first is taken; then the third, skipping the second, is refused.
    const taken = (await send(student, body(one), 200)).data as TestingAnswerResponse;
    assert.equal(taken.applied, true);
    const skipped = await send(student, body(three), 409);
    assert.equal(skipped.error, TESTING_MESSAGES.chainOrder.ru);
    // A second link re-made over a changed first one (a rewritten history): refused.
    const rewritten = chainDevice(attempt.attemptId, 'phone-forger-01');
    rewritten.record({ questionId: q1, version: 1, response: { truth: false }, recordedAt: now });
    const fork = rewritten.record({
      questionId: q2,
      version: 1,
      response: { truth: true },
      recordedAt: now + 1,
    });
    const forked = await send(student, body(fork), 400);
    assert.equal(forked.error, TESTING_MESSAGES.chainForged.ru);
    held = await stored();
    assert.deepEqual(
      held.answers.map((a) => a.question_id),
      [q1],
      'only the first link wrote an answer',
    );
    assert.deepEqual(
      held.heads.map((h) => [h.device, Number(h.seq), h.head]),
      [['phone-forger-01', 1, one.chain.digest]],
    );
    // The first sent again (its answer was lost on the way): answered from what is stored.
    const again = (await send(student, body(one), 200)).data as TestingAnswerResponse;
    assert.deepEqual([again.applied, again.version], [false, 1]);
    // The head sent again with another answer under a higher version: the link's digest is the
    // head's, but its facts are not what the head was made over. Refused, nothing written.
    const tampered = {
      ...body(one),
      version: 5,
      response: { truth: false },
    };
    const replaced = await send(student, tampered, 409);
    assert.equal(replaced.error, TESTING_MESSAGES.chainOrder.ru);
    const kept = (await stored()).answers.find((a) => a.question_id === q1);
    assert.deepEqual(
      [Number(kept?.version), JSON.parse(kept?.response ?? '{}')],
      [1, { truth: true }],
    );
    // The chain goes on in order.
    assert.equal(
      ((await send(student, body(two), 200)).data as TestingAnswerResponse).applied,
      true,
    );
    assert.equal(
      ((await send(student, body(three), 200)).data as TestingAnswerResponse).applied,
      true,
    );
    assert.equal(Number((await stored()).heads[0]?.seq), 3);
  });

  test('offline: a chain given before the deadline is taken within the grace and shown late; one past the grace is refused and listed as refused', async () => {
    const [q1, q2] = questions() as [number, number];
    const now = Date.now();
    const contactAt = now - 12 * MINUTE;
    const deadline = now - 2 * MINUTE;
    await setAttempt({
      started_at: now - 20 * MINUTE,
      last_contact_at: contactAt,
      deadline_at: deadline,
      submitted_at: deadline,
    });
    // A second device (the phone that lost the network): its own chain.
    const phone = chainDevice(attempt.attemptId, 'phone-offline-2');
    const given = phone.record({
      questionId: q1,
      version: 2,
      response: { truth: false },
      recordedAt: contactAt + 5 * MINUTE,
    });
    const offline = { contactAt, sinceContactMs: 5 * MINUTE };
    const taken = (await send(student, body(given, offline), 200)).data as TestingAnswerResponse;
    assert.deepEqual([taken.applied, taken.version, taken.response], [true, 2, { truth: false }]);

    // The grace ends; the next link (given before the deadline too) arrives after it.
    await setAttempt({ deadline_at: now - 11 * MINUTE, submitted_at: now - 11 * MINUTE });
    const late = phone.record({
      questionId: q2,
      version: 2,
      response: { truth: false },
      recordedAt: contactAt + 6 * MINUTE,
    });
    const refused = await send(student, body(late, { contactAt, sinceContactMs: 0 }), 409);
    assert.equal(refused.error, TESTING_MESSAGES.lateAnswer.ru);
    // Sent again: refused again, listed once.
    await send(student, body(late, { contactAt, sinceContactMs: 0 }), 409);
    const held = await stored();
    const q2Answer = held.answers.find((a) => a.question_id === q2);
    assert.deepEqual(
      [q2Answer?.version, JSON.parse(q2Answer?.response ?? '{}')],
      [1, { truth: true }],
    );
    assert.equal(held.refused.length, 1);

    // The teacher reads the review: late with how late, and the refused one with its reason.
    teacher.cookies.set('lang', 'kg');
    const review = await ok<TestingReviewResponse>(teacher, `${T}/review.json`, {
      attemptId: attempt.attemptId,
    });
    const lateMs = review.items.find((i) => i.questionId === q1)?.lateMs ?? 0;
    assert.ok(lateMs >= 2 * MINUTE && lateMs < 3 * MINUTE, `late by ${lateMs}`);
    assert.equal(review.items.find((i) => i.questionId === q2)?.lateMs, undefined);
    assert.equal(review.refused?.length, 1);
    const [listed] = review.refused ?? [];
    assert.equal(listed?.questionId, q2);
    assert.equal(listed?.reason, TESTING_MESSAGES.lateAnswer.kg);
    assert.deepEqual(listed?.response, { truth: false });
    assert.ok((listed?.lateMs ?? 0) >= 11 * MINUTE);
    // Not scored: q1 now wrong (false), q2 and q3 right.
    const closed = await ok<AttemptView>(student, `${S}/attempt.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(closed.result?.score, 2);
    // No refused answer reaches the student's view.
    assert.ok(!('refused' in closed));
  });

  test('past the deadline an answer without the chain is refused with a 400', async () => {
    const [q3] = questions().slice(2) as [number];
    const now = Date.now();
    await setAttempt({
      deadline_at: now - MINUTE,
      submitted_at: now - MINUTE,
      last_contact_at: now - 5 * MINUTE,
    });
    const missing = await send(
      student,
      {
        attemptId: attempt.attemptId,
        questionId: q3,
        version: 5,
        response: { truth: false },
        contactAt: now - 5 * MINUTE,
        sinceContactMs: MINUTE,
      },
      400,
      'en',
    );
    assert.equal(missing.error, TESTING_MESSAGES.chainMissing.en);
    const held = await stored();
    assert.equal(held.answers.find((a) => a.question_id === q3)?.version, 1);
  });
});
