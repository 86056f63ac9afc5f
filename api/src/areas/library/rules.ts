import {
  BookFields,
  PLACEHOLDER_ID,
  ROLE,
  UmkFields,
  type SessionUser,
} from '@lms/shared/contract';
import { fieldsChecker, type FieldsCheck } from '../../lib/fields-check.js';
import type { Text } from '../../lib/messages.js';

/**
 * The e-library's and the teaching materials' decisions, without a database or HTTP: what a form
 * must hold, who manages a book or a material, what the file may be, what counts as a download.
 * A refusal is a code (messages.ts words it) and its status.
 */

export type LibraryRefusal =
  | { refusal: 'nameRequired' | 'badCategory' | 'fromUmk' | 'fileRequired'; status: 400 }
  | { refusal: 'badType' | 'badAudience' | 'badKind' | 'badExamType'; status: 400 }
  | { refusal: 'categoryRequired'; status: 400 }
  | { refusal: 'badField'; status: 400; invalid: Text }
  | { refusal: 'notYours' | 'notYourDiscipline'; status: 403 };

export function isRefusal(value: unknown): value is LibraryRefusal {
  return typeof value === 'object' && value !== null && 'refusal' in value;
}

/** The people a book or a material names: the uploader, a material's author. */
interface Uploaded {
  uploaded_by: number | null;
  umk_id: number | null;
}
interface Authored {
  created_by: number | null;
  for_library: number;
}

// ---- Form fields ----

/** '12' → 12, '' or garbage → NaN (the schema check then names the field). */
export function integerField(value: string | undefined): number {
  const text = (value ?? '').trim();
  return /^-?\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
}

/** The identity a form names (id_human, id_humanType): the session must be that person. */
export function identityClaims(raw: Record<string, string>): { id?: number; role?: number } {
  return {
    id: raw.id_human === undefined ? undefined : integerField(raw.id_human),
    role: raw.id_humanType === undefined ? undefined : integerField(raw.id_humanType),
  };
}

/** BookFields and UmkFields within the databases' limits (multipart fields have no schema). */
const checkBookFields = fieldsChecker<BookFields>(BookFields);
const checkUmkFields = fieldsChecker<UmkFields>(UmkFields);

/** A form's check as a refusal; `named` turns known fields into own codes. */
function checked<T>(
  check: FieldsCheck<T>,
  named: Record<string, LibraryRefusal>,
): T | LibraryRefusal {
  if ('value' in check) return check.value;
  return named[check.path] ?? { refusal: 'badField', status: 400, invalid: check.invalid };
}

/** A book's fields from the multipart's text fields. */
export function readBookFields(raw: Record<string, string>): BookFields | LibraryRefusal {
  const candidate = {
    id_eBook: integerField(raw.id_eBook ?? String(PLACEHOLDER_ID)),
    nameBook: (raw.nameBook ?? '').trim(),
    author: (raw.author ?? '').trim(),
    description: (raw.description ?? '').trim(),
    totalPages: integerField(raw.totalPages || '0'),
    id_bookCategory: integerField(raw.id_bookCategory),
  };
  if (candidate.nameBook === '') return { refusal: 'nameRequired', status: 400 };
  return checked(checkBookFields(candidate), {
    '/id_bookCategory': { refusal: 'badCategory', status: 400 },
  });
}

/** A material's fields from the multipart's text fields. */
export function readUmkFields(raw: Record<string, string>): UmkFields | LibraryRefusal {
  const candidate = {
    idBook: integerField(raw.idBook ?? String(PLACEHOLDER_ID)),
    id_semester: integerField(raw.id_semester),
    id_discipline: integerField(raw.id_discipline),
    id_typeUmk: integerField(raw.id_typeUmk),
    id_examination: integerField(raw.id_examination || String(PLACEHOLDER_ID)),
    umkName: (raw.umkName ?? '').trim(),
    author: (raw.author ?? '').trim(),
    description: (raw.description ?? '').trim(),
    totalPages: integerField(raw.totalPages || '0'),
    id_forStudentKind: raw.id_forStudentKind ?? 'all',
    kind: raw.kind ?? 'ebook',
    isForEBooks: integerField(raw.isForEBooks || '0'),
    id_bookCategory: integerField(raw.id_bookCategory || String(PLACEHOLDER_ID)),
  };
  if (candidate.umkName === '') return { refusal: 'nameRequired', status: 400 };
  return checked(checkUmkFields(candidate), {
    '/id_typeUmk': { refusal: 'badType', status: 400 },
    '/id_forStudentKind': { refusal: 'badAudience', status: 400 },
    '/kind': { refusal: 'badKind', status: 400 },
  });
}

/** What the catalogues say about a material's choices (looked up by the service). */
export interface MaterialCatalogue {
  typeExists: boolean;
  examTypeExists: boolean;
  categoryExists: boolean;
}

/** Which catalogue entries a material's form names and must exist. */
export function catalogueNeeds(fields: UmkFields): {
  examType: number | null;
  category: number | null;
} {
  const listed = fields.isForEBooks === 1;
  return {
    examType: fields.id_examination === PLACEHOLDER_ID ? null : fields.id_examination,
    category: listed && fields.id_bookCategory !== PLACEHOLDER_ID ? fields.id_bookCategory : null,
  };
}

/** The catalogue choices of a material: its type, its form of assessment, its library category. */
export function materialChoices(
  fields: UmkFields,
  catalogue: MaterialCatalogue,
): LibraryRefusal | null {
  if (!catalogue.typeExists) return { refusal: 'badType', status: 400 };
  const needs = catalogueNeeds(fields);
  if (needs.examType !== null && !catalogue.examTypeExists) {
    return { refusal: 'badExamType', status: 400 };
  }
  if (fields.isForEBooks === 1 && (needs.category === null || !catalogue.categoryExists)) {
    return { refusal: 'categoryRequired', status: 400 };
  }
  return null;
}

/** A new record needs its file; an edit may keep the one it has. */
export function fileRefusal(isNew: boolean, hasFile: boolean): LibraryRefusal | null {
  return isNew && !hasFile ? { refusal: 'fileRequired', status: 400 } : null;
}

// ---- Who manages what ----

/** An uploaded book is its uploader's (a teacher's); a material's listing is managed in UMK. */
export function editBookRefusal(user: SessionUser, book: Uploaded): LibraryRefusal | null {
  if (book.umk_id !== null) return { refusal: 'fromUmk', status: 400 };
  if (book.uploaded_by !== user.uid) return { refusal: 'notYours', status: 403 };
  return null;
}

/** May the user delete an uploaded book (not a material's listing)? Its uploader, a teacher. */
export function managesUpload(user: SessionUser, book: Uploaded): boolean {
  return user.role === ROLE.teacher && book.umk_id === null && book.uploaded_by === user.uid;
}

/**
 * May the user change or delete a material? A teacher who added it, or one who teaches its
 * discipline in its semester (`teachesIt`).
 */
export function managesMaterial(
  user: SessionUser,
  material: Authored,
  teachesIt: boolean,
): boolean {
  return user.role === ROLE.teacher && (material.created_by === user.uid || teachesIt);
}

/**
 * May the user read a material's file? Listed in the library: every reader; otherwise whoever
 * added it and the discipline's people (`coversIt`: teaches or studies it then).
 */
export function readsMaterial(user: SessionUser, material: Authored, coversIt: boolean): boolean {
  return material.for_library === 1 || material.created_by === user.uid || coversIt;
}

// ---- Files ----

/** Room the text fields and the multipart framing take beside the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The multipart options of a library or UMK upload (one file plus a few text fields). */
export function multipartLimits(uploadLimitBytes: number) {
  return { fileSize: uploadLimitBytes, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 21 };
}

/** Is a declared request length over what one file and its fields may take? */
export function declaredTooLarge(contentLength: string | undefined, limitBytes: number): boolean {
  return Number(contentLength ?? 0) > limitBytes + MULTIPART_OVERHEAD_BYTES;
}

/** A size as a refusal names it: megabytes to one decimal, or whole kilobytes below 1 MB. */
export interface SizeAmount {
  amount: number;
  unit: 'MB' | 'KB';
}

export function sizeAmount(bytes: number): SizeAmount {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? { amount: Math.round(megabytes * 10) / 10, unit: 'MB' }
    : { amount: Math.max(1, Math.round(bytes / 1024)), unit: 'KB' };
}

/**
 * A download counts once per reading: a whole file or a range from its first byte, and not a
 * browser's revalidation of a copy it has (If-None-Match).
 */
export function countsAsDownload(range: string | undefined, ifNoneMatch: unknown): boolean {
  if (ifNoneMatch) return false;
  return range === undefined || /^bytes=0-/.test(range.trim());
}
