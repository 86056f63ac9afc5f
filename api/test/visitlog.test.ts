import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  JournalGridResponse,
  JournalKey,
  JournalResponse,
  LessonKey,
  LessonListItem,
  CurrentWsResponse,
  RegStartResponse,
  UmkStartResponse,
  CurrentYearResponse,
  DisciplineItem,
  StudentJournalPart,
  StudentJournalStartResponse,
  TopicReportItem,
} from '@lms/shared/contract';
import ExcelJS from 'exceljs';
import { currentAcademicYear, currentWs } from '../src/lib/calendar.js';
import { figuresOf } from '../src/areas/journal/journal-rules.js';
import {
  EXPORT_TEMPLATES,
  EXPORT_TEXTS,
  VISITLOG_MESSAGES,
  VISITLOG_NOTICES,
} from '../src/areas/journal/visitlog-messages.js';
import { createTestApp, DEMO, envelope, whoAmI, type Client, type TestApp } from './helper.js';
import { createStudents } from './registration-helper.js';

const V = '/lms/api/visitlog';

/** A whole-group assignment pair: two teachers of one group and discipline, two lesson types. */
interface Pair {
  disciplineId: number;
  groupId: number;
  a: { teacherId: number; login: string; lessonType: number };
  b: { teacherId: number; login: string; lessonType: number };
}

describe('visit log', () => {
  let t: TestApp;
  let teacherA: Client;
  let teacherB: Client;
  let outsider: Client;
  let student: Client;
  let year: number;
  let ws: 1 | 2 | 3;
  let pair: Pair;
  let subgroups: { id: number; students: number[] }[];
  let groupStudents: number[];

  const call = (client: Client, path: string, body: unknown = {}) =>
    client.post(`${V}/${path}.json`, body);
  const data = async <T>(client: Client, path: string, body: unknown = {}): Promise<T> => {
    const response = await call(client, path, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };
  const status = async (client: Client, path: string, body: unknown) =>
    (await call(client, path, body)).statusCode;

  const key = (overrides: Partial<JournalKey> = {}): JournalKey => ({
    year,
    ws,
    id_discipline: pair.disciplineId,
    id_group: pair.groupId,
    id_subgroup: null,
    id_vid_zaniatiy: pair.a.lessonType,
    ...overrides,
  });
  /** A's subgroup-1 journal: empty in the seed (seeded lessons are whole-group). */
  const subKey = (overrides: Partial<JournalKey> = {}) =>
    key({ id_subgroup: subgroups[0]?.id ?? null, ...overrides });
  const lessonKey = (date: string, more: Partial<LessonKey> = {}): LessonKey => ({
    ...subKey(),
    id_f_educ: 1,
    id_time: 1,
    date,
    ...more,
  });

  before(async () => {
    t = await createTestApp();
    const db = t.app.db.kysely;
    year = currentAcademicYear(new Date()).id_a_year;
    const current = currentWs(new Date());
    // The seeded semester: the current one, spring during the summer.
    ws = current === 3 ? 2 : current;

    const demo = await db
      .selectFrom('users')
      .select('teacher_id')
      .where('login', '=', DEMO.teacher.login)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('teaching_assignments as x')
      .innerJoin('teaching_assignments as y', (join) =>
        join
          .onRef('y.discipline_id', '=', 'x.discipline_id')
          .onRef('y.group_id', '=', 'x.group_id')
          .onRef('y.year_id', '=', 'x.year_id')
          .onRef('y.ws_id', '=', 'x.ws_id')
          .onRef('y.teacher_id', '!=', 'x.teacher_id')
          .onRef('y.lesson_type_id', '!=', 'x.lesson_type_id'),
      )
      .innerJoin('users as ux', 'ux.teacher_id', 'x.teacher_id')
      .innerJoin('users as uy', 'uy.teacher_id', 'y.teacher_id')
      .select([
        'x.discipline_id',
        'x.group_id',
        'x.teacher_id as ta',
        'ux.login as la',
        'x.lesson_type_id as lta',
        'y.teacher_id as tb',
        'uy.login as lb',
        'y.lesson_type_id as ltb',
      ])
      .where('x.year_id', '=', year)
      .where('x.ws_id', '=', ws)
      .where('x.subgroup_id', 'is', null)
      .where('y.subgroup_id', 'is', null)
      .where('x.teacher_id', '=', demo.teacher_id ?? 0)
      .where('y.teacher_id', '!=', demo.teacher_id ?? 0)
      .orderBy('x.id')
      .execute();
    const row = rows[0];
    assert.ok(row, 'the seed has a group taught by the demo teacher and a colleague');
    pair = {
      disciplineId: row.discipline_id,
      groupId: row.group_id,
      a: { teacherId: row.ta, login: row.la, lessonType: row.lta },
      b: { teacherId: row.tb, login: row.lb, lessonType: row.ltb },
    };
    teacherA = await t.login(DEMO.teacher);
    teacherB = await t.login({ login: pair.b.login, password: 'Teacher1' });
    const stranger = await db
      .selectFrom('users as u')
      .select('u.login')
      .where('u.role', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('teaching_assignments as a')
              .select('a.id')
              .whereRef('a.teacher_id', '=', 'u.teacher_id')
              .where('a.discipline_id', '=', pair.disciplineId)
              .where('a.group_id', '=', pair.groupId),
          ),
        ),
      )
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    outsider = await t.login({ login: stranger.login, password: 'Teacher1' });
    const members = await db
      .selectFrom('students as s')
      .innerJoin('users as u', 'u.student_id', 's.id')
      .select(['s.id', 's.subgroup_id', 'u.login'])
      .where('s.group_id', '=', pair.groupId)
      .orderBy('s.id')
      .execute();
    groupStudents = members.map((m) => m.id);
    const subgroupIds = [...new Set(members.map((m) => m.subgroup_id))].filter(
      (id): id is number => id !== null,
    );
    subgroups = subgroupIds.map((id) => ({
      id,
      students: members.filter((m) => m.subgroup_id === id).map((m) => m.id),
    }));
    const member = members.find((m) => /^s\d+$/.test(m.login));
    assert.ok(member);
    student = await t.login({ login: member.login, password: 'Student1' });
  });
  after(async () => t.close());

  test('the choice chain lists only what the teacher teaches', async () => {
    const disciplines = await data<{ id_discipline: number }[]>(
      teacherA,
      'getdisciplineteacherjournal',
      { year, ws },
    );
    assert.ok(disciplines.some((d) => d.id_discipline === pair.disciplineId));
    const groups = await data<{ id_group: number }[]>(teacherA, 'getgroupteacherjournal', {
      year,
      ws,
      id_discipline: pair.disciplineId,
    });
    assert.ok(groups.some((g) => g.id_group === pair.groupId));
    const types = await data<{ id_vid_zaniatiy: number }[]>(teacherA, 'getvidzaniatiy', {
      year,
      ws,
      id_discipline: pair.disciplineId,
      id_group: pair.groupId,
    });
    assert.ok(types.some((x) => x.id_vid_zaniatiy === pair.a.lessonType));
    assert.ok(!types.some((x) => x.id_vid_zaniatiy === pair.b.lessonType));
    assert.deepEqual(
      await data(outsider, 'getgroupteacherjournal', {
        year,
        ws,
        id_discipline: pair.disciplineId,
      }).then((g) => (g as { id_group: number }[]).filter((x) => x.id_group === pair.groupId)),
      [],
    );
    const forms = await data<{ name: string }[]>(teacherA, 'getfeducjournal');
    assert.deepEqual(
      forms.map((f) => f.name),
      ['очная', 'заочная', 'дистанционная'],
    );
    const times = await data<{ id_time: number; start: string }[]>(teacherA, 'getteachertimeid');
    assert.deepEqual(
      times.map((x) => x.id_time),
      [1, 2, 3, 4, 5],
    );
    assert.match(times[0]?.start ?? '', /^\d\d:\d\d$/);
    const scale = envelope<{ value: string }[]>(await teacherA.get(`${V}/getassessments.json`));
    assert.deepEqual(
      scale.data?.map((s) => s.value),
      ['5', '4', '3', '2', 'н/б'],
    );
    const modules = await data<unknown[]>(teacherA, 'getmodulejournal', {
      year,
      ws,
      id_discipline: pair.disciplineId,
    });
    assert.ok(modules.length > 0);
    assert.equal(
      await status(outsider, 'getmodulejournal', { year, ws, id_discipline: pair.disciplineId }),
      403,
    );
  });

  test('the seeded journal has a semester of lessons and consistent figures', async () => {
    // Sent as plain JSON (not the schema's serializer), and still said to be JSON.
    const answer = await call(teacherA, 'getjournal', key());
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    const grid = await data<JournalResponse>(teacherA, 'getjournal', key());
    assert.ok(grid.lessons.length >= 12, `lessons: ${grid.lessons.length}`);
    assert.equal(grid.threshold, 70);
    assert.equal(grid.rows.length, groupStudents.length);
    for (const row of grid.rows) {
      const marks = Object.values(row.marks);
      assert.deepEqual(
        {
          timesCount: row.timesCount,
          hours: row.hours,
          total: row.total,
          average: row.average,
          attendancePercent: row.attendancePercent,
        },
        figuresOf(marks),
      );
    }
    const sorted = [...grid.lessons].sort(
      (x, y) => x.date.localeCompare(y.date) || x.id_time - y.id_time,
    );
    assert.deepEqual(grid.lessons, sorted);
  });

  test('only the teachers of the group read its journal; only its lesson type’s teacher writes', async () => {
    assert.equal(await status(outsider, 'getjournal', key()), 403);
    assert.equal(await status(outsider, 'getstudentslist', key()), 403);
    assert.equal(await status(outsider, 'studentvisitinsertall', lessonKey('2026-01-05')), 403);
    assert.equal(await status(student, 'getjournal', key()), 403);
    assert.equal(await status(student, 'studentvisitinsertall', lessonKey('2026-01-05')), 403);
    // The colleague (another lesson type) reads the journal but does not write it.
    assert.equal(await status(teacherB, 'getjournal', key()), 200);
    assert.equal(await status(teacherB, 'studentvisitinsertall', lessonKey('2026-01-05')), 403);
    const grid = await data<JournalResponse>(teacherA, 'getjournal', key());
    const lesson = grid.lessons[0];
    assert.ok(lesson);
    const cell = { id_lesson: lesson.id_lesson, id_student: groupStudents[0], otsenka: '5' };
    assert.equal(await status(outsider, 'studentvisitupdate', cell), 403);
    assert.equal(await status(student, 'studentvisitupdate', cell), 403);
    assert.equal(await status(teacherB, 'studentvisitupdate', cell), 403);
    assert.equal(
      await status(outsider, 'journal/deletejournal', { id_lesson: lesson.id_lesson }),
      403,
    );
    assert.equal(await status(outsider, 'gettemajournal', { id_lesson: lesson.id_lesson }), 403);
    // Nothing changed.
    const again = await data<JournalResponse>(teacherA, 'getjournal', key());
    assert.deepEqual(again, grid);
  });

  test('every teacher call refuses another teacher and a student; the student call refuses teachers', async () => {
    const grid = await data<JournalResponse>(teacherA, 'getjournal', key());
    const lesson = grid.lessons[0];
    assert.ok(lesson);
    const id_lesson = lesson.id_lesson;
    const semester = { year, ws, id_discipline: pair.disciplineId };
    const onLesson = { id_lesson, id_student: groupStudents[0] };
    // Each teacher call with a body the journal's own teacher may send.
    const teacherCalls: [string, unknown][] = [
      ['getmodulejournal', semester],
      ['getstudentslist', key()],
      ['getstudentslistsubgroupupdate', lessonKey(lesson.date, { id_time: lesson.id_time })],
      ['getjournal', key()],
      ['studentvisitinsertall', lessonKey('2026-01-12')],
      ['studentvisitupdate', { ...onLesson, otsenka: '4' }],
      [
        'studentvisitupdate2',
        { ...lessonKey('2026-01-12'), id_student: groupStudents[0], otsenka: '4' },
      ],
      ['deletestudentfromlist', onLesson],
      [
        'journal/delete',
        {
          id_year: year,
          id_ws: ws,
          id_groupOrPorok: pair.groupId,
          id_vid_zaniatiy: pair.a.lessonType,
          id_teacher: pair.a.teacherId,
          id_discipline: pair.disciplineId,
          id_time: lesson.id_time,
          date: lesson.date,
        },
      ],
      ['journal/deletejournal', { id_lesson }],
      ['gettemajournal', { id_lesson }],
      ['savetemajournal', { id_lesson, tema: 'чужая тема', id_module: null }],
      ['temareport', key()],
    ];
    const open: string[] = [];
    for (const [path, body] of teacherCalls) {
      for (const [who, client] of [
        ['another teacher', outsider],
        ['a student', student],
      ] as const) {
        const answer = await status(client, path, body);
        if (answer !== 403) open.push(`${path} as ${who}: ${answer}`);
      }
    }
    // The lists of what the caller teaches: empty for another teacher, refused to a student.
    for (const [path, body] of [
      ['getgroupteacherjournal', semester],
      ['getvidzaniatiy', { ...semester, id_group: pair.groupId }],
    ] as const) {
      const answer = await call(outsider, path, body);
      if (answer.statusCode !== 200 || JSON.stringify(envelope(answer).data) !== '[]') {
        open.push(`${path} as another teacher: ${answer.statusCode} ${answer.body}`);
      }
      const asStudent = await status(student, path, body);
      if (asStudent !== 403) open.push(`${path} as a student: ${asStudent}`);
    }
    // The student's own journal is not a teacher's call.
    const asTeacher = await status(teacherA, 'getjournalforstudent', semester);
    if (asTeacher !== 403) open.push(`getjournalforstudent as a teacher: ${asTeacher}`);
    // Exports of another teacher's journal.
    const query = new URLSearchParams(
      Object.entries(key()).flatMap(([name, value]): [string, string][] =>
        value === null ? [] : [[name, String(value)]],
      ),
    ).toString();
    for (const format of ['csv', 'xlsx']) {
      const answer = (await outsider.get(`${V}/export.${format}?${query}`)).statusCode;
      if (answer !== 403) open.push(`export.${format} as another teacher: ${answer}`);
    }
    assert.deepEqual(open, []);
    // Nothing changed behind the refusals.
    assert.deepEqual(await data<JournalResponse>(teacherA, 'getjournal', key()), grid);
  });

  test('insert-all creates the lesson once and lists each student once', async () => {
    const body = lessonKey('2026-01-05');
    const first = await data<{ sms: string; id_lesson: number }>(
      teacherA,
      'studentvisitinsertall',
      body,
    );
    assert.ok(first.sms.length > 0);
    const list = await data<LessonListItem[]>(teacherA, 'getstudentslistsubgroupupdate', body);
    assert.deepEqual(
      list.map((s) => s.id_student).sort(),
      [...(subgroups[0]?.students ?? [])].sort(),
    );
    assert.ok(list.every((s) => s.otsenka === null));
    const someone = list[0]?.id_student ?? 0;
    await data(teacherA, 'studentvisitupdate', {
      id_lesson: first.id_lesson,
      id_student: someone,
      otsenka: '4',
    });
    const second = await data<{ id_lesson: number }>(teacherA, 'studentvisitinsertall', body);
    assert.equal(second.id_lesson, first.id_lesson);
    const after = await data<LessonListItem[]>(teacherA, 'getstudentslistsubgroupupdate', body);
    assert.equal(after.length, list.length);
    assert.equal(after.find((s) => s.id_student === someone)?.otsenka, '4');
    const count = await t.app.db.kysely
      .selectFrom('journal_lessons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lesson_date', '=', '2026-01-05')
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
  });

  test("average and 'н/б' arithmetic: two decimals, absences counted, never summed", async () => {
    const k = subKey({ id_subgroup: subgroups[1]?.id ?? null });
    const [x, y, z] = subgroups[1]?.students ?? [];
    assert.ok(x && y && z);
    const marks: [string, (string | null)[]][] = [
      ['2026-02-02', ['5', '5', null]],
      ['2026-02-09', ['4', '4', null]],
      ['2026-02-16', ['н/б', '4', null]],
    ];
    for (const [date, [mx, my, mz]] of marks) {
      const lesson = { ...k, id_f_educ: 1, id_time: 2, date };
      const { id_lesson } = await data<{ id_lesson: number }>(
        teacherA,
        'studentvisitinsertall',
        lesson,
      );
      for (const [studentId, otsenka] of [
        [x, mx],
        [y, my],
        [z, mz],
      ] as const) {
        await data(teacherA, 'studentvisitupdate', { id_lesson, id_student: studentId, otsenka });
      }
    }
    const grid = await data<JournalGridResponse>(teacherA, 'getjournal', k);
    const row = (id: number) => grid.rows.find((r) => r.id_student === id);
    assert.deepEqual(
      {
        ...row(x),
        marks: undefined,
        versions: undefined,
        sources: undefined,
        s_fio: undefined,
        id_student: undefined,
      },
      {
        marks: undefined,
        versions: undefined,
        sources: undefined,
        s_fio: undefined,
        id_student: undefined,
        timesCount: 1,
        hours: 2,
        total: 9,
        average: 4.5,
        attendancePercent: 66.7,
      },
    );
    assert.equal(row(y)?.total, 13);
    assert.equal(row(y)?.average, 4.33);
    assert.equal(row(y)?.timesCount, 0);
    assert.equal(row(y)?.attendancePercent, 100);
    assert.equal(row(z)?.average, null);
    assert.equal(row(z)?.total, 0);
    assert.equal(Object.keys(row(x)?.marks ?? {}).length, 3);
    // Listed all at once, then marked: every cell by the teacher's hand.
    assert.deepEqual(Object.values(row(x)?.sources ?? {}), ['hand', 'hand', 'hand']);
  });

  test('bad input is a 400 with a message and writes nothing', async () => {
    const lessonsBefore = await t.app.db.kysely
      .selectFrom('journal_lessons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const grid = await data<JournalResponse>(teacherA, 'getjournal', key());
    const lesson = grid.lessons[0];
    assert.ok(lesson);
    const bad = async (path: string, body: unknown) => {
      const response = await call(teacherA, path, body);
      assert.equal(response.statusCode, 400, `${path}: ${response.body}`);
      const answer = envelope(response);
      assert.equal(answer.result, true);
      assert.ok(answer.error && answer.error.length > 0);
    };
    const cell = { id_lesson: lesson.id_lesson, id_student: groupStudents[0] };
    await bad('studentvisitupdate', { ...cell, otsenka: '6' });
    await bad('studentvisitupdate', { ...cell, otsenka: 'отл' });
    await bad('studentvisitupdate', { ...cell, otsenka: 5 });
    await bad('studentvisitupdate', { ...cell });
    await bad('studentvisitupdate2', {
      ...lessonKey('2026-03-02'),
      id_student: subgroups[0]?.students[0],
      otsenka: '7',
    });
    await bad('studentvisitinsertall', lessonKey('2026-02-31'));
    await bad('studentvisitinsertall', lessonKey('26-01-05'));
    await bad('studentvisitinsertall', lessonKey('2026-03-02', { id_f_educ: 99 }));
    await bad('studentvisitinsertall', lessonKey('2026-03-02', { id_time: 6 }));
    await bad('studentvisitupdate2', {
      ...lessonKey('2026-03-02'),
      id_student: subgroups[1]?.students[0],
      otsenka: '5',
    });
    const otherGroup = await t.app.db.kysely
      .selectFrom('subgroups')
      .select('id')
      .where('group_id', '!=', pair.groupId)
      .executeTakeFirstOrThrow();
    await bad('getjournal', key({ id_subgroup: otherGroup.id }));
    await bad('savetemajournal', {
      id_lesson: lesson.id_lesson,
      tema: 'x'.repeat(501),
      id_module: null,
    });
    const lessonsAfter = await t.app.db.kysely
      .selectFrom('journal_lessons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(lessonsAfter.n), Number(lessonsBefore.n));
    assert.deepEqual(await data<JournalResponse>(teacherA, 'getjournal', key()), grid);
  });

  test('two teachers of one group writing at the same time keep both writes', async () => {
    const lessonA = await data<{ id_lesson: number }>(teacherA, 'studentvisitinsertall', {
      ...key(),
      id_f_educ: 1,
      id_time: 3,
      date: '2026-04-06',
    });
    const lessonB = await data<{ id_lesson: number }>(teacherB, 'studentvisitinsertall', {
      ...key({ id_vid_zaniatiy: pair.b.lessonType }),
      id_f_educ: 1,
      id_time: 3,
      date: '2026-04-06',
    });
    const writes = groupStudents.flatMap((id, index) => [
      call(teacherA, 'studentvisitupdate', {
        id_lesson: lessonA.id_lesson,
        id_student: id,
        otsenka: index % 2 === 0 ? '5' : 'н/б',
      }),
      call(teacherB, 'studentvisitupdate', {
        id_lesson: lessonB.id_lesson,
        id_student: id,
        otsenka: index % 2 === 0 ? 'н/б' : '3',
      }),
    ]);
    const answers = await Promise.all(writes);
    assert.ok(answers.every((r) => r.statusCode === 200));
    const cells = await t.app.db.kysely
      .selectFrom('journal_marks')
      .select(['lesson_id', 'student_id', 'otsenka'])
      .where('lesson_id', 'in', [lessonA.id_lesson, lessonB.id_lesson])
      .execute();
    assert.equal(cells.length, groupStudents.length * 2);
    for (const [index, id] of groupStudents.entries()) {
      const of = (lesson: number) =>
        cells.find((c) => c.lesson_id === lesson && c.student_id === id)?.otsenka;
      assert.equal(of(lessonA.id_lesson), index % 2 === 0 ? '5' : 'н/б');
      assert.equal(of(lessonB.id_lesson), index % 2 === 0 ? 'н/б' : '3');
    }
  });

  test('deleting a student from a list, a lesson by id and a lesson by the spec payload', async () => {
    const body = lessonKey('2026-05-04');
    const { id_lesson } = await data<{ id_lesson: number }>(
      teacherA,
      'studentvisitinsertall',
      body,
    );
    const someone = subgroups[0]?.students[0] ?? 0;
    await data(teacherA, 'deletestudentfromlist', { id_lesson, id_student: someone });
    const list = await data<LessonListItem[]>(teacherA, 'getstudentslistsubgroupupdate', body);
    assert.ok(!list.some((s) => s.id_student === someone));
    assert.equal(
      await status(teacherA, 'deletestudentfromlist', { id_lesson, id_student: someone }),
      404,
    );
    const deleted = await data<{ deleted: number }>(teacherA, 'journal/deletejournal', {
      id_lesson,
    });
    assert.equal(deleted.deleted, 1);
    assert.deepEqual(await data(teacherA, 'getstudentslistsubgroupupdate', body), []);
    const marksLeft = await t.app.db.kysely
      .selectFrom('journal_marks')
      .select('student_id')
      .where('lesson_id', '=', id_lesson)
      .execute();
    assert.deepEqual(marksLeft, []);

    await data(teacherA, 'studentvisitinsertall', { ...body, id_time: 4 });
    const payload = {
      id_year: year,
      id_ws: ws,
      id_semesterOrWs: ws,
      id_groupOrPorok: pair.groupId,
      id_subgroup: subgroups[0]?.id,
      id_vid_zaniatiy: pair.a.lessonType,
      id_teacher: pair.a.teacherId,
      id_discipline: pair.disciplineId,
      kredit: 4,
      id_time: 4,
      date: body.date,
      isSelect: 0,
    };
    assert.equal(
      await status(teacherA, 'journal/delete', { ...payload, id_teacher: pair.b.teacherId }),
      403,
    );
    const removed = await data<{ sms: string; deleted: number }>(
      teacherA,
      'journal/delete',
      payload,
    );
    assert.equal(removed.deleted, 1);
    assert.equal(await status(teacherA, 'journal/delete', payload), 404);
  });

  test('topics: save, read, the report and modules of the discipline only', async () => {
    const k = subKey();
    const { id_lesson } = await data<{ id_lesson: number }>(
      teacherA,
      'studentvisitinsertall',
      lessonKey('2026-06-01'),
    );
    const modules = await data<{ id_module: number; name: string }[]>(
      teacherA,
      'getmodulejournal',
      { year, ws, id_discipline: pair.disciplineId },
    );
    const module = modules[0];
    assert.ok(module);
    const saved = await data<{ sms: string }>(teacherA, 'savetemajournal', {
      id_lesson,
      tema: '  Нормальные формы отношений  ',
      id_module: module.id_module,
    });
    assert.ok(saved.sms.length > 0);
    assert.deepEqual(await data(teacherA, 'gettemajournal', { id_lesson }), {
      tema: 'Нормальные формы отношений',
      id_module: module.id_module,
    });
    const foreign = await t.app.db.kysely
      .selectFrom('journal_modules')
      .select('id')
      .where('discipline_id', '!=', pair.disciplineId)
      .executeTakeFirstOrThrow();
    assert.equal(
      await status(teacherA, 'savetemajournal', { id_lesson, tema: 'x', id_module: foreign.id }),
      400,
    );
    // A lesson whose attendance was never taken: on the report with nobody marked.
    const empty = await data<{ id_lesson: number }>(teacherA, 'studentvisitupdate2', {
      ...lessonKey('2026-06-08'),
      id_student: subgroups[0]?.students[0],
      otsenka: null,
    });
    await data(teacherA, 'deletestudentfromlist', {
      id_lesson: empty.id_lesson,
      id_student: subgroups[0]?.students[0],
    });
    const report = await data<TopicReportItem[]>(teacherA, 'temareport', k);
    const listed = subgroups[0]?.students.length ?? 0;
    const saved1 = report.find((r) => r.id_lesson === id_lesson);
    assert.deepEqual(saved1 && { ...saved1 }, {
      id_lesson,
      date: '2026-06-01',
      id_time: 1,
      tema: 'Нормальные формы отношений',
      module: module.name,
      marked: listed,
      listed,
    });
    assert.equal(report.find((r) => r.id_lesson === empty.id_lesson)?.marked, 0);
  });

  test('CSV and XLSX exports read back to the grid', async () => {
    const k = key();
    const grid = await data<JournalResponse>(teacherA, 'getjournal', k);
    const query = `year=${year}&ws=${ws}&id_discipline=${pair.disciplineId}&id_group=${pair.groupId}&id_vid_zaniatiy=${pair.a.lessonType}`;
    const csv = await teacherA.get(`${V}/export.csv?${query}`);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(String(csv.headers['content-type']), /^text\/csv; charset=utf-8/);
    const disposition = String(csv.headers['content-disposition']);
    assert.match(disposition, /^attachment; filename="[^"]+\.csv"; filename\*=UTF-8''/);
    assert.match(decodeURIComponent(disposition.split("UTF-8''")[1] ?? ''), /^Журнал_.+\.csv$/);
    assert.deepEqual([...csv.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    const [header, ...body] = lines.map((line) => line.split(';'));
    assert.equal(header?.[1], 'ФИО');
    assert.equal(header?.length, 2 + grid.lessons.length + 5);
    assert.equal(body.length, grid.rows.length);
    for (const [index, row] of grid.rows.entries()) {
      const cells = body[index] ?? [];
      assert.equal(cells[1], row.s_fio);
      grid.lessons.forEach((lesson, column) => {
        const key = String(lesson.id_lesson);
        const expected = key in row.marks ? (row.marks[key] ?? '+') : '';
        assert.equal(cells[2 + column], expected);
      });
      const tail = cells.slice(2 + grid.lessons.length);
      assert.deepEqual(tail, [
        String(row.timesCount),
        String(row.hours),
        String(row.total),
        row.average === null ? '' : String(row.average),
        row.attendancePercent === null ? '' : String(row.attendancePercent),
      ]);
    }

    const xlsx = await teacherA.get(`${V}/export.xlsx?${query}`);
    assert.equal(xlsx.statusCode, 200);
    assert.match(String(xlsx.headers['content-disposition']), /\.xlsx"; filename\*=UTF-8''/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Журнал');
    assert.ok(sheet);
    assert.equal(sheet.getRow(2).getCell(2).value, 'ФИО');
    const first = grid.rows[0];
    assert.ok(first);
    assert.equal(sheet.getRow(3).getCell(2).value, first.s_fio);
    assert.equal(sheet.getRow(3).getCell(2 + grid.lessons.length + 1).value, first.timesCount);
    assert.equal(sheet.getRow(3).getCell(2 + grid.lessons.length + 3).value, first.total);
    assert.equal(sheet.rowCount, 2 + grid.rows.length);

    assert.equal((await outsider.get(`${V}/export.csv?${query}`)).statusCode, 403);
    assert.equal((await student.get(`${V}/export.xlsx?${query}`)).statusCode, 403);
    assert.equal((await teacherA.get(`${V}/export.csv?year=x&ws=1`)).statusCode, 400);
  });

  test("a student reads their own journal, across lesson types, and nobody else's", async () => {
    const demo = await t.login(DEMO.student);
    const me = envelope<{ user: { id: number } }>(
      await demo.post('/lms/api/auth/enticate.json', {}),
    ).data?.user.id;
    const own = await t.app.db.kysely
      .selectFrom('journal_lessons as l')
      .innerJoin('journal_marks as m', 'm.lesson_id', 'l.id')
      .select(['l.discipline_id'])
      .where('m.student_id', '=', me ?? 0)
      .where('l.year_id', '=', year)
      .where('l.ws_id', '=', ws)
      .executeTakeFirstOrThrow();
    const parts = await data<StudentJournalPart[]>(demo, 'getjournalforstudent', {
      year,
      ws,
      id_discipline: own.discipline_id,
    });
    assert.ok(parts.length >= 1);
    for (const part of parts) {
      assert.ok(part.lessons.length >= 12);
      assert.ok(part.teacher.length > 0);
      const { timesCount, hours, total, average, attendancePercent } = part;
      assert.deepEqual(
        { timesCount, hours, total, average, attendancePercent },
        figuresOf(part.lessons.map((l) => l.otsenka)),
      );
    }
    const cells = await t.app.db.kysely
      .selectFrom('journal_marks as m')
      .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
      .select('m.otsenka')
      .where('m.student_id', '=', me ?? 0)
      .where('l.discipline_id', '=', own.discipline_id)
      .where('l.year_id', '=', year)
      .where('l.ws_id', '=', ws)
      .execute();
    assert.equal(
      parts.reduce((sum, part) => sum + part.lessons.length, 0),
      cells.length,
    );
    // A discipline the student does not study, and the teachers' calls: refused.
    assert.equal(
      await status(demo, 'getjournalforstudent', { year, ws, id_discipline: pair.disciplineId }),
      pair.groupId === (await t.app.repos.access.placementOf(me ?? 0))?.groupId ? 200 : 403,
    );
    assert.equal(
      await status(teacherA, 'getjournalforstudent', { year, ws, id_discipline: 1 }),
      403,
    );
    assert.equal(await status(student, 'getstudentslist', key()), 403);
    assert.equal(await status(student, 'temareport', key()), 403);
  });
  test("the student's first screen in one call answers what the chain answers; students only", async () => {
    const demo = await t.login(DEMO.student);
    const { uid } = await whoAmI(demo);
    const get = async <T>(path: string): Promise<T> =>
      envelope<T>(await demo.get(`/lms/api/discipline/${path}`)).data as T;
    for (const lang of ['ru', 'en']) {
      demo.cookies.set('lang', lang);
      const first = await data<StudentJournalStartResponse>(demo, 'studentstart');
      const year = await get<CurrentYearResponse>('current/year.json');
      const current = await get<CurrentWsResponse>('current/ws.json');
      const semester = { year: year.id_a_year, ws: current.ws };
      const listed = await demo.post('/lms/api/discipline/forStudentDisciplinelist.json', {
        uid,
        ...semester,
      });
      const disciplines = envelope<DisciplineItem[]>(listed).data ?? [];
      assert.deepEqual(first.year, year);
      assert.deepEqual(first.ws, current);
      assert.deepEqual(first.disciplines, disciplines);
      const firstDiscipline = disciplines[0];
      assert.deepEqual(
        first.journal,
        firstDiscipline
          ? await data<StudentJournalPart[]>(demo, 'getjournalforstudent', {
              ...semester,
              id_discipline: firstDiscipline.id_discipline,
            })
          : null,
      );
      // The seeded semester is the current one (but in the summer): the student studies in it.
      if (current.ws === ws) assert.ok(first.journal && disciplines.length > 0);
    }
    demo.cookies.delete('lang');

    assert.equal(await status(teacherA, 'studentstart', {}), 403);
    assert.equal(
      (await (await t.client().prime()).post(`${V}/studentstart.json`, {})).statusCode,
      401,
    );
  });

  test('a student of a group with nothing to study yet: every first screen answers, empty', async () => {
    const db = t.app.db.kysely;
    const { speciality_id } = await db
      .selectFrom('groups')
      .select('speciality_id')
      .executeTakeFirstOrThrow();
    const group = await db
      .insertInto('groups')
      .values({ speciality_id, name: 'NEW-1-26', name_kg: null, name_en: null, admission_year: 26 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [fresh] = await createStudents(t, group.id, 1, {
      login: 'freshman',
      name: () => 'Жаңы Студент',
    });
    const client = fresh!.client;
    const journal = await data<StudentJournalStartResponse>(client, 'studentstart');
    assert.deepEqual(journal.disciplines, []);
    assert.equal(journal.journal, null);
    const umk = envelope<UmkStartResponse>(await client.post('/lms/api/umk/start.json', {}));
    assert.ok(umk.data, 'umk/start answers');
    assert.deepEqual(umk.data.list ?? [], []);
    const reg = await client.post('/lms/api/regfordisciplines/start.json', {});
    assert.equal(reg.statusCode, 200, reg.body);
    const start = envelope<RegStartResponse>(reg).data!;
    assert.deepEqual(start.list ?? [], []);
  });

  /** The full name of a teacher (persons via teachers). */
  const teacherName = async (teacherId: number) =>
    (
      await t.app.db.kysely
        .selectFrom('teachers as t')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select('p.full_name')
        .where('t.id', '=', teacherId)
        .executeTakeFirstOrThrow()
    ).full_name;

  test('a lesson belongs to its teacher: a co-teacher of the same lesson type reads it and writes none of it', async () => {
    const db = t.app.db.kysely;
    // B comes to give A's lesson type to the same group too (an elective taught in two streams).
    const own = await db
      .selectFrom('teaching_assignments')
      .selectAll()
      .where('teacher_id', '=', pair.a.teacherId)
      .where('discipline_id', '=', pair.disciplineId)
      .where('group_id', '=', pair.groupId)
      .where('lesson_type_id', '=', pair.a.lessonType)
      .where('subgroup_id', 'is', null)
      .where('year_id', '=', year)
      .where('ws_id', '=', ws)
      .executeTakeFirstOrThrow();
    const { id: _id, ...assignment } = own;
    const added = await db
      .insertInto('teaching_assignments')
      .values({ ...assignment, teacher_id: pair.b.teacherId })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const slot = { ...key(), id_f_educ: 1, id_time: 2, date: '2026-07-06' };
      const { id_lesson } = await data<{ id_lesson: number }>(
        teacherA,
        'studentvisitinsertall',
        slot,
      );
      const nameA = await teacherName(pair.a.teacherId);
      const fromB = await data<JournalResponse>(teacherB, 'getjournal', key());
      const seenByB = fromB.lessons.find((l) => l.id_lesson === id_lesson);
      assert.deepEqual(
        seenByB && { id_teacher: seenByB.id_teacher, teacher: seenByB.teacher, own: seenByB.own },
        { id_teacher: pair.a.teacherId, teacher: nameA, own: false },
      );
      const fromA = await data<JournalResponse>(teacherA, 'getjournal', key());
      assert.equal(fromA.lessons.find((l) => l.id_lesson === id_lesson)?.own, true);
      const someone = groupStudents[0] ?? 0;
      const version = fromA.rows.find((r) => r.id_student === someone)?.versions[String(id_lesson)];
      assert.ok(version !== undefined);

      // Every write of the lesson by B is refused, naming who gives it, in B's language.
      const writes: [string, unknown][] = [
        ['studentvisitupdate', { id_lesson, id_student: someone, otsenka: '2', version }],
        ['studentvisitupdate', { id_lesson, id_student: someone, otsenka: '2' }],
        ['deletestudentfromlist', { id_lesson, id_student: someone }],
        ['savetemajournal', { id_lesson, tema: 'Чужая тема', id_module: null }],
        ['journal/deletejournal', { id_lesson }],
      ];
      const expected = {
        ru: `Это занятие ведёт ${nameA}`,
        kg: `Бул сабакты ${nameA} өтөт`,
        en: `This lesson is given by ${nameA}`,
      };
      for (const lang of ['ru', 'kg', 'en'] as const) {
        teacherB.cookies.set('lang', lang);
        for (const [path, body] of writes) {
          const answer = await call(teacherB, path, body);
          assert.equal(answer.statusCode, 403, `${path} (${lang}): ${answer.body}`);
          assert.ok(
            envelope(answer).error?.startsWith(expected[lang]),
            `${path} (${lang}): ${envelope(answer).error}`,
          );
        }
      }
      teacherB.cookies.delete('lang');
      // Reading it stays open to B.
      assert.equal(await status(teacherB, 'gettemajournal', { id_lesson }), 200);
      // Nothing changed.
      assert.deepEqual(await data<JournalResponse>(teacherA, 'getjournal', key()), fromA);

      // B's own lesson of the journal is B's: A reads it and is refused its writes alike.
      const mine = await data<{ id_lesson: number }>(teacherB, 'studentvisitinsertall', {
        ...slot,
        id_time: 3,
      });
      await data(teacherB, 'studentvisitupdate', {
        id_lesson: mine.id_lesson,
        id_student: someone,
        otsenka: '5',
        version: 1,
      });
      const again = await data<JournalResponse>(teacherA, 'getjournal', key());
      const theirs = again.lessons.find((l) => l.id_lesson === mine.id_lesson);
      assert.equal(theirs?.own, false);
      assert.equal(theirs?.teacher, await teacherName(pair.b.teacherId));
      assert.equal(
        await status(teacherA, 'journal/deletejournal', { id_lesson: mine.id_lesson }),
        403,
      );
      assert.equal(
        await status(teacherA, 'studentvisitupdate', {
          id_lesson: mine.id_lesson,
          id_student: someone,
          otsenka: '2',
          version: 2,
        }),
        403,
      );
      assert.equal(
        (await data<{ deleted: number }>(teacherB, 'journal/deletejournal', mine)).deleted,
        1,
      );
      assert.equal(
        (await data<{ deleted: number }>(teacherA, 'journal/deletejournal', { id_lesson })).deleted,
        1,
      );
    } finally {
      await db.deleteFrom('teaching_assignments').where('id', '=', added.id).execute();
    }
  });

  test('a cell write based on a stale version is refused with 409 and what the cell holds now', async () => {
    const db = t.app.db.kysely;
    const slot = { ...key(), id_f_educ: 1, id_time: 4, date: '2026-07-13' };
    const { id_lesson } = await data<{ id_lesson: number }>(
      teacherA,
      'studentvisitinsertall',
      slot,
    );
    const [x, y] = groupStudents;
    assert.ok(x && y);
    const versionOf = async (studentId: number) =>
      (await data<JournalResponse>(teacherA, 'getjournal', key())).rows.find(
        (r) => r.id_student === studentId,
      )?.versions[String(id_lesson)];
    const seen = await versionOf(x);
    assert.equal(seen, 1);
    const cell = { id_lesson, id_student: x };

    // The first device saves on the version it saw: the version moves.
    const first = await data<{ sms: string; version: number }>(teacherA, 'studentvisitupdate', {
      ...cell,
      otsenka: '5',
      version: seen,
    });
    assert.equal(first.version, 2);
    // The second device saves on the same, now stale, version: refused with the current cell.
    const before = Date.now();
    const stale = await call(teacherA, 'studentvisitupdate', {
      ...cell,
      otsenka: '4',
      version: seen,
    });
    assert.equal(stale.statusCode, 409, stale.body);
    const refused = envelope<Record<string, unknown>>(stale);
    assert.equal(refused.result, true);
    assert.match(refused.error ?? '', /^Отметку уже изменили/);
    const nameA = await teacherName(pair.a.teacherId);
    const { at, ...current } = refused.data ?? {};
    assert.deepEqual(current, {
      id_lesson,
      id_student: x,
      otsenka: '5',
      version: 2,
      by: nameA,
    });
    assert.ok(typeof at === 'number' && at <= before && at > before - 60_000, String(at));
    teacherA.cookies.set('lang', 'en');
    const english = await call(teacherA, 'studentvisitupdate', {
      ...cell,
      otsenka: '4',
      version: seen,
    });
    teacherA.cookies.delete('lang');
    assert.equal(english.statusCode, 409);
    assert.match(envelope(english).error ?? '', /^The mark was changed/);
    assert.equal(await versionOf(x), 2);
    assert.equal(
      (await data<JournalResponse>(teacherA, 'getjournal', key())).rows.find(
        (r) => r.id_student === x,
      )?.marks[String(id_lesson)],
      '5',
    );
    // On the fresh version the write goes through and the version moves again.
    const fresh = await data<{ version: number }>(teacherA, 'studentvisitupdate', {
      ...cell,
      otsenka: '4',
      version: 2,
    });
    assert.equal(fresh.version, 3);
    assert.equal(await versionOf(x), 3);

    // Two devices writing on one version at the same time: one is saved, the other refused.
    const racing = await Promise.all(
      ['3', 'н/б'].map((otsenka) =>
        call(teacherA, 'studentvisitupdate', { ...cell, otsenka, version: 3 }),
      ),
    );
    assert.deepEqual(racing.map((r) => r.statusCode).sort(), [200, 409]);
    const winner = racing.find((r) => r.statusCode === 200);
    const loser = racing.find((r) => r.statusCode === 409);
    const stored = await db
      .selectFrom('journal_marks')
      .select(['otsenka', 'version'])
      .where('lesson_id', '=', id_lesson)
      .where('student_id', '=', x)
      .executeTakeFirstOrThrow();
    assert.equal(stored.version, 4);
    assert.equal(envelope<{ version: number }>(winner!).data?.version, 4);
    assert.equal(envelope<{ otsenka: string }>(loser!).data?.otsenka, stored.otsenka);

    // Any other change of the cell (a QR check-in, a write straight to the database) moves it too.
    await db
      .updateTable('journal_marks')
      .set({ otsenka: null, source: 'qr' })
      .where('lesson_id', '=', id_lesson)
      .where('student_id', '=', x)
      .execute();
    assert.equal(await versionOf(x), 5);
    assert.equal(
      await status(teacherA, 'studentvisitupdate', { ...cell, otsenka: 'н/б', version: 4 }),
      409,
    );

    // An empty cell (the student not on the list) is version 0: the first write wins.
    await data(teacherA, 'deletestudentfromlist', { id_lesson, id_student: y });
    assert.equal(await versionOf(y), undefined);
    const empty = { id_lesson, id_student: y, version: 0 };
    assert.equal(
      (await data<{ version: number }>(teacherA, 'studentvisitupdate', { ...empty, otsenka: '5' }))
        .version,
      1,
    );
    const second = await call(teacherA, 'studentvisitupdate', { ...empty, otsenka: 'н/б' });
    assert.equal(second.statusCode, 409);
    assert.deepEqual(
      { ...envelope<Record<string, unknown>>(second).data, at: undefined },
      { id_lesson, id_student: y, otsenka: '5', version: 1, by: nameA, at: undefined },
    );
    // A cell taken off the list since: refused, told it is empty (version 0).
    await data(teacherA, 'deletestudentfromlist', { id_lesson, id_student: y });
    const gone = await call(teacherA, 'studentvisitupdate', { ...empty, otsenka: '3', version: 1 });
    assert.equal(gone.statusCode, 409);
    assert.deepEqual(envelope(gone).data, {
      id_lesson,
      id_student: y,
      otsenka: null,
      version: 0,
      by: null,
      at: null,
    });

    // Without a version (older clients) the write replaces the cell and moves the version.
    const blind = await data<{ version: number }>(teacherA, 'studentvisitupdate', {
      ...cell,
      otsenka: '2',
    });
    assert.equal(blind.version, 6);

    // By lesson key: a stale version is refused and creates no lesson.
    const byKey = { ...slot, id_time: 5, id_student: x, otsenka: '5' };
    const refusedByKey = await call(teacherA, 'studentvisitupdate2', { ...byKey, version: 2 });
    assert.equal(refusedByKey.statusCode, 409, refusedByKey.body);
    assert.deepEqual(envelope(refusedByKey).data, {
      id_student: x,
      otsenka: null,
      version: 0,
      by: null,
      at: null,
    });
    assert.deepEqual(
      await data(teacherA, 'getstudentslistsubgroupupdate', { ...slot, id_time: 5 }),
      [],
    );
    const created = await data<{ id_lesson: number; version: number }>(
      teacherA,
      'studentvisitupdate2',
      { ...byKey, version: 0 },
    );
    assert.equal(created.version, 1);
    const staleByKey = await call(teacherA, 'studentvisitupdate2', {
      ...byKey,
      otsenka: '3',
      version: 0,
    });
    assert.equal(staleByKey.statusCode, 409);
    assert.equal(envelope<{ id_lesson: number }>(staleByKey).data?.id_lesson, created.id_lesson);
    await data(teacherA, 'journal/deletejournal', { id_lesson: created.id_lesson });
    await data(teacherA, 'journal/deletejournal', { id_lesson });
  });

  test("an English and a Kyrgyz teacher get the journal's answers and exports in their language", async () => {
    const k = subKey();
    const [x, y] = subgroups[0]?.students ?? [];
    assert.ok(x && y);
    const slot = lessonKey('2026-04-06', { id_time: 3 });
    const subgroupName = (await t.app.repos.journal.subgroupOf(k.id_subgroup ?? 0))?.name ?? '';
    const query = `year=${year}&ws=${ws}&id_discipline=${pair.disciplineId}&id_group=${pair.groupId}&id_subgroup=${k.id_subgroup}&id_vid_zaniatiy=${pair.a.lessonType}`;
    const refused = async (path: string, body: unknown, statusCode: number) => {
      const answer = await call(teacherA, path, body);
      assert.equal(answer.statusCode, statusCode, `${path}: ${answer.body}`);
      return envelope(answer).error;
    };
    for (const lang of ['en', 'kg', 'ru'] as const) {
      teacherA.cookies.set('lang', lang);
      const listed = await data<{ sms: string; id_lesson: number }>(
        teacherA,
        'studentvisitinsertall',
        slot,
      );
      assert.equal(listed.sms, VISITLOG_NOTICES.listCreated[lang]);
      const lessonId = listed.id_lesson;
      const cell: { id_lesson: number; id_student: number } = {
        id_lesson: lessonId,
        id_student: x,
      };
      assert.equal(
        await refused('studentvisitupdate', { ...cell, otsenka: '6' }, 400),
        VISITLOG_MESSAGES.invalidMark[lang],
      );
      assert.equal(
        await refused('studentvisitinsertall', lessonKey('2026-02-31'), 400),
        VISITLOG_MESSAGES.invalidDate[lang],
      );
      assert.equal(
        await refused('studentvisitupdate', { ...cell, otsenka: '5', version: 99 }, 409),
        VISITLOG_MESSAGES.cellChanged[lang],
      );
      const saved = await data<{ sms: string }>(teacherA, 'studentvisitupdate', {
        ...cell,
        otsenka: 'н/б',
      });
      assert.equal(saved.sms, VISITLOG_NOTICES.saved[lang]);
      await data(teacherA, 'studentvisitupdate', { ...cell, id_student: y, otsenka: '4' });
      await data(teacherA, 'deletestudentfromlist', { ...cell, id_student: y });
      assert.equal(
        await refused('deletestudentfromlist', { ...cell, id_student: y }, 404),
        VISITLOG_MESSAGES.notOnList[lang],
      );

      // The CSV: file name, headers and the absence mark in the teacher's words.
      const csv = await teacherA.get(`${V}/export.csv?${query}`);
      assert.equal(csv.statusCode, 200, csv.body);
      const disposition = String(csv.headers['content-disposition']);
      const fileName = decodeURIComponent(disposition.split("UTF-8''")[1] ?? '');
      assert.ok(fileName.startsWith(`${EXPORT_TEXTS.journal[lang]}_`), fileName);
      assert.ok(
        fileName.includes(
          EXPORT_TEMPLATES.subgroup[lang]({ group: '', subgroup: subgroupName }).trim(),
        ),
        fileName,
      );
      const [header, ...body] = csv.rawPayload
        .toString('utf8')
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(';'));
      assert.deepEqual(header?.slice(0, 2), [
        EXPORT_TEXTS.number[lang],
        EXPORT_TEXTS.student[lang],
      ]);
      assert.deepEqual(header?.slice(-5), [
        EXPORT_TEXTS.absences[lang],
        EXPORT_TEXTS.absenceHours[lang],
        EXPORT_TEXTS.total[lang],
        EXPORT_TEXTS.average[lang],
        EXPORT_TEXTS.attendance[lang],
      ]);
      const column = header?.findIndex((title) => title.startsWith('06.04.2026')) ?? -1;
      assert.ok(column >= 2, header?.join(';'));
      const grid = await data<JournalResponse>(teacherA, 'getjournal', k);
      const indexOf = (id: number) => grid.rows.findIndex((r) => r.id_student === id);
      const rowOf = (id: number) => body[indexOf(id)] ?? [];
      assert.equal(rowOf(x)[column], EXPORT_TEXTS.absent[lang]);
      assert.equal(rowOf(y)[column], '');

      // The XLSX: the sheet's name, title and headers.
      const xlsx = await teacherA.get(`${V}/export.xlsx?${query}`);
      assert.equal(xlsx.statusCode, 200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet(EXPORT_TEXTS.journal[lang]);
      assert.ok(sheet, `sheet ${EXPORT_TEXTS.journal[lang]}`);
      assert.match(
        String(sheet.getRow(1).getCell(1).value),
        new RegExp(
          EXPORT_TEMPLATES.subgroup[lang]({ group: '', subgroup: subgroupName })
            .trim()
            .replace(/[()]/g, '\\$&'),
        ),
      );
      assert.equal(sheet.getRow(2).getCell(2).value, EXPORT_TEXTS.student[lang]);
      assert.equal(
        sheet.getRow(3 + indexOf(x)).getCell(column + 1).value,
        EXPORT_TEXTS.absent[lang],
      );

      const deleted = await data<{ sms: string }>(teacherA, 'journal/deletejournal', {
        id_lesson: lessonId,
      });
      assert.equal(deleted.sms, VISITLOG_NOTICES.lessonDeleted[lang]);
    }
    teacherA.cookies.delete('lang');
    // The words differ by language (a test of the texts, not of their table).
    assert.deepEqual(
      (['en', 'kg', 'ru'] as const).map((lang) => EXPORT_TEXTS.student[lang]),
      ['Full name', 'Аты-жөнү', 'ФИО'],
    );
    // Accept-Language is heard too when there is no cookie.
    const english = await teacherA.request({
      method: 'POST',
      url: `${V}/studentvisitinsertall.json`,
      payload: lessonKey('2026-02-31'),
      headers: { 'accept-language': 'en' },
    });
    assert.equal(envelope(english).error, VISITLOG_MESSAGES.invalidDate.en);
  });
});
