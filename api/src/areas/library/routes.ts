import {
  LIBRARY_PAGE_SIZE,
  LIBRARY_SEARCH_MODE,
  PLACEHOLDER_ID,
  ROLE,
  LIBRARY_ENDPOINTS,
  BookFields,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertSelf, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import type { LibraryService } from './library-service.js';
import { categoriesRoute, saveRoute, sendCounted, type AreaOptions } from './shared-routes.js';
import { toBaseCategory, toBookPage } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { multipartBody, SELF_FIELDS } from '../../lib/documented-body.js';
import { ATTACHMENT_ANSWERS } from '../../lib/download.js';

/** The form of library/insertupdatebook.json, for the API reference. */
const BOOK_FORM = multipartBody(
  {
    properties: { ...BookFields.properties, ...SELF_FIELDS },
    required: BookFields.required,
  },
  { max: 1, required: false },
  'The book (id_eBook -1: a new one) and its file: required for a new book; when editing, a new file replaces the old.',
);

/** The e-library (spec: /lms/api/library): the catalogue, the books, their files. */
const libraryRoutes: FastifyPluginAsyncTypebox<AreaOptions & { books: LibraryService }> = async (
  app,
  options,
) => {
  const { dataDir, books } = options;
  const { library } = app.repos;
  const teacherOnly = app.requireRole(ROLE.teacher);

  app.route({
    ...endpointRoute(app, LIBRARY_ENDPOINTS.baseCategories),
    handler: async (request) =>
      ok((await library.baseCategories(request.lang)).map(toBaseCategory)),
  });

  categoriesRoute(app, LIBRARY_ENDPOINTS.bookCategories);

  app.route({
    ...endpointRoute(app, LIBRARY_ENDPOINTS.books),
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(app, LIBRARY_ENDPOINTS.deleteCheck),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_human, role: request.body.id_humanType });
      return ok({ canDelete: await books.mayDelete(user, request.body.id_EBook) });
    },
  });

  app.route({
    ...endpointRoute(app, LIBRARY_ENDPOINTS.remove),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_human, role: request.body.id_humanType });
      return ok({ id_eBook: await books.deleteBook(user, request.body.id_EBook) });
    },
  });

  saveRoute(app, LIBRARY_ENDPOINTS.save, options, {
    form: BOOK_FORM,
    files: books.files,
    check: books.checkBook,
    save: books.saveBook,
  });

  app.route({
    ...endpointRoute(app, LIBRARY_ENDPOINTS.download),
    config: { answers: ATTACHMENT_ANSWERS },
    handler: async (request, reply) =>
      sendCounted(request, reply, dataDir, await books.bookFile(Number(request.query.id))),
  });
};

export default libraryRoutes;
