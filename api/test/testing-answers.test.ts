// A device's waiting answers in one request (student/answers.json), on both databases: taken in
// the list's order by the single route's rules (the chain, the versions, the offline bounds);
// the first refused ends the list, told as answer.json tells it, those before it stay; a bad
// list is a 400 in the caller's language with nothing written; another student's attempt and
// another role are refused; no key in the answer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  TESTING_ANSWERS_MAX,
  type AttemptView,
  type TeacherTest,
  type TestingAnswerResponse,
  type TestingAnswersResponse,
  type TestingTeachingResponse,
} from '@lms/shared/contract';
import type { KyselyPlugin } from 'kysely';
import { createAdmission } from '../src/areas/testing/admission.js';
import { DEFAULT_ADMISSION } from '../src/areas/testing/admission-rules.js';
import { createAttemptService } from '../src/areas/testing/attempt-service.js';
import { TESTING_MESSAGES } from '../src/areas/testing/messages.js';
import { createTestingRepository } from '../src/areas/testing/repository.js';
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
const LAKE = 'Иссык-Куль';

describe('testing: a list of waiting answers in one request', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let attempt: AttemptView;

  const post = async (client: Client, path: string, body: unknown, status: number, lang = 'ru') => {
    client.cookies.set('lang', lang);
    const response = await client.post(`${S}/${path}`, body);
    assert.equal(response.statusCode, status, response.body);
    return response;
  };
  const sendList = async (answers: unknown[], status = 200, lang = 'ru', client = student) => {
    const response = await post(
      client,
      'answers.json',
      { attemptId: attempt.attemptId, answers },
      status,
      lang,
    );
    return { body: response.body, ...envelope<TestingAnswersResponse>(response) };
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
  const counts = async () => {
    const held = await stored();
    return [held.answers.length, held.heads.length, held.refused.length];
  };
  const questions = () => attempt.questions.map((q) => q.questionId) as [number, ...number[]];
  const item = (answer: DeviceAnswer & object, extra: object = {}) => ({
    attemptId: attempt.attemptId,
    ...answer,
    ...extra,
  });
  /** A device's links to the attempt's questions, in order (text answers, version 1). */
  const links = (device: string, texts: string[], at = Date.now()) => {
    const chain = chainDevice(attempt.attemptId, device);
    return texts.map((text, i) =>
      chain.record({
        questionId: questions()[i % questions().length] as number,
        version: 1,
        response: { text },
        recordedAt: at + i,
      }),
    );
  };

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
      title: 'Списком',
    });
    for (const n of [1, 2, 3, 4]) {
      await ok(teacher, `${T}/question-save.json`, {
        topicId: topic.id,
        kind: 'short',
        text: `Озеро ${n}?`,
        points: 1,
        variants: [LAKE],
      });
    }
    const made = await ok<TeacherTest>(teacher, `${T}/test-save.json`, {
      disciplineId: discipline.disciplineId,
      title: 'Списком',
      timeLimitMinutes: 30,
      attemptsAllowed: 1,
      grading: 'best',
      passMark: 50,
      draws: [{ topicId: topic.id, count: 4 }],
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
    assert.equal(attempt.questions.length, 4);
  });
  after(() => t.close());

  test('only the student of the attempt may send the list; nothing is written', async () => {
    const list = links('phone-owner-01', ['a', 'b']).map((link) => item(link));
    const other = await sendList(list, 403, 'ru', await anotherStudent(t));
    assert.equal(other.error, MESSAGES.forbidden.ru);
    const wrongRole = await sendList(list, 403, 'ru', teacher);
    assert.equal(wrongRole.error, MESSAGES.studentsOnly.ru);
    assert.deepEqual(await counts(), [0, 0, 0]);
  });

  test('a bad list is a 400 in the caller language, and nothing of it is written', async () => {
    const list = links('phone-badlist-1', ['a', 'b', 'c']).map((link) => item(link));
    const errors: Record<string, string> = {};
    for (const lang of ['kg', 'ru', 'en'] as const) {
      const empty = await sendList([], 400, lang);
      assert.ok(empty.error && empty.error.length > 0);
      errors[lang] = empty.error;
      const tooLong = Array.from({ length: TESTING_ANSWERS_MAX + 1 }, () => list[0]);
      await sendList(tooLong, 400, lang);
      const elsewhere = [list[0], { ...list[1], attemptId: attempt.attemptId + 1000 }];
      assert.equal(
        (await sendList(elsewhere, 400, lang)).error,
        TESTING_MESSAGES.otherAttempt[lang],
      );
      const undrawn = [list[0], { ...list[1], questionId: 999_999 }];
      assert.equal((await sendList(undrawn, 400, lang)).error, TESTING_MESSAGES.notInAttempt[lang]);
    }
    assert.equal(new Set(Object.values(errors)).size, 3, 'one text per language');
    // One answer of the list malformed (a version 0, a response of the wrong shape).
    await sendList([list[0], { ...list[1], version: 0 }], 400);
    await sendList([list[0], list[1], { ...list[2], response: { text: 7 } }], 400);
    await post(student, 'answers.json', { answers: [list[0]] }, 400);
    assert.deepEqual(await counts(), [0, 0, 0]);
  });

  test('a chain in one request is taken in its order, and no key comes back', async () => {
    const list = links('phone-inorder-1', ['один', 'два', 'три', 'четыре']);
    const sent = await sendList(list.map((link) => item(link)));
    const data = sent.data as TestingAnswersResponse;
    assert.deepEqual(
      data.results.map((r) => [r.questionId, r.status, r.answer?.applied, r.answer?.response]),
      list.map((link) => [link.questionId, 200, true, link.response]),
    );
    assert.ok(Math.abs(data.serverNow - Date.now()) < 10_000);
    for (const secret of [LAKE, 'variants', 'answer_key', 'correct', 'key']) {
      assert.ok(!sent.body.includes(secret), `${secret} in ${sent.body.slice(0, 200)}`);
    }
    const held = await stored();
    assert.deepEqual(
      held.heads.map((h) => [h.device, Number(h.seq), h.head]),
      [['phone-inorder-1', 4, list[3]?.chain.digest]],
    );
    assert.deepEqual(
      questions().map((q) => held.answers.find((a) => a.question_id === q)?.response),
      list.map((link) => JSON.stringify(link.response)),
    );
    // The same list again (its answer was lost on the way): each answered from what is stored.
    const again = (await sendList(list.map((link) => item(link)))).data as TestingAnswersResponse;
    assert.deepEqual(
      again.results.map((r) => [r.status, r.answer?.applied]),
      list.map(() => [200, false]),
    );
    // Sent again with the first answer changed under its own link: never written.
    const [first, ...rest] = list as [(typeof list)[number], ...typeof list];
    const changed = { ...first, version: 9, response: { text: 'подмена' } };
    const forged = (await sendList([changed, ...rest].map((link) => item(link)))).data;
    assert.deepEqual(
      forged?.results.map((r) => [r.status, r.error]),
      [[409, TESTING_MESSAGES.chainOrder.ru]],
    );
    const kept = (await stored()).answers.find((a) => a.question_id === first.questionId);
    assert.deepEqual([kept?.version, kept?.response], [1, JSON.stringify(first.response)]);
  });

  test('a re-ordered or forged chain is refused as answer.json refuses it: those before stay, those after are not tried', async () => {
    const [one, two, three] = links('phone-reorder-1', ['x1', 'x2', 'x3']);
    assert.ok(one && two && three);
    // What the single route says of the third link sent after the first.
    const before = await counts();
    const reordered = await sendList([item(one), item(three), item(two)], 200, 'kg');
    const results = (reordered.data as TestingAnswersResponse).results;
    assert.equal(results.length, 2, 'the list stops at the refused one');
    assert.deepEqual(
      results.map((r) => [r.questionId, r.status, r.error ?? null]),
      [
        [one.questionId, 200, null],
        [three.questionId, 409, TESTING_MESSAGES.chainOrder.kg],
      ],
    );
    const single = envelope<TestingAnswerResponse>(
      await post(student, 'answer.json', item(three), 409, 'kg'),
    );
    assert.equal(single.error, results[1]?.error);
    let held = await stored();
    assert.deepEqual(
      held.heads.filter((h) => h.device === 'phone-reorder-1').map((h) => Number(h.seq)),
      [1],
    );
    assert.equal(held.refused.length, before[2], 'a misplaced link is not kept as refused');
    // A forged digest in the middle: 400, chainForged, as the single route says.
    const forged = { ...two.chain, digest: 'b'.repeat(64) };
    const refused = await sendList([item(two, { chain: forged }), item(three)], 200, 'en');
    assert.deepEqual(
      (refused.data as TestingAnswersResponse).results.map((r) => [r.status, r.error]),
      [[400, TESTING_MESSAGES.chainForged.en]],
    );
    const singleForged = envelope(
      await post(student, 'answer.json', item(two, { chain: forged }), 400, 'en'),
    );
    assert.equal(singleForged.error, TESTING_MESSAGES.chainForged.en);
    // The rest of the chain, sent again in order, is taken.
    const rest = (await sendList([item(two), item(three)])).data as TestingAnswersResponse;
    assert.deepEqual(
      rest.results.map((r) => r.status),
      [200, 200],
    );
    held = await stored();
    assert.deepEqual(
      held.heads.filter((h) => h.device === 'phone-reorder-1').map((h) => Number(h.seq)),
      [3],
    );
  });

  test('two tabs: an older version in a list never overwrites a newer one', async () => {
    const q = questions()[0];
    // The other tab saved version 7.
    const newer = await post(
      student,
      'answer.json',
      {
        attemptId: attempt.attemptId,
        questionId: q,
        version: 7,
        response: { text: 'новее' },
      },
      200,
    );
    assert.equal(envelope<TestingAnswerResponse>(newer).data?.applied, true);
    const list = [
      { attemptId: attempt.attemptId, questionId: q, version: 5, response: { text: 'старее' } },
      { attemptId: attempt.attemptId, questionId: q, version: 8, response: { text: 'ещё новее' } },
      { attemptId: attempt.attemptId, questionId: q, version: 6, response: { text: 'опоздал' } },
    ];
    const data = (await sendList(list)).data as TestingAnswersResponse;
    assert.deepEqual(
      data.results.map((r) => [r.status, r.answer?.applied, r.answer?.version, r.answer?.response]),
      [
        [200, false, 7, { text: 'новее' }],
        [200, true, 8, { text: 'ещё новее' }],
        [200, false, 8, { text: 'ещё новее' }],
      ],
    );
    const held = (await stored()).answers.find((a) => a.question_id === q);
    assert.deepEqual([held?.version, held?.response], [8, JSON.stringify({ text: 'ещё новее' })]);
  });

  test('one question answered twice in a list: both are taken in order, the later is stored', async () => {
    const q = questions()[1];
    const list = [
      { attemptId: attempt.attemptId, questionId: q, version: 11, response: { text: 'первый' } },
      { attemptId: attempt.attemptId, questionId: q, version: 12, response: { text: 'второй' } },
    ];
    const data = (await sendList(list)).data as TestingAnswersResponse;
    assert.deepEqual(
      data.results.map((r) => [r.status, r.answer?.applied, r.answer?.version]),
      [
        [200, true, 11],
        [200, true, 12],
      ],
    );
    const held = (await stored()).answers.filter((a) => a.question_id === q);
    assert.deepEqual(
      held.map((a) => [a.version, a.response]),
      [[12, JSON.stringify({ text: 'второй' })]],
    );
  });

  // A list decided at once (attempt-list.ts) that another request overtakes between its reads
  // and its writes (another tab's newer version of one of its questions) is undone whole and
  // goes one answer after the other: the newer version stays, the rest of the list is taken.
  // SQLite has one connection: nothing can write while a list's transaction is open.
  test(
    'a list overtaken by another tab is undone and taken one answer after the other',
    {
      skip: process.env.DATABASE_URL
        ? false
        : 'SQLite: one connection, nothing writes beside a list',
    },
    async (context) => {
      const [q1, q2, q3] = questions() as [number, number, number];
      const plain = t.app.db.kysely;
      // The tests after this one find the attempt's answers as they were.
      const earlier = (await stored()).answers;
      context.after(async () => {
        await plain
          .deleteFrom('testing_answers')
          .where('attempt_id', '=', attempt.attemptId)
          .execute();
        if (earlier.length > 0) await plain.insertInto('testing_answers').values(earlier).execute();
      });
      const raced = { done: false };
      // After the list's transaction read the stored answers, the other tab's version 90 of q2
      // commits on another connection.
      const answerReads = new WeakSet<object>();
      const racer: KyselyPlugin = {
        transformQuery: ({ node, queryId }) => {
          const table = JSON.stringify(node).includes('"testing_answers"');
          if (node.kind === 'SelectQueryNode' && table) answerReads.add(queryId);
          return node;
        },
        async transformResult({ result, queryId }) {
          if (!raced.done && answerReads.has(queryId)) {
            raced.done = true;
            await plain
              .insertInto('testing_answers')
              .values({
                attempt_id: attempt.attemptId,
                question_id: q2,
                response: JSON.stringify({ text: 'другая вкладка' }),
                version: 90,
                saved_at: Date.now(),
                late_ms: null,
              })
              .onConflict((c) =>
                c.columns(['attempt_id', 'question_id']).doUpdateSet({
                  response: JSON.stringify({ text: 'другая вкладка' }),
                  version: 90,
                }),
              )
              .execute();
          }
          return result;
        },
      };
      const db = plain.withPlugin(racer);
      const access = t.app.repos.access;
      const admission = createAdmission(db, createTestingRepository(db, access), DEFAULT_ADMISSION);
      const service = createAttemptService(db, access, admission);
      const list = [q1, q2, q3].map((questionId, i) => ({
        attemptId: attempt.attemptId,
        questionId,
        version: 80 + i,
        response: { text: `список ${i}` },
      }));
      const studentId = await t.app.db.kysely
        .selectFrom('testing_attempts')
        .select('student_id')
        .where('id', '=', attempt.attemptId)
        .executeTakeFirstOrThrow();
      const { results } = await service.answers(
        studentId.student_id,
        { attemptId: attempt.attemptId, answers: list },
        Date.now(),
        'ru',
      );
      assert.ok(raced.done, 'the other tab wrote while the list was open');
      assert.deepEqual(
        results.map((r) => [r.status, r.answer?.applied, r.answer?.version]),
        [
          [200, true, 80],
          [200, false, 90],
          [200, true, 82],
        ],
      );
      const held = new Map((await stored()).answers.map((a) => [a.question_id, a.version]));
      assert.deepEqual([held.get(q1), held.get(q2), held.get(q3)], [80, 90, 82]);
    },
  );

  test('offline: an answer given before the deadline is taken late; one given after it is refused and kept for the teacher, and the list stops there', async () => {
    const [q1, q2, q3] = questions() as [number, number, number];
    const now = Date.now();
    const contactAt = now - 12 * MINUTE;
    const deadline = now - 2 * MINUTE;
    await setAttempt({
      started_at: now - 20 * MINUTE,
      last_contact_at: contactAt,
      deadline_at: deadline,
    });
    const phone = chainDevice(attempt.attemptId, 'phone-offline-3');
    const record = (questionId: number, text: string, afterContact: number) => ({
      link: phone.record({
        questionId,
        version: 20,
        response: { text },
        recordedAt: contactAt + afterContact,
      }),
      offline: { contactAt, sinceContactMs: afterContact },
    });
    const given = record(q1, 'до срока', 5 * MINUTE);
    const tooLate = record(q2, 'после срока', 11 * MINUTE);
    const next = record(q3, 'тоже до срока', 6 * MINUTE);
    const list = [given, tooLate, next].map((a) => item(a.link, a.offline));
    const data = (await sendList(list, 200, 'en')).data as TestingAnswersResponse;
    assert.deepEqual(
      data.results.map((r) => [r.questionId, r.status, r.answer?.applied ?? null, r.error ?? null]),
      [
        [q1, 200, true, null],
        [q2, 409, null, TESTING_MESSAGES.lateAnswer.en],
      ],
    );
    let held = await stored();
    const late = held.answers.find((a) => a.question_id === q1);
    assert.equal(late?.version, 20);
    const lateMs = Number(late?.late_ms);
    assert.ok(lateMs >= 2 * MINUTE && lateMs < 3 * MINUTE, `late by ${lateMs}`);
    assert.deepEqual(
      held.refused.map((r) => [r.question_id, r.reason, Number(r.seq)]),
      [[q2, 'lateAnswer', 2]],
    );
    assert.notEqual(held.answers.find((a) => a.question_id === q3)?.version, 20, 'not tried');
    // The device sends the rest: the chain moved past the refused one, so the next is taken.
    const rest = (await sendList([list[2]])).data as TestingAnswersResponse;
    assert.deepEqual(
      rest.results.map((r) => [r.status, r.answer?.applied]),
      [[200, true]],
    );
    held = await stored();
    assert.equal(held.answers.find((a) => a.question_id === q3)?.version, 20);
    // The attempt was closed at its deadline by the list, and scored with the late answers.
    const closed = await ok<AttemptView>(student, `${S}/attempt.json`, {
      attemptId: attempt.attemptId,
    });
    assert.equal(closed.submitted, true);
    assert.equal(closed.deadline, deadline);
  });

  test('past the grace nothing of a list is taken', async () => {
    const [q4] = questions().slice(3) as [number];
    const now = Date.now();
    await setAttempt({ deadline_at: now - 11 * MINUTE, submitted_at: now - 11 * MINUTE });
    const late = {
      attemptId: attempt.attemptId,
      questionId: q4,
      version: 30,
      response: { text: 'поздно' },
    };
    const data = (await sendList([late], 200, 'en')).data as TestingAnswersResponse;
    assert.deepEqual(
      data.results.map((r) => [r.status, r.error]),
      [[409, TESTING_MESSAGES.timeIsUp.en]],
    );
    assert.notEqual((await stored()).answers.find((a) => a.question_id === q4)?.version, 30);
  });
});
