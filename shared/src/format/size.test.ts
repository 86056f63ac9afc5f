import { changeLanguage, i18n, initI18n } from '../i18n/i18n.js';
import { formatSize, isWithinLimit, sizeParts, totalSize } from './size.js';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

beforeAll(() => initI18n());
afterEach(() => changeLanguage('ru'));

describe('sizeParts', () => {
  it.each([
    [0, 0, 'B'],
    [12, 12, 'B'],
    [1023, 1023, 'B'],
    [KB, 1, 'KB'],
    [512 * KB, 512, 'KB'],
    [1.6 * KB, 2, 'KB'],
    [20 * MB, 20, 'MB'],
    [1.55 * MB, 1.6, 'MB'],
    [1.04 * MB, 1, 'MB'],
    [2.25 * GB, 2.3, 'GB'],
    [5000 * GB, 5000, 'GB'],
  ])('%d bytes are %d %s', (bytes, value, unit) => {
    expect(sizeParts(bytes)).toEqual({ value, unit });
  });

  it('moves up a unit when rounding would reach 1024', () => {
    expect(sizeParts(MB - 1)).toEqual({ value: 1, unit: 'MB' });
    expect(sizeParts(GB - 1)).toEqual({ value: 1, unit: 'GB' });
  });

  it('takes nonsense as zero', () => {
    expect(sizeParts(-5)).toEqual({ value: 0, unit: 'B' });
    expect(sizeParts(Number.NaN)).toEqual({ value: 0, unit: 'B' });
  });
});

describe('formatSize', () => {
  it('speaks Russian by default', () => {
    expect(formatSize(20 * MB)).toBe('20 МБ');
    expect(formatSize(512 * KB)).toBe('512 КБ');
    expect(formatSize(12)).toBe('12 Б');
    expect(formatSize(1.5 * MB)).toBe('1,5 МБ');
    expect(formatSize(3 * GB)).toBe('3 ГБ');
  });

  it('follows the interface language', async () => {
    await changeLanguage('en');
    expect(formatSize(20 * MB)).toBe('20 MB');
    expect(formatSize(1.5 * MB)).toBe('1.5 MB');
    expect(formatSize(12)).toBe('12 B');
    await changeLanguage('kg');
    expect(formatSize(1.5 * MB)).toBe('1,5 МБ');
    expect(formatSize(1023 * KB)).toBe('1023 КБ');
  });

  it('writes sizes without an Intl number formatter, in every language', async () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      await changeLanguage('en');
      const sizes = [1, 2, 3, 4, 5].map((n) => formatSize(n * 1.5 * MB));
      expect(sizes[4]).toBe('7.5 MB');
      await changeLanguage('ru');
      expect(formatSize(1.5 * MB)).toBe('1,5 МБ');
      formatSize(2.5 * MB);
      await changeLanguage('kg');
      expect(formatSize(5000.5 * GB)).toBe('5000,5 ГБ');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("reads the unit from the kit's namespace through the caller's t", async () => {
    await changeLanguage('en');
    const t = jest.fn((key: string, options: { ns: string }) => i18n.t(key, options));
    expect(formatSize(512 * KB, t)).toBe('512 KB');
    expect(t).toHaveBeenCalledWith('size.KB', { ns: 'ui' });
  });
});

describe('totalSize and isWithinLimit', () => {
  const files = [{ size: 10 * MB }, { size: 15 * MB }];

  it('adds the sizes', () => {
    expect(totalSize(files)).toBe(25 * MB);
    expect(totalSize([])).toBe(0);
  });

  it('checks the sum against the limit, inclusive', () => {
    expect(isWithinLimit(files, 20 * MB)).toBe(false);
    expect(isWithinLimit(files, 25 * MB)).toBe(true);
    expect(isWithinLimit(files, null)).toBe(true);
    expect(isWithinLimit([], 0)).toBe(true);
  });
});
