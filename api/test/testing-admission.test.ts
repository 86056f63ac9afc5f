// The controlled start and the live monitor over HTTP (both databases): attempts drawn ahead,
// starts admitted at the configured rate in order with each waiting student's place, the timer
// from the admission (extra time kept), 200 presses at once, two API processes sharing one rate,
// and the teacher's monitor with who may read it. The area's clock is set here: no sleeps.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  AttemptView,
  TeacherTest,
  TestingAdmissionWait,
  TestingMonitorResponse,
  TestingStartResponse,
} from '@lms/shared/contract';
import { TESTING_MESSAGES } from '../src/areas/testing/messages.js';
import { TESTING_SEED } from '../src/db/seed/testing.js';
import { MESSAGES } from '../src/lib/messages.js';
import { sessionFor } from './chat-helper.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

const T = '/lms/api/testing/teacher';
const S = '/lms/api/testing/student';
const RATE = 5; // a slot every 200 ms
const OFFLINE_MS = 60_000;
const HOUR = 3_600_000;

describe('testing: controlled start and monitoring', () => {
  let t: TestApp;
  let now = Date.now();
  let teacher: Client;
  let groupId: number;
  let topicId: number;
  let disciplineId: number;
  let seq = 0;

  const post = async <D>(client: Client, path: string, body: unknown, status = 200) => {
    const response = await client.post(path, body);
    assert.equal(response.statusCode, status, `${path}: ${response.body}`);
    return envelope<D>(response);
  };
  const start = async (client: Client, testId: number) =>
    (await post<TestingStartResponse>(client, `${S}/start.json`, { testId })).data!;
  const waits = (answer: TestingStartResponse): answer is TestingAdmissionWait =>
    'waiting' in answer;

  /** A new test of the demo teacher (its own queue), open to the demo group from now. */
  async function newTest(extraGroups: number[] = []): Promise<number> {
    const made = await post<TeacherTest>(teacher, `${T}/test-save.json`, {
      disciplineId,
      title: `Экзамен ${++seq}`,
      timeLimitMinutes: 30,
      attemptsAllowed: 2,
      grading: 'best',
      passMark: 50,
      draws: [{ topicId, count: 3 }],
    });
    const testId = made.data!.id;
    await post(teacher, `${T}/window-save.json`, {
      testId,
      groupId,
      opensAt: now - 60_000,
      closesAt: now + 4 * HOUR,
    });
    for (const other of extraGroups) {
      await t.app.db.kysely
        .insertInto('testing_windows')
        .values({
          test_id: testId,
          group_id: other,
          opens_at: now - 60_000,
          closes_at: now + 4 * HOUR,
        })
        .execute();
    }
    return testId;
  }

  /** Signed-in students of these groups (at most `count`), with their student ids. */
  async function studentsOf(groups: number[], count: number) {
    const rows = await t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select(['u.id as userId', 's.id as studentId'])
      .where('u.role', '=', 2)
      .where('u.must_change_credentials', '=', 0)
      .where('s.group_id', 'in', groups)
      .orderBy('s.id')
      .limit(count)
      .execute();
    return Promise.all(
      rows.map(async (row) => ({ ...row, client: await sessionFor(t, row.userId) })),
    );
  }

  const attemptsOf = (testId: number) =>
    t.app.db.kysely
      .selectFrom('testing_attempts')
      .select(['id', 'student_id', 'started_at', 'drawn'])
      .where('test_id', '=', testId)
      .execute();

  before(async () => {
    t = await createTestApp({
      testing: { startsPerSecond: RATE, offlineAfterMs: OFFLINE_MS, clock: () => now },
    });
    teacher = await t.login(DEMO.teacher);
    const demo = await t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('s.group_id')
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    groupId = demo.group_id;
    const topic = await t.app.db.kysely
      .selectFrom('testing_topics as t')
      .innerJoin('teachers as te', 'te.id', 't.teacher_id')
      .innerJoin('users as u', 'u.teacher_id', 'te.id')
      .select(['t.id', 't.discipline_id'])
      .where('u.login', '=', DEMO.teacher.login)
      .where('t.title', '=', TESTING_SEED.topic)
      .executeTakeFirstOrThrow();
    topicId = topic.id;
    disciplineId = topic.discipline_id;
  });
  after(() => t.close());

  test('attempts are drawn when the test opens to a group; the press starts from that draw', async () => {
    const testId = await newTest();
    const tickets = await t.app.db.kysely
      .selectFrom('testing_admissions')
      .selectAll()
      .where('test_id', '=', testId)
      .execute();
    const group = await t.app.db.kysely
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    assert.equal(tickets.length, Number(group.n), 'one drawn attempt per student of the group');
    assert.ok(tickets.every((x) => x.slot_at === null && JSON.parse(x.drawn).length === 3));
    const student = await t.login(DEMO.student);
    const attempt = (await start(student, testId)) as AttemptView;
    assert.ok(!waits(attempt), 'an empty queue admits at once');
    const mine = await t.app.db.kysely
      .selectFrom('users')
      .select('student_id')
      .where('login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    const drawn = tickets.find((x) => x.student_id === mine.student_id)!;
    assert.deepEqual(
      attempt.questions.map((q) => q.questionId),
      JSON.parse(drawn.drawn).map((d: { q: number }) => d.q),
    );
    const left = await t.app.db.kysely
      .selectFrom('testing_admissions')
      .select('id')
      .where('id', '=', drawn.id)
      .execute();
    assert.equal(left.length, 0, 'the ticket became the attempt');
  });

  test('starts are admitted in order at the rate; places; the timer runs from the admission', async () => {
    const testId = await newTest();
    const [a, b, c, d] = await studentsOf([groupId], 4);
    assert.ok(a && b && c && d, 'the demo group has four students');
    await post(teacher, `${T}/extra-time.json`, { testId, studentId: c.studentId, minutes: 10 });
    const t0 = now;
    const first = await start(a.client, testId);
    assert.ok(!waits(first));
    assert.equal(first.startedAt, t0);
    const second = await start(b.client, testId);
    const third = await start(c.client, testId);
    assert.ok(waits(second) && waits(third));
    assert.deepEqual(
      [second.place, second.admitAt, second.retryAfterMs, second.serverNow],
      [1, t0 + 200, 200, t0],
    );
    assert.deepEqual([third.place, third.admitAt, third.retryAfterMs], [2, t0 + 400, 400]);
    // Asking again keeps the place: no second slot is taken.
    const again = await start(b.client, testId);
    assert.ok(waits(again) && again.place === 1 && again.admitAt === t0 + 200);
    // The monitor: who started, who waits and where, who has not come.
    const seen = (await post<TestingMonitorResponse>(teacher, `${T}/monitor.json`, { testId }))
      .data!;
    const row = (id: number) => seen.rows.find((r) => r.studentId === id)!;
    assert.equal(seen.startsPerSecond, RATE);
    assert.deepEqual([row(a.studentId).state, row(a.studentId).total], ['taking', 3]);
    assert.equal(row(a.studentId).deadline, t0 + 30 * 60_000);
    assert.deepEqual([row(b.studentId).state, row(b.studentId).place], ['waiting', 1]);
    assert.deepEqual([row(c.studentId).state, row(c.studentId).place], ['waiting', 2]);
    assert.deepEqual([row(d.studentId).state, row(d.studentId).online], ['absent', false]);
    assert.ok(row(b.studentId).online && row(a.studentId).online);

    // 250 ms later: B's slot has come, C is next in line.
    now = t0 + 250;
    const thirdLater = await start(c.client, testId);
    assert.ok(waits(thirdLater) && thirdLater.place === 1 && thirdLater.retryAfterMs === 150);
    const admitted = await start(b.client, testId);
    assert.ok(!waits(admitted));
    assert.equal(admitted.startedAt, t0 + 250, 'the timer starts at the admission, not the press');
    assert.equal(admitted.deadline, t0 + 250 + 30 * 60_000);
    now = t0 + 1000;
    const withExtra = await start(c.client, testId);
    assert.ok(!waits(withExtra));
    assert.equal(withExtra.deadline, t0 + 1000 + 40 * 60_000, 'extra time still applies');

    // Progress and connection: A answers one question; heard from, then silent past the threshold.
    const question = (first as AttemptView).questions[0]!;
    await post(a.client, `${S}/answer.json`, {
      attemptId: (first as AttemptView).attemptId,
      questionId: question.questionId,
      version: 1,
      response: { text: 'x' },
    });
    now = t0 + 1000 + OFFLINE_MS;
    const later = (await post<TestingMonitorResponse>(teacher, `${T}/monitor.json`, { testId }))
      .data!;
    const aLater = later.rows.find((r) => r.studentId === a.studentId)!;
    assert.deepEqual([aLater.answered, aLater.total, aLater.lastContactAt], [1, 3, t0 + 1000]);
    assert.equal(aLater.online, false, 'not heard from for the threshold: offline');
    assert.equal(later.rows.find((r) => r.studentId === b.studentId)!.state, 'taking');
    now = t0 + 1000 + OFFLINE_MS + 31 * 60_000;
    const over = (await post<TestingMonitorResponse>(teacher, `${T}/monitor.json`, { testId }))
      .data!;
    assert.equal(over.rows.find((r) => r.studentId === a.studentId)!.state, 'finished');
    now = Date.now();
  });

  test('refusals are 4xx in the caller’s language and take no place in the queue', async () => {
    const testId = await newTest();
    const [one] = await studentsOf([groupId], 1);
    assert.ok(one);
    await t.app.db.kysely
      .updateTable('testing_windows')
      .set({ closes_at: now - 1 })
      .where('test_id', '=', testId)
      .execute();
    for (const lang of ['kg', 'ru', 'en'] as const) {
      one.client.cookies.set('lang', lang);
      const shut: { error: string | null } = await post(
        one.client,
        `${S}/start.json`,
        { testId },
        403,
      );
      assert.equal(shut.error, TESTING_MESSAGES.notOpen[lang]);
    }
    const queued = await t.app.db.kysely
      .selectFrom('testing_admissions')
      .select('id')
      .where('test_id', '=', testId)
      .where('slot_at', 'is not', null)
      .execute();
    assert.equal(queued.length, 0);
    // A student of a group the test is not open to: refused like a missing test.
    const [outsider] = await t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('u.id')
      .where('u.role', '=', 2)
      .where('u.must_change_credentials', '=', 0)
      .where('s.group_id', '<>', groupId)
      .limit(1)
      .execute();
    const stranger = await sessionFor(t, outsider!.id);
    const hidden = await post(stranger, `${S}/start.json`, { testId }, 403);
    assert.equal(hidden.error, MESSAGES.forbidden.ru);
  });

  test('200 presses at once: distinct places, one attempt each, all admitted in time', async () => {
    const groups = await t.app.db.kysely
      .selectFrom('students')
      .select('group_id')
      .groupBy('group_id')
      .orderBy('group_id')
      .execute();
    const testId = await newTest(groups.map((g) => g.group_id).filter((g) => g !== groupId));
    const all = await studentsOf(
      groups.map((g) => g.group_id),
      200,
    );
    assert.ok(all.length >= 100, `enough seeded students (${all.length})`);
    // Twenty of them press in two tabs (200 presses with the seed's 180 students).
    const presses = [...all, ...all.slice(0, 20)];
    const t0 = now;
    const answers = await Promise.all(presses.map((s) => start(s.client, testId)));
    const admitted = answers.flatMap((x) => (waits(x) ? [] : [x.attemptId]));
    assert.equal(new Set(admitted).size, 1, 'one slot at t0 (its student’s two tabs: one attempt)');
    const byStudent = new Map<number, number>();
    presses.forEach((s, i) => {
      const answer = answers[i]!;
      if (!waits(answer)) return;
      const known = byStudent.get(s.studentId);
      if (known !== undefined) assert.equal(answer.place, known, 'two tabs, one place');
      byStudent.set(s.studentId, answer.place);
    });
    const places = [...byStudent.values()].sort((x, y) => x - y);
    assert.deepEqual(
      places,
      places.map((_, i) => i + 1),
      'the places are 1…N, each once',
    );
    now = t0 + all.length * 200;
    const afterAll = await Promise.all(presses.map((s) => start(s.client, testId)));
    assert.ok(afterAll.every((x) => !waits(x)));
    const rows = await attemptsOf(testId);
    assert.equal(rows.length, all.length, 'one attempt per student, none twice');
    assert.equal(new Set(rows.map((r) => r.student_id)).size, all.length);
    const queued = await t.app.db.kysely
      .selectFrom('testing_admissions')
      .select('student_id')
      .where('test_id', '=', testId)
      .where('slot_at', 'is not', null)
      .execute();
    assert.deepEqual(queued, [], 'no place left in the queue once all are in');
    now = Date.now();
  });

  test('two API processes admit at the one rate, not each at its own', async () => {
    const sibling = await t.sibling();
    const testId = await newTest();
    const students = await studentsOf([groupId], 10);
    const t0 = now;
    const answers = await Promise.all(
      students.map((s, i) => start(i % 2 === 0 ? s.client : s.client.on(sibling), testId)),
    );
    const slots = answers.map((x) => (waits(x) ? x.admitAt : t0)).sort((x, y) => x - y);
    assert.deepEqual(
      slots,
      slots.map((_, i) => t0 + i * 200),
      'slots 200 ms apart across both processes',
    );
    now = t0 + 1000;
    await Promise.all(
      students.map((s, i) => start(i % 2 === 0 ? s.client.on(sibling) : s.client, testId)),
    );
    const started = await attemptsOf(testId);
    assert.equal(started.length, 6, 'in one second at 5 a second: the first and five more');
    now = Date.now();
  });

  test('the monitor is for the teacher of the test only', async () => {
    const testId = await newTest();
    const colleagueLogin = await t.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('role', '=', 1)
      .where('login', '<>', DEMO.teacher.login)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const colleague = await sessionFor(t, colleagueLogin.id);
    const refused = await post(colleague, `${T}/monitor.json`, { testId }, 403);
    assert.equal(refused.error, MESSAGES.forbidden.ru);
    const student = await t.login(DEMO.student);
    await post(student, `${T}/monitor.json`, { testId }, 403);
    const registrar = await t.login(DEMO.registrar);
    await post(registrar, `${T}/monitor.json`, { testId }, 403);
    const anonymous = await t.client().prime();
    assert.equal((await anonymous.post(`${T}/monitor.json`, { testId })).statusCode, 401);
    const mine = await post<TestingMonitorResponse>(teacher, `${T}/monitor.json`, { testId });
    assert.ok(mine.data!.rows.length > 0);
  });
});
