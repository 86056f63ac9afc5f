import fastifyMultipart from '@fastify/multipart';
import {
  BookCategoriesBody,
  BookCategoriesResponse,
  EmptyBody,
  Envelope,
  PLACEHOLDER_ID,
  ROLE,
  UmkDeleteBody,
  UmkDeleteResponse,
  UmkDisciplinesBody,
  UmkDisciplinesResponse,
  UmkDownloadQuery,
  UmkExamTypesResponse,
  UmkFields,
  UmkListBody,
  UmkListResponse,
  UmkSaveResponse,
  UmkSemestersResponse,
  UmkTeachersBody,
  UmkTeachersResponse,
  UmkTypesResponse,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { sendAttachment } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { storable } from '../../lib/input-rules.js';
import type { AppOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';
import type { Scope } from '../../access/teaching.js';
import { createFileStore } from './repository.js';
import type { UmkMaterial, UmkRow } from './umk-repository.js';
import { assertSelfFields, countsAsDownload } from './routes.js';
import {
  integerField,
  multipartLimits,
  placeFile,
  receiveUpload,
  refuseOversized,
  UPLOAD_MESSAGES,
} from './upload.js';
import { assertSelf, hiddenRecord } from '../../access/index.js';

/** UmkFields within the databases' limits (multipart fields are checked here, not by a schema). */
const STORABLE_UMK_FIELDS = storable(UmkFields);

export const UMK_MESSAGES = {
  notYourDiscipline: 'Материалы этой дисциплины ведут её преподаватели',
  notYours: 'Этот материал может изменить или удалить только преподаватель дисциплины',
  nameRequired: 'Введите название',
  badType: 'Выберите тип материала',
  badExamType: 'Неизвестная форма контроля',
  categoryRequired: 'Выберите категорию библиотеки',
  badAudience: 'Для кого: all, full_time или distance',
  badKind: 'Вид: ebook, normative или manual',
} as const;

/** A material's fields from the multipart's text fields (400 naming the first bad one). */
export function parseUmkFields(raw: Record<string, string>): UmkFields {
  const candidate = {
    idBook: integerField(raw.idBook ?? String(PLACEHOLDER_ID)),
    id_semester: integerField(raw.id_semester),
    id_discipline: integerField(raw.id_discipline),
    id_typeUmk: integerField(raw.id_typeUmk),
    id_examination: integerField(raw.id_examination || String(PLACEHOLDER_ID)),
    umkName: (raw.umkName ?? '').trim(),
    author: (raw.author ?? '').trim(),
    description: (raw.description ?? '').trim(),
    totalPages: integerField(raw.totalPages || '0'),
    id_forStudentKind: raw.id_forStudentKind ?? 'all',
    kind: raw.kind ?? 'ebook',
    isForEBooks: integerField(raw.isForEBooks || '0'),
    id_bookCategory: integerField(raw.id_bookCategory || String(PLACEHOLDER_ID)),
  };
  if (candidate.umkName === '') throw new ApiError(400, UMK_MESSAGES.nameRequired);
  if (!Value.Check(STORABLE_UMK_FIELDS, candidate)) {
    const first = Value.Errors(STORABLE_UMK_FIELDS, candidate).First();
    if (first?.path === '/id_typeUmk') throw new ApiError(400, UMK_MESSAGES.badType);
    if (first?.path === '/id_forStudentKind') throw new ApiError(400, UMK_MESSAGES.badAudience);
    if (first?.path === '/kind') throw new ApiError(400, UMK_MESSAGES.badKind);
    throw new ApiError(400, `Invalid request: body${first?.path ?? ''} ${first?.message ?? ''}`);
  }
  return candidate as UmkFields;
}

const umkRoutes: FastifyPluginAsyncTypebox<
  Pick<AppOptions, 'dataDir' | 'uploadLimitBytes'>
> = async (app, options) => {
  const { dataDir, uploadLimitBytes } = options;
  await app.register(fastifyMultipart, { limits: multipartLimits(uploadLimitBytes) });
  app.addHook('onRequest', app.requireUser);
  const { umk, library, access, attachments } = app.repos;
  const files = createFileStore(app.db.kysely, attachments, dataDir);
  const teacherOnly = app.requireRole(ROLE.teacher);
  const studentOnly = app.requireRole(ROLE.student);

  const scopeOf = async (user: SessionUser): Promise<Scope> => {
    const scope = await access.scopeOf(user);
    if (!scope) throw new ApiError(403, MESSAGES.forbidden);
    return scope;
  };
  const teacherScope = (user: SessionUser): Scope => ({ kind: 'teacher', teacherId: user.id });

  /** The caller teaches (or studies) the discipline in the semester, else 403. */
  const requireCovers = async (scope: Scope, disciplineId: number, semester: number) => {
    if (!(await umk.covers(scope, disciplineId, semester))) {
      throw new ApiError(403, UMK_MESSAGES.notYourDiscipline);
    }
  };

  /** A teacher manages a material they added, or any material of a discipline they teach then. */
  const manages = async (user: SessionUser, row: UmkRow) =>
    user.role === ROLE.teacher &&
    (row.created_by === user.uid ||
      (await umk.covers(teacherScope(user), row.discipline_id, row.study_semester)));

  const findMaterial = async (id: number) => {
    const row = await umk.find(id);
    // Materials are visible to their discipline's people only: missing looks like not yours.
    if (!row) throw hiddenRecord();
    return row;
  };

  const listFilter = (body: UmkListBody) => ({
    disciplineId: body.id_discipline,
    semester: body.id_semester,
    typeId:
      body.id_typeUmk === undefined || body.id_typeUmk === PLACEHOLDER_ID ? null : body.id_typeUmk,
    teacherId:
      body.id_teacher === undefined || body.id_teacher === PLACEHOLDER_ID ? null : body.id_teacher,
  });

  app.post(
    '/semesters.json',
    {
      onRequest: teacherOnly,
      schema: { body: EmptyBody, response: { 200: Envelope(UmkSemestersResponse) } },
    },
    async (request) => ok(await umk.semesters(teacherScope(sessionUser(request)))),
  );

  app.post(
    '/semestersforstud.json',
    {
      onRequest: studentOnly,
      schema: { body: EmptyBody, response: { 200: Envelope(UmkSemestersResponse) } },
    },
    async (request) => ok(await umk.semesters(await scopeOf(sessionUser(request)))),
  );

  app.post(
    '/disciplines.json',
    {
      onRequest: teacherOnly,
      schema: { body: UmkDisciplinesBody, response: { 200: Envelope(UmkDisciplinesResponse) } },
    },
    async (request) =>
      ok(
        await umk.disciplines(
          request.lang,
          teacherScope(sessionUser(request)),
          request.body.id_semester,
        ),
      ),
  );

  app.post(
    '/disciplinesforstud.json',
    {
      onRequest: studentOnly,
      schema: { body: UmkDisciplinesBody, response: { 200: Envelope(UmkDisciplinesResponse) } },
    },
    async (request) =>
      ok(
        await umk.disciplines(
          request.lang,
          await scopeOf(sessionUser(request)),
          request.body.id_semester,
        ),
      ),
  );

  app.post(
    '/types.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(UmkTypesResponse) } } },
    async (request) => ok(await umk.types(request.lang)),
  );

  app.post(
    '/getstudentexamtypes.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(UmkExamTypesResponse) } } },
    async (request) => ok(await umk.examTypes(request.lang)),
  );

  app.post(
    '/bookcategories.json',
    { schema: { body: BookCategoriesBody, response: { 200: Envelope(BookCategoriesResponse) } } },
    async (request) => {
      const base = request.body.id_baseBookCategory;
      return ok(await library.categories(request.lang, base === PLACEHOLDER_ID ? null : base));
    },
  );

  app.post(
    '/getumkteachers.json',
    { schema: { body: UmkTeachersBody, response: { 200: Envelope(UmkTeachersResponse) } } },
    async (request) => {
      const { id_discipline, id_semester } = request.body;
      await requireCovers(await scopeOf(sessionUser(request)), id_discipline, id_semester);
      return ok(await umk.teachers(id_discipline, id_semester));
    },
  );

  app.post(
    '/umklist.json',
    {
      onRequest: teacherOnly,
      schema: { body: UmkListBody, response: { 200: Envelope(UmkListResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      await requireCovers(teacherScope(user), request.body.id_discipline, request.body.id_semester);
      // Every material of a discipline the teacher teaches is theirs to manage.
      return ok(
        await umk.list(request.lang, {
          ...listFilter(request.body),
          canEdit: () => true,
          since: null,
        }),
      );
    },
  );

  app.post(
    '/getumklistforstud.json',
    {
      onRequest: studentOnly,
      schema: { body: UmkListBody, response: { 200: Envelope(UmkListResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      await requireCovers(
        await scopeOf(user),
        request.body.id_discipline,
        request.body.id_semester,
      );
      const sessionId = request.auth?.sessionId ?? 0;
      const since = await umk.previousVisit(user.uid, sessionId, Date.now());
      return ok(
        await umk.list(request.lang, { ...listFilter(request.body), canEdit: () => false, since }),
      );
    },
  );

  app.post(
    '/insertorupdateumk.json',
    {
      onRequest: [teacherOnly, refuseOversized(uploadLimitBytes)],
      schema: { response: { 200: Envelope(UmkSaveResponse) } },
    },
    async (request: FastifyRequest) => {
      const user = sessionUser(request);
      const upload = await receiveUpload(request, {
        dataDir,
        uploadLimitBytes,
        files,
        // Before a byte of the file is stored: who may write, and what.
        check: async (raw) => {
          assertSelfFields(user, raw);
          const fields = parseUmkFields(raw);
          if (fields.idBook !== PLACEHOLDER_ID) {
            const row = await findMaterial(fields.idBook);
            if (!(await manages(user, row))) throw new ApiError(403, UMK_MESSAGES.notYours);
          }
          await requireCovers(teacherScope(user), fields.id_discipline, fields.id_semester);
          if (!(await umk.typeExists(fields.id_typeUmk))) {
            throw new ApiError(400, UMK_MESSAGES.badType);
          }
          if (
            fields.id_examination !== PLACEHOLDER_ID &&
            !(await umk.examTypeExists(fields.id_examination))
          ) {
            throw new ApiError(400, UMK_MESSAGES.badExamType);
          }
          if (
            fields.isForEBooks === 1 &&
            (fields.id_bookCategory === PLACEHOLDER_ID ||
              !(await library.categoryExists(fields.id_bookCategory)))
          ) {
            throw new ApiError(400, UMK_MESSAGES.categoryRequired);
          }
          return fields;
        },
      });
      try {
        const fields = upload.fields;
        const isNew = fields.idBook === PLACEHOLDER_ID;
        const file = upload.file;
        if (isNew && !file) throw new ApiError(400, UPLOAD_MESSAGES.fileRequired);
        const now = Date.now();
        const forLibrary = fields.isForEBooks === 1;
        const material: UmkMaterial = {
          disciplineId: fields.id_discipline,
          semester: fields.id_semester,
          typeId: fields.id_typeUmk,
          examTypeId: fields.id_examination === PLACEHOLDER_ID ? null : fields.id_examination,
          name: fields.umkName,
          author: fields.author,
          description: fields.description,
          pages: fields.totalPages,
          audience: fields.id_forStudentKind,
          kind: fields.kind,
          forLibrary,
          categoryId: forLibrary ? fields.id_bookCategory : null,
        };
        const { id, replaced } = await app.db.kysely.transaction().execute(async (trx) => {
          const id = isNew
            ? await umk.insert(trx, material, { teacherId: user.id, uid: user.uid, at: now })
            : fields.idBook;
          if (!isNew) await umk.update(trx, id, material, now);
          await library.syncFromUmk(
            trx,
            id,
            forLibrary
              ? {
                  categoryId: fields.id_bookCategory,
                  name: material.name,
                  author: material.author,
                  description: material.description,
                  pages: material.pages,
                }
              : null,
            { createdBy: user.uid, createdAt: now },
          );
          let replaced: Awaited<ReturnType<typeof files.detach>> = [];
          if (file) {
            replaced = await files.detach(trx, { area: 'umk', id });
            await files.attach(trx, { area: 'umk', id }, file, {
              createdBy: user.uid,
              createdAt: now,
            });
            await placeFile(dataDir, upload.staging, 'umk', id, file);
          }
          return { id, replaced };
        });
        await files.unlinkAll(replaced.filter((old) => old.stored_name !== file?.storedName));
        const saved = await findMaterial(id);
        const [item] = await umk.list(request.lang, {
          disciplineId: saved.discipline_id,
          semester: saved.study_semester,
          typeId: null,
          teacherId: null,
          ids: [id],
          canEdit: () => true,
          since: null,
        });
        if (!item) throw new Error(`material ${id} vanished after saving`);
        return ok(item);
      } finally {
        await upload.staging.discard();
      }
    },
  );

  app.post(
    '/deletebook.json',
    {
      onRequest: teacherOnly,
      schema: { body: UmkDeleteBody, response: { 200: Envelope(UmkDeleteResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_human, role: request.body.id_humanType });
      const row = await findMaterial(request.body.id_books);
      if (!(await manages(user, row))) throw new ApiError(403, UMK_MESSAGES.notYours);
      const removed = await app.db.kysely.transaction().execute(async (trx) => {
        const detached = await files.detach(trx, { area: 'umk', id: row.id });
        await umk.delete(trx, row.id);
        return detached;
      });
      await files.unlinkAll(removed);
      return ok({ id_books: row.id });
    },
  );

  app.get(
    '/download.file',
    { schema: { querystring: UmkDownloadQuery } },
    async (request, reply) => {
      const user = sessionUser(request);
      const row = await findMaterial(Number(request.query.id));
      // Listed in the library: every reader may open it; otherwise the discipline's people.
      const visible =
        row.for_library === 1 ||
        row.created_by === user.uid ||
        (await umk.covers(await scopeOf(user), row.discipline_id, row.study_semester));
      if (!visible) throw new ApiError(403, MESSAGES.forbidden);
      const file = (await attachments.listByOwners('umk', [row.id])).get(row.id)?.[0];
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      if (countsAsDownload(request.headers.range) && !request.headers['if-none-match']) {
        await umk.countDownload(row.id);
      }
      return sendAttachment(request, reply, dataDir, file, {
        inline: request.query.download !== '1',
      });
    },
  );
};

export default umkRoutes;
