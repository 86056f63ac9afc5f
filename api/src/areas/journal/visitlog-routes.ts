import {
  AssessmentsResponse,
  CellConflict,
  DeleteFromListBody,
  EducationFormsResponse,
  EmptyBody,
  Envelope,
  InsertAllBody,
  JournalBody,
  JournalDeleteBody,
  JournalDeleteResponse,
  JournalDisciplinesBody,
  JournalDisciplinesResponse,
  JournalExportQuery,
  JournalGroupsBody,
  JournalResponse,
  JournalStudentsResponse,
  LessonIdBody,
  LessonListBody,
  LessonListResponse,
  LessonSmsResponse,
  LessonTimesResponse,
  LessonTopic,
  LessonTypesBody,
  LessonTypesResponse,
  ModulesBody,
  ModulesResponse,
  SaveTopicBody,
  StudentJournalBody,
  StudentJournalResponse,
  StudentsListBody,
  StudentsListSubgroupBody,
  TopicReportResponse,
  VisitSmsResponse,
  VisitSaved2Response,
  VisitSavedResponse,
  VisitUpdate2Body,
  VisitUpdateBody,
  JournalGroupsResponse,
  ROLE,
  type JournalKey,
  type LessonKey,
  type Mark,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { sessionUser } from '../../plugins/app/session.js';
import { CellConflictError, type LessonRecord } from './repository.js';
import { exportName, journalCsv, journalXlsx } from './export.js';
import { refusalText } from './visitlog-messages.js';
import { assertSelf, hiddenRecord } from '../../access/index.js';

/** Notifications (sms) and errors of the journal, in Russian as the client shows them. */
export const VISITLOG_MESSAGES = {
  saved: 'Посещаемость сохранена',
  listCreated: 'Список студентов занятия сформирован',
  markSaved: 'Отметка сохранена',
  removedFromList: 'Студент удалён из списка занятия',
  lessonDeleted: 'Занятие удалено',
  topicSaved: 'Тема занятия сохранена',
  invalidMark: 'Недопустимая отметка: выберите оценку из шкалы, «н/б» или пусто (присутствовал)',
  invalidDate: 'Неверная дата занятия',
  unknownForm: 'Неизвестная форма обучения',
  subgroupMismatch: 'Подгруппа не относится к выбранной группе',
  subgroupRequired: 'Выберите подгруппу',
  studentNotInLesson: 'Студент не относится к группе (подгруппе) этого занятия',
  lessonMissing: 'Занятие не найдено',
  notOnList: 'Студента нет в списке этого занятия',
  moduleMismatch: 'Модуль не относится к дисциплине занятия',
} as const;

export interface VisitlogOptions {
  /** Attendance below this percent is flagged in the grid. */
  attendanceThreshold: number;
}

/** A real calendar date (the contract's pattern lets 2026-02-31 through). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The visit log (spec §7): the teacher's choice chain, the journal grid and its writes, topics,
 * the student's own journal and the exports. Identity comes from the session; a teacher reads
 * the journals of the disciplines and groups they teach and writes those of the lesson types
 * they give there (teaching assignments, repositories/access.ts).
 */
const visitlogRoutes: FastifyPluginAsyncTypebox<VisitlogOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { journal, access, academic } = app.repos;
  const teacherOnly = app.requireRole(ROLE.teacher);
  const studentOnly = app.requireRole(ROLE.student);

  /** Checks a journal key's subgroup belongs to its group (400 otherwise). */
  const checkSubgroup = async (key: JournalKey) => {
    if (key.id_subgroup === undefined || key.id_subgroup === null) return;
    const subgroup = await journal.subgroupOf(key.id_subgroup);
    if (!subgroup || subgroup.groupId !== key.id_group) {
      throw new ApiError(400, VISITLOG_MESSAGES.subgroupMismatch);
    }
  };

  /** The caller may read this journal: they teach the discipline to the group then. */
  const canRead = async (user: SessionUser, key: JournalKey) => {
    await checkSubgroup(key);
    if (!(await access.teaches(user.id, journal.teachingOf(key)))) {
      throw new ApiError(403, MESSAGES.forbidden);
    }
  };

  /** The caller may write this journal: they give its lesson type to the group (or subgroup). */
  const canWrite = async (user: SessionUser, key: JournalKey) => {
    await checkSubgroup(key);
    const gives = await access.givesLesson(user.id, journal.teachingOf(key), {
      lessonTypeId: key.id_vid_zaniatiy,
      subgroupId: key.id_subgroup ?? null,
    });
    if (!gives) throw new ApiError(403, MESSAGES.forbidden);
  };

  const checkLessonKey = async (key: LessonKey) => {
    if (!isCalendarDate(key.date)) throw new ApiError(400, VISITLOG_MESSAGES.invalidDate);
    if (!(await journal.educationFormExists(key.id_f_educ))) {
      throw new ApiError(400, VISITLOG_MESSAGES.unknownForm);
    }
  };

  const keyOfLesson = (lesson: LessonRecord): JournalKey => ({
    year: lesson.yearId,
    ws: lesson.ws as 1 | 2 | 3,
    id_discipline: lesson.disciplineId,
    id_group: lesson.groupId,
    id_subgroup: lesson.subgroupId,
    id_vid_zaniatiy: lesson.lessonTypeId,
  });

  /**
   * A lesson the caller may write: they give its lesson type there and it is theirs (a colleague
   * giving the same lesson type to the group reads it and is told whose it is). A missing lesson
   * gets the same answer as one of a journal the caller does not write.
   */
  const writableLesson = async (request: FastifyRequest, id: number): Promise<LessonRecord> => {
    const user = sessionUser(request);
    const lesson = await journal.lesson(id);
    if (!lesson) throw hiddenRecord();
    await canWrite(user, keyOfLesson(lesson));
    if (lesson.teacherId !== user.id) {
      throw new ApiError(
        403,
        refusalText('colleaguesLesson', request.lang, { teacher: lesson.teacherName }),
      );
    }
    return lesson;
  };

  /** A cell write refused for a stale version: 409 with what the cell holds now. */
  const cellConflict = (
    request: FastifyRequest,
    reply: FastifyReply,
    cell: { id_lesson?: number; id_student: number },
    error: CellConflictError,
  ) =>
    reply.code(409).send({
      result: true,
      error: refusalText('cellChanged', request.lang),
      data: { ...cell, ...error.current },
    });

  const readableLesson = async (user: SessionUser, id: number): Promise<LessonRecord> => {
    const lesson = await journal.lesson(id);
    if (!lesson) throw hiddenRecord();
    await canRead(user, keyOfLesson(lesson));
    return lesson;
  };

  const checkMark = async (mark: Mark) => {
    if (!(await journal.isValidMark(mark))) throw new ApiError(400, VISITLOG_MESSAGES.invalidMark);
  };

  /** The student belongs on the lesson's list: in its group and, for a subgroup lesson, subgroup. */
  const checkStudent = async (
    studentId: number,
    lesson: { groupId: number; subgroupId: number | null },
  ) => {
    const placement = await access.placementOf(studentId);
    if (
      !placement ||
      placement.groupId !== lesson.groupId ||
      (lesson.subgroupId !== null && placement.subgroupId !== lesson.subgroupId)
    ) {
      throw new ApiError(400, VISITLOG_MESSAGES.studentNotInLesson);
    }
  };

  // ---- Reference lists (any signed-in user) ----

  app.post(
    '/getfeducjournal.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(EducationFormsResponse) } } },
    async (request) => ok(await journal.educationForms(request.lang)),
  );
  app.post(
    '/getteachertimeid.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(LessonTimesResponse) } } },
    async (request) => ok(await journal.lessonTimes(request.lang)),
  );
  app.get(
    '/getassessments.json',
    { schema: { response: { 200: Envelope(AssessmentsResponse) } } },
    async (request) => ok(await journal.assessments(request.lang)),
  );

  // ---- The teacher's choice chain ----

  app.post(
    '/getdisciplineteacherjournal.json',
    {
      onRequest: teacherOnly,
      schema: {
        body: JournalDisciplinesBody,
        response: { 200: Envelope(JournalDisciplinesResponse) },
      },
    },
    async (request) => {
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
  );
  app.post(
    '/getgroupteacherjournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: JournalGroupsBody, response: { 200: Envelope(JournalGroupsResponse) } },
    },
    async (request) => {
      const { year, ws, id_discipline } = request.body;
      return ok(
        await journal.groups(request.lang, sessionUser(request).id, year, ws, id_discipline),
      );
    },
  );
  app.post(
    '/getvidzaniatiy.json',
    {
      onRequest: teacherOnly,
      schema: { body: LessonTypesBody, response: { 200: Envelope(LessonTypesResponse) } },
    },
    async (request) =>
      ok(
        await journal.lessonTypes(
          request.lang,
          sessionUser(request).id,
          journal.teachingOf(request.body),
        ),
      ),
  );
  app.post(
    '/getmodulejournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: ModulesBody, response: { 200: Envelope(ModulesResponse) } },
    },
    async (request) => {
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
  );

  // ---- Lists ----

  app.post(
    '/getstudentslist.json',
    {
      onRequest: teacherOnly,
      schema: { body: StudentsListBody, response: { 200: Envelope(JournalStudentsResponse) } },
    },
    async (request) => {
      await canRead(sessionUser(request), request.body);
      return ok(await journal.students(request.body));
    },
  );
  app.post(
    '/getstudentslistsubgroup.json',
    {
      onRequest: teacherOnly,
      schema: {
        body: StudentsListSubgroupBody,
        response: { 200: Envelope(JournalStudentsResponse) },
      },
    },
    async (request) => {
      await canRead(sessionUser(request), request.body);
      return ok(await journal.students(request.body));
    },
  );
  app.post(
    '/getstudentslistsubgroupupdate.json',
    {
      onRequest: teacherOnly,
      schema: { body: LessonListBody, response: { 200: Envelope(LessonListResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      await canRead(user, request.body);
      if (!isCalendarDate(request.body.date)) {
        throw new ApiError(400, VISITLOG_MESSAGES.invalidDate);
      }
      const lessonId = await journal.lessonIdAt(user.id, request.body);
      return ok(lessonId === undefined ? [] : await journal.lessonList(lessonId));
    },
  );

  // ---- The grid ----

  app.post(
    '/getjournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: JournalBody, response: { 200: Envelope(JournalResponse) } },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      await canRead(user, request.body);
      const grid = await journal.grid(request.body, user.id);
      // The grid is built to the schema field by field; the schema serializer's pattern
      // properties (the marks of 30 × 60 cells) cost more than the query, so plain JSON is sent.
      reply.serializer(JSON.stringify);
      return ok({ ...grid, threshold: options.attendanceThreshold });
    },
  );

  app.post(
    '/getjournalforstudent.json',
    {
      onRequest: studentOnly,
      schema: { body: StudentJournalBody, response: { 200: Envelope(StudentJournalResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const placement = await access.placementOf(user.id);
      if (!placement) throw new ApiError(403, MESSAGES.forbidden);
      const teaching = {
        disciplineId: request.body.id_discipline,
        groupId: placement.groupId,
        yearId: request.body.year,
        ws: request.body.ws,
      };
      if (!(await access.studiesIn(user.id, teaching))) {
        throw new ApiError(403, MESSAGES.forbidden);
      }
      return ok(await journal.studentJournal(request.lang, user.id, teaching));
    },
  );

  // ---- Writes ----

  app.post(
    '/studentvisitinsertall.json',
    {
      onRequest: teacherOnly,
      schema: { body: InsertAllBody, response: { 200: Envelope(LessonSmsResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      await canWrite(user, request.body);
      await checkLessonKey(request.body);
      const id = await journal.insertAll(user.id, request.body, user.uid);
      return ok({ sms: VISITLOG_MESSAGES.listCreated, id_lesson: id });
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
      const lesson = await writableLesson(request, id_lesson);
      await checkMark(otsenka);
      await checkStudent(id_student, lesson);
      try {
        const version = await journal.setMark(id_lesson, id_student, otsenka, user.uid, basedOn);
        return ok({ sms: VISITLOG_MESSAGES.saved, version });
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
      await canWrite(user, key);
      await checkLessonKey(key);
      await checkMark(otsenka);
      await checkStudent(id_student, {
        groupId: key.id_group,
        subgroupId: key.id_subgroup ?? null,
      });
      try {
        const saved = await journal.setMarkAt(user.id, key, id_student, otsenka, user.uid, basedOn);
        return ok({
          sms: VISITLOG_MESSAGES.saved,
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
      await writableLesson(request, request.body.id_lesson);
      if (!(await journal.removeFromList(request.body.id_lesson, request.body.id_student))) {
        throw new ApiError(404, VISITLOG_MESSAGES.notOnList);
      }
      return ok({ sms: VISITLOG_MESSAGES.removedFromList });
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
      await canWrite(user, key);
      if (!isCalendarDate(body.date)) throw new ApiError(400, VISITLOG_MESSAGES.invalidDate);
      const lessonId = await journal.lessonIdAt(user.id, {
        ...key,
        id_f_educ: 1,
        id_time: body.id_time,
        date: body.date,
      });
      if (lessonId === undefined) throw new ApiError(404, VISITLOG_MESSAGES.lessonMissing);
      const deleted = await journal.deleteLesson(lessonId);
      return ok({ sms: VISITLOG_MESSAGES.lessonDeleted, deleted });
    },
  );

  app.post(
    '/journal/deletejournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: LessonIdBody, response: { 200: Envelope(JournalDeleteResponse) } },
    },
    async (request) => {
      await writableLesson(request, request.body.id_lesson);
      const deleted = await journal.deleteLesson(request.body.id_lesson);
      return ok({ sms: VISITLOG_MESSAGES.lessonDeleted, deleted });
    },
  );

  // ---- Topics ----

  app.post(
    '/gettemajournal.json',
    {
      onRequest: teacherOnly,
      schema: { body: LessonIdBody, response: { 200: Envelope(LessonTopic) } },
    },
    async (request) => {
      await readableLesson(sessionUser(request), request.body.id_lesson);
      const topic = await journal.topic(request.body.id_lesson);
      if (!topic) throw new ApiError(404, VISITLOG_MESSAGES.lessonMissing);
      return ok(topic);
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
      const lesson = await writableLesson(request, id_lesson);
      if (
        id_module !== null &&
        !(await journal.moduleOfDiscipline(id_module, lesson.disciplineId))
      ) {
        throw new ApiError(400, VISITLOG_MESSAGES.moduleMismatch);
      }
      await journal.saveTopic(id_lesson, tema.trim(), id_module);
      return ok({ sms: VISITLOG_MESSAGES.topicSaved });
    },
  );

  app.post(
    '/temareport.json',
    {
      onRequest: teacherOnly,
      schema: { body: JournalBody, response: { 200: Envelope(TopicReportResponse) } },
    },
    async (request) => {
      await canRead(sessionUser(request), request.body);
      return ok(await journal.topicReport(request.lang, request.body));
    },
  );

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
    await canRead(user, key);
    const [grid, names] = await Promise.all([
      journal.grid(key, user.id),
      journal.journalNames(request.lang, key),
    ]);
    return { ...grid, names };
  };

  const send = (reply: FastifyReply, name: string, mediaType: string, bytes: Buffer) =>
    reply
      .header('Content-Type', mediaType)
      .header('Content-Disposition', attachmentDisposition(name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(bytes);

  app.get(
    '/export.csv',
    { onRequest: teacherOnly, schema: { querystring: JournalExportQuery } },
    async (request, reply) => {
      const sheet = await exportSheet(request);
      return send(reply, `${exportName(sheet)}.csv`, 'text/csv; charset=utf-8', journalCsv(sheet));
    },
  );

  app.get(
    '/export.xlsx',
    { onRequest: teacherOnly, schema: { querystring: JournalExportQuery } },
    async (request, reply) => {
      const sheet = await exportSheet(request);
      return send(
        reply,
        `${exportName(sheet)}.xlsx`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        await journalXlsx(sheet),
      );
    },
  );
};

export default visitlogRoutes;
