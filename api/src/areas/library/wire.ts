import type { EBook, UmkItem } from '@lms/shared/contract';
import type { Selectable } from 'kysely';
import type { EBookTable, UmkMaterialTable } from '../../db/library-schema.js';
import type { Attachment } from '../../lib/attachments.js';

/** The rows as the contract answers them (no SQL here: the repositories read the rows). */

/** A book's row with its category's name in the caller's language. */
export type BookRow = Selectable<EBookTable> & { category_name: string };

/** A book in the library's list; a material's listing has its material's file and counter. */
export function bookItem(
  row: BookRow,
  file: Attachment | undefined,
  downloads: number,
  viewerUid: number,
): EBook {
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
    downloads,
    isFromUmk: row.umk_id !== null,
    isMine: row.uploaded_by === viewerUid,
  };
}

/** A material's row with its type's, assessment's and teacher's names. */
export type UmkListRow = Selectable<UmkMaterialTable> & {
  type_name: string;
  exam_name: string | null;
  t_fio: string;
};

/** A material in the list, as its viewer sees it (may they edit it, is it new to them). */
export function umkItem(
  row: UmkListRow,
  file: Attachment | undefined,
  viewer: { canEdit: boolean; since: number | null },
): UmkItem {
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
