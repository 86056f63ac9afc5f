import { sql, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * An index for the library's "contains" search (spec §4: by name or by author, any part of the
 * word), so it stays fast with 100,000 books: a trigram index on the lower-cased columns.
 * The two databases have different trigram indexes, so this migration has a branch per dialect:
 * - SQLite: an FTS5 table with the trigram tokenizer over `ebooks` (external content, kept in
 *   step by triggers), asked with a phrase query (repositories/library.ts);
 * - PostgreSQL: pg_trgm GIN indexes, which `LIKE '%…%'` uses by itself.
 */
export function librarySearchMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      if (dialect === 'postgres') {
        await sql`create extension if not exists pg_trgm`.execute(db);
        for (const column of ['search_name', 'search_author']) {
          await sql`create index ${sql.id(`ebooks_${column}_trgm`)} on ebooks using gin (${sql.id(column)} gin_trgm_ops)`.execute(
            db,
          );
        }
        return;
      }
      await sql`create virtual table ebooks_search using fts5(search_name, search_author, content='ebooks', content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
      await sql`create trigger ebooks_search_insert after insert on ebooks begin
        insert into ebooks_search(rowid, search_name, search_author)
          values (new.id, new.search_name, new.search_author);
      end`.execute(db);
      await sql`create trigger ebooks_search_delete after delete on ebooks begin
        insert into ebooks_search(ebooks_search, rowid, search_name, search_author)
          values ('delete', old.id, old.search_name, old.search_author);
      end`.execute(db);
      await sql`create trigger ebooks_search_update after update of search_name, search_author on ebooks begin
        insert into ebooks_search(ebooks_search, rowid, search_name, search_author)
          values ('delete', old.id, old.search_name, old.search_author);
        insert into ebooks_search(rowid, search_name, search_author)
          values (new.id, new.search_name, new.search_author);
      end`.execute(db);
      await sql`insert into ebooks_search(ebooks_search) values ('rebuild')`.execute(db);
    },
    async down(db) {
      if (dialect === 'postgres') {
        await sql`drop index if exists ebooks_search_name_trgm`.execute(db);
        await sql`drop index if exists ebooks_search_author_trgm`.execute(db);
        return;
      }
      for (const trigger of [
        'ebooks_search_insert',
        'ebooks_search_delete',
        'ebooks_search_update',
      ]) {
        await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
      }
      await sql`drop table if exists ebooks_search`.execute(db);
    },
  };
}
