import type { Migration } from 'kysely';

/**
 * Catalogue data in the three interface languages (docs/i18n.md): each catalogue column gets a
 * Kyrgyz and an English sibling, null where no translation is known (Russian is then shown).
 * The list is frozen here as shipped; a column added to lib/catalogue-names.ts later gets its
 * siblings in a migration of its own.
 */
const COLUMNS: Record<string, string[]> = {
  faculties: ['name', 'short_name'],
  departments: ['name'],
  specialities: ['name'],
  groups: ['name'],
  ws: ['name'],
  disciplines: ['name'],
  lesson_types: ['name'],
  teachers: ['position'],
  persons: ['nationality', 'citizenship', 'education'],
  useful_links: ['name'],
  education_forms: ['name'],
  lesson_times: ['name'],
  assessments: ['name'],
  journal_modules: ['name'],
  control_forms: ['name'],
  registration_streams: ['name'],
  book_base_categories: ['name'],
  book_categories: ['name'],
  umk_types: ['name'],
  umk_exam_types: ['name'],
};

export function catalogueNamesMigration(): Migration {
  return {
    async up(db) {
      for (const [table, columns] of Object.entries(COLUMNS)) {
        for (const column of columns) {
          for (const lng of ['kg', 'en']) {
            await db.schema.alterTable(table).addColumn(`${column}_${lng}`, 'text').execute();
          }
        }
      }
    },
    async down(db) {
      for (const [table, columns] of Object.entries(COLUMNS)) {
        for (const column of columns) {
          for (const lng of ['kg', 'en']) {
            await db.schema.alterTable(table).dropColumn(`${column}_${lng}`).execute();
          }
        }
      }
    },
  };
}
