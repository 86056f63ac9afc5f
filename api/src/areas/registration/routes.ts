import {
  ByTypeActionBody,
  ByTypeDeleteBody,
  ByTypeStreamsBody,
  ByTypeTeachersBody,
  ByTypeTeachersResponse,
  DeleteRegistrationBody,
  EmptyBody,
  Envelope,
  OptionalDisciplinesResponse,
  OptionalPermissionResponse,
  RegListBody,
  RegListResponse,
  RegSemestersBody,
  RegSemestersResponse,
  RegSmsResponse,
  RegStartResponse,
  RegStreamsBody,
  RegStreamsResponse,
  RegTeachersBody,
  RegTeachersResponse,
  RegYear,
  RegYearsResponse,
  ROLE,
  SaveRegistrationBody,
  WAITLIST_DECLINE_MS,
  SaveRegistrationResponse,
  StreamStudentsBody,
  StreamStudentsQuery,
  StreamStudentsResponse,
  TeacherStreamsBody,
  TeacherStreamsResponse,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  assertSelf,
  hiddenRecord,
  isRegistrar,
  ownRecord,
  sessionUser,
} from '../../access/index.js';
import { currentAcademicYear } from '../../lib/calendar.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ok } from '../../lib/http.js';
import { NOTICES, refusalText } from './messages.js';
import {
  electivesRefusal,
  planRefusal,
  semesterCredits,
  type Kind,
  type StudentPlace,
  type Term,
} from './rules.js';
import { createRegistrationService, refused, type RegistrationServiceOptions } from './service.js';
import { streamStudentsCsv } from './students-csv.js';
import { waitlistRoutes } from './waitlist-routes.js';
import { createWaitlistService } from './waitlist-service.js';
import { toRegWindow } from './wire.js';

/** The spec's legacy URL prefix of registration. */
export const PREFIXES = { registration: '/lms/api/regfordisciplines' } as const;

export type RegistrationOptions = RegistrationServiceOptions & {
  /** The server's clock (epoch ms): the schedule's, so demos and tests can place "now". */
  clock?: () => number;
  /** How long a student promoted from a waiting list may decline the seat (ms). */
  declineMs?: number;
  heartbeatMs?: number;
};

const termOf = (body: { id_a_year: number; id_semester: number }): Term => ({
  yearId: body.id_a_year,
  ws: body.id_semester,
});

/** The routes of one kind of plan discipline: the mandatory chain and the elective one. */
const CHOICE_ROUTES: Record<Kind, { teachers: string; streams: string }> = {
  mandatory: { teachers: '/getteachersforregel.json', streams: '/getsubgroupsforregel.json' },
  elective: { teachers: '/optional/teachers.json', streams: '/optional/subgroups.json' },
};

/**
 * Discipline registration (spec §7 "Registration"). Students register themselves (identity from
 * the session; a uid in a body must be theirs); teachers read who registered for their streams.
 * The writes' rules and transactions are the service's (service.ts, rules.ts); every refusal
 * carries its reason in the user's language (messages.ts).
 */
const registrationRoutes: FastifyPluginAsyncTypebox<RegistrationOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { registration, academic } = app.repos;
  const clock = options.clock ?? Date.now;
  const declineMs = options.declineMs ?? WAITLIST_DECLINE_MS;
  const waitlistService = createWaitlistService(
    app.db.kysely,
    { creditLimit: options.creditLimit, declineMs },
    (event) =>
      void app.registrationEvents
        .publish(event)
        .catch((error: unknown) => app.log.warn({ err: error }, 'waitlist event not published')),
    clock,
  );
  const service = createRegistrationService(app.db.kysely, options, waitlistService.promote);
  const studentOnly = app.requireRole(ROLE.student);
  const teacherOnly = app.requireRole(ROLE.teacher);

  /** The signed-in student's place (403 for a uid that is not theirs). */
  const studentOf = async (user: SessionUser, uid: number | undefined) => {
    assertSelf(user, { uid });
    const place = await registration.studentPlace(user.id);
    if (!place) throw hiddenRecord();
    return place;
  };

  /** The signed-in student and their own registration (another's and a missing one alike). */
  const ownRegistration = async (
    request: FastifyRequest,
    body: { uid?: number; id_disciplineForStudent: number },
  ) => {
    const user = sessionUser(request);
    const student = await studentOf(user, body.uid);
    const found = ownRecord(
      user,
      await registration.registration(body.id_disciplineForStudent),
      (row) => row.studentId,
    );
    return { student, found };
  };

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

  const waitlistParts = waitlistRoutes(app, {
    ownStream,
    service: waitlistService,
    studentOf,
    clock,
    declineMs,
    ...options,
  });

  /** getreglist's answer: registrations, mandatory plan, the semester's credits and window. */
  const regList = async (lang: Language, student: StudentPlace, term: Term) => {
    const [items, plan, load, window] = await Promise.all([
      registration.list(lang, student.studentId, term),
      registration.plan(lang, student, term, 0),
      registration.semesterLoad(student, term),
      registration.window(student, term),
    ]);
    return {
      items,
      plan,
      // The semester's whole load, the number the credit limit is checked against.
      kredits: semesterCredits(load),
      kreditLimit: options.creditLimit,
      window: toRegWindow(window, clock()),
    };
  };

  /** May the student choose electives this term (optional/permission), and the electives. */
  const electivesOf = async (lang: Language, student: StudentPlace, term: Term) => {
    const [window, electives] = await Promise.all([
      registration.window(student, term),
      registration.plan(lang, student, term, 1),
    ]);
    const refusal = electivesRefusal(electives.length, window, clock());
    return refusal
      ? { permission: { allowed: false, reason: refusalText(refusal)[lang] }, electives: null }
      : { permission: { allowed: true, reason: null }, electives };
  };

  // ---- The year and semester chain ----

  app.post(
    '/getdefyear.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(RegYear) } } },
    async () => ok(currentAcademicYear(new Date())),
  );
  app.get(
    '/getyears.json',
    { schema: { response: { 200: Envelope(RegYearsResponse) } } },
    async () => ok(await academic.years()),
  );
  app.post(
    '/getsemesters.json',
    { schema: { body: RegSemestersBody, response: { 200: Envelope(RegSemestersResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const who =
        user.role === ROLE.teacher
          ? { teacherId: isRegistrar(user) ? null : user.id }
          : { student: await studentOf(user, undefined) };
      return ok(await registration.semesters(request.lang, who, request.body.id_a_year));
    },
  );

  // The student's first screen in one round trip: the default year, its semesters, and the
  // first semester's list, electives and waiting lists, each as its own call answers it.
  app.post(
    '/start.json',
    {
      onRequest: studentOnly,
      schema: { body: EmptyBody, response: { 200: Envelope(RegStartResponse) } },
    },
    async (request) => {
      const lang = request.lang;
      const student = await studentOf(sessionUser(request), undefined);
      const year = currentAcademicYear(new Date());
      const [years, semesters] = await Promise.all([
        academic.years(),
        registration.semesters(lang, { student }, year.id_a_year),
      ]);
      const first = semesters[0];
      if (!first) {
        return ok({
          year,
          years,
          semesters,
          term: null,
          list: null,
          permission: null,
          electives: null,
          waitlist: null,
        });
      }
      const term = { id_a_year: year.id_a_year, id_semester: first.id_semester };
      const [list, electives, waitlist] = await Promise.all([
        regList(lang, student, termOf(term)),
        electivesOf(lang, student, termOf(term)),
        waitlistParts.status(lang, student, termOf(term)),
      ]);
      return ok({ year, years, semesters, term, list, ...electives, waitlist });
    },
  );

  // ---- The student's registrations ----

  app.post(
    '/getreglist.json',
    {
      onRequest: studentOnly,
      schema: { body: RegListBody, response: { 200: Envelope(RegListResponse) } },
    },
    async (request) => {
      const student = await studentOf(sessionUser(request), request.body.uid);
      return ok(await regList(request.lang, student, termOf(request.body)));
    },
  );

  // Teachers and streams of a plan discipline, one chain per kind.
  for (const kind of ['mandatory', 'elective'] as const) {
    /** The student and the discipline of their plan of this kind (refused otherwise). */
    const planChoice = async (request: FastifyRequest<{ Body: RegTeachersBody }>) => {
      const student = await studentOf(sessionUser(request), undefined);
      const term = termOf(request.body);
      const entry = await registration.planEntry(
        request.lang,
        student,
        term,
        request.body.id_discipline,
      );
      const refusal = planRefusal(entry, kind);
      if (refusal) throw refused(refusal);
      return { student, term };
    };
    app.post(
      CHOICE_ROUTES[kind].teachers,
      {
        onRequest: studentOnly,
        schema: { body: RegTeachersBody, response: { 200: Envelope(RegTeachersResponse) } },
      },
      async (request) => {
        const { student, term } = await planChoice(request);
        return ok(await registration.teachers(student, term, request.body.id_discipline));
      },
    );
    app.post(
      CHOICE_ROUTES[kind].streams,
      {
        onRequest: studentOnly,
        schema: { body: RegStreamsBody, response: { 200: Envelope(RegStreamsResponse) } },
      },
      async (request) => {
        const { student, term } = await planChoice(request);
        return ok(
          await registration.streams(request.lang, student, term, {
            disciplineId: request.body.id_discipline,
            teacherId: request.body.id_teacher,
          }),
        );
      },
    );
  }

  app.post(
    '/saveregistration.json',
    {
      onRequest: studentOnly,
      schema: { body: SaveRegistrationBody, response: { 200: Envelope(SaveRegistrationResponse) } },
    },
    async (request) => {
      const body = request.body;
      const student = await studentOf(sessionUser(request), body.uid);
      const id = await service.save(
        request.lang,
        student,
        termOf(body),
        { disciplineId: body.id_discipline, teacherId: body.id_teacher, streamId: body.subgroup },
        clock(),
      );
      return ok({ id_disciplineForStudent: id, sms: NOTICES.saved[request.lang] });
    },
  );

  app.post(
    '/deleteregistration.json',
    {
      onRequest: studentOnly,
      schema: { body: DeleteRegistrationBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      await service.leave(student, found, undefined, clock());
      return ok({ sms: NOTICES.deleted[request.lang] });
    },
  );

  // ---- Electives ----

  app.post(
    '/optional/permission.json',
    {
      onRequest: studentOnly,
      schema: { body: RegListBody, response: { 200: Envelope(OptionalPermissionResponse) } },
    },
    async (request) => {
      const student = await studentOf(sessionUser(request), request.body.uid);
      return ok((await electivesOf(request.lang, student, termOf(request.body))).permission);
    },
  );
  app.post(
    '/optional/disciplines.json',
    {
      onRequest: studentOnly,
      schema: { body: RegListBody, response: { 200: Envelope(OptionalDisciplinesResponse) } },
    },
    async (request) => {
      const student = await studentOf(sessionUser(request), request.body.uid);
      return ok(await registration.plan(request.lang, student, termOf(request.body), 1));
    },
  );

  // ---- By lesson type ----

  app.post(
    '/bytype/teacher.json',
    {
      onRequest: studentOnly,
      schema: { body: ByTypeTeachersBody, response: { 200: Envelope(ByTypeTeachersResponse) } },
    },
    async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      return ok(await registration.byTypeTeachers(request.lang, student, found));
    },
  );
  app.post(
    '/bytype/subgroups.json',
    {
      onRequest: studentOnly,
      schema: { body: ByTypeStreamsBody, response: { 200: Envelope(RegStreamsResponse) } },
    },
    async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      return ok(
        await registration.streams(request.lang, student, found, {
          disciplineId: found.disciplineId,
          teacherId: request.body.id_teacher,
          lessonTypeId: request.body.id_vid_zaniatiy,
        }),
      );
    },
  );
  app.post(
    '/bytype/actionegistration.json',
    {
      onRequest: studentOnly,
      schema: { body: ByTypeActionBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      const changed = await service.attend(
        request.lang,
        student,
        found,
        request.body.subgroup,
        clock(),
      );
      const notice = changed ? NOTICES.attended : NOTICES.alreadyAttended;
      return ok({ sms: notice[request.lang] });
    },
  );
  app.post(
    '/bytype/deleteregistration.json',
    {
      onRequest: studentOnly,
      schema: { body: ByTypeDeleteBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      await service.leave(student, found, request.body.id_vid_zaniatiy, clock());
      return ok({ sms: NOTICES.left[request.lang] });
    },
  );

  // ---- The teacher: who registered for their streams ----

  app.post(
    '/teacher/streams.json',
    {
      onRequest: teacherOnly,
      schema: { body: TeacherStreamsBody, response: { 200: Envelope(TeacherStreamsResponse) } },
    },
    async (request) =>
      ok(
        await registration.teacherStreams(
          request.lang,
          isRegistrar(sessionUser(request)) ? null : sessionUser(request).id,
          termOf(request.body),
        ),
      ),
  );

  app.post(
    '/teacher/students.json',
    {
      onRequest: teacherOnly,
      schema: { body: StreamStudentsBody, response: { 200: Envelope(StreamStudentsResponse) } },
    },
    async (request) => {
      await ownStream(request, request.body.subgroup);
      return ok(await registration.streamStudents(request.lang, request.body.subgroup));
    },
  );
  app.get(
    '/teacher/students.csv',
    { onRequest: teacherOnly, schema: { querystring: StreamStudentsQuery } },
    async (request, reply) => {
      const streamId = Number(request.query.subgroup);
      const stream = await ownStream(request, streamId);
      const students = await registration.streamStudents(request.lang, streamId);
      const file = streamStudentsCsv(request.lang, stream, students);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', file.disposition)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};

export default registrationRoutes;
