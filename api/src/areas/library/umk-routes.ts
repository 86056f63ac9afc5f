import type { UmkListBody } from '@lms/shared/contract';
import { PLACEHOLDER_ID, ROLE, UMK_ENDPOINTS, UmkFields } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertSelf, sessionUser } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import { categoriesRoute, saveRoute, sendCounted, type AreaOptions } from './shared-routes.js';
import { teacherScope, type UmkService } from './umk-service.js';
import {
  toUmkDiscipline,
  toUmkExamType,
  toUmkList,
  toUmkSemester,
  toUmkTeacher,
  toUmkType,
} from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { multipartBody, SELF_FIELDS } from '../../lib/documented-body.js';
import { ATTACHMENT_ANSWERS } from '../../lib/download.js';

/** The form of umk/insertorupdateumk.json, for the API reference. */
const UMK_FORM = multipartBody(
  {
    properties: { ...UmkFields.properties, ...SELF_FIELDS },
    required: UmkFields.required,
  },
  { max: 1, required: false },
  'The material (idBook -1: a new one) and its file: required for a new material; when editing, a new file replaces the old.',
);

/** The list's filters from its form (PLACEHOLDER_ID: any). */
function listFilter(body: UmkListBody) {
  const any = (value: number | undefined) =>
    value === undefined || value === PLACEHOLDER_ID ? null : value;
  return {
    disciplineId: body.id_discipline,
    semester: body.id_semester,
    typeId: any(body.id_typeUmk),
    teacherId: any(body.id_teacher),
  };
}

/** Teaching materials (spec: /lms/api/umk): the discipline's people read them, its teachers keep them. */
const umkRoutes: FastifyPluginAsyncTypebox<AreaOptions & { materials: UmkService }> = async (
  app,
  options,
) => {
  const { dataDir, materials } = options;
  const { umk } = app.repos;
  const { scopeOf, requireCovers } = materials;
  const teacherOnly = app.requireRole(ROLE.teacher);
  const studentOnly = app.requireRole(ROLE.student);

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.semesters),
    onRequest: teacherOnly,
    handler: async (request) =>
      ok((await umk.semesters(teacherScope(sessionUser(request)))).map(toUmkSemester)),
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.studentSemesters),
    onRequest: studentOnly,
    handler: async (request) =>
      ok((await umk.semesters(await scopeOf(sessionUser(request)))).map(toUmkSemester)),
  });

  // The screen's first choices in one round trip, each part as the caller's own call answers it.
  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.start),
    handler: async (request) => {
      const user = sessionUser(request);
      const isTeacher = user.role === ROLE.teacher;
      const scope = isTeacher ? teacherScope(user) : await scopeOf(user);
      const [semesterRows, typeRows] = await Promise.all([
        umk.semesters(scope),
        umk.types(request.lang),
      ]);
      const semesters = semesterRows.map(toUmkSemester);
      const types = typeRows.map(toUmkType);
      const semester = semesters[0]?.id_semester ?? null;
      const disciplines =
        semester === null
          ? null
          : (await umk.disciplines(request.lang, scope, semester)).map(toUmkDiscipline);
      const discipline = disciplines?.[0]?.id_discipline ?? null;
      if (semester === null || discipline === null) {
        return ok({
          semesters,
          types,
          id_semester: semester,
          disciplines,
          id_discipline: null,
          teachers: null,
          list: null,
        });
      }
      const filter = { disciplineId: discipline, semester, typeId: null, teacherId: null };
      const [teachers, list] = await Promise.all([
        umk.teachers(discipline, semester),
        isTeacher
          ? umk
              .list(request.lang, filter)
              .then((rows) => toUmkList(rows, { canEdit: true, since: null }))
          : materials
              .previousVisit(user, request.auth?.sessionId ?? 0)
              .then(async (since) =>
                toUmkList(await umk.list(request.lang, filter), { canEdit: false, since }),
              ),
      ]);
      return ok({
        semesters,
        types,
        id_semester: semester,
        disciplines,
        id_discipline: discipline,
        teachers: teachers.map(toUmkTeacher),
        list,
      });
    },
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.disciplines),
    onRequest: teacherOnly,
    handler: async (request) =>
      ok(
        (
          await umk.disciplines(
            request.lang,
            teacherScope(sessionUser(request)),
            request.body.id_semester,
          )
        ).map(toUmkDiscipline),
      ),
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.studentDisciplines),
    onRequest: studentOnly,
    handler: async (request) =>
      ok(
        (
          await umk.disciplines(
            request.lang,
            await scopeOf(sessionUser(request)),
            request.body.id_semester,
          )
        ).map(toUmkDiscipline),
      ),
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.types),
    handler: async (request) => ok((await umk.types(request.lang)).map(toUmkType)),
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.examTypes),
    handler: async (request) => ok((await umk.examTypes(request.lang)).map(toUmkExamType)),
  });

  categoriesRoute(app, UMK_ENDPOINTS.bookCategories);

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.teachers),
    handler: async (request) => {
      const { id_discipline, id_semester } = request.body;
      await requireCovers(await scopeOf(sessionUser(request)), id_discipline, id_semester);
      return ok((await umk.teachers(id_discipline, id_semester)).map(toUmkTeacher));
    },
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.list),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      await requireCovers(teacherScope(user), request.body.id_discipline, request.body.id_semester);
      // Every material of a discipline the teacher teaches is theirs to manage.
      const rows = await umk.list(request.lang, listFilter(request.body));
      return ok(toUmkList(rows, { canEdit: true, since: null }));
    },
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.studentList),
    onRequest: studentOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      await requireCovers(
        await scopeOf(user),
        request.body.id_discipline,
        request.body.id_semester,
      );
      const sessionId = request.auth?.sessionId ?? 0;
      const since = await materials.previousVisit(user, sessionId);
      const rows = await umk.list(request.lang, listFilter(request.body));
      return ok(toUmkList(rows, { canEdit: false, since }));
    },
  });

  saveRoute(app, UMK_ENDPOINTS.save, options, {
    form: UMK_FORM,
    files: materials.files,
    check: materials.checkMaterial,
    save: materials.saveMaterial,
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.remove),
    onRequest: teacherOnly,
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_human, role: request.body.id_humanType });
      return ok({ id_books: await materials.deleteMaterial(user, request.body.id_books) });
    },
  });

  app.route({
    ...endpointRoute(app, UMK_ENDPOINTS.download),
    config: {
      answers: { ...ATTACHMENT_ANSWERS, 403: 'The material is not of a discipline of the caller.' },
    },
    handler: async (request, reply) =>
      sendCounted(
        request,
        reply,
        dataDir,
        await materials.materialFile(sessionUser(request), Number(request.query.id)),
      ),
  });
};

export default umkRoutes;
