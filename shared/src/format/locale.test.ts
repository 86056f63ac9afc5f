import { formatterFor } from './locale.js';

const at = new Date(2026, 10, 24, 20, 46);
// Intl writes a narrow no-break space as the group separator in Russian; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatterFor', () => {
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
    expect(format.time(new Date(2026, 10, 24, 8, 5))).toBe('08:05');
    expect(format.number(2.554, 2)).toBe('2.55');
    expect(plain(format.money(1500.5))).toBe('1,500.50 som');
    expect(format.date(new Date(2026, 8, 1))).toBe('01 Sep 2026');
    expect(format.dayMonth(new Date(2026, 5, 9))).toBe('09 Jun');
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
});
