import {
  ROLE,
  type RegStatusEvent,
  type WaitlistEvent,
  REGISTRATION_ENDPOINTS,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import { DEFAULT_HEARTBEAT_MS, openEventStream } from '../../lib/sse.js';
import type { RegistrationRouteOptions } from './config.js';
import { concerns } from './events.js';
import { NOTICES } from './messages.js';
import { studentOf, termOf } from './requests.js';
import { endpointRoute } from '../../lib/endpoints.js';

/**
 * The student's waiting lists: joining a full stream's list, their lists with the holds and the
 * appointment that stop them, leaving a list, declining a seat a promotion gave, and the live
 * events of their promotions, holds, appointment and lists (SSE).
 */
export const studentWaitlistRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (
  app,
  { waitlistService, waitlist, pages, clock, heartbeatMs },
) => {
  app.addHook('onRequest', app.requireUser);
  const { registration } = app.repos;
  const studentOnly = app.requireRole(ROLE.student);

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.waitlistJoin),
    config: { answers: { 409: 'The caller is on the list already, or the discipline has seats.' } },
    onRequest: studentOnly,
    handler: async (request) => {
      const body = request.body;
      const student = await studentOf(registration, sessionUser(request), body.uid);
      const term = termOf(body);
      const id = await waitlistService.join(
        actorOf(request),
        request.lang,
        student,
        term,
        { disciplineId: body.id_discipline, teacherId: body.id_teacher, streamId: body.subgroup },
        clock(),
      );
      const rows = await waitlist.studentLists(request.lang, student.studentId, term);
      const row = rows.find((r) => r.id === id);
      return ok({
        id,
        // A seat freed meanwhile may have promoted the student already (position 0).
        position: row?.status === 'waiting' ? Number(row.position) : 0,
        sms: NOTICES.joinedList[request.lang],
      });
    },
  });

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.waitlistStatus),
    onRequest: studentOnly,
    handler: async (request) => {
      const student = await studentOf(registration, sessionUser(request), request.body.uid);
      return ok(await pages.waitlistStatus(request.lang, student, termOf(request.body)));
    },
  });

  for (const [endpoint, notice] of [
    [REGISTRATION_ENDPOINTS.waitlistLeave, NOTICES.leftList],
    [REGISTRATION_ENDPOINTS.waitlistDecline, NOTICES.declined],
  ] as const) {
    app.route({
      ...endpointRoute(app, endpoint),
      onRequest: studentOnly,
      handler: async (request) => {
        const student = await studentOf(registration, sessionUser(request), undefined);
        const write =
          endpoint === REGISTRATION_ENDPOINTS.waitlistLeave
            ? waitlistService.leave
            : waitlistService.decline;
        await write(actorOf(request), student.studentId, request.body.id, clock());
        return ok({ sms: notice[request.lang] });
      },
    });
  }

  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get('/events', { onRequest: studentOnly }, async (request, reply) => {
    const student = await studentOf(registration, sessionUser(request), undefined);
    // Whom the stream listens for: the caller only (their year of study for appointments).
    const listener = {
      studentId: student.studentId,
      facultyId: student.facultyId,
      admissionYear: await waitlist.admissionYear(student.groupId),
    };
    const stream = openEventStream(request, reply, heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    const unsubscribe = app.registrationEvents.subscribe((event) => {
      if (!concerns(event, listener)) return;
      if (event.kind === 'promoted' || event.kind === 'skipped') {
        const data: WaitlistEvent = {
          kind: event.kind,
          subgroup: event.streamId,
          id_discipline: event.disciplineId,
          id_disciplineForStudent: event.registrationId,
        };
        stream.send('waitlist', data);
      } else {
        const data: RegStatusEvent = { topic: event.kind };
        stream.send('status', data);
      }
    });
    stream.onEnd(unsubscribe);
    streams.add(stream.end);
    stream.onEnd(() => streams.delete(stream.end));
  });
};
