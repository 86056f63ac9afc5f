// Catalogue data in three languages (docs/i18n.md). Every catalogue column `x` (Russian, the
// fallback) has two nullable siblings, `x_kg` and `x_en`. The list below is the one place that
// says which columns these are: the migration adds the siblings, the seed fills them, and the
// read side (`localized`) picks the column of the request's language. The language is passed
// explicitly (a route gives `request.lang`), so the type checker finds every read that needs one.
import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@lms/shared/contract';
import { ROLE_NAMES, SEMESTER_NAME } from './catalogue-messages.js';

export type { Language };

/** The languages that have sibling columns: every one but the fallback. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (lng): lng is Exclude<Language, typeof DEFAULT_LANGUAGE> => lng !== DEFAULT_LANGUAGE,
);

/** table → its catalogue columns (each with `<column>_kg` and `<column>_en` beside it). */
export const CATALOGUE_COLUMNS = {
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
} as const satisfies Record<string, readonly string[]>;

export type CatalogueTable = keyof typeof CATALOGUE_COLUMNS;

/**
 * A catalogue column in language `lng`: `coalesce(d.name_en, d.name)` for English, the Russian
 * column itself for Russian. Use it wherever a catalogue column is selected or sorted on for the
 * user: `localized(lng, 'd.name').as('discipline')`.
 */
export function localized<T extends string | null = string>(
  lng: Language,
  ref: string,
): RawBuilder<T> {
  if (lng === DEFAULT_LANGUAGE) return sql<T>`${sql.ref(ref)}`;
  return sql<T>`coalesce(${sql.ref(`${ref}_${lng}`)}, ${sql.ref(ref)})`;
}

/** The study semester's name the lists show, in `lng` (catalogue-messages.ts). */
export function semesterName(semester: number, lng: Language): string {
  return SEMESTER_NAME.semester[lng]({ n: semester });
}

/** A role's name in `lng`, e.g. a news author's. */
export function roleName(isTeacher: boolean, lng: Language): string {
  return ROLE_NAMES[isTeacher ? 'teacher' : 'student'][lng];
}
