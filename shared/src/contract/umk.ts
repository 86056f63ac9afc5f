import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import {
  BOOK_AUTHOR_MAX_LENGTH,
  BOOK_DESCRIPTION_MAX_LENGTH,
  BOOK_MAX_PAGES,
  BOOK_NAME_MAX_LENGTH,
  UMK_AUDIENCES,
  UMK_KINDS,
} from './constants.js';
import { withSchemas } from './endpoint.js';
import { UMK_ADDRESSES } from './endpoints/umk.js';
import { EmptyBody } from './envelope.js';
import { BookCategoriesBody, BookCategoriesResponse } from './library.js';

// Teaching materials, UMK (spec §3 "Teaching material (UMK)", §4, §7 "UMK"). Every call is
// POST /lms/api/umk/<name>.json with the envelope, except the download
// (GET umk/download.file?id=). A material belongs to a discipline and a study semester (1..12):
// the teachers who teach that discipline in that semester see and manage its materials, the
// students who study it read them. Lists of choices get the `' --- '` placeholder on the client.

/** A study semester 1..12. */
export const StudySemester = Type.Integer({ minimum: 1, maximum: 12 });
/** A list filter: an id, or -1 for every one (the placeholder). */
const Choice = Type.Integer({ minimum: -1 });

/** umk/semesters.json (teacher) and umk/semestersforstud.json (student): study semesters. */
export const UmkSemester = Type.Object({ id_semester: StudySemester });
export type UmkSemester = Static<typeof UmkSemester>;
export const UmkSemestersResponse = Type.Array(UmkSemester);
export type UmkSemestersResponse = Static<typeof UmkSemestersResponse>;

/** umk/disciplines.json (teacher) and umk/disciplinesforstud.json (student) of a semester. */
export const UmkDisciplinesBody = Type.Object({ id_semester: StudySemester });
export type UmkDisciplinesBody = Static<typeof UmkDisciplinesBody>;
export const UmkDiscipline = Type.Object({ id_discipline: Id, name: Type.String() });
export type UmkDiscipline = Static<typeof UmkDiscipline>;
export const UmkDisciplinesResponse = Type.Array(UmkDiscipline);
export type UmkDisciplinesResponse = Static<typeof UmkDisciplinesResponse>;

/** umk/types.json {}: kinds of teaching material (lectures, syllabus, …). */
export const UmkType = Type.Object({ id_typeUmk: Id, name: Type.String() });
export type UmkType = Static<typeof UmkType>;
export const UmkTypesResponse = Type.Array(UmkType);
export type UmkTypesResponse = Static<typeof UmkTypesResponse>;

/** umk/getstudentexamtypes.json {}: forms of control (exam, credit, …). */
export const UmkExamType = Type.Object({ id_examination: Id, name: Type.String() });
export type UmkExamType = Static<typeof UmkExamType>;
export const UmkExamTypesResponse = Type.Array(UmkExamType);
export type UmkExamTypesResponse = Static<typeof UmkExamTypesResponse>;

/** umk/getumkteachers.json: who teaches the discipline in the semester (a list filter). */
export const UmkTeachersBody = Type.Object({ id_semester: StudySemester, id_discipline: Id });
export type UmkTeachersBody = Static<typeof UmkTeachersBody>;
export const UmkTeacher = Type.Object({ id_teacher: Id, t_fio: Type.String() });
export type UmkTeacher = Static<typeof UmkTeacher>;
export const UmkTeachersResponse = Type.Array(UmkTeacher);
export type UmkTeachersResponse = Static<typeof UmkTeachersResponse>;

/**
 * umk/umklist.json (teacher) and umk/getumklistforstud.json (student): the materials of a
 * discipline in a semester, newest first; id_typeUmk and id_teacher -1 = all.
 */
export const UmkListBody = Type.Object({
  id_semester: StudySemester,
  id_discipline: Id,
  id_typeUmk: Type.Optional(Choice),
  id_teacher: Type.Optional(Choice),
});
export type UmkListBody = Static<typeof UmkListBody>;

export const UmkAudienceSchema = Type.Union(UMK_AUDIENCES.map((value) => Type.Literal(value)));
export const UmkKindSchema = Type.Union(UMK_KINDS.map((value) => Type.Literal(value)));

export const UmkItem = Type.Object({
  idBook: Id,
  umkName: Type.String(),
  author: Type.String(),
  description: Type.String(),
  totalPages: Type.Integer({ minimum: 0 }),
  id_semester: StudySemester,
  id_discipline: Id,
  id_typeUmk: Id,
  typeName: Type.String(),
  id_examination: Type.Union([Id, Type.Null()]),
  examName: Type.Union([Type.String(), Type.Null()]),
  id_forStudentKind: UmkAudienceSchema,
  kind: UmkKindSchema,
  /** Also listed in the e-library (under id_bookCategory). */
  isForEBooks: Type.Boolean(),
  id_bookCategory: Type.Union([Id, Type.Null()]),
  id_teacher: Id,
  t_fio: Type.String(),
  fileName: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  mediaType: Type.String(),
  added: Type.Integer(),
  downloads: Type.Integer({ minimum: 0 }),
  /** The caller may edit and delete it (a teacher of the discipline, or its uploader). */
  canEdit: Type.Boolean(),
  /** Added since the student's previous visit (always false for teachers). */
  isNew: Type.Boolean(),
});
export type UmkItem = Static<typeof UmkItem>;
export const UmkListResponse = Type.Array(UmkItem);
export type UmkListResponse = Static<typeof UmkListResponse>;

/**
 * POST start.json {} (teachers and students): the materials screen's first choices in one
 * answer, so the page waits for one round trip instead of the chain semesters → disciplines →
 * teachers and list. The first semester and its first discipline are chosen, type and teacher
 * any; each part is what its own call (by the caller's role) answers, null past an empty step.
 */
export const UmkStartResponse = Type.Object({
  semesters: UmkSemestersResponse,
  types: UmkTypesResponse,
  id_semester: Type.Union([StudySemester, Type.Null()]),
  disciplines: Type.Union([UmkDisciplinesResponse, Type.Null()]),
  id_discipline: Type.Union([Id, Type.Null()]),
  teachers: Type.Union([UmkTeachersResponse, Type.Null()]),
  list: Type.Union([UmkListResponse, Type.Null()]),
});
export type UmkStartResponse = Static<typeof UmkStartResponse>;

/**
 * umk/insertorupdateumk.json (multipart): these fields and one `files` part (required for a new
 * material; when editing, a new file replaces the old). idBook -1 = new. id_examination and
 * id_bookCategory -1 = none; isForEBooks 1 needs a category.
 */
export const UmkFields = Type.Object({
  idBook: Type.Integer({ minimum: -1 }),
  id_semester: StudySemester,
  id_discipline: Id,
  id_typeUmk: Id,
  id_examination: Choice,
  umkName: Type.String({ minLength: 1, maxLength: BOOK_NAME_MAX_LENGTH }),
  author: Type.String({ maxLength: BOOK_AUTHOR_MAX_LENGTH }),
  description: Type.String({ maxLength: BOOK_DESCRIPTION_MAX_LENGTH }),
  totalPages: Type.Integer({ minimum: 0, maximum: BOOK_MAX_PAGES }),
  id_forStudentKind: UmkAudienceSchema,
  kind: UmkKindSchema,
  isForEBooks: Type.Integer({ minimum: 0, maximum: 1 }),
  id_bookCategory: Choice,
});
export type UmkFields = Static<typeof UmkFields>;
/** The multipart's text fields as the browser sends them (strings). */
export type UmkUploadFields = { [K in keyof UmkFields]: string } & {
  id_human?: string;
  id_humanType?: string;
};
export const UmkSaveResponse = UmkItem;
export type UmkSaveResponse = Static<typeof UmkSaveResponse>;

/** umk/deletebook.json: deletes a material (and its library listing). */
export const UmkDeleteBody = Type.Object({
  id_human: Id,
  id_humanType: Type.Optional(Role),
  id_books: Id,
});
export type UmkDeleteBody = Static<typeof UmkDeleteBody>;
export const UmkDeleteResponse = Type.Object({ id_books: Id });
export type UmkDeleteResponse = Static<typeof UmkDeleteResponse>;

/** GET umk/download.file?id=<idBook>[&download=1]: a PDF opens inline unless download=1. */
export const UmkDownloadQuery = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  download: Type.Optional(Type.String({ maxLength: 1 })),
});
export type UmkDownloadQuery = Static<typeof UmkDownloadQuery>;

/** The teaching materials (UMK) endpoints for the API: each address with the schemas it validates. */
export const UMK_ENDPOINTS = withSchemas(UMK_ADDRESSES, {
  semesters: { body: EmptyBody, response: UmkSemestersResponse },
  studentSemesters: { body: EmptyBody, response: UmkSemestersResponse },
  start: { body: EmptyBody, response: UmkStartResponse },
  disciplines: { body: UmkDisciplinesBody, response: UmkDisciplinesResponse },
  studentDisciplines: { body: UmkDisciplinesBody, response: UmkDisciplinesResponse },
  types: { body: EmptyBody, response: UmkTypesResponse },
  examTypes: { body: EmptyBody, response: UmkExamTypesResponse },
  bookCategories: { body: BookCategoriesBody, response: BookCategoriesResponse },
  teachers: { body: UmkTeachersBody, response: UmkTeachersResponse },
  list: { body: UmkListBody, response: UmkListResponse },
  studentList: { body: UmkListBody, response: UmkListResponse },
  save: { response: UmkSaveResponse },
  remove: { body: UmkDeleteBody, response: UmkDeleteResponse },
  download: { querystring: UmkDownloadQuery },
});
