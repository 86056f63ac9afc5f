import { formatDay, formatMoment } from './dates';

it('shows calendar dates as DD.MM.YYYY without a time zone shift', () => {
  expect(formatDay('2026-09-01')).toBe('01.09.2026');
});

it('shows an instant as the local day and time', () => {
  const at = new Date(2026, 8, 7, 9, 5).getTime();
  expect(formatMoment(at)).toEqual({ date: '07.09.2026', time: '09:05' });
});
