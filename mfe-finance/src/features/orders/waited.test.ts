import { todayIso, waitedParts } from './waited';

describe('waitedParts', () => {
  it('splits a wait into days, hours and minutes', () => {
    const start = Date.UTC(2026, 10, 1, 8, 0);
    expect(waitedParts(start, start + 26 * 3_600_000 + 5 * 60_000)).toEqual({
      days: 1,
      hours: 2,
      minutes: 5,
    });
    expect(waitedParts(start, start - 1000)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it("today is the university's YYYY-MM-DD (Bishkek, UTC+6), not the device's", () => {
    expect(todayIso(new Date('2026-01-05T17:59:00Z'))).toBe('2026-01-05');
    expect(todayIso(new Date('2026-01-05T18:01:00Z'))).toBe('2026-01-06');
  });
});
