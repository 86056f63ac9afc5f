import { abbreviateName } from './name.js';

describe('abbreviateName', () => {
  it('keeps the surname and turns the following words into initials', () => {
    expect(abbreviateName('Асанов Бакыт Маратович')).toBe('Асанов Б. М.');
  });

  it('handles two words', () => {
    expect(abbreviateName('Иванова Айгерим')).toBe('Иванова А.');
  });

  it('returns a single word unchanged', () => {
    expect(abbreviateName('Асанов')).toBe('Асанов');
  });

  it('returns an empty string for empty, blank or missing input', () => {
    expect(abbreviateName('')).toBe('');
    expect(abbreviateName('   ')).toBe('');
    expect(abbreviateName(null)).toBe('');
    expect(abbreviateName(undefined)).toBe('');
  });

  it('ignores extra and unusual whitespace', () => {
    expect(abbreviateName('  Асанов \t Бакыт\n  Маратович  ')).toBe('Асанов Б. М.');
  });

  it('capitalises initials and keeps letters outside the basic plane whole', () => {
    expect(abbreviateName('Осмонов үсөн кызы')).toBe('Осмонов Ү. К.');
    expect(abbreviateName('Smith 𝒜lex')).toBe('Smith 𝒜.');
  });

  it('uses the first letter of a hyphenated name', () => {
    expect(abbreviateName('Петрова Анна-Мария Ивановна')).toBe('Петрова А. И.');
  });
});
