import type { Generated } from 'kysely';
import type { UmkAudience, UmkKind } from '@lms/shared/contract';

// The e-library's and the teaching materials' tables (see migrations/0008_library.ts).

export interface BookBaseCategoryTable {
  id: Generated<number>;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  sort_order: number;
}

export interface BookCategoryTable {
  id: Generated<number>;
  base_category_id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  sort_order: number;
}

/** Kinds of teaching material: lectures, syllabus, labs, … */
export interface UmkTypeTable {
  id: Generated<number>;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  sort_order: number;
}

/** Forms of control: exam, credit, … */
export interface UmkExamTypeTable {
  id: Generated<number>;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  sort_order: number;
}

/** A teaching material of a discipline in a study semester; its file is an attachment ('umk'). */
export interface UmkMaterialTable {
  id: Generated<number>;
  /** The teacher who added it (teachers.id). */
  teacher_id: number;
  discipline_id: number;
  /** The study semester 1..12. */
  study_semester: number;
  type_id: number;
  exam_type_id: number | null;
  name: string;
  author: string;
  description: string;
  pages: number;
  audience: UmkAudience;
  kind: UmkKind;
  /** 1: also listed in the e-library (an `ebooks` row with umk_id). */
  for_library: number;
  category_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  downloads: number;
}

/**
 * A book of the e-library. An uploaded book owns its file (attachment 'library'); a teaching
 * material listed in the library has umk_id set and no file of its own.
 */
export interface EBookTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  author: string;
  description: string;
  pages: number;
  /** name and author lower-cased (any alphabet), what the case-insensitive search scans. */
  search_name: string;
  search_author: string;
  umk_id: number | null;
  /** The uploader (users.id). */
  uploaded_by: number | null;
  created_at: number;
  updated_at: number;
  downloads: number;
}

/** The content hash of a library or UMK file: the same bytes are stored once (hard links). */
export interface LibraryFileHashTable {
  attachment_id: number;
  sha256: string;
}

/** A student's visits to the teaching materials: what counts as "new" since the last one. */
export interface UmkVisitTable {
  user_id: number;
  /** The session of the current visit: a new session starts a new visit. */
  session_id: number;
  visited_at: number;
  previous_visit_at: number | null;
}
