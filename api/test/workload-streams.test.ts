// Individual workload of a lecture stream: a lecture given to two groups at once counts once for
// the teacher, in the plan, in the hours taught, in the weeks and in the timetable's hours. A
// hand-made stream in a year the seed does not touch (2012-13). SQLite, and PostgreSQL when
// DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { WorkloadTeacherResponse } from '@lms/shared/contract';
import { createTestApp, DEMO, envelope, whoAmI, type Client, type TestApp } from './helper.js';

const YEAR = 12;

describe('workload of a lecture stream', () => {
  let t: TestApp;
  let teacher: Client;
  let stream: { first: number; second: number; groups: string[] };
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    const teacherId = (await whoAmI(teacher)).id;
    const db = t.app.db.kysely;
    const discipline = await db
      .selectFrom('disciplines')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const groups = await db
      .selectFrom('groups')
      .select(['id', 'name'])
      .orderBy('id')
      .limit(2)
      .execute();
    const room = await db.selectFrom('rooms').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('academic_years')
      .values({ id: YEAR, name: '2012-13' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db
      .deleteFrom('workload_curriculum')
      .where('discipline_id', '=', discipline.id)
      .where('lesson_type_id', '=', 1)
      .execute();
    await db
      .insertInto('workload_curriculum')
      .values({ discipline_id: discipline.id, lesson_type_id: 1, hours: 4 })
      .execute();
    const ids: number[] = [];
    for (const group of groups) {
      const row = await db
        .insertInto('teaching_assignments')
        .values({
          teacher_id: teacherId,
          discipline_id: discipline.id,
          group_id: group.id,
          subgroup_id: null,
          lesson_type_id: 1,
          year_id: YEAR,
          ws_id: 1,
          study_semester: 1,
          credits: 3,
          is_elective: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const lesson = (groupId: number, date: string) => ({
      teacher_id: teacherId,
      discipline_id: discipline.id,
      group_id: groupId,
      subgroup_id: null,
      subgroup_key: 0,
      lesson_type_id: 1,
      education_form_id: 1,
      year_id: YEAR,
      ws_id: 1,
      time_id: 1,
      lesson_date: date,
      tema: '',
      module_id: null,
      created_at: 0,
      updated_at: 0,
    });
    const [a, b] = groups as [(typeof groups)[0], (typeof groups)[0]];
    // Monday 2012-10-01: the stream's lecture, one journal lesson per group; Wednesday: the
    // first group alone.
    await db
      .insertInto('journal_lessons')
      .values([lesson(a.id, '2012-10-01'), lesson(b.id, '2012-10-01'), lesson(a.id, '2012-10-03')])
      .execute();
    // The timetable: the stream's lecture every week on Monday's first pair (the teacher's one
    // slot there; the timetable keeps one lesson per teacher and pair).
    await db
      .insertInto('schedule_lessons')
      .values(
        groups.slice(0, 1).map((group) => ({
          year_id: YEAR,
          ws_id: 1,
          day_number: 1,
          time_id: 1,
          week_kind: 0,
          teacher_id: teacherId,
          discipline_id: discipline.id,
          group_id: group.id,
          subgroup_id: null,
          subgroup_key: 0,
          lesson_type_id: 1,
          room_id: room.id,
          updated_at: 0,
        })),
      )
      .execute();
    stream = { first: ids[0]!, second: ids[1]!, groups: groups.map((g) => g.name) };
  });
  after(() => t.close());

  test('one row for the stream: planned once, each lecture given once, the weeks alike', async () => {
    const response = await teacher.post('/lms/api/workload/teacher.json', { yearId: YEAR });
    assert.equal(response.statusCode, 200, response.body);
    const plan = envelope<WorkloadTeacherResponse>(response).data!;
    assert.equal(plan.rows.length, 1);
    const [row] = plan.rows;
    assert.ok(row && [stream.first, stream.second].includes(row.id));
    assert.deepEqual(row?.group.split(', ').sort(), [...stream.groups].sort());
    // Planned: the curriculum's 4 hours once (not 8); taught: Monday's lecture once and
    // Wednesday's (4 hours, not 6).
    assert.equal(row?.plannedHours, 4);
    assert.equal(row?.taughtHours, 4);
    assert.equal(row?.status, 'met');
    // 2012-13 is long gone: the 4 hours are due and were given.
    assert.deepEqual(plan.totals, {
      plannedHours: 4,
      taughtHours: 4,
      status: 'met',
      plannedToDate: 4,
      pace: 'onPace',
      behindRows: 0,
    });
    // The week: 4 taught against the timetable's one pair a week.
    assert.deepEqual(plan.weeks, [
      { weekStart: '2012-10-01', taughtHours: 4, scheduledHours: 2, status: 'over' },
    ]);
  });

  test('an adjustment of the stream is the row’s, whichever of its assignments it names', async () => {
    const registrar = await t.login(DEMO.registrar);
    const before = envelope<WorkloadTeacherResponse>(
      await teacher.post('/lms/api/workload/teacher.json', { yearId: YEAR }),
    ).data!;
    // The assignment the row is not named by.
    const other = before.rows[0]?.id === stream.first ? stream.second : stream.first;
    const adjusted = await registrar.post('/lms/api/workload/adjust.json', {
      id: other,
      hours: 6,
      note: 'Одна консультация потоку',
    });
    assert.equal(adjusted.statusCode, 200, adjusted.body);
    const plan = envelope<WorkloadTeacherResponse>(
      await teacher.post('/lms/api/workload/teacher.json', { yearId: YEAR }),
    ).data!;
    assert.equal(plan.rows.length, 1);
    assert.equal(plan.rows[0]?.plannedHours, 6);
    assert.equal(plan.rows[0]?.adjustments.length, 1);
  });
});
