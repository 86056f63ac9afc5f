import { localName } from './localName';

describe('localName', () => {
  it('names a service in the interface language', () => {
    const item = { name: 'Общежитие', name_kg: 'Жатакана', name_en: 'Dormitory' };
    expect(localName(item, 'kg')).toBe('Жатакана');
    expect(localName(item, 'en')).toBe('Dormitory');
    expect(localName(item, 'ru')).toBe('Общежитие');
  });
});
