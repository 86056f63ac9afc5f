import {
  BaseBookCategoriesResponse,
  BookDownloadQuery,
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
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertSelf, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import { createLibraryService } from './library-service.js';
import { categoriesRoute, saveRoute, sendCounted, type AreaOptions } from './shared-routes.js';
import { toBaseCategory, toBookPage } from './wire.js';

/** The e-library (spec: /lms/api/library): the catalogue, the books, their files. */
const libraryRoutes: FastifyPluginAsyncTypebox<AreaOptions> = async (app, options) => {
  const { dataDir } = options;
  const { library } = app.repos;
  const books = createLibraryService(app.db.kysely, app.repos, dataDir);
  const teacherOnly = app.requireRole(ROLE.teacher);

  app.post(
    '/basebookcategories.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(BaseBookCategoriesResponse) } } },
    async (request) => ok((await library.baseCategories(request.lang)).map(toBaseCategory)),
  );

  categoriesRoute(app);

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
      });
      return ok({ ...toBookPage(result, user.uid), page, pageSize: LIBRARY_PAGE_SIZE });
    },
  );

  app.post(
    '/deletecheck.json',
    { schema: { body: DeleteCheckBody, response: { 200: Envelope(DeleteCheckResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_human, role: request.body.id_humanType });
      return ok({ canDelete: await books.mayDelete(user, request.body.id_EBook) });
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
      return ok({ id_eBook: await books.deleteBook(user, request.body.id_EBook) });
    },
  );

  saveRoute(app, '/insertupdatebook.json', InsertBookResponse, options, {
    files: books.files,
    check: books.checkBook,
    save: books.saveBook,
  });

  app.get(
    '/download.file',
    { schema: { querystring: BookDownloadQuery } },
    async (request, reply) =>
      sendCounted(request, reply, dataDir, await books.bookFile(Number(request.query.id))),
  );
};

export default libraryRoutes;
