import { ROLE, DISCIPLINE_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currentAcademicYear } from '../../lib/calendar.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { currentTerm, termAndScope } from './current-term.js';
import { chainFor } from './rules.js';
import type { Scope } from '../../access/teaching.js';
import { assertSelf, sessionUser } from '../../access/index.js';
import {
  toDisciplineItem,
  toGroupItem,
  toSemesterItem,
  toStudentItem,
  toTeacherItem,
} from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/**
 * The discipline filter chain (spec §4): teachers walk their own assignments, students those
 * of their group. Every list holds only what the caller is assigned to.
 */
const disciplineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { academic, access } = app.repos;
  const teacherOnly = app.requireRole(ROLE.teacher);
  const studentOnly = app.requireRole(ROLE.student);

  /** The caller's scope, after checking the payload's uid is the session's. */
  const scopeOf = async (request: FastifyRequest, uid: number): Promise<Scope> => {
    const user = sessionUser(request);
    assertSelf(user, { uid });
    const scope = await access.scopeOf(user);
    if (!scope) throw new ApiError(404, MESSAGES.notFound);
    return scope;
  };

  app.route({
    ...endpointRoute(app, DISCIPLINE_ENDPOINTS.currentWs),
    handler: async (request) => ok((await currentTerm(academic, request.lang, new Date())).ws),
  });

  app.route({
    ...endpointRoute(app, DISCIPLINE_ENDPOINTS.currentYear),
    handler: async () => ok(currentAcademicYear(new Date())),
  });

  // The chain's lists, asked the same way by a teacher (their teaching) and a student (their
  // study plan): one handler per list, under each role's legacy path.
  const chainLists = [
    {
      guard: teacherOnly,
      disciplines: DISCIPLINE_ENDPOINTS.disciplines,
      semesters: DISCIPLINE_ENDPOINTS.semesters,
      groups: DISCIPLINE_ENDPOINTS.groups,
    },
    {
      guard: studentOnly,
      disciplines: DISCIPLINE_ENDPOINTS.studentDisciplines,
      semesters: DISCIPLINE_ENDPOINTS.studentSemesters,
      groups: DISCIPLINE_ENDPOINTS.studentGroups,
    },
  ];
  for (const endpoints of chainLists) {
    app.route({
      ...endpointRoute(app, endpoints.disciplines),
      onRequest: endpoints.guard,
      handler: async (request) => {
        const scope = await scopeOf(request, request.body.uid);
        const chain = chainFor(request.body, 'discipline');
        return ok((await academic.disciplines(request.lang, scope, chain)).map(toDisciplineItem));
      },
    });
    app.route({
      ...endpointRoute(app, endpoints.semesters),
      onRequest: endpoints.guard,
      handler: async (request) => {
        const scope = await scopeOf(request, request.body.uid);
        const rows = await academic.semesters(scope, chainFor(request.body, 'semester'));
        return ok(rows.map((row) => toSemesterItem(row, request.lang)));
      },
    });
    app.route({
      ...endpointRoute(app, endpoints.groups),
      onRequest: endpoints.guard,
      handler: async (request) => {
        const scope = await scopeOf(request, request.body.uid);
        const rows = await academic.groups(request.lang, scope, chainFor(request.body, 'group'));
        return ok(rows.map(toGroupItem));
      },
    });
  }

  // Only a teacher lists a group's students; only a student lists their teachers.
  app.route({
    ...endpointRoute(app, DISCIPLINE_ENDPOINTS.students),
    onRequest: teacherOnly,
    handler: async (request) => {
      const scope = await scopeOf(request, request.body.uid);
      if (scope.kind !== 'teacher') throw new ApiError(403, MESSAGES.teachersOnly);
      const chain = { ...chainFor(request.body, 'people'), id_group: request.body.id_group };
      return ok((await academic.students(scope.teacherId, chain)).map(toStudentItem));
    },
  });

  app.route({
    ...endpointRoute(app, DISCIPLINE_ENDPOINTS.teachers),
    onRequest: studentOnly,
    handler: async (request) => {
      const scope = await scopeOf(request, request.body.uid);
      const rows = await academic.teachers(request.lang, scope, chainFor(request.body, 'people'));
      return ok(rows.map(toTeacherItem));
    },
  });

  // The chain's first screen in one round trip (the chat's panes): each list as its own call
  // answers it, for the first item of the list before, as a screen choosing nothing walks it.
  // A teacher's lists are their teaching, a student's their group's; the caller is the session's.
  app.route({
    ...endpointRoute(app, DISCIPLINE_ENDPOINTS.chainStart),
    handler: async (request) => {
      const { term, scope } = await termAndScope(
        academic,
        access,
        request.lang,
        sessionUser(request),
      );
      const base = { year: term.year.id_a_year, ws: term.ws.ws };
      const disciplines = (
        await academic.disciplines(request.lang, scope, chainFor(base, 'discipline'))
      ).map(toDisciplineItem);
      const discipline = disciplines[0];
      const withDiscipline = discipline && {
        ...base,
        id_discipline: discipline.id_discipline,
        kredit: discipline.kredit,
        isSelect: discipline.isSelect,
      };
      const semesters = withDiscipline
        ? (await academic.semesters(scope, chainFor(withDiscipline, 'semester'))).map((row) =>
            toSemesterItem(row, request.lang),
          )
        : [];
      const semester = semesters[0];
      const withSemester = withDiscipline &&
        semester && { ...withDiscipline, id_semester: semester.id_semester };
      const groups = withSemester
        ? (await academic.groups(request.lang, scope, chainFor(withSemester, 'group'))).map(
            toGroupItem,
          )
        : [];
      const group = groups[0];
      const withGroup = withSemester && group && { ...withSemester, id_group: group.id_group };
      const people = withGroup ? chainFor(withGroup, 'people') : undefined;
      const students =
        people && scope.kind === 'teacher'
          ? (
              await academic.students(scope.teacherId, { ...people, id_group: group!.id_group })
            ).map(toStudentItem)
          : [];
      const teachers =
        people && scope.kind === 'student'
          ? (await academic.teachers(request.lang, scope, people)).map(toTeacherItem)
          : [];
      return ok({ ...term, disciplines, semesters, groups, students, teachers });
    },
  });
};

export default disciplineRoutes;
