// Individual workload over HTTP: the sums of a hand-made week, who may read whose plan, the
// registrar's adjustments and their history, the department's side-by-side view and its XLSX,
// and bad input refused without a write. On SQLite, and on PostgreSQL when DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import {
  WORKLOAD_NOTE_MAX_LENGTH,
  type WorkloadDepartmentResponse,
  type WorkloadRow,
  type WorkloadTeacherResponse,
} from '@lms/shared/contract';
import { WORKLOAD_MESSAGES } from '../src/areas/workload/messages.js';
import { REGISTRAR_ACCOUNT } from '../src/db/seed/orders.js';
import { WORKLOAD_SEED } from '../src/db/seed/workload.js';
import { MESSAGES } from '../src/lib/messages.js';
import { createTestApp, DEMO, envelope, whoAmI, type Client, type TestApp } from './helper.js';
import { handMadeWeek, WEEK_EVEN, WEEK_ODD, YEAR, type HandMadeWeek } from './workload-helper.js';

const API = '/lms/api/workload';
const REGISTRAR = { login: REGISTRAR_ACCOUNT.login, password: REGISTRAR_ACCOUNT.password };

describe('workload', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let registrar: Client;
  let week: HandMadeWeek;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    registrar = await t.login(REGISTRAR);
    week = await handMadeWeek(t.app.db.kysely, (await whoAmI(teacher)).id);
  });
  after(() => t.close());

  const adjustmentCount = async () =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom('workload_adjustments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const planOf = async (client: Client, body: object = { yearId: YEAR }) => {
    const response = await client.post(`${API}/teacher.json`, body);
    assert.equal(response.statusCode, 200, response.body);
    return envelope<WorkloadTeacherResponse>(response).data!;
  };
  const rowOf = (plan: WorkloadTeacherResponse, id: number) => {
    const row = plan.rows.find((candidate) => candidate.id === id);
    assert.ok(row, `row ${id}`);
    return row;
  };

  test('the hand-made week: each row planned against taught, the weeks against the timetable', async () => {
    const plan = await planOf(teacher);
    assert.equal(plan.yearId, YEAR);
    assert.equal(plan.rows.length, 3);
    const hours = (id: number) => {
      const row = rowOf(plan, id);
      return [row.plannedHours, row.taughtHours, row.status];
    };
    assert.deepEqual(hours(week.lecture), [4, 6, 'over']);
    assert.deepEqual(hours(week.practice), [2, 2, 'met']);
    assert.deepEqual(hours(week.other), [10, 0, 'under']);
    // 2011-12 is long gone by the server's clock: every planned hour is due; one row is behind.
    assert.deepEqual(plan.totals, {
      plannedHours: 16,
      taughtHours: 8,
      status: 'under',
      plannedToDate: 16,
      pace: 'behind',
      behindRows: 1,
    });
    assert.deepEqual(plan.weeks, [
      { weekStart: WEEK_EVEN, taughtHours: 6, scheduledHours: 4, status: 'over' },
      { weekStart: WEEK_ODD, taughtHours: 2, scheduledHours: 6, status: 'under' },
    ]);
  });

  test('the seeded plan of the demo teacher: curriculum hours, taught lessons and one adjustment', async () => {
    const plan = await planOf(teacher, {});
    assert.ok(plan.rows.length > 0);
    assert.ok(plan.rows.every((row) => row.curriculumHours > 0));
    assert.ok(plan.totals.taughtHours > 0, 'the seeded journal lessons count');
    const adjusted = plan.rows.filter((row) => row.adjustments.length > 0);
    assert.equal(adjusted.length, 1);
    const [row] = adjusted as [WorkloadRow];
    // (The hand-made week rewrote some curriculum hours; the adjustment keeps what it replaced.)
    const [latest] = row.adjustments;
    assert.equal(row.plannedHours, latest?.hours);
    assert.equal(latest?.hours, (latest?.previousHours ?? 0) + WORKLOAD_SEED.extraHours);
    assert.equal(row.adjustments[0]?.note, WORKLOAD_SEED.note);
    assert.equal(row.adjustments[0]?.by, REGISTRAR_ACCOUNT.fullName);
  });

  test('a student is refused every route; without a session they answer 401', async () => {
    for (const path of ['teacher.json', 'department.json', 'adjust.json']) {
      const refused = await student.post(`${API}/${path}`, {});
      assert.equal(refused.statusCode, 403, path);
    }
    const file = await student.get(`${API}/export.xlsx`);
    assert.equal(file.statusCode, 403);
    const anonymous = await t.client().prime();
    for (const path of ['teacher.json', 'department.json', 'adjust.json']) {
      assert.equal((await anonymous.post(`${API}/${path}`, {})).statusCode, 401, path);
    }
    assert.equal((await anonymous.get(`${API}/export.xlsx`)).statusCode, 401);
  });

  test("a teacher reads only their own plan: a colleague's and a missing teacher are refused alike", async () => {
    const own = await planOf(teacher, { teacherId: week.teacherId, yearId: YEAR });
    assert.equal(own.totals.plannedHours, 16);
    const others = await teacher.post(`${API}/teacher.json`, { teacherId: week.colleagueId });
    const missing = await teacher.post(`${API}/teacher.json`, { teacherId: 987_654 });
    assert.equal(others.statusCode, 403);
    assert.equal(envelope(others).error, MESSAGES.forbidden.ru);
    assert.deepEqual(
      [missing.statusCode, envelope(missing).error],
      [others.statusCode, envelope(others).error],
    );
    // Neither the department's view nor an adjustment is a teacher's.
    assert.equal((await teacher.post(`${API}/department.json`, {})).statusCode, 403);
    const before = await adjustmentCount();
    const adjust = await teacher.post(`${API}/adjust.json`, {
      id: week.other,
      hours: 99,
      note: 'mine',
    });
    assert.equal(adjust.statusCode, 403);
    assert.equal(await adjustmentCount(), before);
    // The registrar reads anyone's; a teacher who does not exist is refused.
    const read = await planOf(registrar, { teacherId: week.teacherId, yearId: YEAR });
    assert.equal(read.totals.taughtHours, 8);
    assert.equal(
      (await registrar.post(`${API}/teacher.json`, { teacherId: 987_654 })).statusCode,
      403,
    );
  });

  test("the registrar sees the department's teachers side by side, with totals, and exports them", async () => {
    const department = await t.app.db.kysely
      .selectFrom('teachers')
      .select('department_id')
      .where('id', '=', week.teacherId)
      .executeTakeFirstOrThrow();
    const response = await registrar.post(`${API}/department.json`, {
      departmentId: department.department_id,
      yearId: YEAR,
    });
    assert.equal(response.statusCode, 200, response.body);
    const view = envelope<WorkloadDepartmentResponse>(response).data!;
    const mine = view.teachers.find((row) => row.teacherId === week.teacherId);
    assert.deepEqual(mine && [mine.plannedHours, mine.taughtHours, mine.status], [16, 8, 'under']);
    const sum = (key: 'plannedHours' | 'taughtHours') =>
      view.teachers.reduce((total, row) => total + row[key], 0);
    assert.equal(view.totals.plannedHours, sum('plannedHours'));
    assert.equal(view.totals.taughtHours, sum('taughtHours'));
    assert.equal(
      (await registrar.post(`${API}/department.json`, { departmentId: 987_654 })).statusCode,
      403,
    );

    const file = await registrar.get(
      `${API}/export.xlsx?departmentId=${department.department_id}&yearId=${YEAR}`,
    );
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    assert.ok(
      values.some((row) => row[0] === mine?.teacher && row[1] === 16 && row[2] === 8),
      JSON.stringify(values),
    );
    // A teacher exports their own plan only.
    const own = await teacher.get(`${API}/export.xlsx?yearId=${YEAR}`);
    assert.equal(own.statusCode, 200);
    const foreign = await teacher.get(`${API}/export.xlsx?departmentId=1`);
    assert.equal(foreign.statusCode, 403);
  });

  test('the registrar adjusts a row with a note; each change is kept, newest first', async () => {
    const first = await registrar.post(`${API}/adjust.json`, {
      id: week.other,
      hours: 12,
      note: '  Extra   consultations ',
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(envelope<WorkloadRow>(first).data!.plannedHours, 12);
    const second = await registrar.post(`${API}/adjust.json`, {
      id: week.other,
      hours: 14,
      note: 'Exam week',
    });
    assert.equal(second.statusCode, 200, second.body);
    const row = rowOf(await planOf(teacher), week.other);
    assert.equal(row.plannedHours, 14);
    assert.equal(row.curriculumHours, 10);
    assert.deepEqual(
      row.adjustments.map((a) => [a.hours, a.previousHours, a.note, a.by]),
      [
        [14, 12, 'Exam week', REGISTRAR_ACCOUNT.fullName],
        [12, 10, 'Extra consultations', REGISTRAR_ACCOUNT.fullName],
      ],
    );
    const plan = await planOf(teacher);
    assert.deepEqual(plan.totals, {
      plannedHours: 20,
      taughtHours: 8,
      status: 'under',
      plannedToDate: 20,
      pace: 'behind',
      behindRows: 1,
    });
  });

  test('a wrong adjustment is a 400 with a message in the caller’s language, and writes nothing', async () => {
    const before = await adjustmentCount();
    const english = (payload: object) =>
      registrar.request({
        method: 'POST',
        url: `${API}/adjust.json`,
        payload,
        headers: { 'accept-language': 'en' },
      });
    for (const body of [
      {},
      { id: week.practice, hours: -1, note: 'x' },
      { id: week.practice, hours: 2001, note: 'x' },
      { id: week.practice, hours: 1.5, note: 'x' },
      { id: week.practice, hours: '3', note: 'x' },
      { id: week.practice, hours: 3, note: '' },
      { id: week.practice, hours: 3, note: 'x'.repeat(WORKLOAD_NOTE_MAX_LENGTH + 1) },
      { id: 0, hours: 3, note: 'x' },
    ]) {
      const response = await english(body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.match(envelope(response).error ?? '', /^Invalid request: body/);
    }
    const blank = await english({ id: week.practice, hours: 3, note: ' \t ' });
    assert.equal(blank.statusCode, 400);
    assert.equal(envelope(blank).error, WORKLOAD_MESSAGES.blankNote.en);
    const same = await english({ id: week.practice, hours: 2, note: 'no change' });
    assert.equal(same.statusCode, 400);
    assert.equal(envelope(same).error, WORKLOAD_MESSAGES.sameHours.en);
    const missing = await english({ id: 987_654, hours: 3, note: 'x' });
    assert.equal(missing.statusCode, 403);
    for (const body of [{ yearId: 100 }, { teacherId: 0 }, { yearId: 'x' }]) {
      const response = await teacher.post(`${API}/teacher.json`, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
    }
    assert.equal((await registrar.get(`${API}/export.xlsx?yearId=abc`)).statusCode, 400);
    assert.equal(await adjustmentCount(), before);
  });
});
