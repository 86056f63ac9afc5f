import { QrEventsQuery, SCHEDULE_ENDPOINTS, ROLE } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, ok } from '../../lib/http.js';
import { fill } from '../../lib/messages.js';
import { openEventStream } from '../../lib/sse.js';
import { inLessonGroup, VISITLOG_NOTICES } from '../journal/index.js';
import {
  lessonsOfToday,
  localDate,
  localTime,
  semesterOf,
  type ScheduleOptions,
} from '../schedule/index.js';
import { LESSON_REFUSAL_MESSAGES, LESSON_WINDOW_TEMPLATES, QR_MESSAGES } from './messages.js';
import { SCAN_API_PATH } from './paths.js';
import { codeFor, stepOf, tokenFor } from './proofs.js';
import { lessonWindow, openingRefusal, windowRefusal } from './rules.js';
import type { TeacherLessons } from './teacher-lessons.js';

export interface QrLessonRouteOptions {
  /** The QR's settings: the clock, the rotation, the lesson's window. */
  schedule: ScheduleOptions;
  lessons: TeacherLessons;
}

/**
 * schedule/qr*: the teacher's lessons of today with their windows, the QR of a lesson of their
 * timetable (opened today, inside its window), its switch, the hand marks and the lesson's live
 * check-ins.
 */
export const qrLessonRoutes: FastifyPluginAsyncTypebox<QrLessonRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const { qr, access, schedule } = app.repos;
  const { lessons, schedule: settings } = options;
  const teacherOnly = app.requireRole(ROLE.teacher);
  const timeOf = (instant: number) => localTime(instant, settings.utcOffsetMinutes);

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrToday),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const now = settings.clock();
      const date = localDate(now, settings.utcOffsetMinutes);
      const { yearId, ws } = semesterOf(date);
      const owner = { kind: 'teacher', teacherId: user.id } as const;
      const { days } = await schedule.week(request.lang, owner, yearId, ws);
      const lessons = lessonsOfToday(days, { year: yearId, ws }, date).map((lesson) => {
        const window = lessonWindow(lesson, date, settings);
        return {
          idShed: lesson.idShed,
          discipline: lesson.discipline,
          lessonType: lesson.lessonType,
          group: lesson.group,
          subgroup: lesson.subgroup,
          auditoryName: lesson.auditoryName,
          windowStart: window.start,
          windowEnd: window.end,
          windowFrom: timeOf(window.start),
          windowTo: timeOf(window.end),
        };
      });
      return ok({ now, date, lessons });
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qr),
    config: { answers: { 409: 'The lesson is not today.' } },
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const slot = await lessons.ownSlot(request.lang, user, request.body.idShed);
      const now = settings.clock();
      const date = localDate(now, settings.utcOffsetMinutes);
      const refused = openingRefusal(slot, date);
      if (refused) throw new ApiError(409, LESSON_REFUSAL_MESSAGES[refused]);
      // Today's lesson, but its QR only inside its window: no code for a lesson hours away.
      const window = lessonWindow(slot, date, settings);
      const outside = windowRefusal(window, now);
      if (outside) {
        const times = { from: timeOf(window.start), to: timeOf(window.end) };
        throw new ApiError(409, fill(LESSON_WINDOW_TEMPLATES[outside], times));
      }
      const session = await lessons.openSession(slot, date, user.uid, now);
      const step = stepOf(now, settings.rotateMs);
      const token = tokenFor(session.id, session.secret, step);
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
        windowFrom: timeOf(window.start),
        windowTo: timeOf(window.end),
        radius: slot.radiusM,
        open: session.open,
        checkedIn: list.checkedIn,
        expected: list.expected,
      });
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrSwitch),
    onRequest: teacherOnly,
    handler: async (request) => {
      const { session } = await lessons.ownSession(
        request.lang,
        sessionUser(request),
        request.body.id_qr,
      );
      await qr.setOpen(session.id, request.body.open, settings.clock());
      return ok({ open: request.body.open });
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrMark),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const { session, slot } = await lessons.ownSession(request.lang, user, request.body.id_qr);
      if (!inLessonGroup(await access.placementOf(request.body.id_student), slot)) {
        throw new ApiError(400, QR_MESSAGES.studentNotInLesson);
      }
      await qr.markByHand(
        actorOf(request),
        session,
        request.body.id_student,
        request.body.present,
        user.uid,
      );
      await app.visitEvents.publish({
        id_qr: session.id,
        id_student: request.body.id_student,
        source: 'manual',
        present: request.body.present,
      });
      return ok({ sms: VISITLOG_NOTICES.saved[request.lang] });
    },
  });

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
};
