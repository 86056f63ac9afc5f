import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/** News items and their attachments (the files themselves live under <dataDir>/uploads/news/). */
export function newsMigration(dialect: Dialect): Migration {
  const id = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  return {
    async up(db) {
      await id(db, 'news')
        .addColumn('author_uid', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) =>
          c.notNull().check(sql`audience in ('all', 'teachers', 'students')`),
        )
        .addColumn('faculty_id', 'integer', (c) =>
          c.references('faculties.id').onDelete('set null'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('news_created_idx')
        .on('news')
        .columns(['created_at', 'id'])
        .execute();
      await id(db, 'news_files')
        .addColumn('news_id', 'integer', (c) =>
          c.notNull().references('news.id').onDelete('cascade'),
        )
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('stored_name', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addUniqueConstraint('news_files_name_unique', ['news_id', 'original_name'])
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('news_files').execute();
      await db.schema.dropTable('news').execute();
    },
  };
}
