// The schedule's decisions, without a database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ScheduleDay, ScheduleLesson } from '@lms/shared/contract';
import { lessonsOfToday, todaysLessons } from '../../src/areas/schedule/rules.js';

const lesson = (idShed: number, dayNumber: number, weekKind: number): ScheduleLesson => ({
  idShed,
  day_number: dayNumber as ScheduleLesson['day_number'],
  id_time: 1 as ScheduleLesson['id_time'],
  week_kind: weekKind,
  start: '08:00',
  end: '09:20',
  id_discipline: 1,
  discipline: 'Mathematics',
  id_vid_zaniatiy: 1,
  lessonType: 'Lecture',
  id_group: 1,
  group: 'G-1',
  id_subgroup: null,
  subgroup: null,
  audid: 1,
  auditoryName: '101',
  id_teacher: 1,
  teacher: 'T',
});

const WEEK: ScheduleDay[] = [
  { day_number: 1, lessons: [lesson(1, 1, 0), lesson(2, 1, 1), lesson(3, 1, 2)] },
  { day_number: 2, lessons: [lesson(4, 2, 0)] },
];
const FALL_2026 = { year: 26, ws: 1 };

test("today's lessons: today's day, this week's kind (16 Nov 2026 is a Monday of an odd week)", () => {
  assert.deepEqual(todaysLessons(WEEK, FALL_2026, '2026-11-16'), [1, 2]);
  assert.deepEqual(todaysLessons(WEEK, FALL_2026, '2026-11-23'), [1, 3]);
  assert.deepEqual(todaysLessons(WEEK, FALL_2026, '2026-11-17'), [4]);
  assert.deepEqual(todaysLessons(WEEK, FALL_2026, '2026-11-18'), []);
});

test('a week of another semester has no lessons today', () => {
  assert.deepEqual(todaysLessons(WEEK, { year: 26, ws: 2 }, '2026-11-16'), []);
  assert.deepEqual(todaysLessons(WEEK, { year: 25, ws: 1 }, '2026-11-16'), []);
  assert.deepEqual(todaysLessons(WEEK, { year: 26, ws: 2 }, '2027-02-15'), [1, 2]);
});

test("today's lessons come whole, for their windows and names", () => {
  assert.deepEqual(
    lessonsOfToday(WEEK, FALL_2026, '2026-11-23').map((l) => [l.idShed, l.week_kind, l.start]),
    [
      [1, 0, '08:00'],
      [3, 2, '08:00'],
    ],
  );
});
