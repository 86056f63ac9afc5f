import type { ScheduleDay, ScheduleLesson } from '@lms/shared';
import { deviceDate, isoWeek, orderDays, splitByWeek, weekParity } from './week';

const days = [3, 1, 5].map((day_number) => ({ day_number, lessons: [] }) as ScheduleDay);

describe('the week', () => {
  it('puts today first on a phone, week order otherwise', () => {
    expect(orderDays(days, 3, false).map((d) => d.day_number)).toEqual([1, 3, 5]);
    expect(orderDays(days, 3, true).map((d) => d.day_number)).toEqual([3, 5, 1]);
    expect(orderDays(days, 6, true).map((d) => d.day_number)).toEqual([1, 3, 5]);
  });

  it('numbers weeks as ISO 8601 does, across the new year too', () => {
    expect(isoWeek('2026-11-16')).toBe(47);
    expect(isoWeek('2026-11-22')).toBe(47);
    expect(isoWeek('2026-11-23')).toBe(48);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2027-01-04')).toBe(1);
  });

  it('tells an odd week from an even one, and nothing from what is not a date', () => {
    expect(weekParity('2026-11-16')).toBe(1);
    expect(weekParity('2026-11-24')).toBe(2);
    expect(weekParity(undefined)).toBeNull();
    expect(weekParity('16.11.2026')).toBeNull();
  });

  it("writes the university's calendar date by the device's clock", () => {
    expect(deviceDate(new Date('2026-01-05T17:59:00Z'))).toBe('2026-01-05');
    expect(deviceDate(new Date('2026-01-05T18:01:00Z'))).toBe('2026-01-06');
  });

  it("keeps a week's lessons and sets the other week's aside", () => {
    const lesson = (idShed: number, week_kind: number) => ({ idShed, week_kind }) as ScheduleLesson;
    const lessons = [lesson(1, 0), lesson(2, 1), lesson(3, 2)];
    const ids = (list: ScheduleLesson[]) => list.map((each) => each.idShed);
    const odd = splitByWeek(lessons, 1);
    expect([ids(odd.thisWeek), ids(odd.otherWeek)]).toEqual([[1, 2], [3]]);
    const even = splitByWeek(lessons, 2);
    expect([ids(even.thisWeek), ids(even.otherWeek)]).toEqual([[1, 3], [2]]);
    expect(ids(splitByWeek(lessons, null).thisWeek)).toEqual([1, 2, 3]);
  });
});
