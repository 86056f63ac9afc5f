import { ROLE, REGISTRATION_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isRegistrar, sessionUser } from '../../access/index.js';
import { currentAcademicYear } from '../../lib/calendar.js';
import { ok } from '../../lib/http.js';
import type { RegistrationRouteOptions } from './config.js';
import { studentOf } from './requests.js';
import { toSemesters } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/**
 * The year and semester chain every role's screen starts from: a student's semesters are those
 * of their group's plan, a teacher's those of their streams (every teacher's for the registrar).
 */
export const termRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { registration, academic } = app.repos;

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.defaultYear),
    handler: async () => ok(currentAcademicYear(new Date())),
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.years),
    handler: async () => ok(await academic.years()),
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.semesters),
    handler: async (request) => {
      const user = sessionUser(request);
      const who =
        user.role === ROLE.teacher
          ? { teacherId: isRegistrar(user) ? null : user.id }
          : { student: await studentOf(registration, user, undefined) };
      return ok(
        toSemesters(await registration.semesters(request.lang, who, request.body.id_a_year)),
      );
    },
  });
};
