// The audit trail over HTTP, on SQLite and (with DATABASE_URL) PostgreSQL: each change of a
// journal cell, a topic and a hold writes exactly one row with its old and new values; a refused
// change writes none; the chain verifies, and `npm run audit:verify` names a row edited in the
// database; who may read which history.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { AuditEntry } from '@lms/shared/contract';
import { verifyChain } from '../src/areas/audit/index.js';
import { REGISTRAR_ACCOUNT } from '../src/db/seed/orders.js';
import {
  anotherStudent,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';

const V = '/lms/api/visitlog';
const A = '/lms/api/audit';
const REGISTRAR = { login: REGISTRAR_ACCOUNT.login, password: REGISTRAR_ACCOUNT.password };
const run = promisify(execFile);

describe('audit trail', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let registrar: Client;
  let colleague: Client;
  let teacherUid: number;
  let studentId: number;
  let classmateId: number;
  let lessonId: number;

  const rows = () => t.app.db.kysely.selectFrom('audit_trail').selectAll().orderBy('id').execute();
  const count = async () => (await rows()).length;
  const history = async (client: Client, body: { id_lesson: number; id_student: number }) => {
    const response = await client.post(`${A}/cell.json`, body);
    return { status: response.statusCode, entries: envelope<AuditEntry[]>(response).data ?? [] };
  };
  const setMark = (client: Client, id_student: number, otsenka: string | null, version?: number) =>
    client.post(`${V}/studentvisitupdate.json`, {
      id_lesson: lessonId,
      id_student,
      otsenka,
      ...(version === undefined ? {} : { version }),
    });

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    registrar = await t.login(REGISTRAR);
    const me = await whoAmI(teacher);
    teacherUid = me.uid;
    studentId = (await whoAmI(student)).id;
    const db = t.app.db.kysely;
    // A lesson of the demo teacher with the demo student and a classmate on its list.
    const cell = await db
      .selectFrom('journal_marks as m')
      .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
      .select('m.lesson_id')
      .where('m.student_id', '=', studentId)
      .where('l.teacher_id', '=', me.id)
      .orderBy('m.lesson_id')
      .executeTakeFirstOrThrow();
    lessonId = cell.lesson_id;
    const other = await db
      .selectFrom('journal_marks')
      .select('student_id')
      .where('lesson_id', '=', lessonId)
      .where('student_id', '!=', studentId)
      .orderBy('student_id')
      .executeTakeFirstOrThrow();
    classmateId = other.student_id;
    // Another teacher: may not read this lesson's history.
    const otherTeacher = await db
      .selectFrom('users')
      .select('login')
      .where('role', '=', 1)
      .where('id', '!=', teacherUid)
      .where('login', '!=', REGISTRAR.login)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({
        password_hash: (
          await db
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', teacherUid)
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('login', '=', otherTeacher.login)
      .execute();
    colleague = await t.login({ login: otherTeacher.login, password: DEMO.teacher.password });
  });
  after(() => t.close());

  test('a mark set then changed writes one row each, with who, from where, old and new', async () => {
    const start = await count();
    const before = (await history(teacher, { id_lesson: lessonId, id_student: studentId })).entries;
    const first = await setMark(teacher, studentId, '4');
    assert.equal(first.statusCode, 200, first.body);
    const second = await setMark(teacher, studentId, '5');
    assert.equal(second.statusCode, 200, second.body);
    const written = (await rows()).slice(start);
    assert.equal(written.length, 2);
    const [set, changed] = written;
    assert.equal(set!.kind, 'journal.cell');
    assert.equal(set!.record_key, `lesson:${lessonId}/student:${studentId}`);
    assert.equal(Number(set!.user_id), teacherUid);
    assert.equal(Number(set!.role), 1);
    assert.equal(set!.address, teacher.address);
    assert.ok(set!.device);
    assert.equal(Number(set!.student_id), studentId);
    assert.equal(JSON.parse(set!.new_value).otsenka, '4');
    assert.deepEqual(JSON.parse(changed!.old_value), JSON.parse(set!.new_value));
    assert.equal(JSON.parse(changed!.new_value).otsenka, '5');
    assert.ok(Math.abs(Number(changed!.at) - Date.now()) < 60_000);
    // The teacher reads the cell's history, oldest first, with the author's name.
    const read = await history(teacher, { id_lesson: lessonId, id_student: studentId });
    assert.equal(read.status, 200);
    assert.equal(read.entries.length, before.length + 2);
    const last = read.entries.at(-1)!;
    assert.equal(JSON.parse(last.after).otsenka, '5');
    assert.equal(JSON.parse(last.before).otsenka, '4');
    assert.ok(last.by && last.by.length > 0);
  });

  test('a refused or conflicting change writes no row', async () => {
    const start = await count();
    // Not a mark of the scale; not the teacher's lesson; a stale version.
    assert.equal((await setMark(teacher, studentId, 'отл')).statusCode, 400);
    assert.equal((await setMark(colleague, studentId, '3')).statusCode, 403);
    assert.equal((await setMark(student, studentId, '3')).statusCode, 403);
    const stale = await setMark(teacher, studentId, '3', 1);
    assert.equal(stale.statusCode, 409, stale.body);
    // The same mark again changes nothing and records nothing.
    assert.equal((await setMark(teacher, studentId, '5')).statusCode, 200);
    assert.equal(await count(), start);
  });

  test('a topic change writes one row with the old and new topic', async () => {
    const start = await count();
    const saved = await teacher.post(`${V}/savetemajournal.json`, {
      id_lesson: lessonId,
      tema: 'Audit topic',
      id_module: null,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const [row, ...more] = (await rows()).slice(start);
    assert.equal(more.length, 0);
    assert.equal(row!.kind, 'journal.topic');
    assert.equal(row!.record_key, `lesson:${lessonId}`);
    assert.equal(JSON.parse(row!.new_value).tema, 'Audit topic');
    assert.notEqual(JSON.parse(row!.old_value)?.tema, 'Audit topic');
  });

  test('a hold set and lifted by the registrar writes one row each', async () => {
    const start = await count();
    const set = await registrar.post('/lms/api/regfordisciplines/holds/set.json', {
      id_student: classmateId,
      note: 'See the dean',
    });
    assert.equal(set.statusCode, 200, set.body);
    const hold = await t.app.db.kysely
      .selectFrom('registration_holds')
      .select('id')
      .where('student_id', '=', classmateId)
      .executeTakeFirstOrThrow();
    const lifted = await registrar.post('/lms/api/regfordisciplines/holds/lift.json', {
      id: hold.id,
    });
    assert.equal(lifted.statusCode, 200, lifted.body);
    // Lifting it again is refused and writes nothing.
    const again = await registrar.post('/lms/api/regfordisciplines/holds/lift.json', {
      id: hold.id,
    });
    assert.equal(again.statusCode, 403);
    const written = (await rows()).slice(start);
    assert.deepEqual(
      written.map((row) => [row.kind, JSON.parse(row.old_value), JSON.parse(row.new_value)]),
      [
        ['hold', null, { note: 'See the dean' }],
        ['hold', { note: 'See the dean' }, null],
      ],
    );
  });

  test("an order's move by the registrar writes one row; a refused move none", async () => {
    const S = '/lms/api/singlewindow';
    const list = async (path: string, body: object = {}) =>
      envelope<Record<string, number>[]>(await student.post(`${S}/${path}`, body)).data ?? [];
    const doc = (
      envelope<{ id_doc: number; instant: boolean }[]>(await student.post(`${S}/doc/list.json`, {}))
        .data ?? []
    ).find((d) => !d.instant);
    const region = (await list('region/list.json'))[0]!;
    const district = (await list('district/list.json', { id_region: region.id_region }))[0]!;
    const purpose = (await list('naznachenie/list.json'))[0]!;
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const saved = await student.post(`${S}/order/save.json`, {
      id_doc: doc!.id_doc,
      id_region: region.id_region,
      id_district: district.id_district,
      id_naznachenie: purpose.id_naznachenie,
      date,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const id_order = envelope<{ id_order: number }>(saved).data!.id_order;
    const start = await count();
    const move = (from: string, to: string) =>
      registrar.post(`${S}/queue/move.json`, { id_order, from, to });
    assert.equal((await move('waiting', 'prepared')).statusCode, 400);
    assert.equal((await move('waiting', 'preparing')).statusCode, 200);
    assert.equal((await move('waiting', 'preparing')).statusCode, 409);
    const written = (await rows()).slice(start);
    assert.deepEqual(
      written.map((row) => [
        row.kind,
        row.record_key,
        Number(row.student_id),
        JSON.parse(row.old_value),
        JSON.parse(row.new_value),
      ]),
      [
        [
          'order.status',
          `order:${id_order}`,
          studentId,
          { status: 'waiting' },
          { status: 'preparing', comment: null },
        ],
      ],
    );
  });

  test('who reads which history: the teacher, the registrar, the student their own only', async () => {
    await setMark(teacher, classmateId, '3');
    const own = { id_lesson: lessonId, id_student: studentId };
    const classmate = { id_lesson: lessonId, id_student: classmateId };
    assert.equal((await history(registrar, classmate)).status, 200);
    assert.ok((await history(registrar, classmate)).entries.length >= 1);
    const mine = await history(student, own);
    assert.equal(mine.status, 200);
    assert.ok(mine.entries.length >= 2);
    // Another student's cell, a colleague on someone else's lesson, a missing lesson: refused.
    assert.equal((await history(student, classmate)).status, 403);
    assert.equal((await history(colleague, own)).status, 403);
    assert.equal(
      (await history(teacher, { id_lesson: 999_999, id_student: studentId })).status,
      403,
    );
    assert.equal((await (await t.client().prime()).post(`${A}/cell.json`, own)).statusCode, 401);
    // A student's whole trail: the registrar sees every kind, the student only their marks,
    // a teacher and another student nothing.
    const student$ = (client: Client, id_student: number) =>
      client.post(`${A}/student.json`, { id_student });
    const kinds = async (client: Client, id: number) =>
      new Set((envelope<AuditEntry[]>(await student$(client, id)).data ?? []).map((e) => e.kind));
    assert.deepEqual(await kinds(registrar, classmateId), new Set(['journal.cell', 'hold']));
    assert.ok((await kinds(registrar, studentId)).has('order.status'));
    assert.deepEqual(await kinds(student, studentId), new Set(['journal.cell']));
    assert.equal((await student$(student, classmateId)).statusCode, 403);
    assert.equal((await student$(teacher, studentId)).statusCode, 403);
  });

  test("a student's trail names each mark's lesson in their language, newest first", async () => {
    const trailOf = async (client: Client, id_student: number) => {
      const response = await client.post(`${A}/student.json`, { id_student });
      return { status: response.statusCode, entries: envelope<AuditEntry[]>(response).data ?? [] };
    };
    const lesson = await t.app.db.kysely
      .selectFrom('journal_lessons as l')
      .innerJoin('disciplines as d', 'd.id', 'l.discipline_id')
      .innerJoin('lesson_types as lt', 'lt.id', 'l.lesson_type_id')
      .select(['l.lesson_date', 'l.time_id', 'd.name', 'd.name_en', 'lt.name as type'])
      .select('lt.name_en as type_en')
      .where('l.id', '=', lessonId)
      .executeTakeFirstOrThrow();
    const key = `lesson:${lessonId}/student:${studentId}`;
    student.cookies.set('lang', 'en');
    try {
      const mine = await trailOf(student, studentId);
      assert.equal(mine.status, 200);
      const ids = mine.entries.map((entry) => entry.id);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => b - a),
      );
      const entry = mine.entries.find((e) => e.key === key);
      assert.ok(entry, 'the mark changed above is in the trail');
      assert.deepEqual(entry.lesson, {
        id_lesson: lessonId,
        date: lesson.lesson_date,
        id_time: Number(lesson.time_id),
        discipline: lesson.name_en ?? lesson.name,
        lessonType: lesson.type_en ?? lesson.type,
      });
      assert.ok(
        entry.by && /^\d{4}-\d{2}-\d{2}$/.test(entry.date) && /^\d{2}:\d{2}$/.test(entry.time),
      );
    } finally {
      student.cookies.delete('lang');
    }
    // In Russian, the catalogue's own names; the registrar reads the lesson too.
    const ru = (await trailOf(registrar, studentId)).entries.find((e) => e.key === key);
    assert.equal(ru?.lesson?.discipline, lesson.name);
    // Another student: the demo student's id is refused; their own answers only their marks.
    const other = await anotherStudent(t);
    const otherId = (await whoAmI(other)).id;
    assert.notEqual(otherId, studentId);
    assert.equal((await trailOf(other, studentId)).status, 403);
    const theirs = await trailOf(other, otherId);
    assert.equal(theirs.status, 200);
    for (const e of theirs.entries) assert.match(e.key, new RegExp(`/student:${otherId}$`));
    // No session: refused before anything is read.
    const anonymous = await (
      await t.client().prime()
    ).post(`${A}/student.json`, {
      id_student: studentId,
    });
    assert.equal(anonymous.statusCode, 401);
  });

  test('no route edits or deletes the trail', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    const audit = routes.split('\n').filter((line) => line.includes('audit/'));
    assert.ok(audit.length > 0);
    for (const line of audit) assert.doesNotMatch(line, /delete|edit|update|remove|save/);
  });

  test('parallel writers keep the chain linear, and a row edited in the database is named', async () => {
    // Parallel mark saves (on PostgreSQL each on its own connection).
    const ids = [studentId, classmateId];
    await Promise.all(
      ['2', '3', '4', '5'].flatMap((mark) =>
        ids.map(async (id) => assert.equal((await setMark(teacher, id, mark)).statusCode, 200)),
      ),
    );
    const report = await verifyChain(t.app.repos.audit);
    assert.equal(report.broken, null);
    assert.equal(report.checked, await count());

    const env = {
      ...process.env,
      LMS_DATA_DIR: t.dataDir,
      ...(t.options.databaseUrl ? { DATABASE_URL: t.options.databaseUrl } : { DATABASE_URL: '' }),
    };
    const cli = ['--import', 'tsx', 'src/cli/audit-verify.ts'];
    const intact = await run(process.execPath, cli, { env });
    assert.match(intact.stdout, /intact/);

    const victim = (await rows())[2]!;
    await t.app.db.kysely
      .updateTable('audit_trail')
      .set({ new_value: '{"otsenka":"5","source":"manual"}' })
      .where('id', '=', victim.id)
      .execute();
    const broken = await run(process.execPath, cli, { env }).then(
      () => assert.fail('audit:verify accepted an edited row'),
      (error: { code: number; stdout: string }) => error,
    );
    assert.equal(broken.code, 1);
    assert.match(broken.stdout, new RegExp(`BROKEN at row ${victim.id}:`));
  });
});
