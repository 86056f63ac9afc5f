import { CellConflict, Envelope, ROLE, VISITLOG_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, assertSelf, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import { dateRefusal } from './journal-rules.js';
import { CellConflictError, type JournalService } from './journal-service.js';
import { refusal, refuseIf, type VisitlogAccess } from './visitlog-access.js';
import { VISITLOG_MESSAGES, VISITLOG_NOTICES } from './visitlog-messages.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** A cell write refused for a stale version: 409 with what the cell holds now. */
function cellConflict(
  request: FastifyRequest,
  reply: FastifyReply,
  cell: { id_lesson?: number; id_student: number },
  error: CellConflictError,
) {
  return reply.code(409).send({
    result: true,
    error: VISITLOG_MESSAGES.cellChanged[request.lang],
    data: { ...cell, ...error.current },
  });
}

export interface VisitlogWriteOptions {
  /** Who may write which journal and lesson. */
  guard: VisitlogAccess;
  /** The journal's multi-step writes (and the announcement of a written mark). */
  service: JournalService;
}

/**
 * The visit log's writes (spec §7): a lesson's list, its cells, its deletion and its topic. Each
 * multi-step write runs in one transaction in the journal service.
 */
export const visitlogWriteRoutes: FastifyPluginAsyncTypebox<VisitlogWriteOptions> = async (
  app,
  { guard, service },
) => {
  app.addHook('onRequest', app.requireUser);
  const { journal } = app.repos;
  const teacherOnly = app.requireRole(ROLE.teacher);

  /** A cell write's route: its descriptor's, and the 409 of a stale version (cellConflict). */
  const cellWrite = <R extends { schema: { response: object } }>(route: R) => ({
    ...route,
    schema: {
      ...route.schema,
      response: { ...route.schema.response, 409: Envelope(CellConflict) },
    },
  });

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.insertAll),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      await guard.canWrite(user, request.body);
      await guard.checkLessonKey(request.body);
      const id = await service.insertAll(actorOf(request), user.id, request.body, user.uid);
      return ok({ sms: VISITLOG_NOTICES.listCreated[request.lang], id_lesson: id });
    },
  });

  app.route({
    ...cellWrite(endpointRoute(app, VISITLOG_ENDPOINTS.updateVisit)),
    onRequest: teacherOnly,
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const { id_lesson, id_student, otsenka, version: basedOn } = request.body;
      const lesson = await guard.writableLesson(sessionUser(request), id_lesson);
      await guard.checkMark(otsenka);
      await guard.checkStudent(id_student, lesson);
      try {
        const cell = { lessonId: id_lesson, studentId: id_student, otsenka };
        const version = await service.setMark(actorOf(request), cell, user.uid, basedOn);
        return ok({ sms: VISITLOG_NOTICES.saved[request.lang], version });
      } catch (error) {
        if (error instanceof CellConflictError) {
          return cellConflict(request, reply, { id_lesson, id_student }, error);
        }
        throw error;
      }
    },
  });

  app.route({
    ...cellWrite(endpointRoute(app, VISITLOG_ENDPOINTS.updateVisit2)),
    onRequest: teacherOnly,
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const { id_student, otsenka, version: basedOn, ...key } = request.body;
      await guard.canWrite(user, key);
      await guard.checkLessonKey(key);
      await guard.checkMark(otsenka);
      await guard.checkStudent(id_student, {
        groupId: key.id_group,
        subgroupId: key.id_subgroup ?? null,
      });
      try {
        const cell = { studentId: id_student, otsenka };
        const saved = await service.setMarkAt(
          actorOf(request),
          user.id,
          key,
          cell,
          user.uid,
          basedOn,
        );
        return ok({
          sms: VISITLOG_NOTICES.saved[request.lang],
          id_lesson: saved.lessonId,
          version: saved.version,
        });
      } catch (error) {
        if (error instanceof CellConflictError) {
          const id_lesson = await journal.lessonIdAt(user.id, key);
          return cellConflict(
            request,
            reply,
            id_lesson === undefined ? { id_student } : { id_lesson, id_student },
            error,
          );
        }
        throw error;
      }
    },
  });

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.removeStudent),
    config: { answers: { 404: 'No such student in the list.' } },
    onRequest: teacherOnly,
    handler: async (request) => {
      const { id_lesson, id_student } = request.body;
      await guard.writableLesson(sessionUser(request), id_lesson);
      const cell = { lessonId: id_lesson, studentId: id_student };
      if (!(await service.removeFromList(actorOf(request), cell))) {
        throw refusal('notOnList', 404);
      }
      return ok({ sms: VISITLOG_NOTICES.removedFromList[request.lang] });
    },
  });

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.deleteJournal),
    config: { answers: { 404: 'No such journal.' } },
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      const body = request.body;
      assertSelf(user, { id: body.id_teacher });
      const key = {
        year: body.id_year,
        ws: body.id_ws,
        id_discipline: body.id_discipline,
        id_group: body.id_groupOrPorok,
        id_subgroup: body.id_subgroup ?? null,
        id_vid_zaniatiy: body.id_vid_zaniatiy,
      };
      await guard.canWrite(user, key);
      refuseIf(dateRefusal(body.date));
      const lessonId = await journal.lessonIdAt(user.id, {
        ...key,
        id_f_educ: 1,
        id_time: body.id_time,
        date: body.date,
      });
      if (lessonId === undefined) throw refusal('lessonMissing', 404);
      const deleted = await service.deleteLesson(actorOf(request), lessonId);
      return ok({ sms: VISITLOG_NOTICES.lessonDeleted[request.lang], deleted });
    },
  });

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.deleteLesson),
    onRequest: teacherOnly,
    handler: async (request) => {
      await guard.writableLesson(sessionUser(request), request.body.id_lesson);
      const deleted = await service.deleteLesson(actorOf(request), request.body.id_lesson);
      return ok({ sms: VISITLOG_NOTICES.lessonDeleted[request.lang], deleted });
    },
  });

  app.route({
    ...endpointRoute(app, VISITLOG_ENDPOINTS.saveTopic),
    onRequest: teacherOnly,
    handler: async (request) => {
      const { id_lesson, tema, id_module } = request.body;
      const lesson = await guard.writableLesson(sessionUser(request), id_lesson);
      await guard.checkModule(id_module, lesson);
      await service.saveTopic(actorOf(request), id_lesson, tema.trim(), id_module);
      return ok({ sms: VISITLOG_NOTICES.topicSaved[request.lang] });
    },
  });
};
