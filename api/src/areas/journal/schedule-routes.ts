import type { Language } from '../../lib/catalogue-names.js';
import { createHash, randomBytes } from 'node:crypto';
import {
  CalendarBody,
  CalendarExportQuery,
  CalendarResponse,
  CalendarTokenParams,
  EmptyBody,
  Envelope,
  QrBody,
  QrClaimBody,
  QrChallengeBody,
  QrChallengeResponse,
  QrClaimResponse,
  QrEventsQuery,
  QrManualMarkBody,
  QrPayload,
  QrScanQuery,
  QrStudentsBody,
  QrStudentsResponse,
  QrSwitchBody,
  QrSwitchResponse,
  QrTimeResponse,
  QrVisitBody,
  QrVisitResponse,
  ROLE,
  ScheduleBody,
  ScheduleResponse,
  VisitSmsResponse,
  type QrRefusal,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { academicYearId, academicYearStart } from '../../lib/calendar.js';
import { attachmentDisposition } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { openEventStream } from '../../lib/sse.js';
import type { ScheduleOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';
import type { QrSessionRecord, ScheduleOwner, SlotRecord } from './schedule-repository.js';
import {
  checkClaim,
  checkToken,
  claimFor,
  codeFor,
  codeMatches,
  dayNumberOf,
  distanceMetres,
  instantOf,
  localDate,
  localTime,
  parseToken,
  semesterOf,
  stepOf,
  tokenFor,
  weekMatches,
} from './clock.js';
import { semesterCalendar } from './ical.js';
import {
  langOf,
  LESSON_REFUSAL_MESSAGES,
  QR_REFUSAL_MESSAGES,
  SCHEDULE_MESSAGES,
  type Lang,
} from './messages.js';
import {
  checkInChallenge,
  checkInChallengeValid,
  checkInOptions,
  PASSKEY_CHALLENGE_TTL_MS,
  parseCheckInChallenge,
  passkeyHash,
  signedChallenge,
  verifyCheckIn,
  type PasskeySettings,
} from './passkeys.js';
import { assertSelf, hiddenRecord } from '../../access/index.js';

export interface ScheduleRouteOptions {
  schedule: ScheduleOptions;
  secureCookies: boolean;
  passkeys: PasskeySettings;
}

/** The device cookie: one device checks in one student per lesson (it outlives sign-out). */
export const DEVICE_COOKIE = 'lms_device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;
/** The scan screen; what it needs goes in the fragment (never sent to a server, never logged). */
const SCAN_PATH = '/lms/schedule/scan';
/** The address in the QR (qr/scan): it turns a fresh token into a claim, then opens SCAN_PATH. */
const SCAN_API_PATH = '/lms/api/qr/scan';

/** Shared by the schedule, QR and visit-log routes: the checks of a lesson and its QR session. */
function qrChecks(app: FastifyInstance, options: ScheduleRouteOptions) {
  const { schedule } = app.repos;
  const settings = options.schedule;
  const now = () => settings.clock();

  /** The teacher's own slot (another teacher's and a missing one answer alike). */
  const ownSlot = async (lng: Language, user: SessionUser, slotId: number): Promise<SlotRecord> => {
    const slot = await schedule.slot(lng, slotId);
    if (!slot || slot.teacherId !== user.id) throw hiddenRecord();
    return slot;
  };

  /** The teacher's own QR session with its slot. */
  const ownSession = async (lng: Language, user: SessionUser, sessionId: number) => {
    const session = await schedule.session(sessionId);
    if (!session) throw hiddenRecord();
    const slot = await ownSlot(lng, user, session.slotId);
    return { session, slot };
  };

  const window = (slot: SlotRecord, session: QrSessionRecord) => {
    const margin = settings.marginMinutes * 60_000;
    return {
      start: instantOf(session.date, slot.start, settings.utcOffsetMinutes) - margin,
      end: instantOf(session.date, slot.end, settings.utcOffsetMinutes) + margin,
    };
  };

  const checkInsOf = async (slot: SlotRecord, session: QrSessionRecord) => {
    const students = await schedule.checkIns(slot, session);
    return {
      id_qr: session.id,
      id_lesson: session.journalLessonId,
      open: session.open,
      checkedIn: students.filter((s) => s.marked).length,
      expected: students.length,
      students,
    };
  };

  /** The device's hash; a device without the cookie gets one now. */
  const deviceOf = (request: FastifyRequest, reply: FastifyReply): string => {
    let device = request.cookies[DEVICE_COOKIE];
    if (!device || !/^[A-Za-z0-9_-]{24,64}$/.test(device)) {
      device = randomBytes(24).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, device, {
        path: '/lms',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    }
    return createHash('sha256').update(`device:${device}`).digest('base64url');
  };

  return { now, settings, ownSlot, ownSession, window, checkInsOf, deviceOf };
}

/** schedule/*: the weeks, today's QR of a lesson, hand marks, live check-ins and calendars. */
export const scheduleRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const { schedule, access } = app.repos;
  const checks = qrChecks(app, options);
  const { settings } = checks;
  const teacherOnly = app.requireRole(ROLE.teacher);
  const studentOnly = app.requireRole(ROLE.student);

  const weekOf = async (lng: Language, owner: ScheduleOwner, body: ScheduleBody) => {
    const week = await schedule.week(lng, owner, body.year, body.ws);
    const changed = body.version !== week.version;
    // Today is the server's (the university's time zone), whatever the device's clock says.
    const date = localDate(checks.now(), settings.utcOffsetMinutes);
    const running = semesterOf(date);
    const dayNumber = dayNumberOf(date);
    const lessons =
      running.yearId === body.year && running.ws === body.ws
        ? week.days
            .filter((day) => day.day_number === dayNumber)
            .flatMap((day) => day.lessons)
            .filter((lesson) => weekMatches(lesson.week_kind, date))
            .map((lesson) => lesson.idShed)
        : [];
    return ok({
      version: week.version,
      changed,
      days: changed ? week.days : [],
      today: { date, day_number: dayNumber, lessons },
    });
  };

  const ownerOf = async (user: SessionUser): Promise<ScheduleOwner> => {
    if (user.role === ROLE.teacher) return { kind: 'teacher', teacherId: user.id };
    const placement = await access.placementOf(user.id);
    if (!placement) throw new ApiError(403, MESSAGES.forbidden);
    return {
      kind: 'student',
      studentId: user.id,
      groupId: placement.groupId,
      subgroupId: placement.subgroupId,
    };
  };

  app.post(
    '/teacher.json',
    {
      onRequest: teacherOnly,
      schema: { body: ScheduleBody, response: { 200: Envelope(ScheduleResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id });
      return weekOf(request.lang, await ownerOf(user), request.body);
    },
  );

  app.post(
    '/student.json',
    {
      onRequest: studentOnly,
      schema: { body: ScheduleBody, response: { 200: Envelope(ScheduleResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id });
      return weekOf(request.lang, await ownerOf(user), request.body);
    },
  );

  app.post(
    '/qr.json',
    {
      onRequest: teacherOnly,
      schema: { body: QrBody, response: { 200: Envelope(QrPayload) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const slot = await checks.ownSlot(request.lang, user, request.body.idShed);
      const now = checks.now();
      const date = localDate(now, settings.utcOffsetMinutes);
      // A lesson of another semester (a bookmarked one) must not open a journal lesson today.
      const running = semesterOf(date);
      if (slot.yearId !== running.yearId || slot.ws !== running.ws) {
        throw new ApiError(409, LESSON_REFUSAL_MESSAGES.notThisSemester[request.lang]);
      }
      if (dayNumberOf(date) !== slot.dayNumber || !weekMatches(slot.weekKind, date)) {
        throw new ApiError(409, LESSON_REFUSAL_MESSAGES.notToday[request.lang]);
      }
      const session = await schedule.openSession(slot, date, user.uid, now);
      const step = stepOf(now, settings.rotateMs);
      const token = tokenFor(session.id, session.secret, step);
      const window = checks.window(slot, session);
      const list = await checks.checkInsOf(slot, session);
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
      const { session } = await checks.ownSession(
        request.lang,
        sessionUser(request),
        request.body.id_qr,
      );
      await schedule.setOpen(session.id, request.body.open, checks.now());
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
      const { session, slot } = await checks.ownSession(request.lang, user, request.body.id_qr);
      const placement = await access.placementOf(request.body.id_student);
      if (
        !placement ||
        placement.groupId !== slot.groupId ||
        (slot.subgroupId !== null && placement.subgroupId !== slot.subgroupId)
      ) {
        throw new ApiError(400, SCHEDULE_MESSAGES.studentNotInLesson);
      }
      await schedule.markByHand(session, request.body.id_student, request.body.present, user.uid);
      await app.visitEvents.publish({
        id_qr: session.id,
        id_student: request.body.id_student,
        source: 'manual',
        present: request.body.present,
      });
      return ok({ sms: 'Посещаемость сохранена' });
    },
  );

  app.get(
    '/qr/events',
    { onRequest: teacherOnly, schema: { querystring: QrEventsQuery } },
    async (request, reply) => {
      const { session } = await checks.ownSession(
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

  // ---- Calendar ----

  app.post(
    '/calendar.json',
    {
      schema: { body: CalendarBody, response: { 200: Envelope(CalendarResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const token = await schedule.calendarToken(user.uid, false, checks.now());
      return ok({ url: `/lms/api/schedule/ical/${token}.ics` });
    },
  );

  app.post(
    '/calendar/revoke.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(VisitSmsResponse) } } },
    async (request) => {
      await schedule.revokeCalendarToken(sessionUser(request).uid);
      return ok({ sms: 'Ссылка на календарь отозвана' });
    },
  );

  app.get(
    '/export.ics',
    { schema: { querystring: CalendarExportQuery } },
    async (request, reply) => {
      const user = sessionUser(request);
      const yearId = Number(request.query.year);
      const ws = Number(request.query.ws);
      const week = await schedule.week(request.lang, await ownerOf(user), yearId, ws);
      const body = semesterCalendar({
        name: user.fullName,
        semesters: [{ yearId, ws, days: week.days }],
        now: new Date(checks.now()),
        utcOffsetMinutes: settings.utcOffsetMinutes,
      });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(`schedule-${yearId}-${ws}.ics`))
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
};

/** GET schedule/ical/<token>.ics: the subscription calendar apps poll (the token is the key). */
export const calendarFeedRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (
  app,
  options,
) => {
  const { schedule, users, access } = app.repos;
  app.get('/ical/:token', { schema: { params: CalendarTokenParams } }, async (request, reply) => {
    const token = request.params.token.slice(0, -'.ics'.length);
    const uid = await schedule.userOfCalendarToken(token);
    const account = uid === undefined ? undefined : await users.findByUid(uid);
    if (!account) throw new ApiError(404, MESSAGES.notFound);
    const user = account.user;
    let owner: ScheduleOwner;
    if (user.role === ROLE.teacher) owner = { kind: 'teacher', teacherId: user.id };
    else {
      const placement = await access.placementOf(user.id);
      if (!placement) throw new ApiError(404, MESSAGES.notFound);
      owner = {
        kind: 'student',
        studentId: user.id,
        groupId: placement.groupId,
        subgroupId: placement.subgroupId,
      };
    }
    const now = new Date(options.schedule.clock());
    const yearId = academicYearId(academicYearStart(now));
    // The whole academic year, so the next semester appears as soon as it is scheduled.
    const semesters = [];
    for (const ws of [1, 2, 3]) {
      semesters.push({
        yearId,
        ws,
        days: (await schedule.week(request.lang, owner, yearId, ws)).days,
      });
    }
    const body = semesterCalendar({
      name: user.fullName,
      semesters,
      now,
      utcOffsetMinutes: options.schedule.utcOffsetMinutes,
    });
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=3600')
      .send(body);
  });
};

/** qr/*: the server's clock, claims and the students' check-ins. */
export const qrRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (app, options) => {
  const { schedule, access, throttle } = app.repos;
  const checks = qrChecks(app, options);
  const { settings } = checks;

  app.get(
    '/time.json',
    { onRequest: app.requireUser, schema: { response: { 200: Envelope(QrTimeResponse) } } },
    async () => ok({ now: checks.now() }),
  );

  const refusal = (status: 400 | 403 | 409 | 429, reason: QrRefusal, lang: Lang) =>
    new ApiError(status, QR_REFUSAL_MESSAGES[reason][lang]);

  /** Trades a fresh token for a claim bound to this device (signing in may take a while). */
  app.post(
    '/claim.json',
    { schema: { body: QrClaimBody, response: { 200: Envelope(QrClaimResponse) } } },
    async (request, reply) => {
      const lang = langOf({}, request.cookies.lang);
      const parsed = parseToken(request.body.token);
      const session = parsed && (await schedule.session(parsed.sessionId));
      if (!session) throw refusal(400, 'tokenInvalid', lang);
      const now = checks.now();
      const check = checkToken(request.body.token, session.secret, stepOf(now, settings.rotateMs));
      if (check !== 'ok')
        throw refusal(400, check === 'expired' ? 'tokenExpired' : 'tokenInvalid', lang);
      const expiresAt = now + settings.claimTtlMs;
      const claim = claimFor(
        session.id,
        session.secret,
        expiresAt,
        checks.deviceOf(request, reply),
      );
      return ok({ claim, expiresAt });
    },
  );

  /** The QR's address, opened by a camera app: claim the token, then go to the scan screen. */
  app.get('/scan', { schema: { querystring: QrScanQuery } }, async (request, reply) => {
    const { t: token, s, a } = request.query;
    const parsed = parseToken(token);
    const session = parsed ? await schedule.session(parsed.sessionId) : undefined;
    const now = checks.now();
    const check = session
      ? checkToken(token, session.secret, stepOf(now, settings.rotateMs))
      : 'invalid';
    const where = new URLSearchParams();
    if (session && check === 'ok') {
      const expiresAt = now + settings.claimTtlMs;
      where.set(
        'claim',
        claimFor(session.id, session.secret, expiresAt, checks.deviceOf(request, reply)),
      );
    } else {
      where.set('error', check === 'expired' ? 'tokenExpired' : 'tokenInvalid');
    }
    if (s) where.set('s', s);
    if (a) where.set('a', a);
    return reply.header('Cache-Control', 'no-store').redirect(`${SCAN_PATH}#${where}`, 303);
  });

  /** The lesson of a proof of presence: the QR's token, a claim of it, or the typed code. */
  const provenSession = async (
    body: QrChallengeBody,
    studentId: number,
    placement: { groupId: number; subgroupId: number | null },
    deviceHash: string,
    now: number,
    lang: Lang,
    reply: FastifyReply,
  ): Promise<QrSessionRecord> => {
    const step = stepOf(now, settings.rotateMs);
    const proof = body.token ?? body.claim;
    if (proof !== undefined) {
      const parsed = parseToken(proof);
      const session = parsed ? await schedule.session(parsed.sessionId) : undefined;
      if (!session) throw refusal(400, 'tokenInvalid', lang);
      const check =
        body.token !== undefined
          ? checkToken(proof, session.secret, step)
          : checkClaim(proof, session.secret, deviceHash, now);
      if (check !== 'ok') {
        throw refusal(400, check === 'expired' ? 'tokenExpired' : 'tokenInvalid', lang);
      }
      return session;
    }
    if (body.code === undefined) throw refusal(400, 'tokenInvalid', lang);
    const today = localDate(now, settings.utcOffsetMinutes);
    const candidates = await schedule.openSessionsFor(
      placement.groupId,
      placement.subgroupId,
      today,
    );
    // Counted before it is checked, so simultaneous guesses are counted one by one.
    const wait = await throttle.typedCode(studentId, now);
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw refusal(429, 'tooManyCodes', lang);
    }
    const code = body.code;
    const session = candidates.find((s) => codeMatches(code, s.id, s.secret, step));
    if (!session) throw refusal(400, 'codeWrong', lang);
    await throttle.forgiveCode(studentId);
    return session;
  };

  /** The lesson is the student's, the one the QR named, open and running now. */
  const lessonChecks = async (
    session: QrSessionRecord,
    body: { idShed?: number; idAud?: number },
    studentId: number,
    placement: { groupId: number; subgroupId: number | null },
    now: number,
    lang: Lang,
    reqLang: Language,
  ): Promise<SlotRecord> => {
    const slot = await schedule.slot(reqLang, session.slotId);
    if (!slot) throw refusal(400, 'tokenInvalid', lang);
    if (body.idShed !== undefined && body.idShed !== slot.id) {
      throw refusal(400, 'wrongLesson', lang);
    }
    if (body.idAud !== undefined && body.idAud !== slot.roomId) {
      throw refusal(400, 'wrongRoom', lang);
    }
    if (
      placement.groupId !== slot.groupId ||
      (slot.subgroupId !== null && placement.subgroupId !== slot.subgroupId)
    ) {
      throw refusal(403, 'notInGroup', lang);
    }
    // An elective's lesson is its stream's members' only (the journal lists no one else).
    if (!(await schedule.attends({ ...placement, studentId }, slot.id))) {
      throw refusal(403, 'notInStream', lang);
    }
    if (!session.open) throw refusal(409, 'closed', lang);
    const window = checks.window(slot, session);
    if (now < window.start || now > window.end) throw refusal(409, 'outsideWindow', lang);
    return slot;
  };

  /** Who checks in, from which device, when and in which group: both steps of a check-in. */
  const checkingIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: { idStud: number; lang?: Lang },
  ) => {
    const user = sessionUser(request);
    assertSelf(user, { id: body.idStud });
    const lang = langOf(body, request.cookies.lang);
    const now = checks.now();
    const deviceHash = checks.deviceOf(request, reply);
    const placement = await access.placementOf(user.id);
    if (!placement) throw new ApiError(403, MESSAGES.forbidden);
    return { user, lang, now, deviceHash, placement };
  };

  /**
   * The first step of a check-in: the proof of presence becomes a claim of the lesson for this
   * device and, when the student has a registered phone, the challenge its passkey signs.
   */
  app.post(
    '/student/challenge.json',
    {
      onRequest: [app.requireUser, app.requireRole(ROLE.student)],
      schema: { body: QrChallengeBody, response: { 200: Envelope(QrChallengeResponse) } },
    },
    async (request, reply) => {
      const body = request.body;
      const { user, lang, now, deviceHash, placement } = await checkingIn(request, reply, body);
      const session = await provenSession(body, user.id, placement, deviceHash, now, lang, reply);
      await lessonChecks(session, body, user.id, placement, now, lang, request.lang);
      const expiresAt = now + settings.claimTtlMs;
      const claim = claimFor(session.id, session.secret, expiresAt, deviceHash);
      const registered = (await schedule.passkeysOf(user.uid)).length > 0;
      const ceremony = registered
        ? await checkInOptions(
            options.passkeys,
            checkInChallenge(session, user.uid, now + PASSKEY_CHALLENGE_TTL_MS),
          )
        : null;
      return ok({ claim, expiresAt, options: ceremony });
    },
  );

  /** The check-in: the registered phone's passkey signed the lesson's challenge, in the room. */
  app.post(
    '/student/visit.json',
    {
      onRequest: [app.requireUser, app.requireRole(ROLE.student)],
      schema: { body: QrVisitBody, response: { 200: Envelope(QrVisitResponse) } },
    },
    async (request, reply) => {
      const body = request.body;
      const { user, lang, now, deviceHash, placement } = await checkingIn(request, reply, body);

      // The challenge names the lesson and the student; the lesson's secret signed it.
      const challenge = signedChallenge(body.passkey.response.clientDataJSON);
      const named = challenge ? parseCheckInChallenge(challenge) : null;
      const session = named ? await schedule.session(named.sessionId) : undefined;
      if (!challenge || !named || !session || !checkInChallengeValid(challenge, session)) {
        throw refusal(400, 'passkeyInvalid', lang);
      }
      if (named.userId !== user.uid) throw refusal(400, 'passkeyInvalid', lang);
      if (now > named.expiresAt) throw refusal(400, 'challengeExpired', lang);
      // The phone's passkey: registered, and by this student.
      const passkey = await schedule.passkeyByCredential(body.passkey.id);
      if (!passkey) {
        throw refusal(
          403,
          (await schedule.passkeysOf(user.uid)).length > 0 ? 'passkeyUnknown' : 'passkeyMissing',
          lang,
        );
      }
      if (passkey.userId !== user.uid) throw refusal(403, 'passkeyForeign', lang);
      const counter = await verifyCheckIn(options.passkeys, body.passkey, passkey);
      if (counter === null) throw refusal(400, 'passkeyInvalid', lang);
      if (counter > passkey.counter) await schedule.passkeyCounter(passkey.id, counter);

      const slot = await lessonChecks(session, body, user.id, placement, now, lang, request.lang);
      const accuracy = body.accuracy ?? null;
      if (accuracy !== null && accuracy > settings.maxAccuracyM) {
        throw refusal(403, 'inaccurate', lang);
      }
      // The claimed accuracy widens the room only up to the cap: a phone cannot claim its way in.
      const distance = distanceMetres(body.x, body.y, slot.latitude, slot.longitude);
      const allowance = Math.min(accuracy ?? 0, settings.accuracyCapM);
      if (distance - allowance > slot.radiusM) throw refusal(403, 'outsideGeofence', lang);

      const outcome = await schedule.recordVisit({
        session,
        studentId: user.id,
        uid: user.uid,
        deviceHash,
        passkeyHash: passkeyHash(passkey.credentialId),
        latitude: body.x,
        longitude: body.y,
        accuracy,
        distanceM: distance,
        now,
      });
      if (outcome === 'deviceUsed') throw refusal(409, 'deviceUsed', lang);
      if (outcome === 'passkeyUsed') throw refusal(409, 'passkeyUsed', lang);
      if (outcome === 'marked') {
        await schedule.passkeyUsed(passkey.id, now);
        await app.visitEvents.publish({
          id_qr: session.id,
          id_student: user.id,
          source: 'qr',
          present: true,
        });
      }
      return ok({
        marked: outcome === 'marked',
        discipline: slot.discipline,
        date: session.date,
        id_time: slot.timeId as 1 | 2 | 3 | 4 | 5,
        sms: outcome === 'marked' ? SCHEDULE_MESSAGES.marked : SCHEDULE_MESSAGES.alreadyMarked,
      });
    },
  );
};

/** visitlog/getqrstudentslist.json: the QR lesson's list, who has checked in and how. */
export const qrVisitlogRoutes: FastifyPluginAsyncTypebox<ScheduleRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const checks = qrChecks(app, options);
  app.post(
    '/getqrstudentslist.json',
    {
      onRequest: app.requireRole(ROLE.teacher),
      schema: { body: QrStudentsBody, response: { 200: Envelope(QrStudentsResponse) } },
    },
    async (request) => {
      const { session, slot } = await checks.ownSession(
        request.lang,
        sessionUser(request),
        request.body.id_qr,
      );
      return ok(await checks.checkInsOf(slot, session));
    },
  );
};
