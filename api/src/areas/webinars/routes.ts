import { ROLE, WEBINARS_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { openEventStream } from '../../lib/sse.js';
import type { RoomsRepository } from '../rooms/index.js';
import type { UniversityClock } from '../rooms/index.js';
import { WEBINARS_MESSAGES } from './messages.js';
import type { WebinarsRepository } from './repository.js';
import type { WebinarJournal } from './journal-marks.js';
import type { Rooms } from './room.js';
import type { WebinarsService } from './service.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { webinars: '/lms/api/webinars' } as const;

export interface WebinarsRoutesOptions {
  webinars: WebinarsRepository;
  service: WebinarsService;
  journal: WebinarJournal;
  rooms: Rooms;
  teaching: RoomsRepository;
  clock: UniversityClock;
  heartbeatMs?: number;
}

/**
 * Webinars (under /lms/api/webinars): teachers schedule and cancel online lessons for the groups
 * they teach and read who joined; the teacher and the group's students join; the embedded room's
 * signalling stream and relay. Who the caller is comes from the session, never from the body.
 */
const webinarsRoutes: FastifyPluginAsyncTypebox<WebinarsRoutesOptions> = async (
  app,
  { webinars, service, journal, rooms, teaching, clock, heartbeatMs },
) => {
  app.addHook('onRequest', app.requireUser);
  const teacherOnly = app.requireRole(ROLE.teacher);

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.teaching),
    onRequest: teacherOnly,
    handler: async (request) => {
      const semester = clock.slotAt(clock.now().date, 1);
      const user = sessionUser(request);
      return ok(
        await teaching.teachingChoices(request.lang, user.id, semester.yearId, semester.ws),
      );
    },
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.list),
    handler: async (request) => {
      const user = sessionUser(request);
      const now = clock.now();
      const today = now.date;
      let rows: Awaited<ReturnType<WebinarsRepository['ofTeacher']>> = [];
      if (user.role === ROLE.teacher) rows = await webinars.ofTeacher(request.lang, user.id, today);
      else {
        const placement = await app.repos.access.placementOf(user.id);
        if (placement) rows = await webinars.ofGroup(request.lang, placement.groupId, today);
      }
      return ok({
        engine: service.engine,
        now: `${now.date}T${now.time}`,
        webinars: rows.map(service.shape),
      });
    },
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.schedule),
    config: { answers: { 409: 'The teacher or the group is busy at that time.' } },
    onRequest: teacherOnly,
    handler: async (request) =>
      ok(await service.schedule(request.lang, sessionUser(request).id, request.body)),
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.cancel),
    config: { answers: { 409: 'The webinar is cancelled already, or over.' } },
    onRequest: teacherOnly,
    handler: async (request) => {
      const cancelled = await service.cancel(
        request.lang,
        sessionUser(request).id,
        request.body.id,
      );
      rooms.close(cancelled.id);
      return ok(cancelled);
    },
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.join),
    config: { answers: { 409: 'The webinar has not started, is over, or is full.' } },
    handler: async (request) =>
      ok(await service.join(request.lang, sessionUser(request), request.body.id)),
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.attendance),
    onRequest: teacherOnly,
    handler: async (request) => {
      const row = await webinars.find(request.lang, request.body.id);
      if (!row || row.id_teacher !== sessionUser(request).id) {
        throw new ApiError(403, MESSAGES.forbidden);
      }
      return ok({
        webinar: service.shape(row),
        students: await webinars.attendance(row.id, row.id_group),
      });
    },
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.journal),
    config: {
      answers: { 409: 'The webinar has not started or is cancelled, or nobody has joined it.' },
    },
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      return ok(await journal.markJoined(request.lang, actorOf(request), user, request.body.id));
    },
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.signal),
    config: { answers: { 409: 'The caller is not in the webinar room.' } },
    handler: async (request) => {
      const user = sessionUser(request);
      const { id, to, kind, payload } = request.body;
      if (!rooms.has(id, user.uid)) throw new ApiError(409, WEBINARS_MESSAGES.notInRoom);
      return ok({ sent: rooms.relay(id, user.uid, to, { kind, payload }) });
    },
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.recordings),
    config: { answers: { 409: 'The BigBlueButton server did not answer.' } },
    handler: async (request) =>
      ok(await service.recordings(request.lang, sessionUser(request), request.body.id)),
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.hand),
    config: { answers: { 409: 'The caller is not in the webinar room.' } },
    onRequest: app.requireRole(ROLE.student),
    handler: async (request) => {
      const { id, raised } = request.body;
      const hands = rooms.hand(id, sessionUser(request).uid, raised, clock.now().instant);
      if (!hands) throw new ApiError(409, WEBINARS_MESSAGES.notInRoom);
      return ok({ hands });
    },
  });

  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.chat),
    config: { answers: { 409: 'The caller is not in the webinar room.' } },
    handler: async (request) => {
      const text = request.body.text.trim();
      if (text === '') throw new ApiError(400, WEBINARS_MESSAGES.emptyMessage);
      const said = rooms.say(request.body.id, sessionUser(request).uid, text, clock.now().instant);
      if (!said) throw new ApiError(409, WEBINARS_MESSAGES.notInRoom);
      return ok(said);
    },
  });

  // Open streams end when the server closes, so a shutdown does not wait on them.
  app.addHook('preClose', async () => rooms.closeAll());
  app.route({
    ...endpointRoute(app, WEBINARS_ENDPOINTS.events),
    config: { answers: { 403: "The webinar is not for the caller's group." } },
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const id = Number(request.query.id);
      // The embedded room only: with BigBlueButton the call is there.
      if (service.engine !== 'embedded') throw new ApiError(404, MESSAGES.notFound);
      await service.admit(request.lang, user, id);
      if (!rooms.hasPlace(id, user.uid)) throw new ApiError(409, WEBINARS_MESSAGES.roomFull);
      const stream = openEventStream(request, reply, heartbeatMs);
      rooms.enter(
        id,
        { id: user.uid, name: user.fullName, host: user.role === ROLE.teacher },
        stream,
      );
    },
  });
};

export default webinarsRoutes;
