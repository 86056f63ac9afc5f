// The lesson list's journal writes in the audit trail, over HTTP, on SQLite and (with
// DATABASE_URL) PostgreSQL: a new lesson's list (studentvisitinsertall) writes one row per
// student put on it, a student taken off the list one row with the cell they had, a deleted
// lesson one row per cell it held; each with the right old and new values, by the teacher, in
// the write's transaction. A refused write, or one that changes nothing, writes none.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LessonKey } from '@lms/shared/contract';
import { verifyChain } from '../src/areas/audit/index.js';
import {
  anotherTeacher,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';

const V = '/lms/api/visitlog';
const INSERT_ALL = { otsenka: null, source: 'insert-all' };

describe('audit trail of the lesson list', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let colleague: Client;
  let teacherUid: number;
  let studentId: number;
  /** The demo teacher's journal of the demo student's group, as a lesson's key (no date). */
  let journal: Omit<LessonKey, 'date'>;

  const rows = () => t.app.db.kysely.selectFrom('audit_trail').selectAll().orderBy('id').execute();
  const count = async () => (await rows()).length;
  const post = (client: Client, path: string, body: unknown) =>
    client.post(`${V}/${path}.json`, body);
  const listOf = async (lessonId: number) =>
    t.app.db.kysely
      .selectFrom('journal_marks')
      .select(['student_id', 'otsenka', 'source'])
      .where('lesson_id', '=', lessonId)
      .orderBy('student_id')
      .execute();
  /** A written row as [key, author, student, old, new]. */
  const shape = (row: Awaited<ReturnType<typeof rows>>[number]) => [
    row.kind,
    row.record_key,
    Number(row.user_id),
    Number(row.student_id),
    JSON.parse(row.old_value) as unknown,
    JSON.parse(row.new_value) as unknown,
  ];
  const newLesson = async (date: string): Promise<number> => {
    const answer = await post(teacher, 'studentvisitinsertall', { ...journal, date });
    assert.equal(answer.statusCode, 200, answer.body);
    return envelope<{ id_lesson: number }>(answer).data!.id_lesson;
  };

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    colleague = await anotherTeacher(t);
    const me = await whoAmI(teacher);
    teacherUid = me.uid;
    studentId = (await whoAmI(student)).id;
    // A lesson of the demo teacher with the demo student on its list: its journal.
    const lesson = await t.app.db.kysely
      .selectFrom('journal_marks as m')
      .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
      .select([
        'l.year_id',
        'l.ws_id',
        'l.discipline_id',
        'l.group_id',
        'l.subgroup_id',
        'l.lesson_type_id',
        'l.education_form_id',
      ])
      .where('m.student_id', '=', studentId)
      .where('l.teacher_id', '=', me.id)
      .orderBy('m.lesson_id')
      .executeTakeFirstOrThrow();
    journal = {
      year: lesson.year_id,
      ws: lesson.ws_id as LessonKey['ws'],
      id_discipline: lesson.discipline_id,
      id_group: lesson.group_id,
      id_subgroup: lesson.subgroup_id,
      id_vid_zaniatiy: lesson.lesson_type_id,
      id_f_educ: lesson.education_form_id,
      id_time: 5,
    };
  });
  after(() => t.close());

  test("a new lesson's list writes one row per student put on it; asked again, none", async () => {
    const start = await count();
    const lessonId = await newLesson('2026-12-07');
    const listed = await listOf(lessonId);
    assert.ok(listed.length > 2, 'the group has students');
    assert.ok(listed.some((cell) => cell.student_id === studentId));
    const written = (await rows()).slice(start);
    // One row per student, in the list's order (by name): compared by student.
    const byStudent = (a: unknown[], b: unknown[]) => Number(a[3]) - Number(b[3]);
    assert.deepEqual(
      written.map(shape).sort(byStudent),
      listed.map((cell) => [
        'journal.cell',
        `lesson:${lessonId}/student:${cell.student_id}`,
        teacherUid,
        cell.student_id,
        null,
        INSERT_ALL,
      ]),
    );
    assert.equal(written[0]!.address, teacher.address);
    assert.ok(written[0]!.device);

    // The same lesson's list again: everyone is on it already, nothing changes, nothing is written.
    const again = await count();
    assert.equal(await newLesson('2026-12-07'), lessonId);
    assert.equal(await count(), again);
  });

  test('a student taken off the list writes one row with the cell they had', async () => {
    const lessonId = await newLesson('2026-12-08');
    const mark = await post(teacher, 'studentvisitupdate', {
      id_lesson: lessonId,
      id_student: studentId,
      otsenka: '4',
    });
    assert.equal(mark.statusCode, 200, mark.body);
    const start = await count();
    const removed = await post(teacher, 'deletestudentfromlist', {
      id_lesson: lessonId,
      id_student: studentId,
    });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual((await rows()).slice(start).map(shape), [
      [
        'journal.cell',
        `lesson:${lessonId}/student:${studentId}`,
        teacherUid,
        studentId,
        { otsenka: '4', source: 'manual' },
        null,
      ],
    ]);
    // The cell's history ends with its removal, as the teacher reads it.
    const history = await teacher.post('/lms/api/audit/cell.json', {
      id_lesson: lessonId,
      id_student: studentId,
    });
    const entries = envelope<{ before: string; after: string }[]>(history).data!;
    assert.deepEqual(
      entries.map((entry) => [JSON.parse(entry.before), JSON.parse(entry.after)]),
      [
        [null, INSERT_ALL],
        [INSERT_ALL, { otsenka: '4', source: 'manual' }],
        [{ otsenka: '4', source: 'manual' }, null],
      ],
    );
  });

  test('a deleted lesson writes one row per cell it held, with each value', async () => {
    const lessonId = await newLesson('2026-12-09');
    const absent = await post(teacher, 'studentvisitupdate', {
      id_lesson: lessonId,
      id_student: studentId,
      otsenka: 'н/б',
    });
    assert.equal(absent.statusCode, 200, absent.body);
    const cells = await listOf(lessonId);
    const start = await count();
    const deleted = await post(teacher, 'journal/deletejournal', { id_lesson: lessonId });
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.deepEqual(
      (await rows()).slice(start).map(shape),
      cells.map((cell) => [
        'journal.cell',
        `lesson:${lessonId}/student:${cell.student_id}`,
        teacherUid,
        cell.student_id,
        { otsenka: cell.otsenka, source: cell.source },
        null,
      ]),
    );
    assert.ok(
      cells.some((cell) => cell.student_id === studentId && cell.otsenka === 'н/б'),
      'the absence is among the values recorded',
    );
  });

  test('refused list writes write no row', async () => {
    const lessonId = await newLesson('2026-12-10');
    const start = await count();
    const cell = { id_lesson: lessonId, id_student: studentId };
    // Another teacher, a student, no session; a bad date; a student not on the list.
    assert.equal(
      (await post(colleague, 'studentvisitinsertall', { ...journal, date: '2026-12-11' }))
        .statusCode,
      403,
    );
    assert.equal(
      (await post(student, 'studentvisitinsertall', { ...journal, date: '2026-12-11' })).statusCode,
      403,
    );
    assert.equal(
      (await post(teacher, 'studentvisitinsertall', { ...journal, date: '2026-02-31' })).statusCode,
      400,
    );
    assert.equal((await post(colleague, 'deletestudentfromlist', cell)).statusCode, 403);
    assert.equal((await post(student, 'deletestudentfromlist', cell)).statusCode, 403);
    assert.equal(
      (await post(colleague, 'journal/deletejournal', { id_lesson: lessonId })).statusCode,
      403,
    );
    const anonymous = await t.client().prime();
    assert.equal(
      (await post(anonymous, 'journal/deletejournal', { id_lesson: lessonId })).statusCode,
      401,
    );
    assert.equal((await post(teacher, 'deletestudentfromlist', cell)).statusCode, 200);
    const written = await count();
    assert.equal(written, start + 1, 'only the allowed removal wrote a row');
    assert.equal((await post(teacher, 'deletestudentfromlist', cell)).statusCode, 404);
    assert.equal(
      (await post(teacher, 'journal/deletejournal', { id_lesson: 999_999 })).statusCode,
      403,
    );
    assert.equal(await count(), written);
    // Every row so far links to the one before it.
    assert.equal((await verifyChain(t.app.repos.audit)).broken, null);
  });
});
