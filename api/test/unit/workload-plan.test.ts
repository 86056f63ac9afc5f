// Workload's sums as pure functions: statuses, week starts, rows matched to lessons.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  normalizedNote,
  statusOf,
  teacherPlan,
  weekStartOf,
} from '../../src/areas/workload/plan.js';
import type { PlanRowFacts } from '../../src/areas/workload/repository.js';

const row = (over: Partial<PlanRowFacts> & Pick<PlanRowFacts, 'id'>): PlanRowFacts => ({
  disciplineId: 1,
  groupId: 1,
  subgroupId: null,
  lessonTypeId: 1,
  ws: 1,
  discipline: 'D',
  lessonType: 'L',
  group: 'G',
  subgroup: null,
  curriculumHours: 4,
  ...over,
});

test('a status compares taught with planned', () => {
  assert.equal(statusOf(4, 6), 'over');
  assert.equal(statusOf(4, 4), 'met');
  assert.equal(statusOf(4, 0), 'under');
});

test('a week starts on Monday, across a month and a year', () => {
  assert.equal(weekStartOf('2011-10-03'), '2011-10-03');
  assert.equal(weekStartOf('2011-10-09'), '2011-10-03');
  assert.equal(weekStartOf('2026-01-01'), '2025-12-29');
});

test('lessons count against their own row only (a subgroup is not the whole group)', () => {
  const lesson = (subgroupKey: number, date: string) => ({
    disciplineId: 1,
    groupId: 1,
    subgroupKey,
    lessonTypeId: 1,
    ws: 1,
    date,
    timeId: 1,
  });
  const plan = teacherPlan(
    [row({ id: 1 }), row({ id: 2, subgroupId: 5, curriculumHours: 2 })],
    [{ id: 1, assignmentId: 2, hours: 6, previousHours: 2, note: 'n', by: 'R', at: 0 }],
    [lesson(0, '2011-10-03'), lesson(5, '2011-10-04'), lesson(7, '2011-10-05')],
    [{ ws: 1, weekKind: 0, day: 1, timeId: 1 }],
    // After the fall semester: all the planned hours are due, within 5 % of them.
    { yearId: 11, today: '2012-01-15' },
  );
  assert.deepEqual(
    plan.rows.map((r) => [
      r.plannedHours,
      r.taughtHours,
      r.status,
      r.plannedToDate,
      r.pace,
      r.adjustments.length,
    ]),
    [
      [4, 2, 'under', 4, 'behind', 0],
      [6, 2, 'under', 6, 'behind', 1],
    ],
  );
  assert.deepEqual(plan.weeks, [
    { weekStart: '2011-10-03', taughtHours: 4, scheduledHours: 2, status: 'over' },
  ]);
  // The total on its own sums: 4 taught against 10 due is 6 short, more than 5 % (0.5 h).
  assert.deepEqual(plan.totals, {
    plannedHours: 10,
    taughtHours: 4,
    status: 'under',
    plannedToDate: 10,
    pace: 'behind',
    behindRows: 2,
    terms: { expected: 10, week: 10 / 18, underWay: 0 },
  });
});

test('a note is trimmed and its white space runs are one space', () => {
  assert.equal(normalizedNote('  a \n\t b '), 'a b');
  assert.equal(normalizedNote(' \t '), '');
});
