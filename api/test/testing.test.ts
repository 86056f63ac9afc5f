// Testing over HTTP (both databases): the teacher's bank and test, a student's attempt with
// the server's deadline, two tabs, the key absent from every student answer, and who may call
// what (another teacher's bank, another group's test, no session, the wrong role).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  AttemptView,
  BankResponse,
  OpenTest,
  TeacherTest,
  TestingAnswerResponse,
  TestingReviewResponse,
  TestingTeachingResponse,
  TestingResultRow,
} from '@lms/shared/contract';
import { TESTING_MESSAGES } from '../src/areas/testing/messages.js';
import { TESTING_SEED } from '../src/db/seed/testing.js';
import { MESSAGES } from '../src/lib/messages.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

const T = '/lms/api/testing/teacher';
const S = '/lms/api/testing/student';

describe('testing', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let colleague: Client;
  let outsider: Client;
  let disciplineId: number;
  let groupId: number;

  /** Signs in a seeded user with a password set here. */
  async function loginAs(where: { role: 1 | 2; not: string; studentGroupNot?: number }) {
    const { hashPassword } = await import('../src/areas/auth/password.js');
    let query = t.app.db.kysely
      .selectFrom('users as u')
      .select('u.login')
      .where('u.role', '=', where.role)
      .where('u.login', '<>', where.not)
      .orderBy('u.id');
    if (where.studentGroupNot !== undefined) {
      query = query
        .innerJoin('students as s', 's.id', 'u.student_id')
        .where('s.group_id', '<>', where.studentGroupNot);
    }
    const { login } = await query.executeTakeFirstOrThrow();
    await t.app.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword('Other123'), must_change_credentials: 0 })
      .where('login', '=', login)
      .execute();
    return t.login({ login, password: 'Other123' });
  }

  const data = async <T>(client: Client, path: string, body: unknown, status = 200) => {
    const response = await client.post(path, body);
    assert.equal(response.statusCode, status, `${path}: ${response.body}`);
    return envelope<T>(response);
  };
  const ok = async <T>(client: Client, path: string, body: unknown) =>
    (await data<T>(client, path, body)).data as T;

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    colleague = await loginAs({ role: 1, not: DEMO.teacher.login });
    const placement = await t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('s.group_id')
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    groupId = placement.group_id;
    outsider = await loginAs({ role: 2, not: DEMO.student.login, studentGroupNot: groupId });
    const teaching = await ok<TestingTeachingResponse>(teacher, `${T}/teaching.json`, {});
    const entry = teaching.find((d) => d.groups.some((g) => g.groupId === groupId));
    assert.ok(entry, 'the demo teacher teaches the demo student’s group');
    disciplineId = entry.disciplineId;
  });
  after(() => t.close());

  test('the seeded test is open to the demo student, and its key never reaches them', async () => {
    const open = await ok<OpenTest[]>(student, `${S}/open.json`, {});
    const seeded = open.find((o) => o.title === TESTING_SEED.test);
    assert.ok(seeded);
    assert.equal(seeded.attemptsUsed, 0);
    const startResponse = await student.post(`${S}/start.json`, { testId: seeded.testId });
    assert.equal(startResponse.statusCode, 200);
    const attempt = envelope<AttemptView>(startResponse).data as AttemptView;
    assert.equal(attempt.questions.length, TESTING_SEED.questions.length + 1);
    // The deadline is the server's: the limit from the server's clock at the start.
    assert.equal(attempt.deadline - attempt.startedAt, 30 * 60_000);
    assert.ok(Math.abs(attempt.serverNow - Date.now()) < 10_000);
    // No key words in any answer a student gets: not "correct", not the variants, not the value.
    const bodies = [startResponse.body];
    for (const question of attempt.questions) {
      const response = await student.post(`${S}/answer.json`, {
        attemptId: attempt.attemptId,
        questionId: question.questionId,
        version: 1,
        response: { text: 'x' },
      });
      bodies.push(response.body);
    }
    bodies.push((await student.post(`${S}/attempt.json`, { attemptId: attempt.attemptId })).body);
    bodies.push((await student.post(`${S}/open.json`, {})).body);
    for (const body of bodies) {
      for (const secret of [
        'correct',
        'Иссык-Куль',
        'Issyk-Kul',
        '3.14',
        'tolerance',
        'truth',
        'variants',
        'answer_key',
        '"match"',
      ]) {
        assert.ok(!body.includes(secret), `${secret} in ${body.slice(0, 200)}`);
      }
    }
    // The options of a matching question: the right-hand choices are there, their pairing is not.
    const matching = attempt.questions.find((q) => q.kind === 'matching');
    assert.ok(matching && matching.choices.length === 3);
    const submitted = await ok<AttemptView>(student, `${S}/submit.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(submitted.submitted, true);
    assert.ok(submitted.result);
    assert.equal(submitted.result.pending, 1, 'the essay waits for the teacher');
  });

  test('a teacher builds a bank and a test, a student takes it, the teacher grades the essay', async () => {
    const topic = await ok<{ id: number }>(teacher, `${T}/topic-save.json`, {
      disciplineId,
      title: 'Алгебра',
    });
    const refusedQuestion = await data(
      teacher,
      `${T}/question-save.json`,
      {
        topicId: topic.id,
        kind: 'single',
        text: 'Q',
        points: 1,
        options: [{ text: 'a' }, { text: 'b' }],
      },
      400,
    );
    assert.equal(refusedQuestion.error, TESTING_MESSAGES.noCorrectOption.ru);
    await ok(teacher, `${T}/question-save.json`, {
      topicId: topic.id,
      kind: 'truefalse',
      text: '1 < 2',
      points: 1,
      truth: true,
    });
    await ok(teacher, `${T}/question-save.json`, {
      topicId: topic.id,
      kind: 'essay',
      text: 'Почему?',
      points: 2,
    });
    const bank = await ok<BankResponse>(teacher, `${T}/bank.json`, { disciplineId });
    assert.equal(bank.topics.find((x) => x.id === topic.id)?.questions.length, 2);
    const tooMany = await data(
      teacher,
      `${T}/test-save.json`,
      {
        disciplineId,
        title: 'Контрольная',
        timeLimitMinutes: 10,
        attemptsAllowed: 1,
        grading: 'last',
        passMark: 50,
        draws: [{ topicId: topic.id, count: 3 }],
      },
      400,
    );
    assert.equal(tooMany.error, TESTING_MESSAGES.notEnoughQuestions.ru);
    const made = await ok<TeacherTest>(teacher, `${T}/test-save.json`, {
      disciplineId,
      title: 'Контрольная',
      timeLimitMinutes: 10,
      attemptsAllowed: 1,
      grading: 'last',
      passMark: 50,
      draws: [{ topicId: topic.id, count: 2 }],
    });
    // Not open yet: the student cannot start it.
    const early = await data(student, `${S}/start.json`, { testId: made.id }, 403);
    assert.equal(early.error, MESSAGES.forbidden.ru);
    const now = Date.now();
    const backwards = await data(
      teacher,
      `${T}/window-save.json`,
      {
        testId: made.id,
        groupId,
        opensAt: now,
        closesAt: now - 1,
      },
      400,
    );
    assert.equal(backwards.error, TESTING_MESSAGES.windowOrder.ru);
    await ok(teacher, `${T}/window-save.json`, {
      testId: made.id,
      groupId,
      opensAt: now - 60_000,
      closesAt: now + 3_600_000,
    });
    const me = await t.app.db.kysely
      .selectFrom('users')
      .select('student_id')
      .where('login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    await ok(teacher, `${T}/extra-time.json`, {
      testId: made.id,
      studentId: me.student_id,
      minutes: 5,
    });
    const attempt = await ok<AttemptView>(student, `${S}/start.json`, { testId: made.id });
    assert.equal(attempt.deadline - attempt.startedAt, 15 * 60_000, 'ten minutes and five extra');
    // A second tab: the same attempt, never a second one (the unique index holds it).
    const again = await ok<AttemptView>(student, `${S}/start.json`, { testId: made.id });
    assert.equal(again.attemptId, attempt.attemptId);
    const tf = attempt.questions.find((q) => q.kind === 'truefalse');
    const essay = attempt.questions.find((q) => q.kind === 'essay');
    assert.ok(tf && essay);
    const save = (version: number, truth: boolean) =>
      ok<TestingAnswerResponse>(student, `${S}/answer.json`, {
        attemptId: attempt.attemptId,
        questionId: tf.questionId,
        version,
        response: { truth },
      });
    assert.equal((await save(2, true)).applied, true);
    // The other tab's older write does not replace the newer one.
    const stale = await save(1, false);
    assert.deepEqual([stale.applied, stale.version, stale.response.truth], [false, 2, true]);
    await ok(student, `${S}/answer.json`, {
      attemptId: attempt.attemptId,
      questionId: essay.questionId,
      version: 1,
      response: { text: 'Потому что.' },
    });
    // Someone else's attempt is refused like a missing one.
    const foreign = await data(
      outsider,
      `${S}/attempt.json`,
      { attemptId: attempt.attemptId },
      403,
    );
    assert.equal(foreign.error, MESSAGES.forbidden.ru);
    // Another group's student cannot start it.
    await data(outsider, `${S}/start.json`, { testId: made.id }, 403);
    const done = await ok<AttemptView>(student, `${S}/submit.json`, {
      attemptId: attempt.attemptId,
    });
    assert.deepEqual(done.result, {
      score: 1,
      maxScore: 3,
      percent: 33.3,
      passed: false,
      pending: 1,
    });
    // After the submit no write is taken, and no second attempt.
    const late = await data(
      student,
      `${S}/answer.json`,
      {
        attemptId: attempt.attemptId,
        questionId: tf.questionId,
        version: 5,
        response: { truth: false },
      },
      409,
    );
    assert.equal(late.error, TESTING_MESSAGES.submitted.ru);
    const noMore = await data(student, `${S}/start.json`, { testId: made.id }, 403);
    assert.equal(noMore.error, TESTING_MESSAGES.noAttemptsLeft.ru);
    // The teacher sees the result and grades the essay.
    const results = await ok<TestingResultRow[]>(teacher, `${T}/results.json`, { testId: made.id });
    assert.equal(results.length, 1);
    const review = await ok<TestingReviewResponse>(teacher, `${T}/review.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(review.items.find((i) => i.kind === 'truefalse')?.key, 'true');
    const over = await data(
      teacher,
      `${T}/grade.json`,
      {
        attemptId: attempt.attemptId,
        questionId: essay.questionId,
        points: 3,
      },
      400,
    );
    assert.equal(over.error, TESTING_MESSAGES.tooManyPoints.ru);
    await ok(teacher, `${T}/grade.json`, {
      attemptId: attempt.attemptId,
      questionId: essay.questionId,
      points: 2,
    });
    const open = await ok<OpenTest[]>(student, `${S}/open.json`, {});
    assert.deepEqual(open.find((o) => o.testId === made.id)?.result, {
      score: 3,
      maxScore: 3,
      percent: 100,
      passed: true,
      pending: 0,
    });
    // Another teacher may not read, grade or extend it.
    for (const [path, body] of [
      ['results.json', { testId: made.id }],
      ['review.json', { attemptId: attempt.attemptId }],
      ['grade.json', { attemptId: attempt.attemptId, questionId: essay.questionId, points: 0 }],
      ['window-save.json', { testId: made.id, groupId, opensAt: now, closesAt: now + 1 }],
      ['question-save.json', { topicId: topic.id, kind: 'essay', text: 'x', points: 1 }],
    ] as const) {
      const refused = await data(colleague, `${T}/${path}`, body, 403);
      assert.equal(refused.error, MESSAGES.forbidden.ru, path);
    }
  });

  test('the server’s clock closes an attempt at its deadline and refuses a late answer', async () => {
    const open = await ok<OpenTest[]>(student, `${S}/open.json`, {});
    const seeded = open.find((o) => o.title === TESTING_SEED.test);
    assert.ok(seeded && seeded.attemptsUsed === 1);
    const attempt = await ok<AttemptView>(student, `${S}/start.json`, { testId: seeded.testId });
    assert.equal(attempt.number, 2);
    // The deadline passes (moved back in the database, as the clock would move forward).
    await t.app.db.kysely
      .updateTable('testing_attempts')
      .set({ deadline_at: Date.now() - 1 })
      .where('id', '=', attempt.attemptId)
      .execute();
    const late = await data(
      student,
      `${S}/answer.json`,
      {
        attemptId: attempt.attemptId,
        questionId: attempt.questions[0]?.questionId,
        version: 1,
        response: { text: 'late' },
      },
      409,
    );
    assert.equal(late.error, TESTING_MESSAGES.timeIsUp.ru);
    const closed = await ok<AttemptView>(student, `${S}/attempt.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(closed.submitted, true);
    assert.equal(closed.answers.length, 0);
  });

  test('another teacher’s bank and a discipline not taught are refused; roles and sessions', async () => {
    // A colleague who teaches the discipline too sees their own bank (not the demo teacher's);
    // one who does not is refused.
    const teaches = await ok<TestingTeachingResponse>(colleague, `${T}/teaching.json`, {});
    const shared = teaches.some((d) => d.disciplineId === disciplineId);
    const bank = await data<BankResponse>(
      colleague,
      `${T}/bank.json`,
      { disciplineId },
      shared ? 200 : 403,
    );
    if (shared) assert.ok(!bank.data?.topics.some((topic) => topic.title === 'Алгебра'));
    else assert.equal(bank.error, MESSAGES.forbidden.ru);
    const notTaught = await t.app.db.kysely
      .selectFrom('disciplines')
      .select('id')
      .where('id', 'not in', teaches.map((d) => d.disciplineId).concat([0]))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const refusedBank = await data(
      colleague,
      `${T}/bank.json`,
      { disciplineId: notTaught.id },
      403,
    );
    assert.equal(refusedBank.error, MESSAGES.forbidden.ru);
    const colleagueTopic = await t.app.db.kysely
      .selectFrom('testing_topics')
      .select('id')
      .where('title', '=', TESTING_SEED.topic)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const foreign = await data(
      teacher,
      `${T}/question-save.json`,
      {
        topicId: colleagueTopic.id,
        kind: 'essay',
        text: 'x',
        points: 1,
      },
      403,
    );
    assert.equal(foreign.error, MESSAGES.forbidden.ru);
    const wrongRole = await data(student, `${T}/bank.json`, { disciplineId }, 403);
    assert.equal(wrongRole.error, MESSAGES.teachersOnly.ru);
    const teacherAsStudent = await data(teacher, `${S}/open.json`, {}, 403);
    assert.equal(teacherAsStudent.error, MESSAGES.studentsOnly.ru);
    const anonymous = await t.client().prime();
    for (const path of [`${T}/bank.json`, `${S}/open.json`, `${S}/answer.json`]) {
      assert.equal((await anonymous.post(path, {})).statusCode, 401, path);
    }
    const english = await t.login(DEMO.teacher);
    english.cookies.set('lang', 'en');
    const blank = await data(english, `${T}/topic-save.json`, { disciplineId, title: '  ' }, 400);
    assert.equal(blank.error, TESTING_MESSAGES.blankText.en);
    const count = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('testing_questions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const body of [
      {},
      { topicId: 1, kind: 'nope', text: 'x', points: 1 },
      { topicId: 1, kind: 'essay', text: 'x', points: 0 },
    ]) {
      const response = await english.post(`${T}/question-save.json`, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.match(envelope(response).error ?? '', /^Invalid request: body/);
    }
    assert.equal(await count(), before);
  });
});
