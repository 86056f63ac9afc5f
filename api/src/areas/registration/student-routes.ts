import { ROLE, REGISTRATION_ENDPOINTS, type RegTeachersBody } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf, ownRecord, sessionUser } from '../../access/index.js';
import { currentAcademicYear } from '../../lib/calendar.js';
import { ok } from '../../lib/http.js';
import type { RegistrationRouteOptions } from './config.js';
import { NOTICES } from './messages.js';
import { studentOf, termOf } from './requests.js';
import { planRefusal, type Kind } from './rules.js';
import { refused } from './service.js';
import { toPlan, toSemesters, toStreams } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** The endpoints of one kind of plan discipline: the mandatory chain and the elective one. */
const CHOICE_ROUTES = {
  mandatory: {
    teachers: REGISTRATION_ENDPOINTS.mandatoryTeachers,
    streams: REGISTRATION_ENDPOINTS.mandatoryStreams,
  },
  elective: {
    teachers: REGISTRATION_ENDPOINTS.electiveTeachers,
    streams: REGISTRATION_ENDPOINTS.electiveStreams,
  },
} satisfies Record<Kind, object>;

/**
 * The student's registrations (spec §7 "Registration"): students register themselves (identity
 * from the session; a uid in a body must be theirs). The writes' rules and transactions are the
 * service's (service.ts, rules.ts); every refusal carries its reason in the user's language
 * (messages.ts).
 */
export const studentRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (
  app,
  { service, pages, clock },
) => {
  app.addHook('onRequest', app.requireUser);
  const { registration, academic } = app.repos;
  const studentOnly = app.requireRole(ROLE.student);

  /** The signed-in student and their own registration (another's and a missing one alike). */
  const ownRegistration = async (
    request: FastifyRequest,
    body: { uid?: number; id_disciplineForStudent: number },
  ) => {
    const user = sessionUser(request);
    const student = await studentOf(registration, user, body.uid);
    const found = ownRecord(
      user,
      await registration.registration(body.id_disciplineForStudent),
      (row) => row.studentId,
    );
    return { student, found };
  };

  // The student's first screen in one round trip: the default year, its semesters, and the
  // first semester's list, electives and waiting lists, each as its own call answers it.
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.start),
    onRequest: studentOnly,
    handler: async (request) => {
      const lang = request.lang;
      const student = await studentOf(registration, sessionUser(request), undefined);
      const year = currentAcademicYear(new Date());
      const [years, semesterRows] = await Promise.all([
        academic.years(),
        registration.semesters(lang, { student }, year.id_a_year),
      ]);
      const semesters = toSemesters(semesterRows);
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
        pages.regList(lang, student, termOf(term)),
        pages.electives(lang, student, termOf(term)),
        pages.waitlistStatus(lang, student, termOf(term)),
      ]);
      return ok({ year, years, semesters, term, list, ...electives, waitlist });
    },
  });

  // ---- The student's registrations ----

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.list),
    onRequest: studentOnly,
    handler: async (request) => {
      const student = await studentOf(registration, sessionUser(request), request.body.uid);
      return ok(await pages.regList(request.lang, student, termOf(request.body)));
    },
  });

  // Teachers and streams of a plan discipline, one chain per kind.
  for (const kind of ['mandatory', 'elective'] as const) {
    /** The student and the discipline of their plan of this kind (refused otherwise). */
    const planChoice = async (request: FastifyRequest<{ Body: RegTeachersBody }>) => {
      const student = await studentOf(registration, sessionUser(request), undefined);
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
    app.route({
      ...endpointRoute(app, CHOICE_ROUTES[kind].teachers),
      onRequest: studentOnly,
      handler: async (request) => {
        const { student, term } = await planChoice(request);
        return ok(await registration.teachers(student, term, request.body.id_discipline));
      },
    });
    app.route({
      ...endpointRoute(app, CHOICE_ROUTES[kind].streams),
      onRequest: studentOnly,
      handler: async (request) => {
        const { student, term } = await planChoice(request);
        const streams = await registration.streams(request.lang, student, term, {
          disciplineId: request.body.id_discipline,
          teacherId: request.body.id_teacher,
        });
        return ok(toStreams(streams));
      },
    });
  }

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.save),
    config: {
      answers: {
        409: 'The discipline is full, the registration is closed, or the choice has changed meanwhile.',
      },
    },
    onRequest: studentOnly,
    handler: async (request) => {
      const body = request.body;
      const student = await studentOf(registration, sessionUser(request), body.uid);
      const id = await service.save(
        actorOf(request),
        request.lang,
        student,
        termOf(body),
        { disciplineId: body.id_discipline, teacherId: body.id_teacher, streamId: body.subgroup },
        clock(),
      );
      return ok({ id_disciplineForStudent: id, sms: NOTICES.saved[request.lang] });
    },
  });

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.remove),
    config: {
      answers: { 409: 'The registration is closed, or the record has changed meanwhile.' },
    },
    onRequest: studentOnly,
    handler: async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      await service.leave(actorOf(request), student, found, undefined, clock());
      return ok({ sms: NOTICES.deleted[request.lang] });
    },
  });

  // ---- Electives ----

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.electivePermission),
    onRequest: studentOnly,
    handler: async (request) => {
      const student = await studentOf(registration, sessionUser(request), request.body.uid);
      return ok((await pages.electives(request.lang, student, termOf(request.body))).permission);
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.electiveDisciplines),
    onRequest: studentOnly,
    handler: async (request) => {
      const student = await studentOf(registration, sessionUser(request), request.body.uid);
      const plan = await registration.plan(request.lang, student, termOf(request.body), 1);
      return ok(plan.map(toPlan));
    },
  });

  // ---- By lesson type ----

  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.byTypeTeachers),
    onRequest: studentOnly,
    handler: async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      return ok(await registration.byTypeTeachers(request.lang, student, found));
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.byTypeStreams),
    onRequest: studentOnly,
    handler: async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      const streams = await registration.streams(request.lang, student, found, {
        disciplineId: found.disciplineId,
        teacherId: request.body.id_teacher,
        lessonTypeId: request.body.id_vid_zaniatiy,
      });
      return ok(toStreams(streams));
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.byTypeAction),
    onRequest: studentOnly,
    handler: async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      const changed = await service.attend(
        actorOf(request),
        request.lang,
        student,
        found,
        request.body.subgroup,
        clock(),
      );
      const notice = changed ? NOTICES.attended : NOTICES.alreadyAttended;
      return ok({ sms: notice[request.lang] });
    },
  });
  app.route({
    ...endpointRoute(app, REGISTRATION_ENDPOINTS.byTypeRemove),
    config: {
      answers: {
        404: 'No such registration.',
        409: 'The registration is closed, or the record has changed meanwhile.',
      },
    },
    onRequest: studentOnly,
    handler: async (request) => {
      const { student, found } = await ownRegistration(request, request.body);
      await service.leave(actorOf(request), student, found, request.body.id_vid_zaniatiy, clock());
      return ok({ sms: NOTICES.left[request.lang] });
    },
  });
};
