import { searchSummary } from './search';

describe('searchSummary', () => {
  it('says nothing without a search', () => {
    expect(searchSummary({ found: null, total: 10 }, '')).toBeNull();
    expect(searchSummary(undefined, 'x')).toBeNull();
  });

  it('counts what was found', () => {
    expect(searchSummary({ found: 3, total: 10 }, 'алгебра')).toEqual({
      key: 'search.found',
      values: { count: 3 },
    });
  });

  it('names the text and the total when nothing was found', () => {
    expect(searchSummary({ found: 0, total: 10 }, ' Zzz ')).toEqual({
      key: 'search.none',
      values: { text: 'Zzz', total: 10 },
    });
  });
});
