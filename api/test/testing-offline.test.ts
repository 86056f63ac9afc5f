// Testing through a dropped connection (both databases): an answer given offline before the
// deadline is taken after it within the test's grace, once however often it is sent again, and
// counted in the result; a late one (past the grace, given after the deadline, or naming a
// contact the server never had) is refused. And the student's review with the teacher's
// feedback, as far as the test allows.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  AttemptView,
  TeacherTest,
  TestingAnswerResponse,
  TestingReviewResponse,
  TestingTeachingResponse,
} from '@lms/shared/contract';
import { TESTING_MESSAGES } from '../src/areas/testing/messages.js';
import { chainDevice, setAttempt as setAttemptOf } from './testing-chain-device.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherStudent,
  createTestApp,
  DEMO,
  envelope,
  type Client,
  type TestApp,
} from './helper.js';

const T = '/lms/api/testing/teacher';
const S = '/lms/api/testing/student';
const MINUTE = 60_000;

describe('testing offline', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let attempt: AttemptView;
  let testId: number;
  /** The device's last contact with the server before it went offline. */
  let contactAt = 0;

  const data = async <R>(client: Client, path: string, body: unknown, status = 200) => {
    const response = await client.post(path, body);
    assert.equal(response.statusCode, status, `${path}: ${response.body}`);
    return envelope<R>(response);
  };
  const ok = async <R>(client: Client, path: string, body: unknown) =>
    (await data<R>(client, path, body)).data as R;
  const question = (kind: string) => {
    const found = attempt.questions.find((q) => q.kind === kind);
    assert.ok(found, kind);
    return found;
  };
  /** Moves the attempt's instants (the server's clock moving on, as the database sees it). */
  const setAttempt = (set: Record<string, number | null>) =>
    setAttemptOf(t.app.db.kysely, attempt.attemptId, set);
  const storedAnswers = async (questionId: number) =>
    t.app.db.kysely
      .selectFrom('testing_answers')
      .selectAll()
      .where('attempt_id', '=', attempt.attemptId)
      .where('question_id', '=', questionId)
      .execute();

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
      title: 'Без связи',
    });
    await ok(teacher, `${T}/question-save.json`, {
      topicId: topic.id,
      kind: 'single',
      text: 'Сколько будет 2 + 2?',
      points: 1,
      options: [
        { text: '4', correct: true, feedback: 'Верно: 2 + 2 = 4.' },
        { text: '5', feedback: 'Пересчитайте.' },
      ],
      feedback: 'Сложение — глава 1.',
    });
    await ok(teacher, `${T}/question-save.json`, {
      topicId: topic.id,
      kind: 'truefalse',
      text: 'Бишкек — столица Кыргызстана.',
      points: 1,
      truth: true,
    });
    const made = await ok<TeacherTest>(teacher, `${T}/test-save.json`, {
      disciplineId: discipline.disciplineId,
      title: 'Без связи',
      timeLimitMinutes: 20,
      attemptsAllowed: 1,
      grading: 'best',
      passMark: 50,
      draws: [{ topicId: topic.id, count: 2 }],
      offlineGraceMinutes: 10,
      reviewAfterAttempt: 'feedback',
    });
    assert.deepEqual(
      [made.offlineGraceMinutes, made.reviewAfterAttempt, made.reviewAfterClose],
      [10, 'feedback', 'score'],
    );
    testId = made.id;
    const now = Date.now();
    await ok(teacher, `${T}/window-save.json`, {
      testId,
      groupId,
      opensAt: now - MINUTE,
      closesAt: now + 24 * 60 * MINUTE,
    });
    attempt = await ok<AttemptView>(student, `${S}/start.json`, { testId });
    assert.equal(attempt.review, undefined, 'no review of an open attempt');
  });
  after(() => t.close());

  test('only the student of the attempt may send an answer to it', async () => {
    const body = {
      attemptId: attempt.attemptId,
      questionId: question('truefalse').questionId,
      version: 1,
      response: { truth: true },
      contactAt: attempt.serverNow,
      sinceContactMs: 0,
    };
    const other = await data(await anotherStudent(t), `${S}/answer.json`, body, 403);
    assert.equal(other.error, MESSAGES.forbidden.ru);
    const wrongRole = await data(teacher, `${S}/answer.json`, body, 403);
    assert.equal(wrongRole.error, MESSAGES.studentsOnly.ru);
    const anonymous = await t.client().prime();
    assert.equal((await anonymous.post(`${S}/answer.json`, body)).statusCode, 401);
    assert.equal((await storedAnswers(body.questionId)).length, 0);
  });

  test('an answer given offline reaches the server past the grace: refused, nothing stored', async () => {
    const now = Date.now();
    contactAt = now - 20 * MINUTE;
    await setAttempt({
      started_at: now - 25 * MINUTE,
      last_contact_at: contactAt,
      deadline_at: now - 11 * MINUTE,
    });
    const tf = question('truefalse');
    const late = await data(
      student,
      `${S}/answer.json`,
      {
        attemptId: attempt.attemptId,
        questionId: tf.questionId,
        version: 1,
        response: { truth: true },
        contactAt,
        sinceContactMs: MINUTE,
      },
      409,
    );
    assert.equal(late.error, TESTING_MESSAGES.lateAnswer.ru);
    assert.equal((await storedAnswers(tf.questionId)).length, 0);
  });

  test('within the grace: an answer given before the deadline is taken once and counted; a late one is refused', async () => {
    const now = Date.now();
    const deadline = now - MINUTE;
    // The clock closed the attempt at its deadline, a minute ago.
    await setAttempt({ deadline_at: deadline, submitted_at: deadline });
    const single = question('single');
    const right = single.options.find((o) => o.text === '4');
    assert.ok(right);
    const send = (over: Record<string, unknown>, status = 200) =>
      data<TestingAnswerResponse>(
        student,
        `${S}/answer.json`,
        {
          attemptId: attempt.attemptId,
          questionId: single.questionId,
          version: 1,
          response: { choice: [right.id] },
          ...over,
        },
        status,
      );
    // Without the device's word on when it was given: time is up.
    const silent = await send({}, 409);
    assert.equal(silent.error, TESTING_MESSAGES.timeIsUp.ru);
    // A contact the server never answered (later than its last), one after the deadline, and an
    // answer the device itself counts as given after the deadline: refused.
    for (const over of [
      { contactAt: now - 2 * MINUTE, sinceContactMs: 0 },
      { contactAt: deadline + 1, sinceContactMs: 0 },
      { contactAt, sinceContactMs: deadline - contactAt },
      { contactAt, sinceContactMs: 30 * MINUTE },
      { contactAt: now - 30 * MINUTE, sinceContactMs: 0 },
    ]) {
      const refused = await send(over, 409);
      assert.equal(refused.error, TESTING_MESSAGES.lateAnswer.ru, JSON.stringify(over));
    }
    assert.equal((await storedAnswers(single.questionId)).length, 0);
    // Without the device's chain: not taken after the deadline.
    const unchained = await send({ contactAt, sinceContactMs: 10 * MINUTE }, 400);
    assert.equal(unchained.error, TESTING_MESSAGES.chainMissing.ru);
    // Given offline ten minutes after the last contact, before the deadline: taken.
    const { chain } = chainDevice(attempt.attemptId, 'phone-offline-1').record({
      questionId: single.questionId,
      version: 1,
      response: { choice: [right.id] },
      recordedAt: contactAt + 10 * MINUTE,
    });
    const given = { contactAt, sinceContactMs: 10 * MINUTE, chain };
    const taken = (await send(given)).data as TestingAnswerResponse;
    assert.deepEqual([taken.applied, taken.version], [true, 1]);
    // The outbox sends it again (its answer was lost): stored once, not applied twice.
    const again = (await send(given)).data as TestingAnswerResponse;
    assert.deepEqual([again.applied, again.version, again.response], [false, 1, taken.response]);
    const rows = await storedAnswers(single.questionId);
    assert.equal(rows.length, 1);
    const lateMs = Number(rows[0]?.late_ms);
    assert.ok(lateMs >= MINUTE && lateMs < 2 * MINUTE, `late by ${lateMs}`);
    // The attempt, closed by the clock, counts it; the review shows the teacher's feedback.
    const closed = await ok<AttemptView>(student, `${S}/attempt.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(closed.submitted, true);
    assert.deepEqual(closed.result, {
      score: 1,
      maxScore: 2,
      percent: 50,
      passed: true,
      pending: 0,
    });
    const reviewed = closed.review?.find((item) => item.questionId === single.questionId);
    assert.deepEqual(reviewed, {
      questionId: single.questionId,
      awarded: 1,
      feedback: ['Верно: 2 + 2 = 4.', 'Сложение — глава 1.'],
    });
    // The teacher sees it arrived late, and how late.
    const review = await ok<TestingReviewResponse>(teacher, `${T}/review.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(review.items.find((i) => i.questionId === single.questionId)?.lateMs, lateMs);
    assert.equal(review.items.find((i) => i.kind === 'truefalse')?.lateMs, undefined);
  });

  test('the review shows only what the test allows', async () => {
    const closed = await ok<AttemptView>(student, `${S}/attempt.json`, {
      attemptId: attempt.attemptId,
    });
    assert.ok(closed.review);
    await t.app.db.kysely
      .updateTable('testing_tests')
      .set({ review_after_attempt: 'answers' })
      .where('id', '=', testId)
      .execute();
    const answers = await ok<AttemptView>(student, `${S}/attempt.json`, {
      attemptId: attempt.attemptId,
    });
    assert.ok(answers.review?.every((item) => item.feedback.length === 0));
    assert.ok(!JSON.stringify(answers).includes('Сложение'));
    await t.app.db.kysely
      .updateTable('testing_tests')
      .set({ review_after_attempt: 'score' })
      .where('id', '=', testId)
      .execute();
    const score = await ok<AttemptView>(student, `${S}/attempt.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(score.review, undefined);
    assert.ok(score.result);
  });
});
