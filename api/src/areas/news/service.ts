import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  removeRecordFiles,
  type AttachmentsRepository,
  type NewAttachment,
  type Owner,
} from '../../lib/attachments.js';
import type { NewsFeed } from './feed.js';
import type { NewNews, NewsRepository } from './repository.js';

export interface NewsServiceDeps {
  db: Kysely<Database>;
  news: NewsRepository;
  attachments: AttachmentsRepository;
  feed: NewsFeed;
  dataDir: string;
}

/**
 * The news area's writes: an item with its files in one transaction, and its files on disk.
 * Every change tells the feed at once (`feed.changed`), whether or not it succeeded.
 */
export function createNewsService({ db, news, attachments, feed, dataDir }: NewsServiceDeps) {
  async function changing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      feed.changed();
    }
  }

  return {
    /**
     * Stores the item and its files' rows in one transaction; `publishFiles` (moving the
     * uploaded files into place) runs inside it, so a failure there leaves no row behind.
     */
    publish(
      item: NewNews,
      files: NewAttachment[],
      publishFiles: (owner: Owner) => Promise<void>,
    ): Promise<number> {
      return changing(() =>
        db.transaction().execute(async (trx) => {
          const id = await news.insert(trx, item);
          const owner: Owner = { area: 'news', id };
          await attachments.attach(trx, owner, files, {
            createdBy: item.authorUid,
            createdAt: item.createdAt,
          });
          await publishFiles(owner);
          return id;
        }),
      );
    },

    edit(id: number, message: string, now = Date.now()): Promise<void> {
      return changing(() => news.updateMessage(id, message, now));
    },

    /** The item and its file rows together, then its files on disk. */
    async remove(id: number): Promise<void> {
      const owner: Owner = { area: 'news', id };
      await changing(() =>
        db.transaction().execute(async (trx) => {
          await attachments.deleteByOwner(trx, owner);
          await news.delete(trx, id);
        }),
      );
      await removeRecordFiles(dataDir, owner);
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
