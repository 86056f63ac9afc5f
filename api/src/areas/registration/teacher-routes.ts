import { ROLE, REGISTRATION_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRegistrar, ownRecord, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import type { RegistrationRouteOptions } from './config.js';
import { NOTICES } from './messages.js';
import { termOf } from './requests.js';
import { refused } from './service.js';
import { streamStudentsCsv, streamWaitlistCsv } from './students-csv.js';
import { toStreamStudents, toStreamWaiters, toTeacherStreams } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** A list as a CSV download, never cached. */
function sendCsv(reply: FastifyReply, file: { disposition: string; body: Buffer }) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', file.disposition)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

/**
 * The teacher's streams: who registered and who waits for each (lists and CSV downloads), and the
 * stream's seats. The registrar is a teacher who may manage every teacher's streams.
 */
export const teacherRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (
  app,
  { waitlistService, waitlist },
) => {
  app.addHook('onRequest', app.requireUser);
  const { registration } = app.repos;
  const teacherOnly = app.requireRole(ROLE.teacher);

  /**
   * The teacher's own stream, or any stream for the registrar (another teacher's and a missing
   * one answer alike).
   */
  const ownStream = async (request: FastifyRequest, streamId: number) => {
    const user = sessionUser(request);
    const stream = await registration.streamNames(request.lang, streamId);
    if (stream && isRegistrar(user)) return stream;
    return ownRecord(user, stream, (s) => s.teacherId);
  };

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.teacherStreams),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const streams = await registration.teacherStreams(
        request.lang,
        isRegistrar(user) ? null : user.id,
        termOf(request.body),
      );
      return ok(toTeacherStreams(streams));
    },
  });

  // ---- Who registered ----

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.teacherStudents),
    onRequest: teacherOnly,
    handler: async (request) => {
      await ownStream(request, request.body.subgroup);
      const students = await registration.streamStudents(request.lang, request.body.subgroup);
      return ok(toStreamStudents(students));
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.teacherStudentsCsv),
    onRequest: teacherOnly,
    handler: async (request, reply) => {
      const streamId = Number(request.query.subgroup);
      const stream = await ownStream(request, streamId);
      const students = toStreamStudents(await registration.streamStudents(request.lang, streamId));
      return sendCsv(reply, streamStudentsCsv(request.lang, stream, students));
    },
  });

  // ---- Who waits, and the seats ----

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.teacherWaitlist),
    onRequest: teacherOnly,
    handler: async (request) => {
      await ownStream(request, request.body.subgroup);
      return ok(toStreamWaiters(await waitlist.streamList(request.lang, request.body.subgroup)));
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.teacherWaitlistCsv),
    onRequest: teacherOnly,
    handler: async (request, reply) => {
      const streamId = Number(request.query.subgroup);
      const stream = await ownStream(request, streamId);
      const waiters = toStreamWaiters(await waitlist.streamList(request.lang, streamId));
      return sendCsv(reply, streamWaitlistCsv(request.lang, stream, waiters));
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.teacherCapacity),
    config: { answers: { 409: 'More students are registered than the new capacity.' } },
    onRequest: teacherOnly,
    handler: async (request) => {
      await ownStream(request, request.body.subgroup);
      if (!(await waitlistService.setCapacity(request.body.subgroup, request.body.capacity))) {
        throw refused({ code: 'capacityBelowTaken' });
      }
      return ok({ sms: NOTICES.capacitySaved[request.lang] });
    },
  });
};
