import { formatterFor } from '@lms/shared';
import {
  ABSENT,
  formatAverage,
  formatPercent,
  fromServer,
  gradeValue,
  isAttendanceLow,
  roundTo2,
  summarize,
  toServer,
} from './marks';

describe('marks', () => {
  it('reads grades as numbers and the absence marker or an empty cell as none', () => {
    expect(gradeValue('5')).toBe(5);
    expect(gradeValue(' 4 ')).toBe(4);
    expect(gradeValue('3,5')).toBe(3.5);
    expect(gradeValue(ABSENT)).toBeNull();
    expect(gradeValue('')).toBeNull();
    expect(gradeValue('зачёт')).toBeNull();
  });

  it('counts absences, adds only grades and rounds the average to two decimals', () => {
    expect(summarize(['5', ABSENT, '4', '', '4'])).toEqual({
      lessons: 5,
      absences: 1,
      hours: 2,
      total: 13,
      average: 4.33,
      attendance: 80,
    });
    expect(summarize(['5', '4']).average).toBe(4.5);
  });

  it('gives attendance with one decimal', () => {
    expect(summarize(['5', ABSENT, '4', '', '4', '', '']).attendance).toBe(85.7);
  });

  it('converts between the cell and the server (null = present)', () => {
    expect(fromServer(null)).toBe('');
    expect(fromServer(undefined)).toBe('');
    expect(fromServer('5')).toBe('5');
    expect(toServer('')).toBeNull();
    expect(toServer(ABSENT)).toBe('н/б');
  });

  it('has no average without grades and no attendance without lessons', () => {
    expect(summarize([ABSENT, ''])).toMatchObject({ average: null, attendance: 50, total: 0 });
    expect(summarize([])).toMatchObject({ lessons: 0, average: null, attendance: null });
  });

  it('rounds half away from zero despite binary fractions', () => {
    expect(roundTo2(4.125)).toBe(4.13);
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(2 / 3)).toBe(0.67);
  });

  it('formats the average with two decimals and the attendance with a percent sign', () => {
    const ru = formatterFor('ru');
    const en = formatterFor('en');
    expect(formatAverage(4.5, ru)).toBe('4,50');
    expect(formatAverage(4, en)).toBe('4.00');
    expect(formatAverage(null, ru)).toBe('—');
    expect(formatPercent(85, ru)).toBe('85\u00a0%');
    expect(formatPercent(85.7, ru)).toBe('85,7\u00a0%');
    expect(formatPercent(85.7, en)).toBe('85.7\u00a0%');
    expect(formatPercent(null, en)).toBe('—');
  });

  it('warns under the attendance threshold', () => {
    expect(isAttendanceLow(69)).toBe(true);
    expect(isAttendanceLow(70)).toBe(false);
    expect(isAttendanceLow(null)).toBe(false);
    expect(isAttendanceLow(80, 90)).toBe(true);
  });
});
