import {
  formatterFor,
  setUniversityTimeZone,
  universityDate,
  DEFAULT_TIME_ZONE,
} from './locale.js';

// 20:46 in Bishkek (UTC+6), the university's zone by default.
const at = new Date('2026-11-24T14:46:00Z');
// Intl writes a narrow no-break space as the group separator in Russian; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatterFor', () => {
  it('makes a date formatter only when a date is written, and that one alone, once', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      // A zone change empties the cache: this test's formatter is a new one.
      setUniversityTimeZone('Asia/Almaty');
      made.mockClear();
      const format = formatterFor('ru');
      expect(format.number(2.5, 1)).toBe('2,5');
      expect(made).not.toHaveBeenCalled();
      format.time(at);
      format.time(at);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
      setUniversityTimeZone(DEFAULT_TIME_ZONE);
    }
  });

  it('writes Russian and Kyrgyz day first with dots and a decimal comma', () => {
    for (const lang of ['ru', 'kg'] as const) {
      const format = formatterFor(lang);
      expect(format.date(at)).toBe('24.11.2026');
      expect(format.dateTime(at)).toBe('24.11.2026, 20:46');
      expect(format.dayMonth(at)).toBe('24.11');
      expect(format.time(at)).toBe('20:46');
      expect(format.number(2.554, 2)).toBe('2,55');
      expect(plain(format.money(1500.5))).toBe('1 500,50 сом');
    }
  });

  it('writes English day first with the short month name and a decimal point', () => {
    const format = formatterFor('en');
    expect(format.date(at)).toBe('24 Nov 2026');
    expect(format.dateTime(at)).toBe('24 Nov 2026, 20:46');
    expect(format.dayMonth(at)).toBe('24 Nov');
    expect(format.time(new Date('2026-11-24T02:05:00Z'))).toBe('08:05');
    expect(format.number(2.554, 2)).toBe('2.55');
    expect(plain(format.money(1500.5))).toBe('1,500.50 som');
    expect(format.date('2026-09-01')).toBe('01 Sep 2026');
    expect(format.dayMonth('2026-06-09')).toBe('09 Jun');
  });

  it('names weekdays in the language', () => {
    expect(formatterFor('en').weekday(at, 'long')).toBe('Tuesday');
    expect(formatterFor('ru').weekday(at, 'long')).toBe('вторник');
    expect(formatterFor('kg').weekday(at, 'long')).toBe('шейшемби');
  });

  it('reads a bare date as a calendar day and leaves missing values empty', () => {
    expect(formatterFor('ru').date('2026-08-19')).toBe('19.08.2026');
    expect(formatterFor('en').date(null)).toBe('');
    expect(formatterFor('en').date('not a date')).toBe('');
    expect(formatterFor('ru').money(undefined)).toBe('');
    expect(formatterFor('ru').number(Number.NaN)).toBe('');
  });

  it("writes every time in the university's zone, whatever the device's or the server's", () => {
    // A payment at 11:42 UTC was paid at 17:42 in Bishkek; so says every formatter.
    const paid = new Date('2026-11-28T11:42:00Z');
    expect(formatterFor('en').dateTime(paid)).toBe('28 Nov 2026, 17:42');
    expect(formatterFor('ru').dateTime(paid.getTime())).toBe('28.11.2026, 17:42');
    expect(formatterFor('ru').dateTime('2026-11-28T11:42:00.000Z')).toBe('28.11.2026, 17:42');
    // A time with no zone is the university's wall clock.
    expect(formatterFor('kg').dateTime('2026-11-28T17:42')).toBe('28.11.2026, 17:42');
    // Late in the evening in Bishkek is already the next day there, not in UTC.
    expect(formatterFor('ru').date(new Date('2026-11-28T20:30:00Z'))).toBe('29.11.2026');
    expect(universityDate(new Date('2026-11-28T20:30:00Z'))).toBe('2026-11-29');
    try {
      expect(setUniversityTimeZone('Europe/Moscow')).toBe(true);
      expect(formatterFor('en').time(paid)).toBe('14:42');
      expect(setUniversityTimeZone('Mars/Olympus')).toBe(false);
      expect(formatterFor('en').time(paid)).toBe('14:42');
    } finally {
      setUniversityTimeZone(DEFAULT_TIME_ZONE);
    }
    expect(formatterFor('en').time(paid)).toBe('17:42');
  });

  it('writes every number and amount as Intl does, without making a number formatter', () => {
    // Counts, marks, GPAs, amounts: whole and fractional, halves at every place, negative, large.
    const values = [0, -0, 1, 999, 1000, 1234.5, 12345.678, -1234567.891, 0.005, 1.005, 2.675];
    values.push(1.5, 2.5, -2.5, 0.125, 99.995, 999.999, 1e15 + 0.25, 123456789012, 0.1 + 0.2);
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i += 1) {
      const scale = 10 ** Math.floor(next() * 9);
      values.push(Math.round((next() - 0.3) * scale * 10 ** (i % 5)) / 10 ** (i % 5));
    }
    const made = jest.spyOn(Intl, 'NumberFormat');
    const written = (['ru', 'kg', 'en'] as const).map((lang) => {
      const format = formatterFor(lang);
      return values.map((value) => [
        format.number(value),
        format.number(value, 0),
        format.number(value, 1),
        format.money(value),
      ]);
    });
    const madeMeanwhile = made.mock.calls.length;
    made.mockRestore();
    expect(madeMeanwhile).toBe(0);
    for (const [index, locale] of ['ru-RU', 'ru-RU', 'en-GB'].entries()) {
      const upTo = (digits: number) =>
        new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      const fixed = (digits: number) =>
        new Intl.NumberFormat(locale, {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
      const som = index === 2 ? 'som' : 'сом';
      expect(written[index]).toEqual(
        values.map((value) => [
          upTo(2).format(value),
          fixed(0).format(value),
          fixed(1).format(value),
          `${fixed(2).format(value)}\u00a0${som}`,
        ]),
      );
    }
    expect(plain(formatterFor('ru').number(12345))).toBe('12 345');
    expect(formatterFor('en').number(1000)).toBe('1,000');
    expect(formatterFor('ru').number(2.5)).toBe('2,5');
  });

  it('takes the zone already in use without making a formatter to check it', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(setUniversityTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
      expect(made).not.toHaveBeenCalled();
      expect(setUniversityTimeZone('Europe/Moscow')).toBe(true);
      expect(made).toHaveBeenCalled();
    } finally {
      made.mockRestore();
      setUniversityTimeZone(DEFAULT_TIME_ZONE);
    }
  });
});
