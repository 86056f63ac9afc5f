// A teacher is told of their statements, in the portal and by push (kind `teaching`): a draft
// past its deadline once (two app processes sweeping at once still tell it once; a signed one is
// never told; a restarted sweep tells nothing again), and a retake sheet assigned to them (the
// chosen teacher only). Only the teacher reads and marks their own notices. On SQLite, and on
// PostgreSQL when DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type {
  PushPreferences,
  StatementDetail,
  StatementNotice,
  StatementSummary,
} from '@lms/shared/contract';
import { startStatementNotices } from '../src/areas/statements/notices.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherTeacher,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';
import { NO_KINDS, received, TestPushService, type Device } from './push-service.js';

const API = '/lms/api/statements';
type Answer = Awaited<ReturnType<Client['post']>>;

const NONE: PushPreferences = NO_KINDS;

describe('teachers are told of their statements', () => {
  const service = new TestPushService();
  let t: TestApp;
  let sibling: FastifyInstance;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let registrar: Client;
  let teacherId: number;
  let colleagueId: number;
  let seeded: StatementSummary;
  const devices = {} as Record<'wanting' | 'notWanting' | 'colleague', Device>;

  const data = <T>(response: Answer, status = 200): T => {
    assert.equal(response.statusCode, status, response.body);
    return envelope<T>(response).data as T;
  };
  const noticesOf = async (client: Client) =>
    data<StatementNotice[]>(await client.post(`${API}/teacher/notices.json`, {}));
  const stored = (statementId: number) =>
    t.app.db.kysely
      .selectFrom('statement_notices')
      .selectAll()
      .where('statement_id', '=', statementId)
      .execute();
  /** A statement of the seeded one's discipline and group in another year, written as stored. */
  let years = 0;
  const insertStatement = async (state: 'draft' | 'signed', deadline: number) => {
    const row = await t.app.db.kysely
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    years += 1;
    const inserted = await t.app.db.kysely
      .insertInto('statements')
      .values({
        discipline_id: row.discipline_id,
        group_id: row.group_id,
        teacher_id: row.teacher_id,
        year_id: row.year_id - years,
        ws_id: row.ws_id,
        study_semester: row.study_semester,
        credits: row.credits,
        control_form: row.control_form,
        state,
        deadline,
        created_at: Date.now(),
        updated_at: Date.now(),
        retake_of: null,
        retake_student_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  };
  /** A sweep as one process runs it, on that process's database and bus. */
  const sweepOf = (app: FastifyInstance) =>
    startStatementNotices({
      db: app.db.kysely,
      bus: app.statementNotices,
      now: Date.now,
      log: app.log,
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  before(async () => {
    await service.start();
    t = await createTestApp({ push: { plainHttp: true, services: [service.origin] } });
    sibling = await t.sibling();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    registrar = await t.login(DEMO.registrar);
    colleague = await anotherTeacher(t);
    for (const client of [teacher, student, registrar, colleague]) client.cookies.set('lang', 'en');
    teacherId = (await whoAmI(teacher)).id;
    colleagueId = (await whoAmI(colleague)).id;
    const [first] = data<StatementSummary[]>(await teacher.post(`${API}/teacher/list.json`, {}));
    assert.ok(first, 'the seed has a statement for the demo teacher');
    seeded = first;
    devices.wanting = service.device('wanting');
    devices.notWanting = service.device('not-wanting');
    devices.colleague = service.device('colleague');
    for (const [client, device, preferences] of [
      [teacher, devices.wanting, { ...NONE, teaching: true }],
      [teacher, devices.notWanting, { ...NONE, chat: true, marks: true, schedule: true }],
      [colleague, devices.colleague, { ...NONE, teaching: true }],
    ] as const) {
      const response = await client.post('/lms/api/push/subscribe.json', {
        endpoint: device.endpoint,
        keys: device.keys,
        preferences,
      });
      assert.equal(response.statusCode, 200, response.body);
    }
  });
  after(async () => {
    await t?.close();
    await service.stop();
  });

  test('a draft past its deadline is told once, though two processes sweep at once', async () => {
    const id = await insertStatement('draft', Date.now() - 60_000);
    const signed = await insertStatement('signed', Date.now() - 60_000);
    const later = await insertStatement('draft', Date.now() + 86_400_000);
    const [one, two] = [sweepOf(t.app), sweepOf(sibling)];
    try {
      await Promise.all([one.wake(), two.wake(), one.wake(), two.wake()]);
    } finally {
      one.stop();
      two.stop();
    }
    const rows = await stored(id);
    assert.equal(rows.length, 1, 'one notice');
    assert.equal(rows[0]?.kind, 'overdue');
    assert.equal(rows[0]?.teacher_id, teacherId);
    assert.equal(rows[0]?.read_at, null);
    assert.deepEqual(await stored(signed), [], 'a signed statement is not told');
    assert.deepEqual(await stored(later), [], 'a deadline still to come is not told');

    const [push, ...more] = await received(devices.wanting, 1);
    assert.deepEqual(more, []);
    assert.equal(push?.kind, 'teaching');
    assert.equal(push?.title, 'A statement is past its deadline');
    assert.match(push?.body ?? '', /^.+, .+: the deadline to sign it \(.+\) has passed$/);
    assert.ok(push?.body.startsWith(`${seeded.discipline}, ${seeded.group}: `), push?.body);
    assert.equal(push?.url, `/lms/statement?id=${id}`);

    // A restart: a sweep started afresh finds nothing left to tell.
    const fresh = sweepOf(t.app);
    try {
      await fresh.wake();
    } finally {
      fresh.stop();
    }
    await settle();
    assert.equal((await stored(id)).length, 1);
    assert.equal(devices.wanting.received.length, 1, 'pushed once');
    assert.equal(devices.notWanting.received.length, 0, 'not to a device that does not want it');
    assert.equal(devices.colleague.received.length, 0, 'not to another teacher');

    // In the portal: the teacher's unread notice names the statement.
    const [shown] = (await noticesOf(teacher)).filter((n) => n.id_statement === id);
    assert.equal(shown?.kind, 'overdue');
    assert.equal(shown?.discipline, seeded.discipline);
    assert.equal(shown?.group, seeded.group);
    assert.equal(shown?.state, 'draft');
    assert.equal(shown?.retake_of, null);
    assert.deepEqual(await noticesOf(colleague), []);
  });

  test('a deadline still to come is told once it passes, by the sweep’s timer', async () => {
    const deadline = Date.now() + 700;
    const id = await insertStatement('draft', deadline);
    const sweep = sweepOf(t.app);
    try {
      await sweep.wake();
      // However slow the machine, a notice is never written before its deadline.
      const early = await stored(id);
      if (Date.now() < deadline) assert.deepEqual(early, [], 'not before its deadline');
      const until = Date.now() + 20_000;
      while ((await stored(id)).length === 0 && Date.now() < until) await settle();
      const [told, ...more] = await stored(id);
      assert.deepEqual(more, [], 'told once');
      assert.ok(told, 'told when the timer fired');
      assert.ok(Number(told.created_at) > deadline, 'told after its deadline, not before');
    } finally {
      sweep.stop();
    }
    const pushes = await received(devices.wanting, 2);
    assert.equal(pushes[1]?.url, `/lms/statement?id=${id}`);
  });

  test('a deadline that passes while the sweep is looking is told, not skipped', async () => {
    // The sweep's clock reads `start` for its first look and two seconds later after that:
    // the deadline falls between "already behind" and "still to come".
    const start = Date.now();
    const deadline = start + 700;
    const id = await insertStatement('draft', deadline);
    let reads = 0;
    const sweep = startStatementNotices({
      db: t.app.db.kysely,
      bus: t.app.statementNotices,
      now: () => (reads++ === 0 ? start : start + 2000),
      log: t.app.log,
    });
    try {
      await sweep.wake();
      const until = Date.now() + 20_000;
      while ((await stored(id)).length === 0 && Date.now() < until) await settle();
      const [told, ...more] = await stored(id);
      assert.deepEqual(more, [], 'told once');
      assert.ok(told, 'told at once, not when a far deadline comes');
      assert.equal(Number(told.created_at), start + 2000);
    } finally {
      sweep.stop();
    }
    const pushes = await received(devices.wanting, 3);
    assert.equal(pushes[2]?.url, `/lms/statement?id=${id}`);
  });

  test('a statement opened with its deadline behind is told by the running app itself', async () => {
    const response = await registrar.post(`${API}/registrar/create.json`, {
      ...(await t.app.db.kysely
        .selectFrom('statements')
        .select(['discipline_id as id_discipline', 'group_id as id_group', 'year_id as id_a_year'])
        .select('ws_id as ws')
        .where('id', '=', seeded.id)
        .executeTakeFirstOrThrow()),
      id_teacher: teacherId,
      control: seeded.control === 'exam' ? 'credit' : 'exam',
      deadline: '2020-01-20',
    });
    const created = data<StatementDetail>(response);
    assert.equal(created.overdue, true);
    const pushes = await received(devices.wanting, 4);
    assert.equal(pushes.length, 4);
    assert.equal(pushes[3]?.url, `/lms/statement?id=${created.id}`);
    assert.equal(
      pushes[3]?.body.endsWith('the deadline to sign it (20 Jan 2020) has passed'),
      true,
    );
    assert.equal((await stored(created.id)).length, 1);
  });

  test('only the teacher reads and marks their own notices; bad bodies are refused', async () => {
    const [notice] = await noticesOf(teacher);
    assert.ok(notice);
    const read = (client: Client, body: unknown) =>
      client.post(`${API}/teacher/notice-read.json`, body);
    for (const other of [colleague, registrar]) {
      const refused = await read(other, { id: notice.id });
      assert.equal(refused.statusCode, 403, refused.body);
      assert.equal(envelope(refused).error, MESSAGES.forbidden.en);
    }
    assert.equal((await read(student, { id: notice.id })).statusCode, 403);
    assert.equal((await student.post(`${API}/teacher/notices.json`, {})).statusCode, 403);
    const anonymous = await t.client().prime();
    assert.equal((await anonymous.post(`${API}/teacher/notices.json`, {})).statusCode, 401);
    assert.equal((await read(anonymous, { id: notice.id })).statusCode, 401);
    assert.equal((await read(teacher, { id: 999_999 })).statusCode, 403);
    for (const body of [{}, { id: 0 }, { id: 'x' }, { id: 1.5 }, { id: -3 }]) {
      assert.equal((await read(teacher, body)).statusCode, 400, JSON.stringify(body));
    }
    assert.equal((await stored(notice.id_statement))[0]?.read_at, null, 'still unread');

    const left = data<StatementNotice[]>(await read(teacher, { id: notice.id }));
    assert.ok(!left.some((n) => n.id === notice.id));
    assert.notEqual((await stored(notice.id_statement))[0]?.read_at, null);
    // Marking it again changes nothing.
    assert.deepEqual(data<StatementNotice[]>(await read(teacher, { id: notice.id })), left);

    // A statement signed since has nothing left to tell: its notice is no longer listed.
    const [other] = left;
    assert.ok(other);
    await t.app.db.kysely
      .updateTable('statements')
      .set({ state: 'signed' })
      .where('id', '=', other.id_statement)
      .execute();
    assert.ok(!(await noticesOf(teacher)).some((n) => n.id === other.id));
  });

  test('a retake sheet assigned tells the chosen teacher only, with the sheet', async () => {
    const studentId = (await whoAmI(student)).id;
    const db = t.app.db.kysely;
    // The original is confirmed (as its registrar would), and the colleague teaches the group.
    await db
      .updateTable('statements')
      .set({ state: 'confirmed' })
      .where('id', '=', seeded.id)
      .execute();
    const row = await db
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...lesson } = await db
      .selectFrom('teaching_assignments')
      .selectAll()
      .where('teacher_id', '=', teacherId)
      .where('discipline_id', '=', row.discipline_id)
      .where('group_id', '=', row.group_id)
      .where('year_id', '=', row.year_id)
      .where('ws_id', '=', row.ws_id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('teaching_assignments')
      .values({ ...lesson, teacher_id: colleagueId })
      .execute();
    const teacherBefore = await noticesOf(teacher);
    const retake = () =>
      registrar.post(`${API}/registrar/retake.json`, {
        id: seeded.id,
        id_student: studentId,
        id_teacher: colleagueId,
        deadline: '2030-02-10',
      });
    const sheet = data<StatementDetail>(await retake());
    // A second retake for the student is refused: no second sheet, no second notice.
    assert.equal((await retake()).statusCode, 409);

    const theirs = await noticesOf(colleague);
    assert.equal(theirs.length, 1);
    assert.equal(theirs[0]?.kind, 'retakeAssigned');
    assert.equal(theirs[0]?.id_statement, sheet.id);
    assert.equal(theirs[0]?.retake_of, seeded.id);
    assert.equal(theirs[0]?.discipline, seeded.discipline);
    assert.deepEqual(await noticesOf(teacher), teacherBefore, 'the original’s teacher is not told');

    const [push, ...more] = await received(devices.colleague, 1);
    assert.deepEqual(more, []);
    assert.deepEqual(push, {
      kind: 'teaching',
      title: 'A retake sheet is assigned to you',
      body: `${seeded.discipline}, ${seeded.group}: fill it in and sign it by 10 Feb 2030`,
      url: `/lms/statement?id=${sheet.id}`,
      tag: `statement-retakeAssigned-${sheet.id}`,
    });
    await settle();
    assert.equal(devices.colleague.received.length, 1);
    assert.equal(devices.wanting.received.length, 4, 'the original’s teacher gets no push');
    assert.equal((await stored(sheet.id)).length, 1);
  });
});
