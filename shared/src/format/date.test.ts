import { formatDate, formatTime, toDate } from './date.js';

describe('formatDate', () => {
  it('formats a Date as DD/MM/YY with zero padding', () => {
    expect(formatDate('2024-01-05T09:07')).toBe('05/01/24');
    expect(formatDate('2025-12-31T23:59')).toBe('31/12/25');
  });

  it('formats a date-time with no zone as the university’s wall clock', () => {
    expect(formatDate('2024-03-09T14:05:00')).toBe('09/03/24');
  });

  it('reads a bare ISO date as that calendar day, whatever the time zone', () => {
    expect(formatDate('2024-09-01')).toBe('01/09/24');
  });

  it('formats a timestamp', () => {
    expect(formatDate(Date.UTC(2023, 6, 14, 6))).toBe('14/07/23');
  });

  it('pads two-digit years of the early 2000s', () => {
    expect(formatDate('2007-02-03')).toBe('03/02/07');
  });

  it('crosses the year boundary correctly', () => {
    expect(formatDate('2024-12-31T23:59:59')).toBe('31/12/24');
    expect(formatDate('2025-01-01T00:00:00')).toBe('01/01/25');
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
    expect(formatTime('2024-01-05T09:07')).toBe('09:07');
    expect(formatTime('2024-01-05T23:59:59')).toBe('23:59');
    expect(formatTime('2024-01-05T00:00')).toBe('00:00');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatTime('2024-03-09T14:05:00')).toBe('14:05');
    expect(formatTime(Date.UTC(2024, 2, 9, 1, 30))).toBe('07:30');
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

  it('reads a date or date-time with no zone as the university’s (Bishkek, UTC+6)', () => {
    expect(toDate('2024-05-01T10:00')?.getTime()).toBe(Date.UTC(2024, 4, 1, 4));
    expect(toDate('2024-05-01')?.getTime()).toBe(Date.UTC(2024, 3, 30, 18));
    expect(toDate('2024-02-30')).toBeNull();
  });

  it('returns null for invalid values', () => {
    expect(toDate('2024-13-45T00:00:00')).toBeNull();
    expect(toDate('')).toBeNull();
  });
});
