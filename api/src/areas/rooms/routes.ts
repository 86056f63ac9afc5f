import { ROLE, ROOMS_ENDPOINTS, roomTimetablePath, type Room } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { onRequestHookHandler } from 'fastify';
import { hiddenRecord, isRegistrar, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { attachmentDisposition } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { ROOMS_MESSAGES } from './messages.js';
import type { RoomRow, RoomsRepository } from './repository.js';
import {
  equipmentMask as equipmentMaskOf,
  equipmentOf,
  isCalendarDate,
  periodNow,
} from './rules.js';
import type { RoomsService } from './service.js';
import type { UniversityClock } from './time.js';
import { roomSheetPdf } from './sheet.js';
import { roomWeek } from './week.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { rooms: '/lms/api/rooms' } as const;

/** What the area's index.ts built for the routes. */
export interface RoomsRoutesOptions {
  rooms: RoomsRepository;
  service: RoomsService;
  clock: UniversityClock;
  /** The origin printed in a sheet's QR (never the request's Host). */
  publicOrigin: string;
}

export const roomOf = (row: RoomRow): Room => ({
  id: row.id,
  name: row.name,
  building: row.building,
  capacity: Number(row.capacity),
  equipment: equipmentOf(row.equipment),
});

/**
 * Rooms (under /lms/api/rooms): everyone signed in reads the rooms, a room's week and the free
 * rooms; the registrar edits rooms; teachers book rooms for their groups and cancel their own.
 */
const roomsRoutes: FastifyPluginAsyncTypebox<RoomsRoutesOptions> = async (
  app,
  { rooms, service, clock, publicOrigin },
) => {
  app.addHook('onRequest', app.requireUser);
  const teacherOnly = app.requireRole(ROLE.teacher);
  const registrarOnly: onRequestHookHandler = (request, _reply, done) => {
    done(isRegistrar(sessionUser(request)) ? undefined : new ApiError(403, MESSAGES.forbidden));
  };
  const dateOf = (date: string | undefined) => {
    if (date !== undefined && !isCalendarDate(date))
      throw new ApiError(400, ROOMS_MESSAGES.badDate);
    return date;
  };

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.list),
    handler: async () => ok((await rooms.list()).map(roomOf)),
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.save),
    config: { answers: { 409: 'Another room has that building and number.' } },
    onRequest: registrarOnly,
    handler: async (request) => {
      const id = await service.saveRoom(request.body);
      const saved = await rooms.find(id);
      if (!saved) throw hiddenRecord();
      return ok(roomOf(saved));
    },
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.week),
    handler: async (request) => {
      const room = await rooms.find(request.body.id);
      if (!room) throw hiddenRecord();
      const date = dateOf(request.body.date) ?? clock.now().date;
      return ok({
        room: roomOf(room),
        ...(await roomWeek(rooms, clock, request.lang, room.id, date)),
      });
    },
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.sheet),
    config: { answers: { 403: 'No such room.' } },
    handler: async (request, reply) => {
      const room = await rooms.find(Number(request.query.id));
      if (!room) throw hiddenRecord();
      const date = dateOf(request.query.date) ?? clock.now().date;
      const lang = request.lang;
      const week = await roomWeek(rooms, clock, lang, room.id, date);
      const pdf = await roomSheetPdf({
        lang,
        room: roomOf(room),
        from: week.from,
        parity: week.parity,
        entries: week.entries,
        periods: await rooms.periods(),
        url: `${publicOrigin}${roomTimetablePath(room.id)}`,
        printedAt: clock.now().instant,
      });
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          attachmentDisposition(`room-${room.id}-${week.from}-${lang}.pdf`),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.free),
    handler: async (request) => {
      const body = request.body;
      const periods = await rooms.periods();
      const now = clock.now();
      let date = dateOf(body.date) ?? now.date;
      let period = periods.find((p) => p.id === body.id_time);
      if (!period) {
        // Now (or the date's first period when only a date is given).
        const found =
          body.date === undefined
            ? periodNow(periods, now.date, now.dayNumber, now.time)
            : periods[0] && { date, period: periods[0] };
        if (!found) throw new ApiError(400, ROOMS_MESSAGES.noPeriods);
        date = found.date;
        period = found.period;
      }
      const free = await rooms.free(
        clock.slotAt(date, period.id),
        body.seats ?? 1,
        equipmentMaskOf(body.equipment ?? []),
      );
      return ok({
        date,
        id_time: period.id,
        start: period.start,
        end: period.end,
        rooms: free.map(roomOf),
      });
    },
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.teaching),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const semester = clock.slotAt(clock.now().date, 1);
      return ok(await rooms.teachingChoices(request.lang, user.id, semester.yearId, semester.ws));
    },
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.book),
    config: { answers: { 409: 'The room or the group is taken at that time.' } },
    onRequest: teacherOnly,
    handler: async (request) =>
      ok(await service.book(request.lang, sessionUser(request).id, request.body)),
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.bookings),
    onRequest: teacherOnly,
    handler: async (request) =>
      ok(await rooms.teacherBookings(request.lang, sessionUser(request).id, clock.now().date)),
  });

  app.route({
    ...endpointRoute(app, ROOMS_ENDPOINTS.cancel),
    config: { answers: { 409: 'The booking is cancelled already, or over.' } },
    onRequest: teacherOnly,
    handler: async (request) =>
      ok(await service.cancel(request.lang, sessionUser(request).id, request.body.id)),
  });
};

export default roomsRoutes;
