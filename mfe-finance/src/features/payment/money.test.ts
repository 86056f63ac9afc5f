import { newAttemptKey, parseSom, somInputText } from './money';

describe('money', () => {
  it('reads som as integer tyiyn, never through a float', () => {
    expect(parseSom('1500')).toBe(150_000);
    expect(parseSom('1 500,5')).toBe(150_050);
    expect(parseSom('1500.50')).toBe(150_050);
    expect(parseSom('0,07')).toBe(7);
    expect(parseSom('0.29')).toBe(29);
    for (const bad of ['', 'abc', '1,234,5', '1.234', '-5', '1e3', '12.']) {
      expect(parseSom(bad)).toBeNull();
    }
  });

  it('writes tyiyn for inputs', () => {
    expect(somInputText(150_050, 'ru')).toBe('1500,50');
    expect(somInputText(7, 'en')).toBe('0.07');
  });

  it('makes a new attempt key each time', () => {
    const a = newAttemptKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newAttemptKey()).not.toBe(a);
  });
});
