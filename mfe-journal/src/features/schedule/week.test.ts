import type { ScheduleDay } from '@lms/shared';
import { dayNumberOf, happensInWeekOf, isoWeekOf, orderDays } from './week';

const days = [3, 1, 5].map((day_number) => ({ day_number, lessons: [] }) as ScheduleDay);

describe('the week', () => {
  it('numbers days from Monday and weeks as ISO does', () => {
    expect(dayNumberOf(new Date(2026, 10, 16))).toBe(1);
    expect(dayNumberOf(new Date(2026, 10, 22))).toBe(7);
    expect(isoWeekOf(new Date(2026, 10, 16))).toBe(47);
    expect(isoWeekOf(new Date(2027, 0, 1))).toBe(53);
  });

  it('shows odd and even week lessons in their weeks only', () => {
    const odd = new Date(2026, 10, 16);
    const even = new Date(2026, 10, 23);
    expect([0, 1, 2].map((kind) => happensInWeekOf(kind, odd))).toEqual([true, true, false]);
    expect([0, 1, 2].map((kind) => happensInWeekOf(kind, even))).toEqual([true, false, true]);
  });

  it('puts today first on a phone, week order otherwise', () => {
    expect(orderDays(days, 3, false).map((d) => d.day_number)).toEqual([1, 3, 5]);
    expect(orderDays(days, 3, true).map((d) => d.day_number)).toEqual([3, 5, 1]);
    expect(orderDays(days, 6, true).map((d) => d.day_number)).toEqual([1, 3, 5]);
  });
});
