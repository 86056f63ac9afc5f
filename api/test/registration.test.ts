import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  ByTypeTeachersResponse,
  JournalStudentsResponse,
  OptionalDisciplinesResponse,
  OptionalPermissionResponse,
  RegListResponse,
  RegSemestersResponse,
  RegStartResponse,
  RegStreamsResponse,
  RegTeachersResponse,
  RegYear,
  RegYearsResponse,
  SaveRegistrationResponse,
  StreamStudentsResponse,
  StudentListResponse,
  TeacherStreamsResponse,
  WaitlistStatusResponse,
} from '@lms/shared/contract';
import {
  CREDIT_REFUSALS,
  CSV_HEADERS,
  REFUSALS,
  WINDOW_REFUSALS,
} from '../src/areas/registration/messages.js';
import { currentAcademicYear, currentWs } from '../src/lib/calendar.js';
import { fill } from '../src/lib/messages.js';
import type { Client } from './helper.js';
import { registrations } from '../src/lib/metrics.js';
import { counterValue, createTestApp, DEMO, envelope, type TestApp } from './helper.js';
import { createStudents } from './registration-helper.js';

const R = '/lms/api/regfordisciplines';
const DAY = 24 * 60 * 60 * 1000;

describe('discipline registration', () => {
  let t: TestApp;
  let student: Client;
  let teacher: Client;
  let otherStudent: Client;
  let studentUid: number;
  let studentId: number;
  let teacherUid: number;
  let teacherId: number;
  let groupId: number;
  let year: number;
  let ws: 1 | 2 | 3;

  const db = () => t.app.db.kysely;
  const term = () => ({ id_a_year: year, id_semester: ws });
  const call = (client: Client, path: string, body: unknown = {}) =>
    client.post(`${R}/${path}.json`, body);
  const data = async <T>(client: Client, path: string, body: unknown = {}): Promise<T> => {
    const response = await call(client, path, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };
  const refusal = async (client: Client, path: string, body: unknown, status: number) => {
    const response = await call(client, path, body);
    assert.equal(response.statusCode, status, `${path}: ${response.body}`);
    const answer = envelope(response);
    assert.equal(answer.result, true);
    return answer.error ?? '';
  };
  const list = () => data<RegListResponse>(student, 'getreglist', { ...term(), uid: studentUid });
  const electives = () =>
    data<OptionalDisciplinesResponse>(student, 'optional/disciplines', term());
  /** The first stream with seats of a discipline, by its first teacher. */
  const openStream = async (client: Client, disciplineId: number, elective: boolean) => {
    const teachers = await data<RegTeachersResponse>(
      client,
      elective ? 'optional/teachers' : 'getteachersforregel',
      { ...term(), id_discipline: disciplineId },
    );
    for (const { id_teacher } of teachers) {
      const streams = await data<RegStreamsResponse>(
        client,
        elective ? 'optional/subgroups' : 'getsubgroupsforregel',
        { ...term(), id_discipline: disciplineId, id_teacher },
      );
      const stream = streams.find((s) => s.free > 0 && s.id_vid_zaniatiy === 1);
      if (stream) return stream;
    }
    throw new Error(`no open stream for discipline ${disciplineId}`);
  };
  const save = (
    client: Client,
    disciplineId: number,
    stream: { id_teacher: number; subgroup: number },
  ) =>
    call(client, 'saveregistration', {
      ...term(),
      id_discipline: disciplineId,
      id_teacher: stream.id_teacher,
      subgroup: stream.subgroup,
    });
  const saveOk = async (...args: Parameters<typeof save>) => {
    const response = await save(...args);
    assert.equal(response.statusCode, 200, response.body);
    return (envelope<SaveRegistrationResponse>(response).data as SaveRegistrationResponse)
      .id_disciplineForStudent;
  };
  const remove = (client: Client, id: number) =>
    call(client, 'deleteregistration', { id_disciplineForStudent: id });
  const setWindow = async (opens: number, closes: number, electivesAllowed = 1) => {
    await db()
      .updateTable('registration_windows')
      .set({ opens_at: opens, closes_at: closes, electives: electivesAllowed })
      .where('year_id', '=', year)
      .where('ws_id', '=', ws)
      .execute();
  };
  const openWindow = () => setWindow(Date.now() - DAY, Date.now() + 30 * DAY);

  before(async () => {
    t = await createTestApp();
    const now = new Date();
    year = currentAcademicYear(now).id_a_year;
    ws = currentWs(now);
    student = await t.login(DEMO.student);
    teacher = await t.login(DEMO.teacher);
    const users = await db()
      .selectFrom('users as u')
      .leftJoin('students as s', 's.id', 'u.student_id')
      .select(['u.id', 'u.login', 'u.student_id', 'u.teacher_id', 's.group_id'])
      .where('u.login', 'in', ['student', 'teacher'])
      .execute();
    const s = users.find((u) => u.login === 'student');
    const tt = users.find((u) => u.login === 'teacher');
    assert.ok(s?.student_id && s.group_id && tt?.teacher_id);
    studentUid = s.id;
    studentId = s.student_id;
    groupId = s.group_id;
    teacherUid = tt.id;
    teacherId = tt.teacher_id;
    // A classmate of the demo student, signed in through a session of their own.
    const mate = await db()
      .selectFrom('users as u')
      .innerJoin('students as st', 'st.id', 'u.student_id')
      .select('u.id')
      .where('st.group_id', '=', groupId)
      .where('u.id', '!=', studentUid)
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    otherStudent = await sessionClient(t, mate.id);
  });
  after(() => t.close());

  test('the year and semester chain: default year, years, the semesters with a plan', async () => {
    const def = await data<RegYear>(student, 'getdefyear');
    assert.equal(def.id_a_year, year);
    const years = (await student.get(`${R}/getyears.json`)).json<{ data: RegYearsResponse }>();
    assert.ok(years.data.some((y) => y.id_a_year === year));
    const semesters = await data<RegSemestersResponse>(student, 'getsemesters', {
      id_a_year: year,
    });
    assert.deepEqual(
      semesters.map((s) => s.id_semester),
      [ws],
    );
    const teacherSemesters = await data<RegSemestersResponse>(teacher, 'getsemesters', {
      id_a_year: year,
    });
    assert.deepEqual(
      teacherSemesters.map((s) => s.id_semester),
      [ws],
    );
  });

  test('the first screen in one call answers what the chain answers; students only', async () => {
    const chain = async () => {
      const [def, years, semesters, regList, permission, offered, waitlist] = await Promise.all([
        data<RegYear>(student, 'getdefyear'),
        student.get(`${R}/getyears.json`).then((r) => r.json<{ data: RegYearsResponse }>().data),
        data<RegSemestersResponse>(student, 'getsemesters', { id_a_year: year }),
        list(),
        data<OptionalPermissionResponse>(student, 'optional/permission', term()),
        electives(),
        data<WaitlistStatusResponse>(student, 'waitlist/status', term()),
      ]);
      return { def, years, semesters, regList, permission, offered, waitlist };
    };
    const first = await data<RegStartResponse>(student, 'start');
    const each = await chain();
    assert.deepEqual(first.year, each.def);
    assert.deepEqual(first.years, each.years);
    assert.deepEqual(first.semesters, each.semesters);
    assert.deepEqual(first.term, term(), 'the default year and its first semester with a plan');
    assert.deepEqual(first.list, each.regList);
    assert.deepEqual(first.permission, { allowed: true, reason: null });
    assert.deepEqual(first.electives, each.offered);
    assert.ok(first.waitlist);
    assert.deepEqual({ ...first.waitlist, now: '' }, { ...each.waitlist, now: '' });

    // Electives closed: the reason in the caller's language, and no electives.
    await setWindow(Date.now() - DAY, Date.now() + DAY, 0);
    try {
      student.cookies.set('lang', 'en');
      const denied = await data<RegStartResponse>(student, 'start');
      const permission = await data<OptionalPermissionResponse>(
        student,
        'optional/permission',
        term(),
      );
      assert.equal(denied.permission?.allowed, false);
      assert.deepEqual(denied.permission, permission);
      assert.equal(denied.electives, null);
    } finally {
      student.cookies.delete('lang');
      await openWindow();
    }

    assert.equal((await call(teacher, 'start')).statusCode, 403);
    assert.equal((await (await t.client().prime()).post(`${R}/start.json`, {})).statusCode, 401);
  });

  test('a mandatory discipline: choose a teacher and stream, save, list, delete frees the seat', async () => {
    const before = await list();
    assert.equal(before.items.length, 0);
    assert.ok(before.window?.open);
    const mandatory = before.plan[0];
    assert.ok(mandatory);
    assert.equal(mandatory.isByPlan, 1);
    const stream = await openStream(student, mandatory.id_discipline, false);
    const counted = await counterValue(registrations);
    const id = await saveOk(student, mandatory.id_discipline, stream);
    assert.equal(await counterValue(registrations), counted + 1, 'the metric counts the save');
    const after = await list();
    assert.equal(after.items.length, 1);
    const item = after.items[0];
    assert.equal(item?.id_disciplineForStudent, id);
    assert.equal(item?.isByPlan, 1);
    assert.equal(item?.subgroup, stream.subgroup);
    assert.equal(item?.kredits, mandatory.kredits);
    assert.equal(after.kredits, before.kredits + mandatory.kredits);
    assert.equal(after.plan[0]?.id_disciplineForStudent, id);
    const seats = await openStream(student, mandatory.id_discipline, false);
    assert.equal(seats.subgroup, stream.subgroup);
    assert.equal(seats.free, stream.free - 1);

    // The same discipline twice is refused.
    assert.match(
      await refusal(
        student,
        'saveregistration',
        {
          ...term(),
          id_discipline: mandatory.id_discipline,
          id_teacher: stream.id_teacher,
          subgroup: stream.subgroup,
        },
        409,
      ),
      /уже зарегистрированы/,
    );
    assert.equal(await counterValue(registrations), counted + 1, 'a refusal is not counted');

    const removed = await remove(student, id);
    assert.equal(removed.statusCode, 200, removed.body);
    const empty = await list();
    assert.equal(empty.items.length, 0);
    assert.equal(empty.kredits, before.kredits);
    assert.equal((await openStream(student, mandatory.id_discipline, false)).free, stream.free);
    // Gone, it answers like another student's registration (nothing to probe).
    const gone = await remove(student, id);
    assert.deepEqual([gone.statusCode, envelope(gone).error], [403, 'Доступ запрещён']);
  });

  test('identity comes from the session: another uid, a teacher, another student’s registration', async () => {
    const { plan } = await list();
    const mandatory = plan[0];
    assert.ok(mandatory);
    const stream = await openStream(student, mandatory.id_discipline, false);
    const body = {
      ...term(),
      id_discipline: mandatory.id_discipline,
      id_teacher: stream.id_teacher,
      subgroup: stream.subgroup,
    };
    assert.equal(
      (await call(student, 'saveregistration', { ...body, uid: studentUid + 1 })).statusCode,
      403,
    );
    assert.equal(
      (await call(student, 'getreglist', { ...term(), uid: teacherUid })).statusCode,
      403,
    );
    assert.equal((await call(teacher, 'saveregistration', body)).statusCode, 403);
    assert.equal((await call(teacher, 'getreglist', term())).statusCode, 403);
    const id = await saveOk(student, mandatory.id_discipline, stream);
    assert.equal((await remove(otherStudent, id)).statusCode, 403);
    assert.equal(
      (await call(otherStudent, 'bytype/teacher', { id_disciplineForStudent: id })).statusCode,
      403,
    );
    assert.equal((await list()).items.length, 1, 'the registration is untouched');
    assert.equal((await remove(student, id)).statusCode, 200);
    assert.equal(
      (await (await t.client().prime()).post(`${R}/getreglist.json`, term())).statusCode,
      401,
    );
  });

  test('bad input is a 400 with a message, and writes nothing', async () => {
    for (const body of [
      {},
      { ...term(), id_semester: 7, id_discipline: 1, id_teacher: 1, subgroup: 1 },
      { ...term(), id_discipline: 'x', id_teacher: 1, subgroup: 1 },
      { ...term(), id_discipline: -1, id_teacher: 1, subgroup: 1 },
    ]) {
      const error = await refusal(student, 'saveregistration', body, 400);
      assert.match(error, /^Неверный запрос: body/);
    }
    // A discipline outside the plan, and a stream of another discipline.
    const other = await db()
      .selectFrom('disciplines')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { plan } = await list();
    const mandatory = plan[0];
    assert.ok(mandatory);
    const stream = await openStream(student, mandatory.id_discipline, false);
    assert.match(
      await refusal(
        student,
        'saveregistration',
        {
          ...term(),
          id_discipline: other.id,
          id_teacher: stream.id_teacher,
          subgroup: stream.subgroup,
        },
        400,
      ),
      /учебном плане/,
    );
    const [elective] = await electives();
    assert.ok(elective);
    const electiveStream = await openStream(student, elective.id_discipline, true);
    assert.match(
      await refusal(
        student,
        'saveregistration',
        {
          ...term(),
          id_discipline: mandatory.id_discipline,
          id_teacher: electiveStream.id_teacher,
          subgroup: electiveStream.subgroup,
        },
        400,
      ),
      /поток/i,
    );
    assert.equal((await list()).items.length, 0);
    const count = await db()
      .selectFrom('discipline_registrations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);
  });

  test('outside the window saving and deleting are refused with the dates', async () => {
    const { plan } = await list();
    const mandatory = plan[0];
    assert.ok(mandatory);
    const stream = await openStream(student, mandatory.id_discipline, false);
    const id = await saveOk(student, mandatory.id_discipline, stream);
    const opens = Date.UTC(2020, 0, 10, 3, 0);
    const closes = Date.UTC(2020, 0, 20, 3, 0);
    await setWindow(opens, closes);
    try {
      const state = await list();
      assert.equal(state.window?.open, false);
      const error = await refusal(
        student,
        'deleteregistration',
        { id_disciplineForStudent: id },
        409,
      );
      assert.match(error, /10\.01\.2020 09:00/);
      assert.match(error, /20\.01\.2020 09:00/);
      assert.match(
        await refusal(
          student,
          'saveregistration',
          {
            ...term(),
            id_discipline: mandatory.id_discipline,
            id_teacher: stream.id_teacher,
            subgroup: stream.subgroup,
          },
          409,
        ),
        /Регистрация открыта с 10\.01\.2020/,
      );
      // The window also closes elective permission, with the reason in the user's language.
      student.cookies.set('lang', 'en');
      const permission = await data<OptionalPermissionResponse>(
        student,
        'optional/permission',
        term(),
      );
      assert.equal(permission.allowed, false);
      assert.match(permission.reason ?? '', /Registration is open from 10\.01\.2020/);
    } finally {
      student.cookies.delete('lang');
      await openWindow();
    }
    assert.equal((await remove(student, id)).statusCode, 200);
    assert.equal((await list()).items.length, 0);
  });

  test('electives only with permission; a full stream is refused with its reason', async () => {
    const permission = await data<OptionalPermissionResponse>(
      student,
      'optional/permission',
      term(),
    );
    assert.deepEqual(permission, { allowed: true, reason: null });
    const offered = await electives();
    assert.equal(offered.length, 3);
    assert.ok(offered.every((e) => e.isByPlan === 0));
    // The mandatory chain does not hand out electives, nor the elective chain mandatory ones.
    const elective = offered[0];
    assert.ok(elective);
    await refusal(
      student,
      'getteachersforregel',
      { ...term(), id_discipline: elective.id_discipline },
      400,
    );

    await setWindow(Date.now() - DAY, Date.now() + DAY, 0);
    try {
      const denied = await data<OptionalPermissionResponse>(student, 'optional/permission', term());
      assert.equal(denied.allowed, false);
      const stream = await openStream(student, elective.id_discipline, true);
      assert.match(
        await refusal(
          student,
          'saveregistration',
          {
            ...term(),
            id_discipline: elective.id_discipline,
            id_teacher: stream.id_teacher,
            subgroup: stream.subgroup,
          },
          403,
        ),
        /по выбору/,
      );
    } finally {
      await openWindow();
    }

    // The seed's full stream: the last elective's first lecture stream.
    const full = await db()
      .selectFrom('registration_streams')
      .select(['id', 'teacher_id', 'discipline_id'])
      .whereRef('taken', '=', 'capacity')
      .where(
        'discipline_id',
        'in',
        offered.map((e) => e.id_discipline),
      )
      .executeTakeFirstOrThrow();
    const body = {
      ...term(),
      id_discipline: full.discipline_id,
      id_teacher: full.teacher_id,
      subgroup: full.id,
    };
    const streams = await data<RegStreamsResponse>(student, 'optional/subgroups', {
      ...term(),
      id_discipline: full.discipline_id,
      id_teacher: full.teacher_id,
    });
    assert.equal(streams.find((s) => s.subgroup === full.id)?.free, 0);
    assert.match(await refusal(student, 'saveregistration', body, 409), /Поток заполнен/);
    student.cookies.set('lang', 'kg');
    assert.match(await refusal(student, 'saveregistration', body, 409), /Агым толук/);
    student.cookies.set('lang', 'en');
    assert.match(await refusal(student, 'saveregistration', body, 409), /Stream full/);
    student.cookies.delete('lang');
    assert.equal((await list()).items.length, 0);
  });

  test('the credits are the semester’s disciplines as the journal and chat list them', async () => {
    /** The student's disciplines of the semester, as the journal's and chat's lists ask them. */
    const studied = async () => {
      const response = await student.post('/lms/api/discipline/forStudentDisciplinelist.json', {
        uid: studentUid,
        year,
        ws,
      });
      assert.equal(response.statusCode, 200, response.body);
      const rows = envelope<{ id_discipline: number; kredit: number }[]>(response).data ?? [];
      const byDiscipline = new Map(rows.map((d) => [d.id_discipline, d.kredit]));
      return [...byDiscipline.values()].reduce((sum, credits) => sum + credits, 0);
    };
    const before = await list();
    assert.equal(before.items.length, 0);
    // The seed's demo student: six disciplines of the group, 27 credits, nothing registered yet.
    assert.equal(before.kredits, await studied());
    assert.equal(before.kredits, 27);

    const [elective] = await electives();
    assert.ok(elective);
    const id = await saveOk(
      student,
      elective.id_discipline,
      await openStream(student, elective.id_discipline, true),
    );
    const after = await list();
    assert.equal(after.kredits, before.kredits + elective.kredits);
    assert.equal(after.kredits, await studied(), 'the registration is one more discipline');
    assert.equal((await remove(student, id)).statusCode, 200);
    assert.equal((await list()).kredits, before.kredits);
  });

  test('the credit limit per semester is configurable and counts the whole semester', async () => {
    const { plan, kredits: base } = await list();
    const mandatory = plan[0];
    const [elective] = await electives();
    assert.ok(mandatory && elective);
    // Room for the mandatory discipline on top of the group's, not for the elective as well.
    const limit = base + mandatory.kredits;
    const limited = await t.sibling({ registrationCreditLimit: limit });
    const s = student.on(limited);
    const first = await saveOk(
      s,
      mandatory.id_discipline,
      await openStream(s, mandatory.id_discipline, false),
    );
    const stream = await openStream(s, elective.id_discipline, true);
    const response = await save(s, elective.id_discipline, stream);
    assert.equal(response.statusCode, 409, response.body);
    assert.equal(
      envelope(response).error,
      fill(CREDIT_REFUSALS.creditLimit, { taken: limit, credits: elective.kredits, limit }).ru,
    );
    const state = await data<RegListResponse>(s, 'getreglist', term());
    assert.equal(state.kreditLimit, limit);
    assert.equal(state.kredits, limit);
    assert.equal(state.items.length, 1);
    assert.equal((await remove(s, first)).statusCode, 200);

    // A limit already below the group's own disciplines refuses any registration that adds some.
    const below = student.on(await t.sibling({ registrationCreditLimit: base - 1 }));
    const refusedBelow = await save(
      below,
      mandatory.id_discipline,
      await openStream(below, mandatory.id_discipline, false),
    );
    assert.equal(refusedBelow.statusCode, 409, refusedBelow.body);
    assert.equal((await list()).items.length, 0);
  });

  test('saves racing past the credit limit: one wins, the others are refused', async () => {
    const { kredits: base } = await list();
    const offered = await electives();
    const choices = await Promise.all(
      offered.map(async (e) => ({
        elective: e,
        stream: await openStream(student, e.id_discipline, true),
      })),
    );
    assert.equal(choices.length, 3);
    // Room for any one elective, never for two.
    const limit = base + Math.max(...offered.map((e) => e.kredits));
    assert.ok(
      offered.every((a) => offered.every((b) => a === b || a.kredits + b.kredits > limit - base)),
    );
    // Two API processes on one database, each answering some of the student's requests.
    const apps = [
      await t.sibling({ registrationCreditLimit: limit }),
      await t.sibling({ registrationCreditLimit: limit }),
    ];
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        [...choices, ...choices].map(({ elective, stream }, k) =>
          save(student.on(apps[k % 2] ?? t.app), elective.id_discipline, stream),
        ),
      );
      const codes = responses.map((r) => r.statusCode).sort();
      assert.deepEqual(codes, [200, 409, 409, 409, 409, 409], `round ${round}`);
      const state = await list();
      assert.equal(state.items.length, 1);
      assert.ok(state.kredits <= limit);
      const won = state.items[0];
      assert.ok(won);
      assert.equal(state.kredits, base + won.kredits);
      assert.equal((await remove(student, won.id_disciplineForStudent)).statusCode, 200);
    }
  });

  test('a registration puts the student into the teacher’s journal and chat lists; a delete takes them out', async () => {
    // The demo teacher's elective stream (lecture) for the demo student's group.
    const offered = await electives();
    const mine = await db()
      .selectFrom('registration_streams')
      .select(['id', 'discipline_id', 'lesson_type_id'])
      .where('teacher_id', '=', teacherId)
      .where('lesson_type_id', '=', 1)
      .where(
        'discipline_id',
        'in',
        offered.map((e) => e.id_discipline),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const journalKey = {
      year,
      ws,
      id_discipline: mine.discipline_id,
      id_group: groupId,
      id_subgroup: null,
      id_vid_zaniatiy: 1,
    };
    const journalList = async () =>
      (
        envelope<JournalStudentsResponse>(
          await teacher.post('/lms/api/visitlog/getstudentslist.json', journalKey),
        ).data ?? []
      ).map((s) => s.id_student);
    const semester = await db()
      .selectFrom('teaching_assignments')
      .select('study_semester')
      .where('teacher_id', '=', teacherId)
      .where('discipline_id', '=', mine.discipline_id)
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    const chatList = async () => {
      const response = await teacher.post('/lms/api/discipline/students/list.json', {
        uid: teacherUid,
        year,
        ws,
        id_discipline: mine.discipline_id,
        id_semester: semester.study_semester,
        id_group: groupId,
      });
      assert.equal(response.statusCode, 200, response.body);
      return (envelope<StudentListResponse>(response).data ?? []).map((s) => s.id_student);
    };
    const studentDisciplines = async () => {
      const response = await student.post('/lms/api/discipline/forStudentDisciplinelist.json', {
        uid: studentUid,
        year,
        ws,
      });
      assert.equal(response.statusCode, 200, response.body);
      return (envelope<{ id_discipline: number }[]>(response).data ?? []).map(
        (d) => d.id_discipline,
      );
    };
    assert.ok(!(await journalList()).includes(studentId));
    assert.ok(!(await chatList()).includes(studentId));
    assert.ok(!(await studentDisciplines()).includes(mine.discipline_id));

    const id = await saveOk(student, mine.discipline_id, {
      id_teacher: teacherId,
      subgroup: mine.id,
    });
    assert.ok((await journalList()).includes(studentId));
    assert.ok((await chatList()).includes(studentId));
    assert.ok((await studentDisciplines()).includes(mine.discipline_id));
    // The teacher sees the registration in their stream, and as CSV.
    const streams = await data<TeacherStreamsResponse>(teacher, 'teacher/streams', term());
    const stream = streams.find((s) => s.subgroup === mine.id);
    assert.ok(stream && stream.taken >= 1);
    const registered = await data<StreamStudentsResponse>(teacher, 'teacher/students', {
      subgroup: mine.id,
    });
    assert.ok(registered.some((s) => s.id_student === studentId));
    const csv = await teacher.get(`${R}/teacher/students.csv?subgroup=${mine.id}`);
    assert.equal(csv.statusCode, 200);
    assert.match(csv.headers['content-type'] as string, /text\/csv/);
    assert.match(csv.headers['content-disposition'] as string, /attachment/);
    assert.ok(csv.body.includes('Жумабаева Айгерим Талантбековна'));
    // Another teacher's stream is not this teacher's to read.
    const foreign = await db()
      .selectFrom('registration_streams')
      .select('id')
      .where('teacher_id', '!=', teacherId)
      .executeTakeFirstOrThrow();
    const hidden = await call(teacher, 'teacher/students', { subgroup: foreign.id });
    assert.equal(hidden.statusCode, 403);
    assert.equal(
      (await teacher.get(`${R}/teacher/students.csv?subgroup=${foreign.id}`)).statusCode,
      403,
    );
    // A stream that does not exist answers alike.
    const missing = await call(teacher, 'teacher/students', { subgroup: 999_999 });
    assert.equal(missing.statusCode, hidden.statusCode, missing.body);
    assert.equal(envelope(missing).error, envelope(hidden).error);
    const missingCsv = await teacher.get(`${R}/teacher/students.csv?subgroup=999999`);
    assert.equal(missingCsv.statusCode, 403, missingCsv.body);
    assert.equal((await call(student, 'teacher/streams', term())).statusCode, 403);

    assert.equal((await remove(student, id)).statusCode, 200);
    assert.ok(!(await journalList()).includes(studentId));
    assert.ok(!(await chatList()).includes(studentId));
    assert.ok(!(await studentDisciplines()).includes(mine.discipline_id));
  });

  test('by lesson type: join a practice stream, move, leave; the last lesson type stays', async () => {
    const [elective] = await electives();
    assert.ok(elective);
    const lecture = await openStream(student, elective.id_discipline, true);
    const id = await saveOk(student, elective.id_discipline, lecture);
    const pairs = await data<ByTypeTeachersResponse>(student, 'bytype/teacher', {
      id_disciplineForStudent: id,
    });
    const practice = pairs.filter((p) => p.id_vid_zaniatiy === 2);
    assert.equal(practice.length, 2);
    const [first, second] = practice;
    assert.ok(first && second);
    const streamsOf = (p: { id_teacher: number }) =>
      data<RegStreamsResponse>(student, 'bytype/subgroups', {
        id_disciplineForStudent: id,
        id_vid_zaniatiy: 2,
        id_teacher: p.id_teacher,
      });
    const [a] = await streamsOf(first);
    const [b] = await streamsOf(second);
    assert.ok(a && b);
    const joined = await data<{ sms: string }>(student, 'bytype/actionegistration', {
      id_disciplineForStudent: id,
      subgroup: a.subgroup,
    });
    assert.equal(joined.sms, 'Поток по виду занятия сохранён');
    assert.equal((await streamsOf(first))[0]?.taken, a.taken + 1);
    await data(student, 'bytype/actionegistration', {
      id_disciplineForStudent: id,
      subgroup: b.subgroup,
    });
    assert.equal((await streamsOf(first))[0]?.taken, a.taken, 'moving frees the old seat');
    assert.equal((await streamsOf(second))[0]?.taken, b.taken + 1);
    const item = (await list()).items.find((i) => i.id_disciplineForStudent === id);
    assert.deepEqual(
      item?.lessons.map((l) => [l.id_vid_zaniatiy, l.subgroup]),
      [
        [1, lecture.subgroup],
        [2, b.subgroup],
      ],
    );
    const left = await data<{ sms: string }>(student, 'bytype/deleteregistration', {
      id_disciplineForStudent: id,
      id_vid_zaniatiy: 2,
    });
    assert.ok(left.sms.length > 0);
    assert.equal((await streamsOf(second))[0]?.taken, b.taken);
    await refusal(
      student,
      'bytype/deleteregistration',
      { id_disciplineForStudent: id, id_vid_zaniatiy: 1 },
      409,
    );
    await refusal(
      student,
      'bytype/deleteregistration',
      { id_disciplineForStudent: id, id_vid_zaniatiy: 2 },
      404,
    );
    assert.equal((await remove(student, id)).statusCode, 200);
  });

  test('an English and a Kyrgyz caller read the refusals and the CSV in their language', async () => {
    /** The client asking in a language: English by Accept-Language, Kyrgyz by the cookie. */
    const speaking = (client: Client, app: typeof t.app, lang: 'en' | 'kg') => {
      const copy = client.on(app);
      if (lang === 'kg') copy.cookies.set('lang', 'kg');
      return (path: string, body: unknown) =>
        copy.request({
          method: 'POST',
          url: `${R}/${path}.json`,
          payload: body as never,
          headers: lang === 'en' ? { 'accept-language': 'en-GB,en;q=0.8' } : {},
        });
    };
    const refusedIn = async (
      ask: ReturnType<typeof speaking>,
      path: string,
      body: unknown,
      status: number,
    ) => {
      const response = await ask(path, body);
      assert.equal(response.statusCode, status, response.body);
      return envelope(response).error;
    };
    const { plan } = await list();
    const mandatory = plan[0];
    const [elective] = await electives();
    assert.ok(mandatory && elective);
    const stream = await openStream(student, mandatory.id_discipline, false);
    const body = {
      ...term(),
      id_discipline: mandatory.id_discipline,
      id_teacher: stream.id_teacher,
      subgroup: stream.subgroup,
    };

    // The window closed: its dates, in the caller's words.
    const opens = Date.UTC(2020, 0, 10, 3, 0);
    const closes = Date.UTC(2020, 0, 20, 3, 0);
    const closed = fill(WINDOW_REFUSALS.windowClosed, {
      opens: '10.01.2020 09:00',
      closes: '20.01.2020 09:00',
    });
    await setWindow(opens, closes);
    try {
      for (const lang of ['en', 'kg'] as const) {
        const ask = speaking(student, t.app, lang);
        assert.equal(await refusedIn(ask, 'saveregistration', body, 409), closed[lang]);
        const permission = envelope<OptionalPermissionResponse>(
          await ask('optional/permission', term()),
        ).data;
        assert.deepEqual(permission, { allowed: false, reason: closed[lang] });
      }
    } finally {
      await openWindow();
    }

    // A full stream.
    const full = await db()
      .selectFrom('registration_streams')
      .select(['id', 'teacher_id', 'discipline_id'])
      .whereRef('taken', '=', 'capacity')
      .where(
        'discipline_id',
        'in',
        (await electives()).map((e) => e.id_discipline),
      )
      .executeTakeFirstOrThrow();
    const fullBody = {
      ...term(),
      id_discipline: full.discipline_id,
      id_teacher: full.teacher_id,
      subgroup: full.id,
    };
    for (const lang of ['en', 'kg'] as const) {
      const error = await refusedIn(
        speaking(student, t.app, lang),
        'saveregistration',
        fullBody,
        409,
      );
      assert.equal(error, REFUSALS.streamFull[lang]);
    }

    // The credit limit, with its numbers.
    const base = (await list()).kredits;
    const limit = base + mandatory.kredits;
    const limited = await t.sibling({ registrationCreditLimit: limit });
    const first = await saveOk(student.on(limited), mandatory.id_discipline, stream);
    const electiveStream = await openStream(student, elective.id_discipline, true);
    const over = fill(CREDIT_REFUSALS.creditLimit, {
      taken: limit,
      credits: elective.kredits,
      limit,
    });
    for (const lang of ['en', 'kg'] as const) {
      const error = await refusedIn(
        speaking(student, limited, lang),
        'saveregistration',
        {
          ...term(),
          id_discipline: elective.id_discipline,
          id_teacher: electiveStream.id_teacher,
          subgroup: electiveStream.subgroup,
        },
        409,
      );
      assert.equal(error, over[lang]);
    }
    assert.equal((await remove(student, first)).statusCode, 200);

    // The teacher's students CSV: headers and file name in the teacher's language.
    const own = await db()
      .selectFrom('registration_streams')
      .select('id')
      .where('teacher_id', '=', teacherId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const csvIn = async (lang: 'en' | 'kg' | 'ru') => {
      const copy = teacher.on(t.app);
      if (lang === 'kg') copy.cookies.set('lang', 'kg');
      const response = await copy.request({
        method: 'GET',
        url: `${R}/teacher/students.csv?subgroup=${own.id}`,
        headers: lang === 'en' ? { 'accept-language': 'en' } : {},
      });
      assert.equal(response.statusCode, 200, response.body);
      return {
        header: response.body.replace(/^\uFEFF/, '').split('\r\n')[0],
        file: decodeURIComponent(String(response.headers['content-disposition'])),
      };
    };
    const headerOf = (lang: 'en' | 'kg' | 'ru') =>
      [CSV_HEADERS.num, CSV_HEADERS.name, CSV_HEADERS.group, CSV_HEADERS.registeredAt]
        .map((text) => text[lang])
        .join(';');
    const en = await csvIn('en');
    assert.equal(en.header, 'No.;Full name;Group;Registered on');
    assert.match(en.file, /Stream_/);
    const kg = await csvIn('kg');
    assert.equal(kg.header, headerOf('kg'));
    assert.match(kg.file, /Агым_/);
    const ru = await csvIn('ru');
    assert.equal(ru.header, '№;ФИО;Группа;Дата регистрации');
    assert.match(ru.file, /Поток_/);
  });

  test('500 students racing for the last 30 seats get exactly 30 registrations', async () => {
    const [elective] = await electives();
    assert.ok(elective);
    const stream = await openStream(student, elective.id_discipline, true);
    const capacity = stream.taken + 30;
    await db()
      .updateTable('registration_streams')
      .set({ capacity })
      .where('id', '=', stream.subgroup)
      .execute();
    const people = await createStudents(t, groupId, 500, {
      login: 'race',
      name: (i) => `Студент Гонки ${i}`,
    });
    const clients = people.map((p) => p.client);
    const started = Date.now();
    const responses = await Promise.all(
      clients.map((client) => save(client, elective.id_discipline, stream)),
    );
    const elapsed = Date.now() - started;
    const codes = responses.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 200).length, 30, `statuses: ${[...new Set(codes)]}`);
    assert.equal(codes.filter((c) => c === 409).length, 470);
    const full = responses.find((r) => r.statusCode === 409);
    assert.match(envelope(full as never).error ?? '', /Поток заполнен/);
    const row = await db()
      .selectFrom('registration_streams')
      .select(['taken', 'capacity'])
      .where('id', '=', stream.subgroup)
      .executeTakeFirstOrThrow();
    assert.equal(row.taken, capacity);
    const members = await db()
      .selectFrom('registration_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('stream_id', '=', stream.subgroup)
      .executeTakeFirstOrThrow();
    assert.equal(Number(members.n), capacity);
    console.log(`# 500 concurrent saves for 30 seats: ${elapsed} ms`);
  });
});

/** A client signed in as `uid` through a fresh session (no password round trip). */
async function sessionClient(t: TestApp, uid: number): Promise<Client> {
  const token = await t.app.repos.sessions.create(uid, 60 * 60 * 1000);
  return t.client().useSession(token);
}
