// Workload's pacing and access decisions as pure functions: the semester's weeks, the plan due by a
// date, the tolerance and the pace on hand-made weeks (behind, on pace, ahead; the start and the
// end of a semester; a row of less than a pair a week; a teacher's total); who reads which
// department and whose plan; the years of the picker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  onPaceBand,
  paceOf,
  rowPace,
  rowTerms,
  semesterWeeks,
  teachingRange,
  toleranceOf,
} from '../../src/areas/workload/pace.js';
import { totalsOf } from '../../src/areas/workload/plan.js';
import {
  departmentAccess,
  departmentToRead,
  mayReadPlan,
  pickerYears,
} from '../../src/areas/workload/rules.js';

/** Fall 2026: Tuesday 1 September to Thursday 31 December, the weeks of 31 August to 28 December. */
const FALL: [string, string] = ['2026-09-01', '2026-12-31'];
/** The Monday of the fall's week `n` (1: 31 August), plus `days`. */
const weekDay = (n: number, days = 0) =>
  new Date(Date.parse('2026-08-31T00:00:00Z') + ((n - 1) * 7 + days) * 86_400_000)
    .toISOString()
    .slice(0, 10);

test("a row's semester is the timetable's teaching days of its academic year", () => {
  assert.deepEqual(teachingRange(26, 1, '2026-11-29'), ['2026-09-01', '2026-12-31']);
  assert.deepEqual(teachingRange(26, 2, '2026-11-29'), ['2027-02-01', '2027-05-31']);
  assert.deepEqual(teachingRange(11, 1, '2011-10-12'), ['2011-09-01', '2011-12-31']);
});

test("the semester's weeks: Monday to Sunday, partial ones whole; the weeks over and the one under way", () => {
  assert.equal(weekDay(1), '2026-08-31');
  assert.equal(weekDay(18, 6), '2027-01-03');
  // Before the semester's first week: nothing over, nothing under way.
  assert.deepEqual(semesterWeeks(FALL, '2026-08-30'), { weeks: 18, over: 0, underWay: false });
  // Monday 31 August is in the week of 1 September: the first week is under way.
  assert.deepEqual(semesterWeeks(FALL, '2026-08-31'), { weeks: 18, over: 0, underWay: true });
  assert.deepEqual(semesterWeeks(FALL, '2026-09-06'), { weeks: 18, over: 0, underWay: true });
  assert.deepEqual(semesterWeeks(FALL, '2026-09-07'), { weeks: 18, over: 1, underWay: true });
  // Sunday 29 November is the last day of week 13.
  assert.deepEqual(semesterWeeks(FALL, '2026-11-29'), { weeks: 18, over: 12, underWay: true });
  assert.deepEqual(semesterWeeks(FALL, '2026-12-31'), { weeks: 18, over: 17, underWay: true });
  // Sunday 3 January ends the week of 31 December; from 4 January all 18 weeks are over.
  assert.deepEqual(semesterWeeks(FALL, '2027-01-03'), { weeks: 18, over: 17, underWay: true });
  assert.deepEqual(semesterWeeks(FALL, '2027-01-04'), { weeks: 18, over: 18, underWay: false });
  assert.deepEqual(semesterWeeks(FALL, '2027-03-01'), { weeks: 18, over: 18, underWay: false });
  // Fall 2011: Thursday 1 September to Saturday 31 December, 18 weeks too.
  assert.deepEqual(semesterWeeks(['2011-09-01', '2011-12-31'], '2011-10-12'), {
    weeks: 18,
    over: 6,
    underWay: true,
  });
});

test('the tolerance is 5 % of the plan due or one week of it, whichever is smaller', () => {
  assert.equal(toleranceOf({ expected: 20, week: 2, underWay: 2 }), 1);
  assert.equal(toleranceOf({ expected: 0, week: 2, underWay: 2 }), 0);
  // A plan due of more than 20 weeks (no semester is that long) is capped at one week.
  assert.equal(toleranceOf({ expected: 100, week: 2, underWay: 0 }), 2);
});

/** 36 hours over the fall's 18 weeks: one pair a week. */
const weekly = (today: string, taught: number) => paceOf(rowTerms(36, FALL, today), taught);

test('a pair a week in the middle of the fall: behind by one lesson, on pace, ahead by one', () => {
  // Wednesday of week 12: 11 weeks over, 22 h due; this week's pair may be given or not.
  const today = weekDay(12, 2);
  assert.deepEqual(rowTerms(36, FALL, today), { expected: 22, week: 2, underWay: 2 });
  assert.deepEqual(onPaceBand(rowTerms(36, FALL, today)), [22 - 1.1, 24 + 1.1]);
  assert.equal(weekly(today, 20), 'behind');
  assert.equal(weekly(today, 22), 'onPace');
  assert.equal(weekly(today, 24), 'onPace');
  assert.equal(weekly(today, 26), 'ahead');
  // The same on the week's Monday and its Sunday: the day of the lesson does not matter.
  for (const day of [weekDay(12), weekDay(12, 6)]) {
    assert.deepEqual(
      [20, 22, 24, 26].map((taught) => weekly(day, taught)),
      ['behind', 'onPace', 'onPace', 'ahead'],
    );
  }
});

test('the start of the semester: nothing is due before it, and the first week may be given', () => {
  assert.equal(weekly('2026-08-30', 0), 'onPace');
  assert.equal(weekly('2026-08-30', 2), 'ahead');
  assert.equal(weekly('2026-09-01', 0), 'onPace');
  assert.equal(weekly('2026-09-01', 2), 'onPace');
  assert.equal(weekly('2026-09-01', 4), 'ahead');
  // The second week: the first pair is due; without it the row is behind.
  assert.equal(weekly(weekDay(2), 0), 'behind');
  assert.equal(weekly(weekDay(2), 2), 'onPace');
});

test('the end of the semester: the last week under way, then the whole plan due', () => {
  // Thursday 31 December, week 18: 34 h due, 1.7 h of tolerance.
  assert.equal(weekly('2026-12-31', 32), 'behind');
  assert.equal(weekly('2026-12-31', 34), 'onPace');
  assert.equal(weekly('2026-12-31', 36), 'onPace');
  assert.equal(weekly('2026-12-31', 38), 'ahead');
  // After it: the plan, within 1.8 h either way.
  assert.equal(weekly('2027-01-15', 34), 'behind');
  assert.equal(weekly('2027-01-15', 36), 'onPace');
  assert.equal(weekly('2027-01-15', 38), 'ahead');
});

test('a lab of a pair every other week is on pace all semester, whichever week it starts', () => {
  // 18 h over 18 weeks: 1 h a week, given as a pair in odd weeks or in even ones.
  for (const firstWeek of [1, 2]) {
    for (let week = 1; week <= 18; week++) {
      const given = (through: number) =>
        2 * [...Array(through).keys()].filter((i) => (i + 1 - firstWeek) % 2 === 0).length;
      // Its Monday before the week's lesson, and its Sunday after it.
      for (const [day, taught] of [
        [weekDay(week), given(week - 1)],
        [weekDay(week, 6), given(week)],
      ] as const) {
        assert.equal(
          paceOf(rowTerms(18, FALL, day), taught),
          'onPace',
          `first week ${firstWeek}, ${day}, ${taught} h`,
        );
      }
    }
  }
  // Odd weeks, the session of week 5 missed: 4 h by week 6 is within a pair of the 5 h due;
  // from week 7 (6 h due) it is behind.
  assert.equal(paceOf(rowTerms(18, FALL, weekDay(6)), 4), 'onPace');
  assert.equal(paceOf(rowTerms(18, FALL, weekDay(7)), 4), 'behind');
});

test("a row's pace on a date of the hand-made week (12 October 2011)", () => {
  const on = (plannedHours: number, taughtHours: number, today = '2011-10-12') => {
    const { plannedToDate, pace } = rowPace({ plannedHours, taughtHours, ws: 1 }, 11, today);
    return [plannedToDate, pace];
  };
  // 6 of the fall's 18 weeks are over: 4 h → 1 due, 2 h → 1 due, 10 h → 3 due.
  assert.deepEqual(on(4, 6), [1, 'ahead']);
  assert.deepEqual(on(2, 2), [1, 'onPace']);
  assert.deepEqual(on(10, 0), [3, 'behind']);
  // A spring row in the fall: nothing due yet, and nothing taught is on pace.
  assert.deepEqual(rowPace({ plannedHours: 64, taughtHours: 0, ws: 2 }, 11, '2011-10-12'), {
    plannedToDate: 0,
    pace: 'onPace',
    terms: { expected: 0, week: 64 / 18, underWay: 0 },
  });
});

test("a teacher's total is paced on its own sums: 476 h taught of 553 h due is behind", () => {
  assert.equal(paceOf({ expected: 553, week: 49, underWay: 49 }, 476), 'behind');
  // The least on pace: 552 h (553 h in whole pairs) less 5 % of 553 h (27.65 h).
  assert.equal(paceOf({ expected: 553, week: 49, underWay: 49 }, 526), 'onPace');
  assert.equal(paceOf({ expected: 553, week: 49, underWay: 49 }, 524), 'behind');

  // A plan like the demo teacher's: 24 fall rows of 32 h and 8 of 16 h (896 h), 12 spring rows
  // and 2 summer ones; on Wednesday of week 13 (12 weeks over) 597 h of the fall are due.
  const rows = [
    ...Array<number>(24)
      .fill(32)
      .map((hours) => ({ hours, ws: 1 })),
    ...Array<number>(8)
      .fill(16)
      .map((hours) => ({ hours, ws: 1 })),
    ...Array<number>(12)
      .fill(32)
      .map((hours) => ({ hours, ws: 2 })),
    ...Array<number>(2)
      .fill(32)
      .map((hours) => ({ hours, ws: 3 })),
  ];
  const totalOn = (taught: number) => {
    const parts = rows.map((row, index) => {
      // The taught hours all on the first row: only the total is looked at here.
      const taughtHours = index === 0 ? taught : 0;
      const { terms, plannedToDate } = rowPace(
        { plannedHours: row.hours, taughtHours, ws: row.ws },
        26,
        '2026-11-25',
      );
      return { plannedHours: row.hours, taughtHours, plannedToDate, terms, behindRows: 0 };
    });
    return totalsOf(parts);
  };
  const total = totalOn(476);
  // Shown in whole hours per row: 21 h of each 32 h row, 11 h of each 16 h one.
  assert.equal(total.plannedToDate, 24 * 21 + 8 * 11);
  // The spring and the summer add nothing due and nothing under way.
  assert.ok(Math.abs(total.terms.underWay - 896 / 18) < 1e-9);
  assert.ok(Math.abs(total.terms.expected - (896 * 12) / 18) < 1e-9);
  assert.equal(total.pace, 'behind');
  // On pace: from 596 h (the due in whole pairs) less 5 % of 597.3 h (29.9 h), to this week's
  // 49.8 h more, in whole pairs (648 h), plus the same 29.9 h.
  assert.equal(totalOn(566).pace, 'behind');
  assert.equal(totalOn(568).pace, 'onPace');
  assert.equal(totalOn(676).pace, 'onPace');
  assert.equal(totalOn(678).pace, 'ahead');
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
