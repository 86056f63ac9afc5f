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
  type Mark,
} from '@lms/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { assertSelf, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import { dateRefusal } from './journal-rules.js';
import { CellConflictError, createJournalService } from './journal-service.js';
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

/**
 * The visit log's writes (spec §7): a lesson's list, its cells, its deletion and its topic. Each
 * multi-step write runs in one transaction in the journal service.
 */
export function visitlogWriteRoutes(app: FastifyInstance, guard: VisitlogAccess) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { journal } = app.repos;
  const service = createJournalService(app.db.kysely, journal);
  const teacherOnly = app.requireRole(ROLE.teacher);
  /** A written mark or absence, for the student's notifications (after the commit). */
  const announce = (studentId: number, lessonId: number, mark: Mark) => {
    if (mark === null) return;
    app.journalEvents
      .publish({ kind: 'mark', studentId, lessonId, mark })
      .catch((error: unknown) => app.log.warn({ err: error }, 'journal event not published'));
  };

  typed.post(
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

  typed.post(
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
      const lesson = await guard.writableLesson(request, id_lesson);
      await guard.checkMark(otsenka);
      await guard.checkStudent(id_student, lesson);
      try {
        const cell = { lessonId: id_lesson, studentId: id_student, otsenka };
        const version = await service.setMark(cell, user.uid, basedOn);
        announce(id_student, id_lesson, otsenka);
        return ok({ sms: VISITLOG_NOTICES.saved[request.lang], version });
      } catch (error) {
        if (error instanceof CellConflictError) {
          return cellConflict(request, reply, { id_lesson, id_student }, error);
        }
        throw error;
      }
    },
  );

  typed.post(
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
        announce(id_student, saved.lessonId, otsenka);
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

  typed.post(
    '/deletestudentfromlist.json',
    {
      onRequest: teacherOnly,
      schema: { body: DeleteFromListBody, response: { 200: Envelope(VisitSmsResponse) } },
    },
    async (request) => {
      const { id_lesson, id_student } = request.body;
      await guard.writableLesson(request, id_lesson);
      if (!(await journal.removeFromList({ lessonId: id_lesson, studentId: id_student }))) {
        throw refusal('notOnList', 404);
      }
      return ok({ sms: VISITLOG_NOTICES.removedFromList[request.lang] });
    },
  );

  typed.post(
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

  typed.post(
    '/journal/deletejournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: LessonIdBody, response: { 200: Envelope(JournalDeleteResponse) } },
    },
    async (request) => {
      await guard.writableLesson(request, request.body.id_lesson);
      const deleted = await service.deleteLesson(request.body.id_lesson);
      return ok({ sms: VISITLOG_NOTICES.lessonDeleted[request.lang], deleted });
    },
  );

  typed.post(
    '/savetemajournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: SaveTopicBody, response: { 200: Envelope(VisitSmsResponse) } },
    },
    async (request) => {
      const { id_lesson, tema, id_module } = request.body;
      const lesson = await guard.writableLesson(request, id_lesson);
      await guard.checkModule(id_module, lesson);
      await journal.saveTopic(id_lesson, tema.trim(), id_module);
      return ok({ sms: VISITLOG_NOTICES.topicSaved[request.lang] });
    },
  );
}
