import type { Generated } from 'kysely';

// The journal's tables (see migrations/0005_journal.ts).

export interface EducationFormTable {
  id: Generated<number>;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
}

/** Lesson orders of a day, id 1..5 (LESSON_ORDERS). */
export interface LessonTimeTable {
  id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  /** 'HH:MM' */
  start_time: string;
  end_time: string;
}

/** The grade scale: '5', '4', '3', '2' and the absence mark (ABSENCE_MARK). */
export interface AssessmentTable {
  id: Generated<number>;
  value: string;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  sort_order: number;
}

export interface JournalModuleTable {
  id: Generated<number>;
  discipline_id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  sort_order: number;
}

/** One lesson of a journal (teacher × discipline × group or subgroup × lesson type × semester). */
export interface JournalLessonTable {
  id: Generated<number>;
  teacher_id: number;
  discipline_id: number;
  group_id: number;
  subgroup_id: number | null;
  /** subgroup_id, or 0 for the whole group (the unique slot key). */
  subgroup_key: number;
  lesson_type_id: number;
  education_form_id: number;
  year_id: number;
  ws_id: number;
  time_id: number;
  /** ISO date YYYY-MM-DD. */
  lesson_date: string;
  tema: string;
  module_id: number | null;
  created_at: number;
  updated_at: number;
}

/** One cell: a student on a lesson's list with their mark (null = present). */
export interface JournalMarkTable {
  lesson_id: number;
  student_id: number;
  otsenka: string | null;
  updated_at: number;
  /** users.id of the last writer. */
  updated_by: number;
  /** How the cell was written last: qr, manual or insert-all (MARK_SOURCES). */
  source: Generated<string>;
  /**
   * Moves on every change of the cell (migration 0021); a write based on another version is
   * refused. 1 for a new cell; a cell without a row counts as version 0.
   */
  version: Generated<number>;
}
