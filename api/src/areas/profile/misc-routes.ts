import { ROLE, type RoleId, MISC_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentAcademicYear, currentWs } from '../../lib/calendar.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { assertSelf, sessionUser } from '../../access/index.js';
import { toAcademicYear } from '../discipline/index.js';
import { toFaculty, toLink, toPhoto, toPosition } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** Portal areas (route segments under /lms, and i18n keys) each role works with. */
const AREAS: Record<RoleId, string[]> = {
  [ROLE.teacher]: ['news', 'chat', 'umk', 'library', 'journal', 'schedule', 'apps'],
  [ROLE.student]: [
    'news',
    'chat',
    'umk',
    'library',
    'journal',
    'schedule',
    'registration',
    'paymentcode',
    'singlewindow',
    'transcript',
    'apps',
  ],
};
/** Spec §2: the mobile layout opens on the applications tab. */
const DEFAULT_MOBILE_TAB = 3;

const miscRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { people, academic, links } = app.repos;

  app.route({
    ...endpointRoute(app, MISC_ENDPOINTS.photo),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      return ok(toPhoto(await people.photo(user)));
    },
  });

  app.route({
    ...endpointRoute(app, MISC_ENDPOINTS.position),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      const position = await people.position(request.lang, user.id);
      if (!position) throw new ApiError(404, MESSAGES.notFound);
      return ok(toPosition(position));
    },
  });

  app.route({
    ...endpointRoute(app, MISC_ENDPOINTS.settings),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      const now = new Date();
      const year = currentAcademicYear(now);
      return ok({
        role: user.role,
        // Registrar staff also open the single window's queue.
        areas:
          user.registrarPerms && !AREAS[user.role].includes('singlewindow')
            ? [...AREAS[user.role], 'singlewindow']
            : AREAS[user.role],
        defaults: {
          id_a_year: year.id_a_year,
          yearName: year.name,
          ws: currentWs(now),
          tab: DEFAULT_MOBILE_TAB,
          language: 'ru',
        },
      });
    },
  });

  app.route({
    ...endpointRoute(app, MISC_ENDPOINTS.defaultYear),
    handler: async () => ok(currentAcademicYear(new Date())),
  });

  app.route({
    ...endpointRoute(app, MISC_ENDPOINTS.years),
    handler: async () => ok((await academic.years()).map(toAcademicYear)),
  });

  app.route({
    ...endpointRoute(app, MISC_ENDPOINTS.registeredFaculties),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      return ok((await people.facultiesFor(request.lang, user)).map(toFaculty));
    },
  });

  app.route({
    ...endpointRoute(app, MISC_ENDPOINTS.dinUrls),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      return ok((await links.forRole(request.lang, user.role)).map(toLink));
    },
  });
};

export default miscRoutes;
