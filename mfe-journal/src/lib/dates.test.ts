import { formatterFor } from '@lms/shared';
import { formatMoment } from './dates';

it("shows an instant as the local day and time in the language's form", () => {
  const at = new Date(2026, 8, 7, 9, 5).getTime();
  expect(formatMoment(at, formatterFor('ru'))).toEqual({ date: '07.09.2026', time: '09:05' });
  expect(formatMoment(at, formatterFor('en'))).toEqual({
    date: '07 Sep 2026',
    time: '09:05',
  });
});
