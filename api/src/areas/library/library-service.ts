import {
  PLACEHOLDER_ID,
  ROLE,
  type BookFields,
  type EBook,
  type SessionUser,
} from '@lms/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import { assertSelf, hiddenRecord } from '../../access/index.js';
import type { EBookTable } from '../../db/library-schema.js';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import type {
  Attachment,
  AttachmentsRepository,
  Attribution,
  Owner,
} from '../../lib/attachments.js';
import type { LibraryRepository } from './repository.js';
import type { UmkRepository } from './umk-repository.js';
import { createLibraryFilesRepository } from './file-repository.js';
import { createFileStore, type FileStore } from './file-store.js';
import { refusalText } from './messages.js';
import {
  editBookRefusal,
  fileRefusal,
  identityClaims,
  isRefusal,
  managesMaterial,
  managesUpload,
  readBookFields,
  type LibraryRefusal,
} from './rules.js';
import type { ReceivedUpload } from './upload.js';
import { toBook } from './wire.js';

type Book = Selectable<EBookTable>;

/** The value a rule allowed, or its refusal as the caller's error. */
export function orRefuse<T>(value: T | LibraryRefusal): T {
  if (isRefusal(value)) throw new ApiError(value.status, refusalText(value));
  return value;
}

/** Nothing refused, or the refusal as the caller's error. */
export function refuseIf(refusal: LibraryRefusal | null): void {
  if (refusal) throw new ApiError(refusal.status, refusalText(refusal));
}

/** The library's and the materials' shared file store, over the database's rows. */
export function libraryFileStore(
  db: Kysely<Database>,
  repos: { attachments: AttachmentsRepository },
  dataDir: string,
) {
  return createFileStore(createLibraryFilesRepository(db, repos.attachments), dataDir);
}

/** When and by whom a record is written, and whether it is new. */
export interface Writing extends Attribution {
  isNew: boolean;
}

/**
 * Stores a record (`write` returns its id; `existing` is PLACEHOLDER_ID for a new one, which needs
 * a file) and, when the upload brought one, its new file, in one transaction; the files it
 * replaced are unlinked after the commit.
 */
export async function saveWithFile(
  db: Kysely<Database>,
  files: FileStore,
  area: 'library' | 'umk',
  user: SessionUser,
  upload: ReceivedUpload<unknown>,
  existing: number,
  write: (trx: Kysely<Database>, writing: Writing) => Promise<number>,
): Promise<number> {
  const { file, staging } = upload;
  const writing = {
    isNew: existing === PLACEHOLDER_ID,
    createdBy: user.uid,
    createdAt: Date.now(),
  };
  refuseIf(fileRefusal(writing.isNew, file !== null));
  const { id, replaced } = await db.transaction().execute(async (trx) => {
    const id = await write(trx, writing);
    const replaced = file ? await files.replace(trx, { area, id }, file, staging, writing) : [];
    return { id, replaced };
  });
  await files.unlinkAll(replaced);
  return id;
}

/**
 * Deletes a record (`remove`) with its file rows in one transaction, then its files on disk.
 */
export async function deleteWithFile(
  db: Kysely<Database>,
  files: FileStore,
  owner: Owner,
  remove: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const removed = await db.transaction().execute(async (trx) => {
    const detached = await files.detach(trx, owner);
    await remove(trx);
    return detached;
  });
  await files.unlinkAll(removed);
}

/**
 * The e-library's writes: a teacher's book with its file, and its deletion (a material's listing
 * is taken off the shelf instead), each in one transaction with its file; the files on disk are
 * unlinked after the commit.
 */
export function createLibraryService(
  db: Kysely<Database>,
  repos: { library: LibraryRepository; umk: UmkRepository; attachments: AttachmentsRepository },
  dataDir: string,
) {
  const { library, umk } = repos;
  const files = libraryFileStore(db, repos, dataDir);

  /** A book by id (the catalogue is public: a missing one is 404). */
  async function findBook(id: number): Promise<Book> {
    const book = await library.find(id);
    if (!book) throw new ApiError(404, MESSAGES.notFound);
    return book;
  }

  /** May the user delete the book? Its uploader; a material's listing: the material's manager. */
  async function canManage(user: SessionUser, book: Book): Promise<boolean> {
    if (book.umk_id === null) return managesUpload(user, book);
    const material = await umk.find(book.umk_id);
    if (!material || user.role !== ROLE.teacher) return false;
    const scope = { kind: 'teacher', teacherId: user.id } as const;
    const teaches = await umk.covers(scope, material.discipline_id, material.study_semester);
    return managesMaterial(user, material, teaches);
  }

  return {
    files,
    findBook,

    /** deletecheck: the form names the caller; may they delete the book? */
    async mayDelete(user: SessionUser, id: number): Promise<boolean> {
      return canManage(user, await findBook(id));
    },

    /** A book form's fields, if the caller may write them (before the file is stored). */
    async checkBook(user: SessionUser, raw: Record<string, string>): Promise<BookFields> {
      assertSelf(user, identityClaims(raw));
      const fields = orRefuse(readBookFields(raw));
      if (fields.id_eBook !== PLACEHOLDER_ID) {
        refuseIf(editBookRefusal(user, await findBook(fields.id_eBook)));
      }
      if (!(await library.categoryExists(fields.id_bookCategory))) {
        refuseIf({ refusal: 'badCategory', status: 400 });
      }
      return fields;
    },

    /** Adds or edits the book, and replaces its file when one came, in one transaction. */
    async saveBook(
      user: SessionUser,
      upload: ReceivedUpload<BookFields>,
      lang: Language,
    ): Promise<EBook> {
      const { fields } = upload;
      const values = {
        categoryId: fields.id_bookCategory,
        name: fields.nameBook,
        author: fields.author,
        description: fields.description,
        pages: fields.totalPages,
      };
      const existing = fields.id_eBook;
      const id = await saveWithFile(
        db,
        files,
        'library',
        user,
        upload,
        existing,
        async (trx, at) => {
          if (at.isNew) return library.insert(trx, values, at);
          await library.update(trx, existing, values, at.createdAt);
          return existing;
        },
      );
      const row = await library.item(lang, id);
      if (!row) throw new Error(`book ${id} vanished after saving`);
      return toBook(row, user.uid);
    },

    /**
     * Deletes an uploaded book with its file, or takes a material's listing off the library (the
     * material and its file stay in UMK). A book the caller may not delete and a missing one
     * answer alike (hiddenRecord).
     */
    async deleteBook(user: SessionUser, id: number): Promise<number> {
      const book = await library.find(id);
      if (!book || !(await canManage(user, book))) throw hiddenRecord();
      const umkId = book.umk_id;
      if (umkId !== null) {
        await db.transaction().execute((trx) => umk.unlist(trx, umkId, Date.now()));
      } else {
        const owner = { area: 'library', id: book.id } as const;
        await deleteWithFile(db, files, owner, (trx) => library.delete(trx, book.id));
      }
      return book.id;
    },

    /** A book's file (a material's listing: the material's), and how to count its download. */
    async bookFile(id: number): Promise<{ file: Attachment; count: () => Promise<void> }> {
      const book = await findBook(id);
      const umkId = book.umk_id;
      const file = await files.fileOf(
        umkId === null ? { area: 'library', id: book.id } : { area: 'umk', id: umkId },
      );
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      const count = () =>
        umkId === null ? library.countDownload(book.id) : umk.countDownload(umkId);
      return { file, count };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
