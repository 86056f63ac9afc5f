import type { BookListResponse } from '@lms/shared';

/** What the search line says (spec §4), as a translation key and its values; null: nothing. */
export function searchSummary(
  list: Pick<BookListResponse, 'found' | 'total'> | undefined,
  text: string,
): { key: 'search.found' | 'search.none'; values: Record<string, string | number> } | null {
  if (!list || list.found === null || text.trim() === '') return null;
  if (list.found > 0) return { key: 'search.found', values: { count: list.found } };
  return { key: 'search.none', values: { text: text.trim(), total: list.total } };
}
