import { formatterFor } from '@lms/shared';
import { formatMoment } from './dates';

it("shows an instant as the university's day and time in the language's form", () => {
  const at = Date.parse('2026-09-07T09:05:00+06:00');
  expect(formatMoment(at, formatterFor('ru'))).toEqual({ date: '07.09.2026', time: '09:05' });
  expect(formatMoment(at, formatterFor('en'))).toEqual({
    date: '07 Sep 2026',
    time: '09:05',
  });
});
