import fastifyMultipart from '@fastify/multipart';
import {
  BaseBookCategoriesResponse,
  BookCategoriesBody,
  BookCategoriesResponse,
  BookDownloadQuery,
  BookFields,
  BookListBody,
  BookListResponse,
  DeleteCheckBody,
  DeleteCheckResponse,
  DeleteEBookBody,
  DeleteEBookResponse,
  EmptyBody,
  Envelope,
  InsertBookResponse,
  LIBRARY_PAGE_SIZE,
  LIBRARY_SEARCH_MODE,
  PLACEHOLDER_ID,
  ROLE,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import type { Selectable } from 'kysely';
import type { EBookTable } from '../../db/library-schema.js';
import { sendAttachment } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { storable } from '../../lib/input-rules.js';
import type { AppOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';
import { createFileStore } from './repository.js';
import type { UmkRepository } from './umk-repository.js';
import {
  integerField,
  multipartLimits,
  placeFile,
  receiveUpload,
  refuseOversized,
  UPLOAD_MESSAGES,
} from './upload.js';
import { assertSelf, hiddenRecord } from '../../access/index.js';

/** BookFields within the databases' limits (multipart fields are checked here, not by a schema). */
const STORABLE_BOOK_FIELDS = storable(BookFields);

export const LIBRARY_MESSAGES = {
  notYours: 'Эту книгу может изменить или удалить только тот, кто её загрузил',
  badCategory: 'Выберите категорию',
  nameRequired: 'Введите название',
  fromUmk: 'Эта книга из учебно-методических материалов: измените её в разделе УМК',
} as const;

/** A book's fields from the multipart's text fields (400 naming the first bad one). */
export function parseBookFields(raw: Record<string, string>): BookFields {
  const candidate = {
    id_eBook: integerField(raw.id_eBook ?? String(PLACEHOLDER_ID)),
    nameBook: (raw.nameBook ?? '').trim(),
    author: (raw.author ?? '').trim(),
    description: (raw.description ?? '').trim(),
    totalPages: integerField(raw.totalPages || '0'),
    id_bookCategory: integerField(raw.id_bookCategory),
  };
  if (candidate.nameBook === '') throw new ApiError(400, LIBRARY_MESSAGES.nameRequired);
  if (!Value.Check(STORABLE_BOOK_FIELDS, candidate)) {
    const first = Value.Errors(STORABLE_BOOK_FIELDS, candidate).First();
    if (first?.path === '/id_bookCategory') throw new ApiError(400, LIBRARY_MESSAGES.badCategory);
    throw new ApiError(400, `Invalid request: body${first?.path ?? ''} ${first?.message ?? ''}`);
  }
  return candidate;
}

/** The identity fields a form may send: they must be the caller's (403 otherwise). */
export function assertSelfFields(user: SessionUser, raw: Record<string, string>): void {
  const id = raw.id_human === undefined ? undefined : integerField(raw.id_human);
  const role = raw.id_humanType === undefined ? undefined : integerField(raw.id_humanType);
  assertSelf(user, { id, role });
}

/**
 * May the user delete (or edit) the book? An uploaded book: its uploader. A material's listing:
 * whoever manages the material (its teacher of the discipline, or its uploader).
 */
export async function canManageBook(
  user: SessionUser,
  book: Selectable<EBookTable>,
  umk: UmkRepository,
): Promise<boolean> {
  if (user.role !== ROLE.teacher) return false;
  if (book.umk_id === null) return book.uploaded_by === user.uid;
  const material = await umk.find(book.umk_id);
  if (!material) return false;
  if (material.created_by === user.uid) return true;
  return umk.covers(
    { kind: 'teacher', teacherId: user.id },
    material.discipline_id,
    material.study_semester,
  );
}

/** Download counts once per reading: a whole file or a range from its first byte. */
export function countsAsDownload(range: string | undefined): boolean {
  return range === undefined || /^bytes=0-/.test(range.trim());
}

const libraryRoutes: FastifyPluginAsyncTypebox<
  Pick<AppOptions, 'dataDir' | 'uploadLimitBytes'>
> = async (app, options) => {
  const { dataDir, uploadLimitBytes } = options;
  await app.register(fastifyMultipart, { limits: multipartLimits(uploadLimitBytes) });
  app.addHook('onRequest', app.requireUser);
  const { library, umk, attachments } = app.repos;
  const files = createFileStore(app.db.kysely, attachments, dataDir);
  const teacherOnly = app.requireRole(ROLE.teacher);

  const findBook = async (id: number) => {
    const book = await library.find(id);
    if (!book) throw new ApiError(404, MESSAGES.notFound);
    return book;
  };

  app.post(
    '/basebookcategories.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(BaseBookCategoriesResponse) } } },
    async (request) => ok(await library.baseCategories(request.lang)),
  );

  app.post(
    '/bookcategories.json',
    { schema: { body: BookCategoriesBody, response: { 200: Envelope(BookCategoriesResponse) } } },
    async (request) => {
      const base = request.body.id_baseBookCategory;
      return ok(await library.categories(request.lang, base === PLACEHOLDER_ID ? null : base));
    },
  );

  app.post(
    '/getbooklist.json',
    { schema: { body: BookListBody, response: { 200: Envelope(BookListResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const {
        id_bookCategory,
        search = '',
        mode = LIBRARY_SEARCH_MODE.name,
        page = 1,
      } = request.body;
      const result = await library.list(request.lang, {
        categoryId: id_bookCategory === PLACEHOLDER_ID ? null : id_bookCategory,
        search,
        mode,
        page,
        pageSize: LIBRARY_PAGE_SIZE,
        viewerUid: user.uid,
      });
      return ok({ ...result, page, pageSize: LIBRARY_PAGE_SIZE });
    },
  );

  app.post(
    '/deletecheck.json',
    { schema: { body: DeleteCheckBody, response: { 200: Envelope(DeleteCheckResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_human, role: request.body.id_humanType });
      const book = await findBook(request.body.id_EBook);
      return ok({ canDelete: await canManageBook(user, book, umk) });
    },
  );

  app.post(
    '/deleteebook.json',
    {
      onRequest: teacherOnly,
      schema: { body: DeleteEBookBody, response: { 200: Envelope(DeleteEBookResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_human, role: request.body.id_humanType });
      // A book the caller may not delete and a missing one answer alike (docs/security.md).
      const book = await library.find(request.body.id_EBook);
      if (!book || !(await canManageBook(user, book, umk))) throw hiddenRecord();
      const umkId = book.umk_id;
      const removed = await app.db.kysely.transaction().execute(async (trx) => {
        if (umkId !== null) {
          // A material's listing: the material (and its file) stays in UMK.
          await umk.unlist(trx, umkId, Date.now());
          return [];
        }
        const detached = await files.detach(trx, { area: 'library', id: book.id });
        await library.delete(trx, book.id);
        return detached;
      });
      await files.unlinkAll(removed);
      return ok({ id_eBook: book.id });
    },
  );

  app.post(
    '/insertupdatebook.json',
    {
      onRequest: [teacherOnly, refuseOversized(uploadLimitBytes)],
      schema: { response: { 200: Envelope(InsertBookResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const upload = await receiveUpload(request, {
        dataDir,
        uploadLimitBytes,
        files,
        // Before a byte of the file is stored: who may write, and what.
        check: async (raw) => {
          assertSelfFields(user, raw);
          const fields = parseBookFields(raw);
          if (fields.id_eBook !== PLACEHOLDER_ID) {
            const book = await findBook(fields.id_eBook);
            if (book.umk_id !== null) throw new ApiError(400, LIBRARY_MESSAGES.fromUmk);
            if (book.uploaded_by !== user.uid) throw new ApiError(403, LIBRARY_MESSAGES.notYours);
          }
          if (!(await library.categoryExists(fields.id_bookCategory))) {
            throw new ApiError(400, LIBRARY_MESSAGES.badCategory);
          }
          return fields;
        },
      });
      try {
        const book = upload.fields;
        const isNew = book.id_eBook === PLACEHOLDER_ID;
        const file = upload.file;
        if (isNew && !file) throw new ApiError(400, UPLOAD_MESSAGES.fileRequired);
        const now = Date.now();
        const values = {
          categoryId: book.id_bookCategory,
          name: book.nameBook,
          author: book.author,
          description: book.description,
          pages: book.totalPages,
        };
        const { id, replaced } = await app.db.kysely.transaction().execute(async (trx) => {
          const id = isNew
            ? await library.insert(trx, values, { createdBy: user.uid, createdAt: now })
            : book.id_eBook;
          if (!isNew) await library.update(trx, id, values, now);
          let replaced: Awaited<ReturnType<typeof files.detach>> = [];
          if (file) {
            replaced = await files.detach(trx, { area: 'library', id });
            await files.attach(trx, { area: 'library', id }, file, {
              createdBy: user.uid,
              createdAt: now,
            });
            await placeFile(dataDir, upload.staging, 'library', id, file);
          }
          return { id, replaced };
        });
        await files.unlinkAll(replaced.filter((old) => old.stored_name !== file?.storedName));
        const item = await library.item(request.lang, id, user.uid);
        if (!item) throw new Error(`book ${id} vanished after saving`);
        return ok(item);
      } finally {
        await upload.staging.discard();
      }
    },
  );

  app.get(
    '/download.file',
    { schema: { querystring: BookDownloadQuery } },
    async (request, reply) => {
      const book = await findBook(Number(request.query.id));
      const file = await library.fileOf(book);
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      if (countsAsDownload(request.headers.range) && !request.headers['if-none-match']) {
        if (book.umk_id === null) await library.countDownload(book.id);
        else await umk.countDownload(book.umk_id);
      }
      return sendAttachment(request, reply, dataDir, file, {
        inline: request.query.download !== '1',
      });
    },
  );
};

export default libraryRoutes;
