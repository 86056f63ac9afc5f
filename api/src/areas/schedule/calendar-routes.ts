import {
  CalendarTokenParams,
  SCHEDULE_ENDPOINTS,
  type Language,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { academicYearId, academicYearStart } from '../../lib/calendar.js';
import { attachmentDisposition } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { fill } from '../../lib/messages.js';
import { linkLanguage } from '../../lib/language.js';
import { sessionUser } from '../../access/index.js';
import { sessionUserOf } from '../auth/index.js';
import { semesterCalendar, type CalendarSemester } from './ical.js';
import { CALENDAR_TEMPLATES, SCHEDULE_MESSAGES } from './messages.js';
import { scheduleOwnerOf } from './owner.js';
import { PREFIXES } from './prefixes.js';
import type { ScheduleRouteOptions } from './settings.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** The calendar of a person's semesters, named in the language it is read in. */
const calendarOf = (
  user: Pick<SessionUser, 'fullName'>,
  lang: Language,
  semesters: CalendarSemester[],
  now: number,
  utcOffsetMinutes: number,
) =>
  semesterCalendar({
    name: fill(CALENDAR_TEMPLATES.name, { name: user.fullName })[lang],
    language: lang,
    semesters,
    now: new Date(now),
    utcOffsetMinutes,
  });

const sendCalendar = (reply: FastifyReply, body: string) =>
  reply.header('Content-Type', 'text/calendar; charset=utf-8').send(body);

/** schedule/calendar*.json and schedule/export.ics: the signed-in user's calendar. */
export const scheduleCalendarRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const { schedule, access } = app.repos;
  const settings = options.schedule;

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.calendar),
    handler: async (request) => {
      const user = sessionUser(request);
      const token = await schedule.calendarToken(user.uid, false, settings.clock());
      // The calendar app reads the feed in the language its subscriber used the portal in.
      return ok({ url: `${PREFIXES.schedule}/ical/${token}.ics?lang=${request.lang}` });
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.calendarRevoke),
    handler: async (request) => {
      await schedule.revokeCalendarToken(sessionUser(request).uid);
      return ok({ sms: SCHEDULE_MESSAGES.calendarRevoked[request.lang] });
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.export),
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const yearId = Number(request.query.year);
      const ws = Number(request.query.ws);
      const owner = await scheduleOwnerOf(access, user);
      if (!owner) throw new ApiError(403, MESSAGES.forbidden);
      const week = await schedule.week(request.lang, owner, yearId, ws);
      const bookings = await schedule.bookings(request.lang, owner, yearId, ws, '');
      const webinars = await schedule.webinars(
        request.lang,
        owner,
        { yearId, ws, from: '' },
        { now: settings.clock(), utcOffsetMinutes: settings.utcOffsetMinutes },
      );
      const body = calendarOf(
        user,
        request.lang,
        [{ yearId, ws, days: week.days, bookings, webinars }],
        settings.clock(),
        settings.utcOffsetMinutes,
      );
      reply
        .header('Content-Disposition', attachmentDisposition(`schedule-${yearId}-${ws}.ics`))
        .header('Cache-Control', 'no-store');
      return sendCalendar(reply, body);
    },
  });
};

/**
 * GET schedule/ical/<token>.ics?lang=: the subscription calendar apps poll (the token is the
 * key). The address carries the language the subscriber used when making it (calendar apps send
 * their own Accept-Language, or none); an address without it follows the app's
 * Accept-Language, else Russian.
 */
export const calendarFeedRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (
  app,
  options,
) => {
  const { schedule, users, access } = app.repos;
  app.get(
    '/ical/:token',
    {
      schema: { params: CalendarTokenParams },
      config: { answers: { 404: 'No such calendar link (or it was replaced).' } },
    },
    async (request, reply) => {
      const token = request.params.token.slice(0, -'.ics'.length);
      const uid = await schedule.userOfCalendarToken(token);
      const account = uid === undefined ? undefined : await users.findByUid(uid);
      if (!account) throw new ApiError(404, MESSAGES.notFound);
      const user = sessionUserOf(account);
      const owner = await scheduleOwnerOf(access, user);
      if (!owner) throw new ApiError(404, MESSAGES.notFound);
      const now = options.schedule.clock();
      const lang = linkLanguage(request);
      const yearId = academicYearId(academicYearStart(new Date(now)));
      // The whole academic year, so the next semester appears as soon as it is scheduled.
      const semesters: CalendarSemester[] = [];
      for (const ws of [1, 2, 3]) {
        const { days } = await schedule.week(lang, owner, yearId, ws);
        const bookings = await schedule.bookings(lang, owner, yearId, ws, '');
        const webinars = await schedule.webinars(
          lang,
          owner,
          { yearId, ws, from: '' },
          { now, utcOffsetMinutes: options.schedule.utcOffsetMinutes },
        );
        semesters.push({ yearId, ws, days, bookings, webinars });
      }
      const body = calendarOf(user, lang, semesters, now, options.schedule.utcOffsetMinutes);
      reply.header('Cache-Control', 'private, max-age=3600');
      return sendCalendar(reply, body);
    },
  );
};
