import type { ScheduleDay } from '@lms/shared';
import { orderDays } from './week';

const days = [3, 1, 5].map((day_number) => ({ day_number, lessons: [] }) as ScheduleDay);

describe('the week', () => {
  it('puts today first on a phone, week order otherwise', () => {
    expect(orderDays(days, 3, false).map((d) => d.day_number)).toEqual([1, 3, 5]);
    expect(orderDays(days, 3, true).map((d) => d.day_number)).toEqual([3, 5, 1]);
    expect(orderDays(days, 6, true).map((d) => d.day_number)).toEqual([1, 3, 5]);
  });
});
