import { formatDay } from './dates';

it('shows calendar dates as DD.MM.YYYY without a time zone shift', () => {
  expect(formatDay('2026-09-01')).toBe('01.09.2026');
});
