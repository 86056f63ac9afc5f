import type { NewsItem, SessionUser } from '@lms/shared/contract';
import type { Language } from '../../lib/catalogue-names.js';
import type { NewsRepository, Reader } from './repository.js';
import { toItem } from './wire.js';

/** Pages kept per news version; past this many the cache starts again (a bound on memory). */
const MAX_CACHED_PAGES = 2000;
/** Readers whose faculty is remembered; past this many the oldest is forgotten. */
const MAX_CACHED_READERS = 10_000;

export interface FeedPage {
  items: NewsItem[];
  hasMore: boolean;
}

/**
 * The feed's pages, valid for one version of the news table. The version is one row the
 * database moves on every change of the news table, read on every call, or at most once per
 * `trustMs` (1 s in production, the session cache's time): an item added, edited or deleted
 * through any API process is seen by all of them within that time, by its own at once
 * (`changed`).
 */
interface FeedCache {
  version: string;
  /** Readers who wrote an item see a page of their own (their items, their edit rights). */
  authors: Set<number>;
  pages: Map<string, FeedPage>;
}

/**
 * The news feed as readers see it: pages and single items in the contract's shape, cached per
 * version of the table, and each reader's faculty reused like the session (`trustMs`).
 */
export function createNewsFeed(news: NewsRepository, trustMs: number) {
  let feed: FeedCache = { version: '', authors: new Set(), pages: new Map() };
  let versionReadAt = -Infinity;
  const readers = new Map<number, { readAt: number; reader: Reader }>();

  /** The cache of the table's current version (started again when the version moved). */
  async function currentFeed(): Promise<FeedCache> {
    const now = Date.now();
    if (now - versionReadAt < trustMs) return feed;
    const version = await news.version();
    if (feed.version !== version)
      feed = { version, authors: await news.authors(), pages: new Map() };
    versionReadAt = now;
    return feed;
  }

  /** One page, newest first. */
  async function page(lng: Language, reader: Reader, number: number, size: number) {
    const rows = await news.pageRows(reader, number, size);
    const shown = rows.slice(0, size);
    const files = await news.fileNames(shown.map((row) => row.id));
    return {
      items: shown.map((row) => toItem(lng, row, files.get(row.id) ?? [], reader)),
      hasMore: rows.length > size,
    };
  }

  return {
    /** A change made here: the next page asks the version again, whatever `trustMs`. */
    changed(): void {
      versionReadAt = -Infinity;
    },

    /** The reader a signed-in user is, their faculty reused for `trustMs`. */
    async reader(user: SessionUser): Promise<Reader> {
      const now = Date.now();
      const known = readers.get(user.uid);
      if (
        known &&
        now - known.readAt < trustMs &&
        known.reader.role === user.role &&
        known.reader.newsPerms === user.newsPerms
      ) {
        return known.reader;
      }
      const reader = await news.reader(user);
      if (trustMs > 0) {
        readers.delete(user.uid);
        if (readers.size >= MAX_CACHED_READERS) readers.delete(readers.keys().next().value ?? 0);
        readers.set(user.uid, { readAt: now, reader });
      }
      return reader;
    },

    /**
     * One page, cached: readers of the same role and faculty who wrote no item see the same
     * page object while it is valid (`lng` keeps apart pages that name roles in its language).
     */
    async cachedPage(lng: Language, reader: Reader, number: number, size: number) {
      const cache = await currentFeed();
      const audience = cache.authors.has(reader.uid)
        ? `author ${reader.uid} ${reader.newsPerms}`
        : `${reader.role} ${reader.facultyId}`;
      const key = `${audience}|${number}|${size}|${lng}`;
      let result = cache.pages.get(key);
      if (!result) {
        result = await page(lng, reader, number, size);
        // Stored in the version it was read for; a newer version has a cache of its own.
        if (cache.pages.size >= MAX_CACHED_PAGES) cache.pages.clear();
        cache.pages.set(key, result);
      }
      return result;
    },

    /** The item as `reader` sees it, or undefined when it does not exist or is not theirs to see. */
    async findVisible(lng: Language, reader: Reader, id: number): Promise<NewsItem | undefined> {
      const row = await news.visibleRow(reader, id);
      if (!row) return undefined;
      return toItem(lng, row, (await news.fileNames([row.id])).get(row.id) ?? [], reader);
    },
  };
}

export type NewsFeed = ReturnType<typeof createNewsFeed>;
