import {
  type NewsAudience,
  type NewsItem,
  type SessionUser,
  ROLE,
  type RoleId,
} from '@lms/shared/contract';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database, NewsTable } from '../../db/schema.js';
import { roleName, type Language } from '../../lib/catalogue-names.js';
import type { AttachmentsRepository, NewAttachment } from '../../lib/attachments.js';

/** Spec §3: attachment names travel joined with this separator. */
const FILE_LIST_SEPARATOR = ';!;';

export interface Reader {
  uid: number;
  role: RoleId;
  newsPerms: boolean;
  /** The reader's faculty (via department or group), null when unknown. */
  facultyId: number | null;
}

export interface NewNews {
  authorUid: number;
  author: string;
  message: string;
  audience: NewsAudience;
  facultyId: number | null;
  createdAt: number;
}

type NewsRow = Selectable<NewsTable>;
/** A row as the feed reads it: with the author's role from their account. */
type FeedRow = NewsRow & { author_role: RoleId };

/**
 * What a reader may see, in SQL: their own items, and items addressed to everyone or to their
 * role, for every faculty or theirs.
 */
function visibleTo(reader: Reader) {
  const roleAudience: NewsAudience = reader.role === ROLE.teacher ? 'teachers' : 'students';
  return (eb: ExpressionBuilder<Database & { n: NewsTable }, 'n'>) =>
    eb.or([
      eb('n.author_uid', '=', reader.uid),
      eb.and([
        eb('n.audience', 'in', ['all', roleAudience]),
        reader.facultyId === null
          ? eb('n.faculty_id', 'is', null)
          : eb.or([eb('n.faculty_id', 'is', null), eb('n.faculty_id', '=', reader.facultyId)]),
      ]),
    ]);
}

/** Pages kept per news version; past this many the cache starts again (a bound on memory). */
const MAX_CACHED_PAGES = 2000;

/**
 * The feed's pages, valid for one version of the news table. The version is one row the
 * database moves on every change of the news table (`newsVersion`), read on every call, or at
 * most once per `trustVersionFor` ms (1 s in production): an item added, edited or deleted
 * through any API process is seen by all of them within that time, by its own at once.
 */
interface FeedCache {
  version: string;
  /** Readers who wrote an item see a page of their own (their items, their edit rights). */
  authors: Set<number>;
  pages: Map<string, { items: NewsItem[]; hasMore: boolean }>;
}

export function createNewsRepository(db: Kysely<Database>, attachments: AttachmentsRepository) {
  const fileNames = (newsIds: number[]) => attachments.namesByOwners('news', newsIds);

  /**
   * Changes whenever an item is added (the highest id grows: ids are never reused), deleted
   * (the count drops, or the highest id grows when another is added) or edited (an edit moves
   * the item's updated_at forward, see updateMessage, so the sum of edit offsets grows).
   */
  /** Moved by the database on every change of the news table (migration 0018). */
  const newsVersion = prepared(
    db,
    () => db.selectFrom('data_versions').select('version').where('name', '=', 'news'),
    0,
  );
  const newsAuthors = prepared(db, () => db.selectFrom('news').select('author_uid').distinct(), 0);
  const teacherFaculty = prepared(
    db,
    (id: number) =>
      db
        .selectFrom('teachers as t')
        .innerJoin('departments as d', 'd.id', 't.department_id')
        .select('d.faculty_id')
        .where('t.id', '=', id),
    1,
  );
  const studentFaculty = prepared(
    db,
    (id: number) =>
      db
        .selectFrom('students as s')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .select('sp.faculty_id')
        .where('s.id', '=', id),
    1,
  );
  let feed: FeedCache = { version: '', authors: new Set(), pages: new Map() };
  /** How long a version read stays trusted (`trustVersionFor`), and when it was read. */
  let trustMs = 0;
  let versionReadAt = -Infinity;

  /** The cache of the table's current version (started again when the version moved). */
  async function currentFeed(): Promise<FeedCache> {
    const now = Date.now();
    if (now - versionReadAt < trustMs) return feed;
    const [row] = await newsVersion();
    const version = row ? String(row.version) : 'none';
    if (feed.version !== version) {
      const authors = new Set((await newsAuthors()).map((author) => author.author_uid));
      feed = { version, authors, pages: new Map() };
    }
    versionReadAt = now;
    return feed;
  }

  /** A change made here: the next page asks the version again, whatever `trustVersionFor`. */
  function changed(): void {
    versionReadAt = -Infinity;
  }

  function toItem(lng: Language, row: FeedRow, files: string[], reader: Reader): NewsItem {
    return {
      id_eventMessage: row.id,
      // Spec §3: 'role|name'. The stored role text is the Russian one; the role is named in the
      // reader's language.
      'p23-1': `${roleName(row.author_role === ROLE.teacher, lng)}|${row.author.slice(row.author.indexOf('|') + 1)}`,
      authorRole: row.author_role,
      message: row.message,
      fileName: files.join(FILE_LIST_SEPARATOR),
      created: new Date(Number(row.created_at)).toISOString(),
      audience: row.audience,
      id_faculty: row.faculty_id,
      canEdit: reader.newsPerms && row.author_uid === reader.uid,
    };
  }

  return {
    /**
     * Lets the feed trust the version it read for `ms` (0, the default: it asks on every page).
     * A change through this process is seen here at once; one through another process within
     * `ms` (the server uses the session cache's 1 s). Readers of one audience share a page, so
     * this saves a query on nearly every call of a busy feed, not only on one reader's repeats.
     */
    trustVersionFor(ms: number): void {
      trustMs = ms;
      changed();
    },

    async reader(user: SessionUser): Promise<Reader> {
      const [row] =
        user.role === ROLE.teacher ? await teacherFaculty(user.id) : await studentFaculty(user.id);
      return {
        uid: user.uid,
        role: user.role,
        newsPerms: user.newsPerms,
        facultyId: row?.faculty_id ?? null,
      };
    },

    /**
     * `page`, cached: readers of the same role and faculty who wrote no item see the same page
     * (`language` keeps apart pages that carry names in the reader's language).
     */
    async cachedPage(
      lng: Language,
      reader: Reader,
      page: number,
      pageSize: number,
    ): Promise<{ items: NewsItem[]; hasMore: boolean }> {
      const cache = await currentFeed();
      const audience = cache.authors.has(reader.uid)
        ? `author ${reader.uid} ${reader.newsPerms}`
        : `${reader.role} ${reader.facultyId}`;
      const key = `${audience}|${page}|${pageSize}|${lng}`;
      let result = cache.pages.get(key);
      if (!result) {
        result = await this.page(lng, reader, page, pageSize);
        // Stored in the version it was read for; a newer version has a cache of its own.
        if (cache.pages.size >= MAX_CACHED_PAGES) cache.pages.clear();
        cache.pages.set(key, result);
      }
      return result;
    },

    /** One page, newest first; asks for one row more than the page to know whether more exist. */
    async page(
      lng: Language,
      reader: Reader,
      page: number,
      pageSize: number,
    ): Promise<{ items: NewsItem[]; hasMore: boolean }> {
      const rows = await db
        .selectFrom('news as n')
        .innerJoin('users as u', 'u.id', 'n.author_uid')
        .selectAll('n')
        .select('u.role as author_role')
        .where(visibleTo(reader))
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize)
        .execute();
      const shown = rows.slice(0, pageSize);
      const files = await fileNames(shown.map((row) => row.id));
      return {
        items: shown.map((row) => toItem(lng, row, files.get(row.id) ?? [], reader)),
        hasMore: rows.length > pageSize,
      };
    },

    /** The item as `reader` sees it, or undefined when it does not exist or is not theirs to see. */
    async findVisible(lng: Language, reader: Reader, id: number): Promise<NewsItem | undefined> {
      const row = await db
        .selectFrom('news as n')
        .innerJoin('users as u', 'u.id', 'n.author_uid')
        .selectAll('n')
        .select('u.role as author_role')
        .where('n.id', '=', id)
        .where(visibleTo(reader))
        .executeTakeFirst();
      if (!row) return undefined;
      return toItem(lng, row, (await fileNames([row.id])).get(row.id) ?? [], reader);
    },

    async find(id: number): Promise<NewsRow | undefined> {
      return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The generated name on disk of an attachment, by the name its author uploaded. */
    file: (newsId: number, originalName: string) =>
      attachments.find({ area: 'news', id: newsId }, originalName),

    /**
     * Inserts the item and its file rows in one transaction; `publish` (moving the uploaded
     * files into place) runs inside it, so a failure there leaves no row behind.
     */
    async insert(
      news: NewNews,
      files: NewAttachment[],
      publish: (id: number) => Promise<void>,
    ): Promise<number> {
      try {
        return await db.transaction().execute(async (trx) => {
          const { id } = await trx
            .insertInto('news')
            .values({
              author_uid: news.authorUid,
              author: news.author,
              message: news.message,
              audience: news.audience,
              faculty_id: news.facultyId,
              created_at: news.createdAt,
              updated_at: news.createdAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await attachments.attach(trx, { area: 'news', id }, files, {
            createdBy: news.authorUid,
            createdAt: news.createdAt,
          });
          await publish(id);
          return id;
        });
      } finally {
        changed();
      }
    },

    /** The item's updated_at always moves forward (the edit time the feed shows). */
    async updateMessage(id: number, message: string, now: number): Promise<void> {
      try {
        await db
          .updateTable('news')
          .set((eb) => ({
            message,
            updated_at: eb
              .case()
              .when('updated_at', '>=', now)
              .then(eb('updated_at', '+', 1))
              .else(now)
              .end(),
          }))
          .where('id', '=', id)
          .execute();
      } finally {
        changed();
      }
    },

    async delete(id: number): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          await attachments.deleteByOwner(trx, { area: 'news', id });
          await trx.deleteFrom('news').where('id', '=', id).execute();
        });
      } finally {
        changed();
      }
    },

    async facultyExists(id: number): Promise<boolean> {
      return !!(await db
        .selectFrom('faculties')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst());
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
