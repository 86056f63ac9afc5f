import { ROLE, SCHEDULE_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/http.js';
import { sessionUser } from '../../access/index.js';
import type { TeacherLessons } from './teacher-lessons.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** visitlog/getqrstudentslist.json: the QR lesson's list, who has checked in and how. */
export const qrVisitlogRoutes: FastifyPluginAsyncTypebox<{ lessons: TeacherLessons }> = async (
  app,
  { lessons },
) => {
  app.addHook('onRequest', app.requireUser);
  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrStudents),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const { session, slot } = await lessons.ownSession(
        request.lang,
        sessionUser(request),
        request.body.id_qr,
      );
      return ok(await lessons.checkInsOf(slot, session));
    },
  });
};
