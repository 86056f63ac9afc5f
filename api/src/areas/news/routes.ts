import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  Envelope,
  NEWS_MAX_FILES,
  NEWS_PAGE_SIZE,
  NewsCheckBody,
  NewsCheckResponse,
  NewsDataBody,
  NewsDeleteBody,
  NewsDeleteResponse,
  NewsDownloadQuery,
  NewsInsertFields,
  NewsInsertResponse,
  NewsPage,
  NewsUpdateBody,
  NewsUpdateResponse,
  type NewsAudience,
  type SessionUser,
  ROLE,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { storable } from '../../lib/input-rules.js';
import type { AppOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';
import { sendAttachment } from '../../lib/download.js';
import { formatSize, recordFolder, Staging, storedNameFor } from '../../lib/uploads.js';
import type { Reader } from './repository.js';
import { assertSelf, hiddenRecord } from '../../access/index.js';

/** NewsInsertFields within the databases' limits (multipart fields are checked here, not by a schema). */
const STORABLE_NEWS_INSERT_FIELDS = storable(NewsInsertFields);

export const NEWS_MESSAGES = {
  noPermission: 'Нет права публиковать и удалять новости',
  messageRequired: 'Введите текст новости',
  badAudience: 'Адресаты: all, teachers или students',
  badFaculty: 'Такого факультета нет',
  tooManyFiles: `Не больше ${NEWS_MAX_FILES} файлов в одной новости`,
  tooLarge: (limitBytes: number) =>
    `Файлы слишком большие: не больше ${formatSize(limitBytes)} на одну новость`,
} as const;

/** Spec §3: the author field is the role text, a pipe and the name. */
function authorLabel(user: SessionUser): string {
  return `${user.role === ROLE.teacher ? 'Преподаватель' : 'Студент'}|${user.fullName}`;
}

function requireNewsPerms(user: SessionUser): void {
  if (!user.newsPerms) throw new ApiError(403, NEWS_MESSAGES.noPermission);
}

const newsRoutes: FastifyPluginAsyncTypebox<
  Pick<AppOptions, 'dataDir' | 'uploadLimitBytes' | 'sessionCacheMs'>
> = async (app, options) => {
  const { dataDir, uploadLimitBytes } = options;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: uploadLimitBytes,
      files: NEWS_MAX_FILES,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: NEWS_MAX_FILES + 10,
    },
  });
  app.addHook('onRequest', app.requireUser);
  const { news } = app.repos;
  // The feed trusts the version it read as long as a session is reused (1 s in production).
  news.trustVersionFor(options.sessionCacheMs);
  /**
   * The answer of each cached page (news.cachedPage returns the same object while valid), as
   * UTF-8 bytes: a string body would be encoded again on every write.
   */
  const serializedPages = new WeakMap<object, Buffer>();
  /** A reader's faculty, reused like the session (sessionCacheMs): the feed asks it each call. */
  const readers = new Map<number, { readAt: number; reader: Reader }>();
  async function feedReader(user: SessionUser): Promise<Reader> {
    const now = Date.now();
    const known = readers.get(user.uid);
    if (
      known &&
      now - known.readAt < options.sessionCacheMs &&
      known.reader.role === user.role &&
      known.reader.newsPerms === user.newsPerms
    ) {
      return known.reader;
    }
    const reader = await news.reader(user);
    if (options.sessionCacheMs > 0) {
      readers.delete(user.uid);
      if (readers.size >= 10_000) readers.delete(readers.keys().next().value ?? 0);
      readers.set(user.uid, { readAt: now, reader });
    }
    return reader;
  }

  /**
   * The caller's item, for a change: newsPerms and authorship. Another author's item and a
   * missing one get the same answer (hiddenRecord).
   */
  async function editable(user: SessionUser, id: number) {
    requireNewsPerms(user);
    const row = await news.find(id);
    if (!row || row.author_uid !== user.uid) throw hiddenRecord();
    return row;
  }

  function validateFields(raw: Record<string, string>) {
    const message = (raw.message ?? '').trim();
    if (message === '') throw new ApiError(400, NEWS_MESSAGES.messageRequired);
    const audience = (raw.audience ?? 'all') as NewsAudience;
    const facultyText = (raw.faculty ?? '').trim();
    const faculty = facultyText === '' || facultyText === '-1' ? null : Number(facultyText);
    const candidate = { message, audience, faculty };
    if (!Value.Check(STORABLE_NEWS_INSERT_FIELDS, candidate)) {
      const first = Value.Errors(STORABLE_NEWS_INSERT_FIELDS, candidate).First();
      if (first?.path === '/audience') throw new ApiError(400, NEWS_MESSAGES.badAudience);
      if (first?.path === '/faculty') throw new ApiError(400, NEWS_MESSAGES.badFaculty);
      throw new ApiError(400, `Invalid request: body${first?.path ?? ''} ${first?.message ?? ''}`);
    }
    return candidate;
  }

  app.post(
    '/data.json',
    { schema: { body: NewsDataBody, response: { 200: Envelope(NewsPage) } } },
    async (request, reply) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      const reader = await feedReader(user);
      const { page } = request.body;
      const result = await news.cachedPage(request.lang, reader, page, NEWS_PAGE_SIZE);
      // A cached page is serialized (by the route's response schema) once, not per request.
      let body = serializedPages.get(result);
      if (body === undefined) {
        body = Buffer.from(
          reply.serialize(ok({ ...result, page, pageSize: NEWS_PAGE_SIZE })) as string,
        );
        serializedPages.set(result, body);
      }
      // Sent as is: the text is already the schema's serialization.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.post(
    '/check.json',
    { schema: { body: NewsCheckBody, response: { 200: Envelope(NewsCheckResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id, role: request.body.type });
      return ok({ newsPerms: user.newsPerms });
    },
  );

  app.post(
    '/insert.json',
    { schema: { response: { 200: Envelope(NewsInsertResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      requireNewsPerms(user);
      if (!request.isMultipart()) {
        throw new ApiError(400, 'Invalid request: send multipart/form-data');
      }
      const staging = await Staging.create(dataDir, uploadLimitBytes);
      try {
        const parsed = await staging.receive(request, {
          storedName: storedNameFor,
          tooLarge: NEWS_MESSAGES.tooLarge(uploadLimitBytes),
          tooManyFiles: NEWS_MESSAGES.tooManyFiles,
        });
        const fields = validateFields(parsed.fields);
        if (fields.faculty !== null && !(await news.facultyExists(fields.faculty))) {
          throw new ApiError(400, NEWS_MESSAGES.badFaculty);
        }
        const reader = await news.reader(user);
        const id = await news.insert(
          {
            authorUid: user.uid,
            author: authorLabel(user),
            message: fields.message,
            audience: fields.audience,
            facultyId: fields.faculty,
            createdAt: Date.now(),
          },
          parsed.files,
          async (newsId) => {
            if (parsed.files.length > 0)
              await staging.publish(recordFolder(dataDir, 'news', newsId));
          },
        );
        const item = await news.findVisible(request.lang, reader, id);
        if (!item) throw new Error(`news ${id} vanished after insert`);
        return ok(item);
      } finally {
        // After a successful publish the folder no longer exists; otherwise nothing is kept.
        await staging.discard();
      }
    },
  );

  app.post(
    '/delete.json',
    { schema: { body: NewsDeleteBody, response: { 200: Envelope(NewsDeleteResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const { id } = request.body;
      await editable(user, id);
      await news.delete(id);
      await rm(recordFolder(dataDir, 'news', id), { recursive: true, force: true });
      return ok({ id });
    },
  );

  app.post(
    '/update.json',
    { schema: { body: NewsUpdateBody, response: { 200: Envelope(NewsUpdateResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const { id } = request.body;
      const message = request.body.message.trim();
      if (message === '') throw new ApiError(400, NEWS_MESSAGES.messageRequired);
      await editable(user, id);
      await news.updateMessage(id, message, Date.now());
      const item = await news.findVisible(request.lang, await news.reader(user), id);
      if (!item) throw new ApiError(404, MESSAGES.notFound);
      return ok(item);
    },
  );

  app.get(
    '/download.file',
    { schema: { querystring: NewsDownloadQuery } },
    async (request, reply) => {
      const user = sessionUser(request);
      // filename = <newsId>_<original name>; the name itself may contain underscores.
      const match = /^(\d{1,9})_(.+)$/s.exec(request.query.filename);
      const newsId = match ? Number(match[1]) : 0;
      const fileName = match?.[2] ?? '';
      const reader = await news.reader(user);
      const item = newsId > 0 ? await news.findVisible(request.lang, reader, newsId) : undefined;
      const file = item && (await news.file(newsId, fileName));
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      return sendAttachment(request, reply, dataDir, file);
    },
  );
};

export default newsRoutes;
