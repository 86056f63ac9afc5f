import {
  EmptyBody,
  Envelope,
  RegSemestersBody,
  RegSemestersResponse,
  RegYear,
  RegYearsResponse,
  ROLE,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isRegistrar, sessionUser } from '../../access/index.js';
import { currentAcademicYear } from '../../lib/calendar.js';
import { ok } from '../../lib/http.js';
import type { RegistrationRouteOptions } from './config.js';
import { studentOf } from './requests.js';
import { toSemesters } from './wire.js';

/**
 * The year and semester chain every role's screen starts from: a student's semesters are those
 * of their group's plan, a teacher's those of their streams (every teacher's for the registrar).
 */
export const termRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { registration, academic } = app.repos;

  app.post(
    '/getdefyear.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(RegYear) } } },
    async () => ok(currentAcademicYear(new Date())),
  );
  app.get(
    '/getyears.json',
    { schema: { response: { 200: Envelope(RegYearsResponse) } } },
    async () => ok(await academic.years()),
  );
  app.post(
    '/getsemesters.json',
    { schema: { body: RegSemestersBody, response: { 200: Envelope(RegSemestersResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const who =
        user.role === ROLE.teacher
          ? { teacherId: isRegistrar(user) ? null : user.id }
          : { student: await studentOf(registration, user, undefined) };
      return ok(
        toSemesters(await registration.semesters(request.lang, who, request.body.id_a_year)),
      );
    },
  );
};
