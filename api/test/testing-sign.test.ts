// The student's passkey signs the head of their phone's hash chain at submission (both
// databases): the options name the head the server holds; an assertion over a head the attempt
// no longer holds, by an unregistered authenticator, or for another student's attempt is
// refused and nothing is submitted; a sound one is kept and the teacher sees the submission
// signed. Without a passkey the options are null and the submission goes unsigned.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  AttemptView,
  PasskeyRequestOptions,
  TeacherTest,
  TestingReviewResponse,
  TestingTeachingResponse,
} from '@lms/shared/contract';
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
import { ORIGIN, registerPhone } from './qr-helper.js';
import { SoftAuthenticator } from './soft-authenticator.js';
import { chainDevice } from './testing-chain-device.js';

const T = '/lms/api/testing/teacher';
const S = '/lms/api/testing/student';
const MINUTE = 60_000;
const DEVICE = 'phone-signing-1';

describe('testing: the passkey signs the chain head at submission', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let attempt: AttemptView;

  const post = async <R>(client: Client, path: string, body: unknown, status = 200) => {
    const response = await client.post(path, body);
    assert.equal(response.statusCode, status, `${path}: ${response.body}`);
    return envelope<R>(response);
  };
  const attemptRow = () =>
    t.app.db.kysely
      .selectFrom('testing_attempts')
      .selectAll()
      .where('id', '=', attempt.attemptId)
      .executeTakeFirstOrThrow();

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
    const teaching = (await post<TestingTeachingResponse>(teacher, `${T}/teaching.json`, {})).data!;
    const discipline = teaching.find((d) => d.groups.some((g) => g.groupId === groupId));
    assert.ok(discipline);
    const topic = (
      await post<{ id: number }>(teacher, `${T}/topic-save.json`, {
        disciplineId: discipline.disciplineId,
        title: 'Подпись',
      })
    ).data!;
    for (const text of ['Один', 'Два']) {
      await post(teacher, `${T}/question-save.json`, {
        topicId: topic.id,
        kind: 'truefalse',
        text: `${text}: верно?`,
        points: 1,
        truth: true,
      });
    }
    const made = (
      await post<TeacherTest>(teacher, `${T}/test-save.json`, {
        disciplineId: discipline.disciplineId,
        title: 'Подпись',
        timeLimitMinutes: 30,
        attemptsAllowed: 1,
        grading: 'best',
        passMark: 50,
        draws: [{ topicId: topic.id, count: 2 }],
      })
    ).data!;
    const now = Date.now();
    await post(teacher, `${T}/window-save.json`, {
      testId: made.id,
      groupId,
      opensAt: now - MINUTE,
      closesAt: now + 24 * 60 * MINUTE,
    });
    attempt = (await post<AttemptView>(student, `${S}/start.json`, { testId: made.id })).data!;
  });
  after(() => t.close());

  test('without a passkey there is nothing to sign; the options are the student’s own', async () => {
    const none = await post<PasskeyRequestOptions | null>(student, `${S}/sign-options.json`, {
      attemptId: attempt.attemptId,
      device: DEVICE,
    });
    assert.equal(none.data, null);
    const body = { attemptId: attempt.attemptId, device: DEVICE };
    const other = await post(await anotherStudent(t), `${S}/sign-options.json`, body, 403);
    assert.equal(other.error, MESSAGES.forbidden.ru);
    const wrongRole = await post(teacher, `${S}/sign-options.json`, body, 403);
    assert.equal(wrongRole.error, MESSAGES.studentsOnly.ru);
  });

  test('a head no longer held, or an unregistered authenticator, is refused and nothing is submitted; the head held is signed', async () => {
    const { phone, registered } = await registerPhone(student, new SoftAuthenticator(ORIGIN));
    assert.equal(registered.statusCode, 200, registered.body);
    const [q1, q2] = attempt.questions.map((q) => q.questionId) as [number, number];
    const device = chainDevice(attempt.attemptId, DEVICE);
    const send = async (questionId: number) => {
      const link = device.record({
        questionId,
        version: 1,
        response: { truth: true },
        recordedAt: Date.now(),
      });
      await post(student, `${S}/answer.json`, { attemptId: attempt.attemptId, ...link });
      return link.chain.digest;
    };
    const options = async () =>
      (
        await post<PasskeyRequestOptions>(student, `${S}/sign-options.json`, {
          attemptId: attempt.attemptId,
          device: DEVICE,
        })
      ).data!;
    // No chain of that device yet: nothing to sign.
    assert.equal(
      (
        await post(student, `${S}/sign-options.json`, {
          attemptId: attempt.attemptId,
          device: DEVICE,
        })
      ).data,
      null,
    );
    await send(q1);
    const early = phone.assert(await options());
    // The phone answers once more: the head it signed is no longer the chain's.
    const head = await send(q2);
    const stale = await post(
      student,
      `${S}/submit.json`,
      { attemptId: attempt.attemptId, passkey: early },
      400,
    );
    assert.equal(stale.error, TESTING_MESSAGES.passkeyMismatch.ru);
    // An authenticator the student never registered.
    const stranger = new SoftAuthenticator(ORIGIN);
    await registerPhone(await anotherStudent(t), stranger);
    const foreign = await post(
      student,
      `${S}/submit.json`,
      { attemptId: attempt.attemptId, passkey: stranger.assert(await options()) },
      400,
    );
    assert.equal(foreign.error, TESTING_MESSAGES.passkeyInvalid.ru);
    let row = await attemptRow();
    assert.deepEqual([row.open, row.signed_head], [1, null], 'nothing submitted, nothing signed');

    // The head held, signed by the student's passkey: submitted and kept.
    const done = (
      await post<AttemptView>(student, `${S}/submit.json`, {
        attemptId: attempt.attemptId,
        passkey: phone.assert(await options()),
      })
    ).data!;
    assert.equal(done.submitted, true);
    row = await attemptRow();
    assert.equal(row.signed_head, head);
    assert.equal(row.sign_credential, phone.credentials[0]?.id.toString('base64url'));
    const review = (
      await post<TestingReviewResponse>(teacher, `${T}/review.json`, {
        attemptId: attempt.attemptId,
      })
    ).data!;
    assert.equal(review.passkeySigned, true);
  });
});
