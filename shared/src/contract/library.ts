import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import {
  BOOK_AUTHOR_MAX_LENGTH,
  BOOK_DESCRIPTION_MAX_LENGTH,
  BOOK_MAX_PAGES,
  BOOK_NAME_MAX_LENGTH,
  LIBRARY_SEARCH_MAX_LENGTH,
} from './constants.js';
import { withSchemas } from './endpoint.js';
import { LIBRARY_ADDRESSES } from './endpoints/library.js';
import { EmptyBody } from './envelope.js';

// The e-library (spec §3 "E-book", "Book category"; §4 "Library and UMK"; §7 "Library"). Every
// call is POST /lms/api/library/<name>.json with the envelope, except the download
// (GET library/download.file?id=). Every signed-in user reads the library; teachers upload, and
// only a book's uploader edits or deletes it. A teaching material marked "also in the e-library"
// is listed here too (isFromUmk), its file served from the material without a copy.

/** A category id or the `' --- '` placeholder (-1 = every category). */
const CategoryChoice = Type.Integer({ minimum: -1 });

/** POST library/basebookcategories.json {}: the top level of the catalogue. */
export const BaseBookCategory = Type.Object({ id_baseBookCategory: Id, name: Type.String() });
export type BaseBookCategory = Static<typeof BaseBookCategory>;
export const BaseBookCategoriesResponse = Type.Array(BaseBookCategory);
export type BaseBookCategoriesResponse = Static<typeof BaseBookCategoriesResponse>;

/**
 * POST library/bookcategories.json {id_baseBookCategory}: the categories under one base category
 * (-1: every category, named 'Base / Category', for the UMK form's library choice).
 */
export const BookCategoriesBody = Type.Object({ id_baseBookCategory: CategoryChoice });
export type BookCategoriesBody = Static<typeof BookCategoriesBody>;
export const BookCategory = Type.Object({
  id_bookCategory: Id,
  id_baseBookCategory: Id,
  name: Type.String(),
  /** Books listed in the category. */
  count: Type.Integer({ minimum: 0 }),
});
export type BookCategory = Static<typeof BookCategory>;
export const BookCategoriesResponse = Type.Array(BookCategory);
export type BookCategoriesResponse = Static<typeof BookCategoriesResponse>;

/** A book of the list. */
export const EBook = Type.Object({
  id_eBook: Id,
  nameBook: Type.String(),
  author: Type.String(),
  description: Type.String(),
  totalPages: Type.Integer({ minimum: 0 }),
  id_bookCategory: Id,
  categoryName: Type.String(),
  /** The file's display name ('' when the book has none). */
  fileName: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  mediaType: Type.String(),
  /** When it was added (epoch ms). */
  added: Type.Integer(),
  downloads: Type.Integer({ minimum: 0 }),
  /** Listed from a teaching material (its file is the material's). */
  isFromUmk: Type.Boolean(),
  /** The caller uploaded it (may edit it; deletecheck.json is the delete rule). */
  isMine: Type.Boolean(),
});
export type EBook = Static<typeof EBook>;

/**
 * POST library/getbooklist.json: a page of a category's books (-1: all), newest first. With a
 * search text, only the books whose name (mode 1) or author (mode 2) contains it, ignoring case;
 * when none does, the whole list and `found: 0` (the spec's "showing all files" message).
 */
export const BookListBody = Type.Object({
  id_bookCategory: CategoryChoice,
  search: Type.Optional(Type.String({ maxLength: LIBRARY_SEARCH_MAX_LENGTH })),
  mode: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type BookListBody = Static<typeof BookListBody>;
export const BookListResponse = Type.Object({
  items: Type.Array(EBook),
  /** Books in the category (all of them, whatever the search). */
  total: Type.Integer({ minimum: 0 }),
  /** Books the search found; null without a search text. */
  found: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type BookListResponse = Static<typeof BookListResponse>;

/** POST library/deletecheck.json: may the caller delete this book? (spec §6: per id_human). */
export const DeleteCheckBody = Type.Object({
  id_human: Id,
  id_humanType: Type.Optional(Role),
  id_EBook: Id,
});
export type DeleteCheckBody = Static<typeof DeleteCheckBody>;
export const DeleteCheckResponse = Type.Object({ canDelete: Type.Boolean() });
export type DeleteCheckResponse = Static<typeof DeleteCheckResponse>;

/**
 * POST library/deleteebook.json: deletes an uploaded book, or takes a teaching material off the
 * library (isFromUMK; the material stays). Refused (403) unless deletecheck allows it.
 */
export const DeleteEBookBody = Type.Object({
  id_human: Id,
  id_humanType: Type.Optional(Role),
  id_EBook: Id,
  isFromUMK: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })])),
});
export type DeleteEBookBody = Static<typeof DeleteEBookBody>;
export const DeleteEBookResponse = Type.Object({ id_eBook: Id });
export type DeleteEBookResponse = Static<typeof DeleteEBookResponse>;

/**
 * POST library/insertupdatebook.json (multipart): the fields below and one `files` part (required
 * for a new book, optional when editing: a new file replaces the old). id_eBook -1 = new.
 */
export const BookFields = Type.Object({
  id_eBook: Type.Integer({ minimum: -1 }),
  nameBook: Type.String({ minLength: 1, maxLength: BOOK_NAME_MAX_LENGTH }),
  author: Type.String({ maxLength: BOOK_AUTHOR_MAX_LENGTH }),
  description: Type.String({ maxLength: BOOK_DESCRIPTION_MAX_LENGTH }),
  totalPages: Type.Integer({ minimum: 0, maximum: BOOK_MAX_PAGES }),
  id_bookCategory: Id,
});
export type BookFields = Static<typeof BookFields>;
/** The multipart's text fields as the browser sends them (strings). */
export type BookUploadFields = { [K in keyof BookFields]: string } & {
  id_human?: string;
  id_humanType?: string;
};
export const InsertBookResponse = EBook;
export type InsertBookResponse = Static<typeof InsertBookResponse>;

/** GET library/download.file?id=<id_eBook>[&download=1]: a PDF opens inline unless download=1. */
export const BookDownloadQuery = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  download: Type.Optional(Type.String({ maxLength: 1 })),
});
export type BookDownloadQuery = Static<typeof BookDownloadQuery>;

/** The e-library endpoints for the API: each address with the schemas it validates. */
export const LIBRARY_ENDPOINTS = withSchemas(LIBRARY_ADDRESSES, {
  baseCategories: { body: EmptyBody, response: BaseBookCategoriesResponse },
  bookCategories: { body: BookCategoriesBody, response: BookCategoriesResponse },
  books: { body: BookListBody, response: BookListResponse },
  deleteCheck: { body: DeleteCheckBody, response: DeleteCheckResponse },
  remove: { body: DeleteEBookBody, response: DeleteEBookResponse },
  save: { response: InsertBookResponse },
  download: { querystring: BookDownloadQuery },
});
