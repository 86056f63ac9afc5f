import {
  STUDENT_SEARCH_MAX_LENGTH,
  STUDENT_SEARCH_MIN_LENGTH,
  REGISTRATION_ENDPOINTS,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf, hiddenRecord, isRegistrar, sessionUser } from '../../access/index.js';
import { ApiError, ok } from '../../lib/http.js';
import { fill, MESSAGES } from '../../lib/messages.js';
import type { RegistrationRouteOptions } from './config.js';
import { INSTANT_REFUSAL, NOTICES, SEARCH_REFUSALS } from './messages.js';
import { termOf } from './requests.js';
import { searchRefusal, searchWords } from './search-rules.js';
import { toAppointments, toRegistrarHolds, toStudentHits } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** Only the registrar (a teacher with the registrar's right; 403 for anyone else). */
function registrarOnly(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
  done(isRegistrar(sessionUser(request)) ? undefined : new ApiError(403, MESSAGES.forbidden));
}

/**
 * The registrar's: holds on students (set, listed, lifted; the student search of the holds form)
 * and the appointments from which each year of study may register.
 */
export const registrarRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (
  app,
  { registrar, registrarService, directory, clock },
) => {
  app.addHook('onRequest', app.requireUser);

  // ---- Holds ----

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.holds),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async () => ok(toRegistrarHolds(await registrar.holdList())),
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.setHold),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async (request) => {
      if (!(await registrar.studentExists(request.body.id_student))) throw hiddenRecord();
      await registrarService.setHold(
        actorOf(request),
        request.body.id_student,
        request.body.note.trim(),
        sessionUser(request).uid,
        clock(),
      );
      return ok({ sms: NOTICES.holdSet[request.lang] });
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.holdStudents),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async (request) => {
      const refusal = searchRefusal(request.body.query);
      if (refusal) {
        const n =
          refusal === 'searchTooShort' ? STUDENT_SEARCH_MIN_LENGTH : STUDENT_SEARCH_MAX_LENGTH;
        throw new ApiError(400, fill(SEARCH_REFUSALS[refusal], { n }));
      }
      const found = await directory.search(request.lang, searchWords(request.body.query));
      return ok({ students: toStudentHits(found.students), total: found.total });
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.liftHold),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async (request) => {
      if (!(await registrarService.liftHold(actorOf(request), request.body.id)))
        throw hiddenRecord();
      return ok({ sms: NOTICES.holdLifted[request.lang] });
    },
  });

  // ---- Appointments ----

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.saveAppointment),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async (request) => {
      const opensAt = Date.parse(request.body.opensAt);
      if (Number.isNaN(opensAt)) throw new ApiError(400, INSTANT_REFUSAL);
      await registrarService.saveAppointment(
        actorOf(request),
        termOf(request.body),
        request.body.course,
        opensAt,
      );
      return ok({ sms: NOTICES.appointmentSaved[request.lang] });
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.appointments),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async (request) =>
      ok(toAppointments(await registrar.appointmentList(termOf(request.body)))),
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.removeAppointment),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async (request) => {
      if (
        !(await registrarService.removeAppointment(
          actorOf(request),
          termOf(request.body),
          request.body.course,
        ))
      ) {
        throw hiddenRecord();
      }
      return ok({ sms: NOTICES.appointmentRemoved[request.lang] });
    },
  });
};
