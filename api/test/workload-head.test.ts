// The department head's workload view over HTTP, on the hand-made week's clock (12 October 2011 in
// Bishkek): each row's pace against the plan due by today, the department's teachers side by side
// with their totals and pace, the years of the picker, and who may read which department and
// whose plan (a head their own department only, the registrar any, a teacher and a student none).
// On SQLite, and on PostgreSQL when DATABASE_URL names one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type {
  Language,
  WorkloadDepartmentResponse,
  WorkloadTeacherResponse,
  WorkloadTeacherTotals,
} from '@lms/shared/contract';
import { defaultOptions } from '../src/options.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherStudent,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';
import { handMadeWeek, YEAR, type HandMadeWeek } from './workload-helper.js';

const API = '/lms/api/workload';
/** Wednesday of the hand-made week's second week, at noon in Bishkek (UTC+6). */
const TODAY = '2011-10-12';
const NOW = Date.parse(`${TODAY}T12:00:00+06:00`);

/** The workload screen's words in a language (mfe-planning's locale): the export says the same. */
const screenWords = (lang: Language) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../mfe-planning/src/locales/${lang}/planning.json`, import.meta.url),
        'utf8',
      ),
    ) as {
      workload: {
        due: string;
        pace: string;
        behindColumn: string;
        paceOf: Record<'behind' | 'onPace' | 'ahead', string>;
      };
    }
  ).workload;

/** A workbook's sheets as rows of cell values (first sheet: the teachers, second: the plan). */
async function sheetsOf(payload: Buffer): Promise<unknown[][][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  });
}

describe('workload: the department head and the pace', () => {
  let t: TestApp;
  let registrar: Client;
  let teacher: Client;
  let student: Client;
  let week: HandMadeWeek;
  /** The demo teacher's department, a colleague there (the head) and a teacher elsewhere. */
  let departmentId: number;
  let otherDepartmentId: number;
  let head: Client;
  let headUid: number;
  let outsiderId: number;

  const grantHead = async (uid: number, granted: boolean) => {
    const response = await registrar.post('/lms/api/staff-access/change.json', {
      uid,
      permission: 'departmentHead',
      granted,
    });
    assert.equal(response.statusCode, 200, response.body);
  };

  before(async () => {
    const defaults = defaultOptions();
    t = await createTestApp({ schedule: { ...defaults.schedule, clock: () => NOW } });
    registrar = await t.login(DEMO.registrar);
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    const db = t.app.db.kysely;
    week = await handMadeWeek(db, (await whoAmI(teacher)).id);
    const teachers = await db
      .selectFrom('teachers as t')
      .innerJoin('users as u', 'u.teacher_id', 't.id')
      .select(['t.id', 't.department_id', 'u.login', 'u.registrar_perms'])
      .orderBy('t.id')
      .execute();
    departmentId = teachers.find((row) => row.id === week.teacherId)!.department_id;
    const colleague = teachers.find(
      (row) =>
        row.department_id === departmentId &&
        row.id !== week.teacherId &&
        Number(row.registrar_perms) === 0,
    );
    const outsider = teachers.find((row) => row.department_id !== departmentId);
    assert.ok(colleague && outsider, 'the seed has a colleague and a teacher elsewhere');
    otherDepartmentId = outsider.department_id;
    outsiderId = outsider.id;
    head = await t.login({ login: colleague.login, password: 'Teacher1' });
    headUid = (await whoAmI(head)).uid;
  });
  after(() => t.close());

  const read = async <T>(client: Client, path: string, body: object) => {
    const response = await client.post(`${API}/${path}`, body);
    assert.equal(response.statusCode, 200, response.body);
    return envelope<T>(response).data!;
  };
  const refusedAlike = async (client: Client, path: string, bodies: object[]) => {
    for (const body of bodies) {
      const response = await client.post(`${API}/${path}`, body);
      assert.equal(response.statusCode, 403, `${path} ${JSON.stringify(body)}`);
      assert.equal(envelope(response).error, MESSAGES.forbidden.ru);
    }
  };

  test("the hand-made week's pace on 12 October: ahead, on pace and behind, by the clock's year", async () => {
    // No year asked: the academic year of the server's clock in Bishkek (2011-12).
    const plan = await read<WorkloadTeacherResponse>(teacher, 'teacher.json', {});
    assert.equal(plan.yearId, YEAR);
    assert.equal(plan.today, TODAY);
    const pace = (id: number) => {
      const row = plan.rows.find((candidate) => candidate.id === id)!;
      return [row.plannedHours, row.plannedToDate, row.taughtHours, row.pace];
    };
    // 42 of the fall's 122 teaching days are gone: 4 h → 1 due, 2 h → 1, 10 h → 3; one pair
    // (2 h) either way is on pace.
    assert.deepEqual(pace(week.lecture), [4, 1, 6, 'ahead']);
    assert.deepEqual(pace(week.practice), [2, 1, 2, 'onPace']);
    assert.deepEqual(pace(week.other), [10, 3, 0, 'behind']);
    // Together: 5 due, 8 taught, within the rows' 6 hours of tolerance; one row behind.
    assert.deepEqual(plan.totals, {
      plannedHours: 16,
      taughtHours: 8,
      status: 'under',
      plannedToDate: 5,
      pace: 'onPace',
      behindRows: 1,
    });
    // The picker: the seeded years and this one, newest first.
    assert.ok(plan.years.includes(YEAR), JSON.stringify(plan.years));
    assert.ok(plan.years.length > 1, JSON.stringify(plan.years));
    assert.deepEqual(
      plan.years,
      [...plan.years].sort((a, b) => b - a),
    );
    // Another year is read when asked: the seed's current one, all of its fall due by now.
    const seeded = plan.years[0]!;
    const later = await read<WorkloadTeacherResponse>(teacher, 'teacher.json', {
      yearId: seeded,
    });
    assert.equal(later.yearId, seeded);
    assert.ok(later.rows.length > 0);
  });

  test('a teacher without the right, a student and no session are refused the department', async () => {
    await refusedAlike(teacher, 'department.json', [{}, { departmentId }]);
    // Before the grant the colleague is a teacher like any other: their own plan only.
    await refusedAlike(head, 'department.json', [{}, { departmentId }]);
    await refusedAlike(head, 'teacher.json', [{ teacherId: week.teacherId }]);
    const students = [student, await anotherStudent(t)];
    for (const client of students) {
      assert.equal((await client.post(`${API}/department.json`, {})).statusCode, 403);
    }
    const anonymous = await t.client().prime();
    assert.equal((await anonymous.post(`${API}/department.json`, {})).statusCode, 401);
  });

  test("a head sees their department's teachers side by side with pace, and only that department", async () => {
    await grantHead(headUid, true);
    // No department asked: their own, and the only one they may pick.
    const view = await read<WorkloadDepartmentResponse>(head, 'department.json', { yearId: YEAR });
    assert.equal(view.departmentId, departmentId);
    assert.deepEqual(
      view.departments.map((d) => d.id),
      [departmentId],
    );
    assert.equal(view.today, TODAY);
    const members = await t.app.db.kysely
      .selectFrom('teachers')
      .select('id')
      .where('department_id', '=', departmentId)
      .execute();
    assert.deepEqual(
      view.teachers.map((row) => row.teacherId).sort((a, b) => a - b),
      members.map((row) => row.id).sort((a, b) => a - b),
    );
    const demo = view.teachers.find((row) => row.teacherId === week.teacherId);
    assert.deepEqual(demo && [demo.plannedHours, demo.taughtHours, demo.plannedToDate], [16, 8, 5]);
    assert.deepEqual(demo && [demo.status, demo.pace, demo.behindRows], ['under', 'onPace', 1]);
    const sum = (key: keyof WorkloadTeacherTotals) =>
      view.teachers.reduce((total, row) => total + Number(row[key]), 0);
    assert.equal(view.totals.plannedHours, sum('plannedHours'));
    assert.equal(view.totals.taughtHours, sum('taughtHours'));
    assert.equal(view.totals.plannedToDate, sum('plannedToDate'));
    assert.equal(view.totals.behindRows, sum('behindRows'));
    assert.ok(view.years.includes(YEAR));
    // Asking their own by id is the same view.
    const again = await read<WorkloadDepartmentResponse>(head, 'department.json', {
      departmentId,
      yearId: YEAR,
    });
    assert.deepEqual(again, view);

    // One teacher's plan opens, with the pace of each row.
    const plan = await read<WorkloadTeacherResponse>(head, 'teacher.json', {
      teacherId: week.teacherId,
      yearId: YEAR,
    });
    assert.deepEqual(
      plan.rows.map((row) => row.pace),
      plan.rows.map((row) =>
        row.id === week.lecture ? 'ahead' : row.id === week.other ? 'behind' : 'onPace',
      ),
    );

    // Another department, a teacher there and a missing one are refused alike.
    await refusedAlike(head, 'department.json', [
      { departmentId: otherDepartmentId },
      { departmentId: 987_654 },
    ]);
    await refusedAlike(head, 'teacher.json', [{ teacherId: outsiderId }, { teacherId: 987_654 }]);
    // Adjusting stays the registrar's.
    const adjust = await head.post(`${API}/adjust.json`, { id: week.other, hours: 11, note: 'x' });
    assert.equal(adjust.statusCode, 403);

    // The head's workbook is their department's; another department's is refused.
    const file = await head.get(`${API}/export.xlsx?departmentId=${departmentId}&yearId=${YEAR}`);
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /spreadsheetml/);
    const foreign = await head.get(`${API}/export.xlsx?departmentId=${otherDepartmentId}`);
    assert.equal(foreign.statusCode, 403);
  });

  test("the XLSX says the due by today and the pace, in the reader's words of the screen", async () => {
    const download = async (client: Client, lang: Language, query: string) => {
      client.cookies.set('lang', lang);
      const file = await client.get(`${API}/export.xlsx?yearId=${YEAR}${query}`);
      assert.equal(file.statusCode, 200, file.body);
      return sheetsOf(file.rawPayload);
    };
    try {
      // The teacher's own plan, in Kyrgyz: each line's due and pace as the screen says them.
      const kg = screenWords('kg');
      const [teachersKg, rowsKg] = await download(teacher, 'kg', '');
      const plan = await read<WorkloadTeacherResponse>(teacher, 'teacher.json', { yearId: YEAR });
      assert.equal(teachersKg?.[1]?.[0], '12.10.2011 карата темп');
      assert.deepEqual(teachersKg?.[2]?.slice(4), [kg.due, kg.pace, kg.behindColumn]);
      // The teacher, then the total: 5 h due, 8 taught, on pace, one line behind.
      assert.deepEqual(teachersKg?.[3], [plan.teacher, 16, 8, -8, 5, kg.paceOf.onPace, 1]);
      assert.deepEqual(teachersKg?.[4]?.slice(1), [16, 8, -8, 5, kg.paceOf.onPace, 1]);
      assert.deepEqual(rowsKg?.[0]?.slice(-2), [kg.due, kg.pace]);
      const paceOfRow = (id: number) => {
        const index = plan.rows.findIndex((row) => row.id === id);
        return rowsKg?.[index + 1]?.slice(-2);
      };
      assert.equal(rowsKg?.length, plan.rows.length + 1);
      assert.deepEqual(paceOfRow(week.lecture), [1, kg.paceOf.ahead]);
      assert.deepEqual(paceOfRow(week.practice), [1, kg.paceOf.onPace]);
      assert.deepEqual(paceOfRow(week.other), [3, kg.paceOf.behind]);

      // The head's department, in English: every teacher's pace and the department's.
      await grantHead(headUid, true);
      const en = screenWords('en');
      const [teachersEn, rowsEn] = await download(head, 'en', `&departmentId=${departmentId}`);
      head.cookies.set('lang', 'en');
      const view = await read<WorkloadDepartmentResponse>(head, 'department.json', {
        yearId: YEAR,
      });
      assert.equal(teachersEn?.[1]?.[0], 'Pace on 12 Oct 2011');
      const byTeacher = teachersEn?.slice(3, -1).map((row) => [row[0], row[4], row[5]]);
      assert.deepEqual(
        byTeacher,
        view.teachers.map((row) => [row.teacher, row.plannedToDate, en.paceOf[row.pace]]),
      );
      assert.deepEqual(teachersEn?.at(-1)?.slice(4), [
        view.totals.plannedToDate,
        en.paceOf[view.totals.pace],
        view.totals.behindRows,
      ]);
      const words = new Set(Object.values(en.paceOf));
      assert.ok(rowsEn && rowsEn.length > 1);
      for (const row of rowsEn.slice(1)) assert.ok(words.has(String(row.at(-1))), String(row));

      // The registrar's, in Russian: the same department, the same paces in Russian.
      const ru = screenWords('ru');
      const [teachersRu] = await download(registrar, 'ru', `&departmentId=${departmentId}`);
      assert.equal(teachersRu?.[1]?.[0], 'Темп на 12.10.2011');
      assert.deepEqual(
        teachersRu?.slice(3, -1).map((row) => row[5]),
        view.teachers.map((row) => ru.paceOf[row.pace]),
      );
    } finally {
      await grantHead(headUid, false);
      for (const client of [teacher, head, registrar]) client.cookies.delete('lang');
    }
  });

  test('the registrar reads any department; a revoked head is refused again at once', async () => {
    const other = await read<WorkloadDepartmentResponse>(registrar, 'department.json', {
      departmentId: otherDepartmentId,
      yearId: YEAR,
    });
    assert.equal(other.departmentId, otherDepartmentId);
    assert.ok(other.departments.length > 1, 'the registrar picks among every department');
    const mine = await read<WorkloadDepartmentResponse>(registrar, 'department.json', {
      departmentId,
      yearId: YEAR,
    });
    const demo = mine.teachers.find((row) => row.teacherId === week.teacherId);
    assert.equal(demo?.pace, 'onPace');

    await grantHead(headUid, false);
    await refusedAlike(head, 'department.json', [{}, { departmentId }]);
    await refusedAlike(head, 'teacher.json', [{ teacherId: week.teacherId }]);
  });

  test('a wrong year is a 400 with a message, on every view', async () => {
    for (const body of [{ yearId: 100 }, { yearId: -1 }, { yearId: '26' }, { departmentId: 0 }]) {
      const response = await registrar.post(`${API}/department.json`, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.ok((envelope(response).error ?? '').length > 0, 'the refusal says why');
    }
  });
});
