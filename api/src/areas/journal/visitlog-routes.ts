import {
  ROLE,
  VISITLOG_ENDPOINTS,
  type JournalExportQuery,
  type JournalKey,
  type StudentJournalBody,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { termAndScope } from '../discipline/index.js';
import { attachmentDisposition } from '../../lib/download.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { sessionUser } from '../../access/index.js';
import { exportName, journalCsv, journalXlsx } from './export.js';
import { dateRefusal } from './journal-rules.js';
import { refusal, refuseIf, type VisitlogAccess } from './visitlog-access.js';
import { endpointRoute } from '../../lib/endpoints.js';

export interface VisitlogOptions {
  /** Attendance below this percent is flagged in the grid. */
  attendanceThreshold: number;
}

export interface VisitlogRouteOptions extends VisitlogOptions {
  /** Who may read and write which journal and lesson. */
  guard: VisitlogAccess;
}

/**
 * The visit log (spec §7): the teacher's choice chain, the journal grid, topics, the student's
 * own journal and the exports here; the writes in visitlog-write-routes.ts (registered beside it
 * by the area). Identity comes from the session; who reads and writes which journal is
 * visitlog-access.ts.
 */
const visitlogRoutes: FastifyPluginAsyncTypebox<VisitlogRouteOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { journal, access, academic } = app.repos;
  const { guard } = options;
  const teacherOnly = app.requireRole(ROLE.teacher);
  const studentOnly = app.requireRole(ROLE.student);

  // ---- Reference lists (any signed-in user) ----

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.educationForms),
    handler: async (request) => ok(await journal.educationForms(request.lang)),
  });
  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.lessonTimes),
    handler: async (request) => ok(await journal.lessonTimes(request.lang)),
  });
  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.assessments),
    handler: async (request) => ok(await journal.assessments(request.lang)),
  });

  // ---- The teacher's choice chain ----

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.disciplines),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const { year, ws } = request.body;
      return ok(
        await academic.disciplines(
          request.lang,
          { kind: 'teacher', teacherId: user.id },
          { year, ws },
        ),
      );
    },
  });
  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.groups),
    onRequest: teacherOnly,
    handler: async (request) => {
      const { year, ws, id_discipline } = request.body;
      return ok(
        await journal.groups(request.lang, sessionUser(request).id, year, ws, id_discipline),
      );
    },
  });
  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.lessonTypes),
    onRequest: teacherOnly,
    handler: async (request) =>
      ok(
        await journal.lessonTypes(
          request.lang,
          sessionUser(request).id,
          journal.teachingOf(request.body),
        ),
      ),
  });
  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.modules),
    onRequest: teacherOnly,
    handler: async (request) => {
      const { year, ws, id_discipline } = request.body;
      const teaches = await journal.teachesDiscipline(
        sessionUser(request).id,
        year,
        ws,
        id_discipline,
      );
      if (!teaches) throw new ApiError(403, MESSAGES.forbidden);
      return ok(await journal.modules(request.lang, id_discipline));
    },
  });

  // ---- Lists ----

  for (const endpoint of [VISITLOG_ENDPOINTS.students, VISITLOG_ENDPOINTS.subgroupStudents]) {
    app.route({
      ...endpointRoute(app, endpoint),
      onRequest: teacherOnly,
      handler: async (request) => {
        await guard.canRead(sessionUser(request), request.body);
        return ok(await journal.students(request.body));
      },
    });
  }
  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.lessonList),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      await guard.canRead(user, request.body);
      refuseIf(dateRefusal(request.body.date));
      const lessonId = await journal.lessonIdAt(user.id, request.body);
      return ok(lessonId === undefined ? [] : await journal.lessonList(lessonId));
    },
  });

  // ---- The grid ----

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.journal),
    onRequest: teacherOnly,
    handler: async (request, reply) => {
      const user = sessionUser(request);
      await guard.canRead(user, request.body);
      const grid = await journal.grid(request.body, user.id);
      // The grid is built to the schema field by field; the schema serializer's pattern
      // properties (the marks of 30 × 60 cells) cost more than the query, so plain JSON is sent.
      reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
      return ok({ ...grid, threshold: options.attendanceThreshold });
    },
  });

  /** The student's own journal of a discipline they study (getjournalforstudent, studentstart). */
  const studentJournalOf = async (lang: Language, studentId: number, body: StudentJournalBody) => {
    const placement = await access.placementOf(studentId);
    if (!placement) throw new ApiError(403, MESSAGES.forbidden);
    const teaching = {
      disciplineId: body.id_discipline,
      groupId: placement.groupId,
      yearId: body.year,
      ws: body.ws,
    };
    if (!(await access.studiesIn(studentId, teaching))) {
      throw new ApiError(403, MESSAGES.forbidden);
    }
    return journal.studentJournal(lang, studentId, teaching);
  };

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.studentJournal),
    onRequest: studentOnly,
    handler: async (request) =>
      ok(await studentJournalOf(request.lang, sessionUser(request).id, request.body)),
  });

  // The student's first screen in one round trip: the current year and ws, the disciplines of
  // that semester and the first one's journal, each as its own call answers it.
  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.studentStart),
    onRequest: studentOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const { term, scope } = await termAndScope(academic, access, request.lang, user);
      const semester = { year: term.year.id_a_year, ws: term.ws.ws };
      const disciplines = await academic.disciplines(request.lang, scope, semester);
      const first = disciplines[0];
      const firstJournal = first
        ? await studentJournalOf(request.lang, user.id, {
            ...semester,
            id_discipline: first.id_discipline,
          })
        : null;
      return ok({ ...term, disciplines, journal: firstJournal });
    },
  });

  // ---- Topics ----

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.topic),
    onRequest: teacherOnly,
    handler: async (request) => {
      await guard.readableLesson(sessionUser(request), request.body.id_lesson);
      const topic = await journal.topic(request.body.id_lesson);
      if (!topic) throw refusal('lessonMissing', 404);
      return ok(topic);
    },
  });

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.topicReport),
    onRequest: teacherOnly,
    handler: async (request) => {
      await guard.canRead(sessionUser(request), request.body);
      return ok(await journal.topicReport(request.lang, request.body));
    },
  });

  // ---- Exports ----

  const exportSheet = async (request: FastifyRequest<{ Querystring: JournalExportQuery }>) => {
    const query = request.query;
    const key: JournalKey = {
      year: Number(query.year),
      ws: Number(query.ws) as 1 | 2 | 3,
      id_discipline: Number(query.id_discipline),
      id_group: Number(query.id_group),
      id_subgroup: query.id_subgroup === undefined ? null : Number(query.id_subgroup),
      id_vid_zaniatiy: Number(query.id_vid_zaniatiy),
    };
    const user = sessionUser(request);
    await guard.canRead(user, key);
    const [grid, names] = await Promise.all([
      journal.grid(key, user.id),
      journal.journalNames(request.lang, key),
    ]);
    return { ...grid, names, lang: request.lang };
  };

  const send = (reply: FastifyReply, name: string, mediaType: string, bytes: Buffer) =>
    reply
      .header('Content-Type', mediaType)
      .header('Content-Disposition', attachmentDisposition(name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(bytes);

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.exportCsv),
    onRequest: teacherOnly,
    handler: async (request, reply) => {
      const sheet = await exportSheet(request);
      return send(reply, `${exportName(sheet)}.csv`, 'text/csv; charset=utf-8', journalCsv(sheet));
    },
  });

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.exportXlsx),
    onRequest: teacherOnly,
    handler: async (request, reply) => {
      const sheet = await exportSheet(request);
      return send(
        reply,
        `${exportName(sheet)}.xlsx`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        await journalXlsx(sheet),
      );
    },
  });
};

export default visitlogRoutes;
