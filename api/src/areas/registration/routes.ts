import type { Language } from '../../lib/catalogue-names.js';
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
  RegStreamsBody,
  RegStreamsResponse,
  RegTeachersBody,
  RegTeachersResponse,
  RegYear,
  RegYearsResponse,
  ROLE,
  SaveRegistrationBody,
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
import { attachmentDisposition } from '../../lib/download.js';
import { currentAcademicYear } from '../../lib/calendar.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { sessionUser } from '../../plugins/app/session.js';
import { RegistrationRefusal, type RefusalCode, type Term } from './repository.js';
import { NOTICES, refusalText, windowDate } from './messages.js';
import { assertSelf, hiddenRecord } from '../../access/index.js';

export interface RegistrationOptions {
  /** Most credits a student may register for in one semester. */
  creditLimit: number;
}

const REFUSAL_STATUS: Record<RefusalCode, 400 | 403 | 404 | 409> = {
  notInPlan: 400,
  streamMismatch: 400,
  electivesClosed: 403,
  windowClosed: 409,
  noWindow: 409,
  streamFull: 409,
  creditLimit: 409,
  duplicate: 409,
  missing: 404,
  lastLessonType: 409,
};

function csvField(value: string | number): string {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Discipline registration (spec §7 "Registration"). Students register themselves (identity from
 * the session; a uid in a body must be theirs); teachers read who registered for their streams.
 * Every refusal carries its reason in the user's language (messages.ts).
 */
const registrationRoutes: FastifyPluginAsyncTypebox<RegistrationOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { registration, academic } = app.repos;
  const studentOnly = app.requireRole(ROLE.student);
  const teacherOnly = app.requireRole(ROLE.teacher);

  /** Turns a repository refusal into the envelope's error, worded for this user. */
  const refuse = (request: FastifyRequest, code: RefusalCode, params = {}) =>
    new ApiError(REFUSAL_STATUS[code], refusalText(code, request.lang, params));

  const guarded = async <T>(request: FastifyRequest, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof RegistrationRefusal) throw refuse(request, error.code, error.details);
      throw error;
    }
  };

  /** The signed-in student's place (403 for a uid that is not theirs). */
  const studentOf = async (user: SessionUser, uid: number | undefined) => {
    assertSelf(user, { uid });
    const place = await registration.studentPlace(user.id);
    if (!place) throw new ApiError(403, MESSAGES.forbidden);
    return place;
  };

  const termOf = (body: { id_a_year: number; id_semester: number }): Term => ({
    yearId: body.id_a_year,
    ws: body.id_semester,
  });

  /** Changes are accepted only inside the faculty's window for the semester. */
  const checkWindow = async (
    request: FastifyRequest,
    student: NonNullable<Awaited<ReturnType<typeof registration.studentPlace>>>,
    term: Term,
    elective: boolean,
  ) => {
    const window = await registration.window(student, term, Date.now());
    if (!window) throw refuse(request, 'noWindow');
    if (elective && !window.electives) throw refuse(request, 'electivesClosed');
    if (!window.open) {
      throw refuse(request, 'windowClosed', {
        opens: windowDate(window.opensAt),
        closes: windowDate(window.closesAt),
      });
    }
  };

  /** The caller's own registration (another student's and a missing one answer alike). */
  const ownRegistration = async (_request: FastifyRequest, user: SessionUser, id: number) => {
    const found = await registration.registration(id);
    if (!found || found.studentId !== user.id) throw hiddenRecord();
    return found;
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
      if (user.role === ROLE.teacher) {
        return ok(
          await registration.semesters(
            request.lang,
            { teacherId: user.id },
            request.body.id_a_year,
          ),
        );
      }
      const student = await studentOf(user, undefined);
      return ok(await registration.semesters(request.lang, { student }, request.body.id_a_year));
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
      const term = termOf(request.body);
      const [items, plan, kredits, window] = await Promise.all([
        registration.list(request.lang, student.studentId, term),
        registration.plan(request.lang, student, term, 0),
        registration.credits(student.studentId, term),
        registration.window(student, term, Date.now()),
      ]);
      return ok({ items, plan, kredits, kreditLimit: options.creditLimit, window });
    },
  );

  /** Teachers and streams of a plan discipline (mandatory or elective). */
  const planChoice = (elective: 0 | 1) => ({
    teachers: async (request: FastifyRequest<{ Body: RegTeachersBody }>) => {
      const student = await studentOf(sessionUser(request), undefined);
      const term = termOf(request.body);
      const entry = await registration.planEntry(
        request.lang,
        student,
        term,
        request.body.id_discipline,
      );
      if (!entry || entry.isByPlan === elective) throw refuse(request, 'notInPlan');
      return ok(await registration.teachers(student, term, request.body.id_discipline));
    },
    streams: async (request: FastifyRequest<{ Body: RegStreamsBody }>) => {
      const student = await studentOf(sessionUser(request), undefined);
      const term = termOf(request.body);
      const entry = await registration.planEntry(
        request.lang,
        student,
        term,
        request.body.id_discipline,
      );
      if (!entry || entry.isByPlan === elective) throw refuse(request, 'notInPlan');
      return ok(
        await registration.streams(request.lang, student, term, {
          disciplineId: request.body.id_discipline,
          teacherId: request.body.id_teacher,
        }),
      );
    },
  });
  const mandatory = planChoice(0);
  const elective = planChoice(1);

  const teachersRoute = { body: RegTeachersBody, response: { 200: Envelope(RegTeachersResponse) } };
  const streamsRoute = { body: RegStreamsBody, response: { 200: Envelope(RegStreamsResponse) } };

  app.post(
    '/getteachersforregel.json',
    { onRequest: studentOnly, schema: teachersRoute },
    mandatory.teachers,
  );
  app.post(
    '/getsubgroupsforregel.json',
    { onRequest: studentOnly, schema: streamsRoute },
    mandatory.streams,
  );

  app.post(
    '/saveregistration.json',
    {
      onRequest: studentOnly,
      schema: { body: SaveRegistrationBody, response: { 200: Envelope(SaveRegistrationResponse) } },
    },
    async (request) => {
      const body = request.body;
      const student = await studentOf(sessionUser(request), body.uid);
      const term = termOf(body);
      const entry = await registration.planEntry(request.lang, student, term, body.id_discipline);
      if (!entry) throw refuse(request, 'notInPlan');
      const isElective = entry.isByPlan === 0;
      await checkWindow(request, student, term, isElective);
      const stream = await registration.stream(body.subgroup);
      if (
        !stream ||
        stream.disciplineId !== body.id_discipline ||
        stream.teacherId !== body.id_teacher ||
        stream.yearId !== term.yearId ||
        stream.ws !== term.ws ||
        !(await registration.isOffered(student, stream.id))
      ) {
        throw refuse(request, 'streamMismatch');
      }
      const id = await guarded(request, () =>
        registration.save({
          student,
          term,
          disciplineId: body.id_discipline,
          stream,
          credits: entry.credits,
          controlFormId: entry.controlFormId,
          isByPlan: !isElective,
          creditLimit: options.creditLimit,
          now: Date.now(),
        }),
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
      const user = sessionUser(request);
      const student = await studentOf(user, request.body.uid);
      const found = await ownRegistration(request, user, request.body.id_disciplineForStudent);
      await checkWindow(request, student, found, false);
      await guarded(request, () => registration.delete(found));
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
      const term = termOf(request.body);
      const lang = request.lang;
      const [window, electives] = await Promise.all([
        registration.window(student, term, Date.now()),
        registration.plan(request.lang, student, term, 1),
      ]);
      const denied = (code: RefusalCode, params = {}) =>
        ok({ allowed: false, reason: refusalText(code, lang, params) });
      if (electives.length === 0) return denied('notInPlan');
      if (!window) return denied('noWindow');
      if (!window.electives) return denied('electivesClosed');
      if (!window.open) {
        return denied('windowClosed', {
          opens: windowDate(window.opensAt),
          closes: windowDate(window.closesAt),
        });
      }
      return ok({ allowed: true, reason: null });
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
  app.post(
    '/optional/teachers.json',
    { onRequest: studentOnly, schema: teachersRoute },
    elective.teachers,
  );
  app.post(
    '/optional/subgroups.json',
    { onRequest: studentOnly, schema: streamsRoute },
    elective.streams,
  );

  // ---- By lesson type ----

  app.post(
    '/bytype/teacher.json',
    {
      onRequest: studentOnly,
      schema: { body: ByTypeTeachersBody, response: { 200: Envelope(ByTypeTeachersResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const student = await studentOf(user, request.body.uid);
      const found = await ownRegistration(request, user, request.body.id_disciplineForStudent);
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
      const user = sessionUser(request);
      const student = await studentOf(user, request.body.uid);
      const found = await ownRegistration(request, user, request.body.id_disciplineForStudent);
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
      const user = sessionUser(request);
      const student = await studentOf(user, request.body.uid);
      const found = await ownRegistration(request, user, request.body.id_disciplineForStudent);
      const entry = await registration.planEntry(request.lang, student, found, found.disciplineId);
      await checkWindow(request, student, found, entry?.isByPlan === 0);
      const stream = await registration.stream(request.body.subgroup);
      if (
        !stream ||
        stream.disciplineId !== found.disciplineId ||
        stream.yearId !== found.yearId ||
        stream.ws !== found.ws ||
        !(await registration.isOffered(student, stream.id))
      ) {
        throw refuse(request, 'streamMismatch');
      }
      const changed = await guarded(request, () => registration.attend(found, stream, Date.now()));
      const lang = request.lang;
      return ok({ sms: changed ? NOTICES.attended[lang] : NOTICES.alreadyAttended[lang] });
    },
  );
  app.post(
    '/bytype/deleteregistration.json',
    {
      onRequest: studentOnly,
      schema: { body: ByTypeDeleteBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const student = await studentOf(user, request.body.uid);
      const found = await ownRegistration(request, user, request.body.id_disciplineForStudent);
      await checkWindow(request, student, found, false);
      await guarded(request, () => registration.leave(found, request.body.id_vid_zaniatiy));
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
          sessionUser(request).id,
          termOf(request.body),
        ),
      ),
  );

  /** The teacher's own stream (another teacher's and a missing one answer alike). */
  const ownStream = async (lng: Language, user: SessionUser, streamId: number) => {
    const names = await registration.streamNames(lng, streamId);
    if (!names || names.teacher_id !== user.id) throw hiddenRecord();
    return names;
  };

  app.post(
    '/teacher/students.json',
    {
      onRequest: teacherOnly,
      schema: { body: StreamStudentsBody, response: { 200: Envelope(StreamStudentsResponse) } },
    },
    async (request) => {
      await ownStream(request.lang, sessionUser(request), request.body.subgroup);
      return ok(await registration.streamStudents(request.lang, request.body.subgroup));
    },
  );
  app.get(
    '/teacher/students.csv',
    { onRequest: teacherOnly, schema: { querystring: StreamStudentsQuery } },
    async (request, reply) => {
      const streamId = Number(request.query.subgroup);
      const names = await ownStream(request.lang, sessionUser(request), streamId);
      const students = await registration.streamStudents(request.lang, streamId);
      const lines = [
        ['№', 'ФИО', 'Группа', 'Дата регистрации'],
        ...students.map((s) => [s.num, s.s_fio, s.group, s.registeredAt.slice(0, 10)]),
      ].map((row) => row.map(csvField).join(';'));
      const name = `Поток_${names.discipline}_${names.lessonType}_${names.name}.csv`.replace(
        /[\\/:*?"<>|\r\n]+/g,
        ' ',
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'));
    },
  );
};

export default registrationRoutes;
