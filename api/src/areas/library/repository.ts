import { LIBRARY_SEARCH_MODE } from '@lms/shared/contract';
import { SqliteAdapter, sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { EBookTable } from '../../db/library-schema.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { Attachment, AttachmentsRepository, Attribution } from '../../lib/attachments.js';

/**
 * The e-library: the catalogue (base categories → categories), the books and their search. Their
 * files are in file-repository.ts and file-store.ts.
 */

/** The lower-case form the search compares (any alphabet: Cyrillic with the Kyrgyz letters, Latin). */
export function searchForm(text: string): string {
  return text.toLocaleLowerCase('ru').normalize('NFC');
}

/** A LIKE pattern that matches `text` anywhere, its own % _ \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The trigram index (migration 0013) answers texts of at least three characters. */
const TRIGRAM = 3;

/**
 * "The column contains the text": on SQLite a phrase query of the FTS5 trigram table (a LIKE
 * with ESCAPE would bypass that index), on PostgreSQL a LIKE that its pg_trgm index serves.
 * Shorter texts scan, which is quick enough for one or two letters' worth of typing.
 */
function contains(
  sqlite: boolean,
  column: 'search_name' | 'search_author',
  text: string,
): RawBuilder<boolean> {
  if (sqlite && [...text].length >= TRIGRAM) {
    const phrase = `${column} : "${text.replace(/"/g, '""')}"`;
    return sql<boolean>`e.id in (select rowid from ebooks_search where ebooks_search match ${phrase})`;
  }
  return sql<boolean>`${sql.ref(`e.${column}`)} like ${containsPattern(text)} escape '\\'`;
}

// ---- Rows (wire.ts gives them the contract's shape) ----

/** A base category, named in the reader's language. */
export interface BaseCategoryRow {
  id: number;
  name: string;
}

/** A category with its base category's name (both in the reader's language) and its books. */
export interface CategoryRow {
  id: number;
  base_category_id: number;
  name: string;
  base_name: string;
  count: number | string | null;
}

/** A book's row with its category's name in the reader's language. */
export type BookRow = Selectable<EBookTable> & { category_name: string };

/**
 * A book as the list shows it: its file and its download count, which for a material's listing
 * are the material's.
 */
export type BookItemRow = Omit<BookRow, 'downloads'> & {
  file: Attachment | undefined;
  downloads: number;
};

/** A page of the list, with the books in the category and those the search found. */
export interface BookPageRow {
  rows: BookItemRow[];
  total: number;
  found: number | null;
}

// ---- Books ----

export interface BookListQuery {
  categoryId: number | null;
  search: string;
  mode: number;
  page: number;
  pageSize: number;
}

export interface NewBook {
  categoryId: number;
  name: string;
  author: string;
  description: string;
  pages: number;
}

/** A book's own columns, as an insert and an update both write them (with their search forms). */
function columnsOf(book: NewBook) {
  return {
    category_id: book.categoryId,
    name: book.name,
    author: book.author,
    description: book.description,
    pages: book.pages,
    search_name: searchForm(book.name),
    search_author: searchForm(book.author),
  };
}

export function createLibraryRepository(db: Kysely<Database>, attachments: AttachmentsRepository) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const books = (lng: Language) =>
    db
      .selectFrom('ebooks as e')
      .innerJoin('book_categories as c', 'c.id', 'e.category_id')
      .selectAll('e')
      .select(localized(lng, 'c.name').as('category_name'));

  /** The rows with their files (one query per area) and the materials' counters. */
  async function withFiles(rows: BookRow[]): Promise<BookItemRow[]> {
    const own = await attachments.listByOwners(
      'library',
      rows.filter((row) => row.umk_id === null).map((row) => row.id),
    );
    const umkIds = rows.flatMap((row) => (row.umk_id === null ? [] : [row.umk_id]));
    const fromUmk = await attachments.listByOwners('umk', umkIds);
    const umkDownloads = new Map<number, number>();
    if (umkIds.length > 0) {
      for (const row of await db
        .selectFrom('umk_materials')
        .select(['id', 'downloads'])
        .where('id', 'in', umkIds)
        .execute()) {
        umkDownloads.set(row.id, Number(row.downloads));
      }
    }
    return rows.map((row) => {
      const file = row.umk_id === null ? own.get(row.id)?.[0] : fromUmk.get(row.umk_id)?.[0];
      const downloads =
        row.umk_id === null ? Number(row.downloads) : (umkDownloads.get(row.umk_id) ?? 0);
      return { ...row, file, downloads };
    });
  }

  return {
    async baseCategories(lng: Language): Promise<BaseCategoryRow[]> {
      return db
        .selectFrom('book_base_categories')
        .select(['id', localized(lng, 'name').as('name')])
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** The categories under a base category (null: all) with their counts. */
    async categories(lng: Language, baseId: number | null): Promise<CategoryRow[]> {
      return db
        .selectFrom('book_categories as c')
        .innerJoin('book_base_categories as b', 'b.id', 'c.base_category_id')
        .select((eb) => [
          'c.id',
          'c.base_category_id',
          localized(lng, 'c.name').as('name'),
          localized(lng, 'b.name').as('base_name'),
          eb
            .selectFrom('ebooks as e')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('e.category_id', '=', 'c.id')
            .as('count'),
        ])
        .$if(baseId !== null, (q) => q.where('c.base_category_id', '=', baseId ?? 0))
        .orderBy('b.sort_order')
        .orderBy('c.sort_order')
        .orderBy('c.id')
        .execute();
    },

    async categoryExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('book_categories')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A page of a category's books, newest first. A search scans the lower-cased name or author
     * (one pass: the page and the count of matches come from one query); when nothing matches,
     * the unfiltered page comes back with found = 0.
     */
    async list(lng: Language, query: BookListQuery): Promise<BookPageRow> {
      const inCategory = () =>
        books(lng).$if(query.categoryId !== null, (q) =>
          q.where('e.category_id', '=', query.categoryId ?? 0),
        );
      const countAll = async () => {
        const row = await db
          .selectFrom('ebooks as e')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .$if(query.categoryId !== null, (q) =>
            q.where('e.category_id', '=', query.categoryId ?? 0),
          )
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const pageOf = (q: ReturnType<typeof inCategory>) =>
        q
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);

      const text = searchForm(query.search.trim());
      if (text === '') {
        const rows = await pageOf(inCategory()).execute();
        return { rows: await withFiles(rows), total: await countAll(), found: null };
      }
      const column = query.mode === LIBRARY_SEARCH_MODE.name ? 'search_name' : 'search_author';
      const matches = contains(sqlite, column, text);
      const matching = await inCategory()
        .select(sql<number>`count(*) over ()`.as('full_count'))
        .where(matches)
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      let found = Number(matching[0]?.full_count ?? 0);
      if (matching.length === 0 && query.page > 1) {
        // Past the last page: count the matches on their own.
        const row = await db
          .selectFrom('ebooks as e')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .$if(query.categoryId !== null, (q) =>
            q.where('e.category_id', '=', query.categoryId ?? 0),
          )
          .where(matches)
          .executeTakeFirstOrThrow();
        found = Number(row.n);
      }
      const total = await countAll();
      if (found === 0) {
        const rows = await pageOf(inCategory()).execute();
        return { rows: await withFiles(rows), total, found: 0 };
      }
      return { rows: await withFiles(matching), total, found };
    },

    async find(id: number) {
      return db.selectFrom('ebooks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async item(lng: Language, id: number): Promise<BookItemRow | undefined> {
      const row = await books(lng).where('e.id', '=', id).executeTakeFirst();
      return row && (await withFiles([row]))[0];
    },

    async insert(trx: Kysely<Database>, book: NewBook, by: Attribution): Promise<number> {
      const row = await trx
        .insertInto('ebooks')
        .values({
          ...columnsOf(book),
          umk_id: null,
          uploaded_by: by.createdBy,
          created_at: by.createdAt,
          updated_at: by.createdAt,
          downloads: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(trx: Kysely<Database>, id: number, book: NewBook, at: number): Promise<void> {
      await trx
        .updateTable('ebooks')
        .set({
          ...columnsOf(book),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Lists a teaching material in the library (or updates its listing), or takes it off
     * (`book` null). The listing has no file of its own: downloads serve the material's.
     */
    async syncFromUmk(
      trx: Kysely<Database>,
      umkId: number,
      book: NewBook | null,
      by: Attribution,
    ): Promise<void> {
      if (book === null) {
        await trx.deleteFrom('ebooks').where('umk_id', '=', umkId).execute();
        return;
      }
      const values = {
        category_id: book.categoryId,
        name: book.name,
        author: book.author,
        description: book.description,
        pages: book.pages,
        search_name: searchForm(book.name),
        search_author: searchForm(book.author),
        updated_at: by.createdAt,
      };
      const updated = await trx
        .updateTable('ebooks')
        .set(values)
        .where('umk_id', '=', umkId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      await trx
        .insertInto('ebooks')
        .values({
          ...values,
          umk_id: umkId,
          uploaded_by: by.createdBy,
          created_at: by.createdAt,
          downloads: 0,
        })
        .execute();
    },

    async delete(trx: Kysely<Database>, id: number): Promise<void> {
      await trx.deleteFrom('ebooks').where('id', '=', id).execute();
    },

    async countDownload(id: number): Promise<void> {
      await db
        .updateTable('ebooks')
        .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
