import { createHash } from 'node:crypto';
import {
  ROLE,
  SCHEDULE_ENDPOINTS,
  type Booking,
  type ScheduleBody,
  type Webinar,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { assertSelf, sessionUser } from '../../access/index.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { dayNumberOf, localDate } from './clock.js';
import { scheduleOwnerOf } from './owner.js';
import { todaysLessons } from './rules.js';
import type { ScheduleRouteOptions } from './settings.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** A week's version that also changes whenever its bookings or webinars do. */
const versionWith = (version: string, bookings: readonly Booking[], webinars: readonly Webinar[]) =>
  createHash('sha256')
    .update(`${version}\n${JSON.stringify(bookings)}\n${JSON.stringify(webinars)}`)
    .digest('base64url')
    .slice(0, 22);

/** schedule/teacher.json, schedule/student.json: the caller's week. */
export const scheduleRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const { schedule, access } = app.repos;
  const settings = options.schedule;
  const teacherOnly = app.requireRole(ROLE.teacher);
  const studentOnly = app.requireRole(ROLE.student);

  /** The caller's own week (teachers' and students' alike), with today's lessons when running. */
  const weekOf = async (request: FastifyRequest<{ Body: ScheduleBody }>) => {
    const user = sessionUser(request);
    const body = request.body;
    assertSelf(user, { id: body.id });
    const owner = await scheduleOwnerOf(access, user);
    if (!owner) throw new ApiError(403, MESSAGES.forbidden);
    const week = await schedule.week(request.lang, owner, body.year, body.ws);
    // Today is the server's (the university's time zone), whatever the device's clock says.
    const date = localDate(settings.clock(), settings.utcOffsetMinutes);
    const today = todaysLessons(week.days, body, date);
    // Rooms booked for the teacher or the group from today on: they change the version too.
    const bookings = await schedule.bookings(request.lang, owner, body.year, body.ws, date);
    // The online lessons from today on (their state: open, over, cancelled).
    const webinars = await schedule.webinars(
      request.lang,
      owner,
      { yearId: body.year, ws: body.ws, from: date },
      { now: settings.clock(), utcOffsetMinutes: settings.utcOffsetMinutes },
    );
    const version =
      bookings.length === 0 && webinars.length === 0
        ? week.version
        : versionWith(week.version, bookings, webinars);
    const changed = body.version !== version;
    return ok({
      version,
      bookings: changed ? bookings : [],
      webinars: changed ? webinars : [],
      changed,
      days: changed ? week.days : [],
      today: { date, day_number: dayNumberOf(date), lessons: today },
    });
  };

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.teacherWeek),
    onRequest: teacherOnly,
    handler: weekOf,
  });
  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.studentWeek),
    onRequest: studentOnly,
    handler: weekOf,
  });
};
