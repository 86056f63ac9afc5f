import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Teaching } from '../src/access/teaching.js';
import { createTestApp, type TestApp } from './helper.js';

/** The access module: who teaches whom and who studies what, from the teaching assignments. */
describe('teaching access', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  /** A subgroup lesson (labs) with its teacher, and a student of each subgroup of that group. */
  async function subgroupLesson() {
    const k = t.app.db.kysely;
    const lesson = await k
      .selectFrom('teaching_assignments as a')
      .innerJoin('subgroups as sg', 'sg.id', 'a.subgroup_id')
      .select(['a.teacher_id', 'a.discipline_id', 'a.group_id', 'a.year_id', 'a.ws_id'])
      .select('a.subgroup_id')
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    const teaching: Teaching = {
      disciplineId: lesson.discipline_id,
      groupId: lesson.group_id,
      yearId: lesson.year_id,
      ws: lesson.ws_id,
    };
    const students = await k
      .selectFrom('students')
      .select(['id', 'subgroup_id'])
      .where('group_id', '=', lesson.group_id)
      .execute();
    const inSubgroup = students.find((s) => s.subgroup_id === lesson.subgroup_id);
    const otherSubgroup = students.find((s) => s.subgroup_id !== lesson.subgroup_id);
    assert.ok(inSubgroup && otherSubgroup);
    // Does this teacher also teach the whole group (lectures, practice) that discipline?
    const wholeGroup = await k
      .selectFrom('teaching_assignments')
      .select('id')
      .where('teacher_id', '=', lesson.teacher_id)
      .where('discipline_id', '=', lesson.discipline_id)
      .where('group_id', '=', lesson.group_id)
      .where('year_id', '=', lesson.year_id)
      .where('ws_id', '=', lesson.ws_id)
      .where('subgroup_id', 'is', null)
      .executeTakeFirst();
    return { teacherId: lesson.teacher_id, teaching, inSubgroup, otherSubgroup, wholeGroup };
  }

  test('teaches: any lesson of the teacher for that discipline, group, year and ws', async () => {
    const { access } = t.app.repos;
    const { teacherId, teaching } = await subgroupLesson();
    assert.equal(await access.teaches(teacherId, teaching), true);
    assert.equal(await access.teaches(teacherId, { ...teaching, ws: 9 }), false);
    assert.equal(await access.teaches(teacherId, { ...teaching, yearId: 1 }), false);
    assert.equal(await access.teaches(teacherId, { ...teaching, groupId: 999999 }), false);
    assert.equal(await access.teaches(999999, teaching), false);
  });

  test('teachesStudent: a subgroup lesson links the teacher only to that subgroup', async () => {
    const { access } = t.app.repos;
    const { teacherId, teaching, inSubgroup, otherSubgroup, wholeGroup } = await subgroupLesson();
    assert.equal(await access.teachesStudent(teacherId, inSubgroup.id, teaching), true);
    assert.equal(
      await access.teachesStudent(teacherId, otherSubgroup.id, teaching),
      wholeGroup !== undefined,
    );
    // A student of another group is never taught through this group's teaching.
    assert.equal(
      await access.teachesStudent(teacherId, inSubgroup.id, { ...teaching, groupId: 999999 }),
      false,
    );
    assert.equal(await access.teachesStudent(teacherId, 999999, teaching), false);
  });

  test('studiesIn: the student’s own group, whole-group or own-subgroup lessons', async () => {
    const { access } = t.app.repos;
    const { teaching, inSubgroup } = await subgroupLesson();
    assert.equal(await access.studiesIn(inSubgroup.id, teaching), true);
    assert.equal(await access.studiesIn(inSubgroup.id, { ...teaching, ws: 9 }), false);
    const stranger = await t.app.db.kysely
      .selectFrom('students')
      .select('id')
      .where('group_id', '!=', teaching.groupId)
      .executeTakeFirstOrThrow();
    assert.equal(await access.studiesIn(stranger.id, teaching), false);
  });

  test('scopeOf and assignments: a teacher’s own rows; a student’s attended rows', async () => {
    const { access } = t.app.repos;
    const { teacherId, inSubgroup } = await subgroupLesson();
    const teacherScope = await access.scopeOf({ role: 1, id: teacherId });
    assert.deepEqual(teacherScope, { kind: 'teacher', teacherId });
    const own = await access.assignments(teacherScope).select('a.teacher_id').execute();
    assert.ok(own.length > 0 && own.every((row) => row.teacher_id === teacherId));

    const studentScope = await access.scopeOf({ role: 2, id: inSubgroup.id });
    assert.ok(studentScope?.kind === 'student');
    const attended = await access
      .assignments(studentScope)
      .select(['a.group_id', 'a.subgroup_id'])
      .execute();
    assert.ok(attended.length > 0);
    for (const row of attended) {
      assert.equal(row.group_id, studentScope.groupId);
      assert.ok(row.subgroup_id === null || row.subgroup_id === studentScope.subgroupId);
    }
    assert.equal(await access.scopeOf({ role: 2, id: 999999 }), undefined);
  });
});
