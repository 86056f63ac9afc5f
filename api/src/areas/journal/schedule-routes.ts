import {
  Envelope,
  QrBody,
  QrEventsQuery,
  QrManualMarkBody,
  QrPayload,
  QrSwitchBody,
  QrSwitchResponse,
  ROLE,
  ScheduleBody,
  ScheduleResponse,
  VisitSmsResponse,
} from '@lms/shared/contract';
import { VISITLOG_NOTICES } from './visitlog-messages.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { assertSelf, sessionUser } from '../../access/index.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { openEventStream } from '../../lib/sse.js';
import { codeFor, dayNumberOf, localDate, localTime, stepOf, tokenFor } from './clock.js';
import { inLessonGroup } from './lesson-access.js';
import { LESSON_REFUSAL_MESSAGES, SCHEDULE_MESSAGES } from './messages.js';
import { teacherLessons, PREFIXES, type ScheduleRouteOptions } from './qr-lessons.js';
import { lessonWindow, openingRefusal } from './qr-rules.js';
import { todaysLessons } from './schedule-rules.js';
import { scheduleCalendarRoutes } from './schedule-calendar-routes.js';
import { scheduleOwnerOf } from './schedule-owner.js';

/** The scan screen; what it needs goes in the fragment (never sent to a server, never logged). */
export const SCAN_PATH = '/lms/schedule/scan';
/** The address in the QR (qr/scan): it turns a fresh token into a claim, then opens SCAN_PATH. */
const SCAN_API_PATH = `${PREFIXES.qr}/scan`;

/** schedule/*: the weeks, today's QR of a lesson, hand marks, live check-ins and calendars. */
export const scheduleRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const { schedule, access } = app.repos;
  const lessons = teacherLessons(app);
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
    const changed = body.version !== week.version;
    // Today is the server's (the university's time zone), whatever the device's clock says.
    const date = localDate(settings.clock(), settings.utcOffsetMinutes);
    const today = todaysLessons(week.days, body, date);
    return ok({
      version: week.version,
      changed,
      days: changed ? week.days : [],
      today: { date, day_number: dayNumberOf(date), lessons: today },
    });
  };

  const weekSchema = { body: ScheduleBody, response: { 200: Envelope(ScheduleResponse) } };
  app.post('/teacher.json', { onRequest: teacherOnly, schema: weekSchema }, weekOf);
  app.post('/student.json', { onRequest: studentOnly, schema: weekSchema }, weekOf);

  app.post(
    '/qr.json',
    {
      onRequest: teacherOnly,
      schema: { body: QrBody, response: { 200: Envelope(QrPayload) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const slot = await lessons.ownSlot(request.lang, user, request.body.idShed);
      const now = settings.clock();
      const date = localDate(now, settings.utcOffsetMinutes);
      const refused = openingRefusal(slot, date);
      if (refused) throw new ApiError(409, LESSON_REFUSAL_MESSAGES[refused]);
      const session = await schedule.openSession(slot, date, user.uid, now);
      const step = stepOf(now, settings.rotateMs);
      const token = tokenFor(session.id, session.secret, step);
      const window = lessonWindow(slot, session.date, settings);
      const list = await lessons.checkInsOf(slot, session);
      return ok({
        audid: slot.roomId,
        auditoryName: slot.roomName,
        xGps: slot.latitude,
        yGps: slot.longitude,
        yearid: slot.yearId,
        wsid: slot.ws as 1 | 2 | 3,
        uid: user.uid,
        gid: slot.groupId,
        id: slot.id,
        specid: slot.specialityId,
        role: ROLE.teacher,
        timeid: slot.timeId,
        teacherid: slot.teacherId,
        semid: Math.min(12, Math.max(1, slot.studySemester)),
        daynum: slot.dayNumber,
        isSelect: slot.isElective ? 1 : 0,
        sidFaculty: slot.facultyId,
        id_qr: session.id,
        id_lesson: session.journalLessonId,
        date,
        token,
        code: codeFor(session.id, session.secret, step),
        url: `${SCAN_API_PATH}?t=${encodeURIComponent(token)}&s=${slot.id}&a=${slot.roomId}`,
        serverTime: now,
        rotatesAt: (step + 1) * settings.rotateMs,
        rotateMs: settings.rotateMs,
        windowStart: window.start,
        windowEnd: window.end,
        windowFrom: localTime(window.start, settings.utcOffsetMinutes),
        windowTo: localTime(window.end, settings.utcOffsetMinutes),
        radius: slot.radiusM,
        open: session.open,
        checkedIn: list.checkedIn,
        expected: list.expected,
      });
    },
  );

  app.post(
    '/qr/switch.json',
    {
      onRequest: teacherOnly,
      schema: { body: QrSwitchBody, response: { 200: Envelope(QrSwitchResponse) } },
    },
    async (request) => {
      const { session } = await lessons.ownSession(
        request.lang,
        sessionUser(request),
        request.body.id_qr,
      );
      await schedule.setOpen(session.id, request.body.open, settings.clock());
      return ok({ open: request.body.open });
    },
  );

  app.post(
    '/qr/mark.json',
    {
      onRequest: teacherOnly,
      schema: { body: QrManualMarkBody, response: { 200: Envelope(VisitSmsResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const { session, slot } = await lessons.ownSession(request.lang, user, request.body.id_qr);
      if (!inLessonGroup(await access.placementOf(request.body.id_student), slot)) {
        throw new ApiError(400, SCHEDULE_MESSAGES.studentNotInLesson);
      }
      await schedule.markByHand(session, request.body.id_student, request.body.present, user.uid);
      await app.visitEvents.publish({
        id_qr: session.id,
        id_student: request.body.id_student,
        source: 'manual',
        present: request.body.present,
      });
      return ok({ sms: VISITLOG_NOTICES.saved[request.lang] });
    },
  );

  app.get(
    '/qr/events',
    { onRequest: teacherOnly, schema: { querystring: QrEventsQuery } },
    async (request, reply) => {
      const { session } = await lessons.ownSession(
        request.lang,
        sessionUser(request),
        Number(request.query.id_qr),
      );
      const stream = openEventStream(request, reply);
      stream.onEnd(
        app.visitEvents.subscribe((event) => {
          if (event.id_qr === session.id) stream.send('visit', event);
        }),
      );
    },
  );

  const { schedule: scheduleOptions, secureCookies, passkeys } = options;
  await app.register(scheduleCalendarRoutes, {
    schedule: scheduleOptions,
    secureCookies,
    passkeys,
  });
};
