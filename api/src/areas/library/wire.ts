import type {
  BaseBookCategory,
  BookCategory,
  EBook,
  UmkDiscipline,
  UmkExamType,
  UmkItem,
  UmkSemester,
  UmkTeacher,
  UmkType,
} from '@lms/shared/contract';
import type { BaseCategoryRow, BookItemRow, BookPageRow, CategoryRow } from './repository.js';
import type { NamedRow, UmkListRow, UmkTeacherRow } from './umk-repository.js';

/** The rows as the contract answers them (no SQL here: the repositories read the rows). */

// ---- The library ----

export function toBaseCategory(row: BaseCategoryRow): BaseBookCategory {
  return { id_baseBookCategory: row.id, name: row.name };
}

/** A category; in the list of every category (`withBase`) named 'Base / Category'. */
export function toCategory(row: CategoryRow, withBase: boolean): BookCategory {
  return {
    id_bookCategory: row.id,
    id_baseBookCategory: row.base_category_id,
    name: withBase ? `${row.base_name} / ${row.name}` : row.name,
    count: Number(row.count ?? 0),
  };
}

/** A book in the library's list; a material's listing has its material's file and counter. */
export function toBook(row: BookItemRow, viewerUid: number): EBook {
  const file = row.file;
  return {
    id_eBook: row.id,
    nameBook: row.name,
    author: row.author,
    description: row.description,
    totalPages: Number(row.pages),
    id_bookCategory: row.category_id,
    categoryName: row.category_name,
    fileName: file?.original_name ?? '',
    size: Number(file?.size ?? 0),
    mediaType: file?.media_type ?? '',
    added: Number(row.created_at),
    downloads: row.downloads,
    isFromUmk: row.umk_id !== null,
    isMine: row.uploaded_by === viewerUid,
  };
}

/** A page of the list as `viewerUid` sees it (getbooklist.json, without its paging). */
export function toBookPage(
  page: BookPageRow,
  viewerUid: number,
): { items: EBook[]; total: number; found: number | null } {
  return {
    items: page.rows.map((row) => toBook(row, viewerUid)),
    total: page.total,
    found: page.found,
  };
}

// ---- Teaching materials (UMK) ----

export function toUmkSemester(row: { study_semester: number }): UmkSemester {
  return { id_semester: row.study_semester };
}

export function toUmkDiscipline(row: NamedRow): UmkDiscipline {
  return { id_discipline: row.id, name: row.name };
}

export function toUmkType(row: NamedRow): UmkType {
  return { id_typeUmk: row.id, name: row.name };
}

export function toUmkExamType(row: NamedRow): UmkExamType {
  return { id_examination: row.id, name: row.name };
}

export function toUmkTeacher(row: UmkTeacherRow): UmkTeacher {
  return { id_teacher: row.id, t_fio: row.full_name };
}

/** What the viewer of a list may do: edit its materials; and since when a material is new. */
export interface UmkViewer {
  canEdit: boolean;
  /** The student's previous visit (later materials are new); null: nothing is new. */
  since: number | null;
}

/** A material in the list, as its viewer sees it (may they edit it, is it new to them). */
export function toUmkItem(row: UmkListRow, viewer: UmkViewer): UmkItem {
  const file = row.file;
  return {
    idBook: row.id,
    umkName: row.name,
    author: row.author,
    description: row.description,
    totalPages: Number(row.pages),
    id_semester: row.study_semester,
    id_discipline: row.discipline_id,
    id_typeUmk: row.type_id,
    typeName: row.type_name,
    id_examination: row.exam_type_id,
    examName: row.exam_name,
    id_forStudentKind: row.audience,
    kind: row.kind,
    isForEBooks: row.for_library === 1,
    id_bookCategory: row.category_id,
    id_teacher: row.teacher_id,
    t_fio: row.t_fio,
    fileName: file?.original_name ?? '',
    size: Number(file?.size ?? 0),
    mediaType: file?.media_type ?? '',
    added: Number(row.created_at),
    downloads: Number(row.downloads),
    canEdit: viewer.canEdit,
    isNew: viewer.since !== null && Number(row.created_at) > viewer.since,
  };
}

export function toUmkList(rows: readonly UmkListRow[], viewer: UmkViewer): UmkItem[] {
  return rows.map((row) => toUmkItem(row, viewer));
}
