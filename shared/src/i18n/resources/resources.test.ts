import { uiResources } from './index.js';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('ui namespace', () => {
  const ruKeys = keysOf(uiResources.ru).sort();

  it.each(['kg', 'en'] as const)('%s has exactly the Russian keys, all non-empty', (lng) => {
    expect(keysOf(uiResources[lng]).sort()).toEqual(ruKeys);
    for (const key of ruKeys) {
      const text = key.split('.').reduce<unknown>((node, part) => {
        return (node as Record<string, unknown>)[part];
      }, uiResources[lng]);
      expect(typeof text === 'string' && text.trim() !== '').toBe(true);
    }
  });

  it('is written in Kyrgyz, not copied from Russian', () => {
    const same = ruKeys.filter(
      (key) =>
        key
          .split('.')
          .reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], uiResources.kg) ===
        key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], uiResources.ru),
    );
    // 'Файл', 'Версия' and the size units are the same words in both languages.
    expect(same).toEqual([
      'file.other',
      'section.version',
      'size.B',
      'size.GB',
      'size.KB',
      'size.MB',
    ]);
  });

  it('has the loading texts of the spec', () => {
    expect(uiResources.ru.loading).toBe('Загрузка...');
    expect(uiResources.kg.loading).toBe('Жүктөлүүдө...');
    expect(uiResources.en.loading).toBe('Loading...');
    expect(uiResources.ru.error.render).toBe('Ошибка, обновите страницу!');
  });
});
