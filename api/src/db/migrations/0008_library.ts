import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/** The catalogue every library starts with: base categories and their categories. */
export const BOOK_CATALOGUE: { name: string; categories: string[] }[] = [
  {
    name: 'Естественные науки',
    categories: ['Математика', 'Физика', 'Химия', 'Биология'],
  },
  {
    name: 'Информационные технологии',
    categories: ['Программирование', 'Базы данных', 'Компьютерные сети', 'Искусственный интеллект'],
  },
  {
    name: 'Гуманитарные науки',
    categories: ['История Кыргызстана', 'Философия', 'Кыргызский язык и литература', 'Право'],
  },
  {
    name: 'Экономика и управление',
    categories: ['Экономическая теория', 'Менеджмент', 'Бухгалтерский учёт'],
  },
];

/** Kinds of teaching material (umk/types.json). */
export const UMK_TYPES = [
  'Силлабус',
  'Лекции',
  'Практические занятия',
  'Лабораторные работы',
  'Методические указания',
  'Задания для СРС',
  'Тесты и вопросы к экзамену',
];

/** Forms of control (umk/getstudentexamtypes.json). */
export const UMK_EXAM_TYPES = ['Экзамен', 'Зачёт', 'Дифференцированный зачёт', 'Курсовая работа'];

/**
 * The e-library and the teaching materials (UMK): the book catalogue (base categories →
 * categories), UMK types and forms of control, the materials of each discipline and semester,
 * the books, the content hashes of their files (the same bytes stored once) and the students'
 * visits (the "new" mark). Files are attachments ('library', 'umk').
 */
export function libraryMigration(dialect: Dialect): Migration {
  const table = (db: Kysely<unknown>, name: string) => tableWithId(dialect, db, name);
  return {
    async up(db) {
      await table(db, 'book_base_categories')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await table(db, 'book_categories')
        .addColumn('base_category_id', 'integer', (c) =>
          c.notNull().references('book_base_categories.id'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addUniqueConstraint('book_categories_name_unique', ['base_category_id', 'name'])
        .execute();
      await table(db, 'umk_types')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await table(db, 'umk_exam_types')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
      await table(db, 'umk_materials')
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('study_semester', 'integer', (c) =>
          c.notNull().check(sql`study_semester between 1 and 12`),
        )
        .addColumn('type_id', 'integer', (c) => c.notNull().references('umk_types.id'))
        .addColumn('exam_type_id', 'integer', (c) => c.references('umk_exam_types.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('pages', 'integer', (c) => c.notNull())
        .addColumn('audience', 'text', (c) =>
          c.notNull().check(sql`audience in ('all', 'full_time', 'distance')`),
        )
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('ebook', 'normative', 'manual')`),
        )
        .addColumn('for_library', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('category_id', 'integer', (c) => c.references('book_categories.id'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('umk_materials_discipline_idx')
        .on('umk_materials')
        .columns(['discipline_id', 'study_semester', 'created_at'])
        .execute();
      await table(db, 'ebooks')
        .addColumn('category_id', 'integer', (c) => c.notNull().references('book_categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('pages', 'integer', (c) => c.notNull())
        .addColumn('search_name', 'text', (c) => c.notNull())
        .addColumn('search_author', 'text', (c) => c.notNull())
        .addColumn('umk_id', 'integer', (c) =>
          c.unique().references('umk_materials.id').onDelete('cascade'),
        )
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('ebooks_category_idx')
        .on('ebooks')
        .columns(['category_id', 'created_at'])
        .execute();
      await db.schema.createIndex('ebooks_created_idx').on('ebooks').column('created_at').execute();
      await db.schema
        .createTable('library_file_hashes')
        .addColumn('attachment_id', 'integer', (c) =>
          c.primaryKey().references('attachments.id').onDelete('cascade'),
        )
        .addColumn('sha256', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('library_file_hashes_sha_idx')
        .on('library_file_hashes')
        .column('sha256')
        .execute();
      await db.schema
        .createTable('umk_visits')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('session_id', 'integer', (c) => c.notNull())
        .addColumn('visited_at', 'bigint', (c) => c.notNull())
        .addColumn('previous_visit_at', 'bigint')
        .execute();

      // Reference lists every database needs (the demo seed adds books and materials).
      const k = db as Kysely<{
        book_base_categories: { name: string; sort_order: number };
        book_categories: { base_category_id: number; name: string; sort_order: number };
        umk_types: { name: string; sort_order: number };
        umk_exam_types: { name: string; sort_order: number };
      }>;
      for (const [index, base] of BOOK_CATALOGUE.entries()) {
        const row = await k
          .insertInto('book_base_categories')
          .values({ name: base.name, sort_order: index + 1 })
          .returning(sql<number>`id`.as('id'))
          .executeTakeFirstOrThrow();
        await k
          .insertInto('book_categories')
          .values(
            base.categories.map((name, order) => ({
              base_category_id: Number(row.id),
              name,
              sort_order: order + 1,
            })),
          )
          .execute();
      }
      await k
        .insertInto('umk_types')
        .values(UMK_TYPES.map((name, index) => ({ name, sort_order: index + 1 })))
        .execute();
      await k
        .insertInto('umk_exam_types')
        .values(UMK_EXAM_TYPES.map((name, index) => ({ name, sort_order: index + 1 })))
        .execute();
    },
    async down(db) {
      for (const name of [
        'umk_visits',
        'library_file_hashes',
        'ebooks',
        'umk_materials',
        'umk_exam_types',
        'umk_types',
        'book_categories',
        'book_base_categories',
      ]) {
        await db.schema.dropTable(name).execute();
      }
    },
  };
}
