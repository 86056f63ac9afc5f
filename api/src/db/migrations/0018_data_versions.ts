import { sql, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A version number per cached area, moved by the database itself on every change, so every API
 * process (and any other writer) invalidates the same way and a reader asks one row by its key
 * instead of summarising the whole table. The news feed is the first such area: its pages are
 * cached per audience (repositories/news.ts).
 */
export function dataVersionsMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await db.schema
        .createTable('data_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await db.insertInto('data_versions').values({ name: 'news', version: 0 }).execute();
      if (dialect === 'postgres') {
        await sql`create function bump_news_version() returns trigger language plpgsql as $$
          begin
            update data_versions set version = version + 1 where name = 'news';
            return null;
          end $$`.execute(db);
        await sql`create trigger news_version after insert or update or delete on news
          for each statement execute function bump_news_version()`.execute(db);
      } else {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.id(`news_version_${event}`)} after ${sql.raw(event)}
            on news begin
              update data_versions set version = version + 1 where name = 'news';
            end`.execute(db);
        }
      }
    },
    async down(db) {
      if (dialect === 'postgres') {
        await sql`drop trigger if exists news_version on news`.execute(db);
        await sql`drop function if exists bump_news_version()`.execute(db);
      } else {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`drop trigger if exists ${sql.id(`news_version_${event}`)}`.execute(db);
        }
      }
      await db.schema.dropTable('data_versions').execute();
    },
  };
}
