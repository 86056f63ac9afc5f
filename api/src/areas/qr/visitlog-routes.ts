import { Envelope, QrStudentsBody, QrStudentsResponse, ROLE } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/http.js';
import { sessionUser } from '../../access/index.js';
import type { TeacherLessons } from './teacher-lessons.js';

/** visitlog/getqrstudentslist.json: the QR lesson's list, who has checked in and how. */
export const qrVisitlogRoutes: FastifyPluginAsyncTypebox<{ lessons: TeacherLessons }> = async (
  app,
  { lessons },
) => {
  app.addHook('onRequest', app.requireUser);
  app.post(
    '/getqrstudentslist.json',
    {
      onRequest: app.requireRole(ROLE.teacher),
      schema: { body: QrStudentsBody, response: { 200: Envelope(QrStudentsResponse) } },
    },
    async (request) => {
      const { session, slot } = await lessons.ownSession(
        request.lang,
        sessionUser(request),
        request.body.id_qr,
      );
      return ok(await lessons.checkInsOf(slot, session));
    },
  );
};
