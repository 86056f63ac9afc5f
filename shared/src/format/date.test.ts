import { formatDate, formatTime, toDate } from './date.js';

describe('formatDate', () => {
  it('formats a Date as DD/MM/YY with zero padding', () => {
    expect(formatDate(new Date(2024, 0, 5, 9, 7))).toBe('05/01/24');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31/12/25');
  });

  it('formats an ISO date-time string in local time', () => {
    expect(formatDate('2024-03-09T14:05:00')).toBe('09/03/24');
  });

  it('reads a bare ISO date as that calendar day, whatever the time zone', () => {
    expect(formatDate('2024-09-01')).toBe('01/09/24');
  });

  it('formats a timestamp', () => {
    expect(formatDate(new Date(2023, 6, 14).getTime())).toBe('14/07/23');
  });

  it('pads two-digit years of the early 2000s', () => {
    expect(formatDate(new Date(2007, 1, 3))).toBe('03/02/07');
  });

  it('crosses the year boundary correctly', () => {
    expect(formatDate(new Date(2024, 11, 31, 23, 59, 59))).toBe('31/12/24');
    expect(formatDate(new Date(2025, 0, 1, 0, 0, 0))).toBe('01/01/25');
  });

  it('returns an empty string for empty or invalid input', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('formatTime', () => {
  it('formats HH:mm in 24-hour time', () => {
    expect(formatTime(new Date(2024, 0, 5, 9, 7))).toBe('09:07');
    expect(formatTime(new Date(2024, 0, 5, 23, 59, 59))).toBe('23:59');
    expect(formatTime(new Date(2024, 0, 5, 0, 0))).toBe('00:00');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatTime('2024-03-09T14:05:00')).toBe('14:05');
    expect(formatTime(new Date(2024, 2, 9, 7, 30).getTime())).toBe('07:30');
    expect(formatTime('2024-03-09')).toBe('00:00');
  });

  it('returns an empty string for empty or invalid input', () => {
    expect(formatTime('')).toBe('');
    expect(formatTime('25:99')).toBe('');
    expect(formatTime(null)).toBe('');
  });
});

describe('toDate', () => {
  it('returns the same Date instance for a valid Date', () => {
    const date = new Date(2024, 4, 1);
    expect(toDate(date)).toBe(date);
  });

  it('parses an ISO string with an offset as that instant', () => {
    expect(toDate('2024-05-01T10:00:00Z')?.getTime()).toBe(Date.UTC(2024, 4, 1, 10));
  });

  it('returns null for invalid values', () => {
    expect(toDate('2024-13-45T00:00:00')).toBeNull();
    expect(toDate('')).toBeNull();
  });
});
