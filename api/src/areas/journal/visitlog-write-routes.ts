import {
  CellConflict,
  DeleteFromListBody,
  Envelope,
  InsertAllBody,
  JournalDeleteBody,
  JournalDeleteResponse,
  LessonIdBody,
  LessonSmsResponse,
  SaveTopicBody,
  VisitSaved2Response,
  VisitSavedResponse,
  VisitSmsResponse,
  VisitUpdate2Body,
  VisitUpdateBody,
  ROLE,
} from '@lms/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertSelf, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import { dateRefusal } from './journal-rules.js';
import { CellConflictError, type JournalService } from './journal-service.js';
import { refusal, refuseIf, type VisitlogAccess } from './visitlog-access.js';
import { VISITLOG_MESSAGES, VISITLOG_NOTICES } from './visitlog-messages.js';

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

  app.post(
    '/studentvisitinsertall.json',
    {
      onRequest: teacherOnly,
      schema: { body: InsertAllBody, response: { 200: Envelope(LessonSmsResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      await guard.canWrite(user, request.body);
      await guard.checkLessonKey(request.body);
      const id = await service.insertAll(user.id, request.body, user.uid);
      return ok({ sms: VISITLOG_NOTICES.listCreated[request.lang], id_lesson: id });
    },
  );

  app.post(
    '/studentvisitupdate.json',
    {
      onRequest: teacherOnly,
      schema: {
        body: VisitUpdateBody,
        response: { 200: Envelope(VisitSavedResponse), 409: Envelope(CellConflict) },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const { id_lesson, id_student, otsenka, version: basedOn } = request.body;
      const lesson = await guard.writableLesson(sessionUser(request), id_lesson);
      await guard.checkMark(otsenka);
      await guard.checkStudent(id_student, lesson);
      try {
        const cell = { lessonId: id_lesson, studentId: id_student, otsenka };
        const version = await service.setMark(cell, user.uid, basedOn);
        return ok({ sms: VISITLOG_NOTICES.saved[request.lang], version });
      } catch (error) {
        if (error instanceof CellConflictError) {
          return cellConflict(request, reply, { id_lesson, id_student }, error);
        }
        throw error;
      }
    },
  );

  app.post(
    '/studentvisitupdate2.json',
    {
      onRequest: teacherOnly,
      schema: {
        body: VisitUpdate2Body,
        response: { 200: Envelope(VisitSaved2Response), 409: Envelope(CellConflict) },
      },
    },
    async (request, reply) => {
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
        const saved = await service.setMarkAt(user.id, key, cell, user.uid, basedOn);
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
  );

  app.post(
    '/deletestudentfromlist.json',
    {
      onRequest: teacherOnly,
      schema: { body: DeleteFromListBody, response: { 200: Envelope(VisitSmsResponse) } },
    },
    async (request) => {
      const { id_lesson, id_student } = request.body;
      await guard.writableLesson(sessionUser(request), id_lesson);
      if (!(await journal.removeFromList({ lessonId: id_lesson, studentId: id_student }))) {
        throw refusal('notOnList', 404);
      }
      return ok({ sms: VISITLOG_NOTICES.removedFromList[request.lang] });
    },
  );

  app.post(
    '/journal/delete.json',
    {
      onRequest: teacherOnly,
      schema: { body: JournalDeleteBody, response: { 200: Envelope(JournalDeleteResponse) } },
    },
    async (request) => {
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
      const deleted = await service.deleteLesson(lessonId);
      return ok({ sms: VISITLOG_NOTICES.lessonDeleted[request.lang], deleted });
    },
  );

  app.post(
    '/journal/deletejournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: LessonIdBody, response: { 200: Envelope(JournalDeleteResponse) } },
    },
    async (request) => {
      await guard.writableLesson(sessionUser(request), request.body.id_lesson);
      const deleted = await service.deleteLesson(request.body.id_lesson);
      return ok({ sms: VISITLOG_NOTICES.lessonDeleted[request.lang], deleted });
    },
  );

  app.post(
    '/savetemajournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: SaveTopicBody, response: { 200: Envelope(VisitSmsResponse) } },
    },
    async (request) => {
      const { id_lesson, tema, id_module } = request.body;
      const lesson = await guard.writableLesson(sessionUser(request), id_lesson);
      await guard.checkModule(id_module, lesson);
      await journal.saveTopic(id_lesson, tema.trim(), id_module);
      return ok({ sms: VISITLOG_NOTICES.topicSaved[request.lang] });
    },
  );
};
