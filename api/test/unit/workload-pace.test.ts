// Workload's pacing and access decisions as pure functions: the plan due by a date, the
// tolerance, the pace; who reads which department and whose plan; the years of the picker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  elapsedShare,
  paceOf,
  rowPace,
  teachingRange,
  toleranceOf,
} from '../../src/areas/workload/pace.js';
import {
  departmentAccess,
  departmentToRead,
  mayReadPlan,
  pickerYears,
} from '../../src/areas/workload/rules.js';

test("a row's semester is the timetable's teaching days of its academic year", () => {
  assert.deepEqual(teachingRange(26, 1, '2026-11-29'), ['2026-09-01', '2026-12-31']);
  assert.deepEqual(teachingRange(26, 2, '2026-11-29'), ['2027-02-01', '2027-05-31']);
  assert.deepEqual(teachingRange(11, 1, '2011-10-12'), ['2011-09-01', '2011-12-31']);
});

test('the share of the semester gone by: nothing before it, all after it, today counted', () => {
  const fall: [string, string] = ['2011-09-01', '2011-12-31'];
  assert.equal(elapsedShare(fall, '2011-08-31'), 0);
  assert.equal(elapsedShare(fall, '2011-09-01'), 1 / 122);
  assert.equal(elapsedShare(fall, '2011-10-12'), 42 / 122);
  assert.equal(elapsedShare(fall, '2011-12-31'), 1);
  assert.equal(elapsedShare(fall, '2012-03-01'), 1);
});

test('the tolerance is a week of the row, never less than one pair', () => {
  const fall: [string, string] = ['2011-09-01', '2011-12-31'];
  assert.equal(toleranceOf(4, fall), 2);
  assert.equal(toleranceOf(0, fall), 2);
  // 122 days are 17.43 weeks: 64 hours are 3.67 a week.
  assert.ok(Math.abs(toleranceOf(64, fall) - 64 / (122 / 7)) < 1e-9);
});

test('behind, on pace and ahead, the tolerance itself on pace', () => {
  assert.equal(paceOf(10, 7, 2), 'behind');
  assert.equal(paceOf(10, 8, 2), 'onPace');
  assert.equal(paceOf(10, 12, 2), 'onPace');
  assert.equal(paceOf(10, 13, 2), 'ahead');
});

test("a row's pace on a date of the hand-made week (12 October 2011)", () => {
  const on = (plannedHours: number, taughtHours: number, today = '2011-10-12') =>
    rowPace({ plannedHours, taughtHours, ws: 1 }, 11, today);
  // 42 of 122 days: 4 h → 1 due, 2 h → 1 due, 10 h → 3 due.
  assert.deepEqual(on(4, 6), { plannedToDate: 1, pace: 'ahead', tolerance: 2 });
  assert.deepEqual(on(2, 2), { plannedToDate: 1, pace: 'onPace', tolerance: 2 });
  assert.deepEqual(on(10, 0), { plannedToDate: 3, pace: 'behind', tolerance: 2 });
  // A spring row in the fall: nothing due yet, and nothing taught is on pace.
  assert.deepEqual(rowPace({ plannedHours: 64, taughtHours: 0, ws: 2 }, 11, '2011-10-12'), {
    plannedToDate: 0,
    pace: 'onPace',
    // 2012 is a leap year: 121 days from 1 February to 31 May.
    tolerance: 64 / (121 / 7),
  });
});

test('the registrar reads any department, a head their own, anyone else none', () => {
  const any = departmentAccess({ registrar: true, head: true, ownDepartmentId: 3 });
  const head = departmentAccess({ registrar: false, head: true, ownDepartmentId: 3 });
  const homeless = departmentAccess({ registrar: false, head: true, ownDepartmentId: null });
  const teacher = departmentAccess({ registrar: false, head: false, ownDepartmentId: 3 });
  assert.deepEqual(any, { kind: 'any' });
  assert.deepEqual(head, { kind: 'own', departmentId: 3 });
  assert.deepEqual(homeless, { kind: 'none' });
  assert.deepEqual(teacher, { kind: 'none' });

  assert.deepEqual(departmentToRead(any, 5), { departmentId: 5 });
  assert.deepEqual(departmentToRead(any, undefined), { departmentId: undefined });
  assert.deepEqual(departmentToRead(head, undefined), { departmentId: 3 });
  assert.deepEqual(departmentToRead(head, 3), { departmentId: 3 });
  assert.equal(departmentToRead(head, 5), null);
  assert.equal(departmentToRead(teacher, undefined), null);
  assert.equal(departmentToRead(teacher, 3), null);
});

test("whose plan: one's own, the registrar anyone's, a head their department's", () => {
  const head = { kind: 'own', departmentId: 3 } as const;
  const none = { kind: 'none' } as const;
  assert.equal(mayReadPlan(none, true, undefined), true);
  assert.equal(mayReadPlan(none, false, 3), false);
  assert.equal(mayReadPlan({ kind: 'any' }, false, undefined), true);
  assert.equal(mayReadPlan(head, false, 3), true);
  assert.equal(mayReadPlan(head, false, 4), false);
  assert.equal(mayReadPlan(head, false, undefined), false);
});

test('the picker lists the years with plans and the current one, newest first, once each', () => {
  assert.deepEqual(pickerYears([25, 11, 26], 26), [26, 25, 11]);
  assert.deepEqual(pickerYears([], 26), [26]);
  assert.deepEqual(pickerYears([25], 26), [26, 25]);
});
