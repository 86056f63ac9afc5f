/**
 * The server's NEWS_MESSAGE_MAX_LENGTH (shared/src/contract/news.ts). Repeated here because the
 * browser imports only types from the contract; the server stays the judge of it.
 */
export const MESSAGE_MAX_LENGTH = 5000;

/** '20 МБ' / '512 КБ' in the reader's language. */
export function sizeParts(bytes: number): { key: 'sizeMb' | 'sizeKb'; value: number } {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? { key: 'sizeMb', value: Math.round(megabytes * 10) / 10 }
    : { key: 'sizeKb', value: Math.max(1, Math.round(bytes / 1024)) };
}
