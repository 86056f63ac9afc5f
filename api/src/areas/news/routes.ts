import fastifyMultipart from '@fastify/multipart';
import {
  NEWS_PAGE_SIZE,
  type SessionUser,
  NEWS_ENDPOINTS,
  NewsInsertFields,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { assertSelf, sessionUser, visibleRecord } from '../../access/index.js';
import { attachmentLimits, receiveUpload, uploadRefusals } from '../../lib/attachments.js';
import { ATTACHMENT_ANSWERS, sendAttachment } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { CommonSettings } from '../../lib/settings.js';
import type { NewsFeed } from './feed.js';
import { NEWS_MESSAGES, NEWS_UPLOAD_MESSAGES } from './messages.js';
import {
  authorLabel,
  downloadName,
  MAX_FILES_PER_ITEM,
  mayEdit,
  messageText,
  newsFields,
  publishRefusal,
  type NewsRefusal,
} from './rules.js';
import type { NewsService } from './service.js';
import { UPLOAD_ANSWERS } from '../../lib/answers.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { multipartBody } from '../../lib/documented-body.js';

/** The form of news/insert.json, for the API reference. */
const INSERT_FORM = multipartBody(
  {
    properties: {
      message: NewsInsertFields.properties.message,
      audience: NewsInsertFields.properties.audience,
      faculty: {
        type: 'string',
        pattern: '^(-1|[1-9][0-9]{0,9})?$',
        description: 'A faculty id; empty or -1: every faculty.',
      },
    },
    required: ['message'],
  },
  { max: MAX_FILES_PER_ITEM, required: false },
  'The item: its text, audience and faculty, and its attachments.',
);

export type NewsSettings = Pick<CommonSettings, 'dataDir' | 'uploadLimitBytes' | 'sessionCacheMs'>;

/** The news' settings, its feed and its service, built by the area (index.ts). */
export type NewsRoutesOptions = NewsSettings & { feed: NewsFeed; service: NewsService };

/** The legacy URL prefix the news API is served under (spec §7). */
export const PREFIXES = { news: '/lms/api/news' } as const;

function refuse(refusal: NewsRefusal): ApiError {
  return new ApiError(refusal === 'noPermission' ? 403 : 400, NEWS_MESSAGES[refusal]);
}

function requireNewsPerms(user: SessionUser): void {
  const refusal = publishRefusal(user);
  if (refusal) throw refuse(refusal);
}

/** The news API (spec §7): the feed, publishing, editing, deleting, attachments. */
const newsRoutes: FastifyPluginAsyncTypebox<NewsRoutesOptions> = async (app, options) => {
  const { dataDir, uploadLimitBytes } = options;
  await app.register(fastifyMultipart, {
    limits: attachmentLimits(uploadLimitBytes, MAX_FILES_PER_ITEM, 10),
  });
  app.addHook('onRequest', app.requireUser);
  const { news } = app.repos;
  const { feed, service } = options;
  const refusals = uploadRefusals(NEWS_UPLOAD_MESSAGES, uploadLimitBytes, MAX_FILES_PER_ITEM);
  /**
   * The answer of each cached page (feed.cachedPage returns the same object while valid), as
   * UTF-8 bytes: a string body would be encoded again on every write.
   */
  const serializedPages = new WeakMap<object, Buffer>();

  /**
   * The caller's item, for a change: the news right and authorship. Another author's item and a
   * missing one get the same answer (hiddenRecord).
   */
  async function editable(user: SessionUser, id: number) {
    requireNewsPerms(user);
    return visibleRecord(await news.find(id), (row) => mayEdit(user, row));
  }

  app.route({
    ...endpointRoute(app, NEWS_ENDPOINTS.page),
    handler: async (request, reply) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      const reader = await feed.reader(user);
      const { page } = request.body;
      const result = await feed.cachedPage(request.lang, reader, page, NEWS_PAGE_SIZE);
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
  });

  app.route({
    ...endpointRoute(app, NEWS_ENDPOINTS.check),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id, role: request.body.type });
      return ok({ newsPerms: user.newsPerms });
    },
  });

  app.route({
    ...endpointRoute(app, NEWS_ENDPOINTS.insert),
    config: { access: 'news', answers: UPLOAD_ANSWERS, documentedBody: INSERT_FORM },
    handler: async (request) => {
      const user = sessionUser(request);
      requireNewsPerms(user);
      const settings = { dataDir, limitBytes: uploadLimitBytes, ...refusals };
      const id = await receiveUpload(request, settings, async (received, publishFiles) => {
        const checked = newsFields(received.fields);
        if ('refusal' in checked) throw refuse(checked.refusal);
        if ('invalid' in checked) throw new ApiError(400, checked.invalid);
        const { fields } = checked;
        if (fields.faculty !== null && !(await news.facultyExists(fields.faculty))) {
          throw refuse('badFaculty');
        }
        const item = {
          authorUid: user.uid,
          author: authorLabel(user),
          message: fields.message,
          audience: fields.audience,
          facultyId: fields.faculty,
          createdAt: Date.now(),
        };
        return service.publish(item, received.files, publishFiles);
      });
      app.newsEvents
        .publish({ kind: 'published', id_news: id, authorUid: user.uid })
        .catch((error: unknown) => app.log.warn({ err: error }, 'news event not published'));
      const item = await feed.findVisible(request.lang, await news.reader(user), id);
      if (!item) throw new Error(`news ${id} vanished after insert`);
      return ok(item);
    },
  });

  app.route({
    ...endpointRoute(app, NEWS_ENDPOINTS.remove),
    config: { access: 'news' },
    handler: async (request) => {
      const user = sessionUser(request);
      const { id } = request.body;
      await editable(user, id);
      await service.remove(id);
      return ok({ id });
    },
  });

  app.route({
    ...endpointRoute(app, NEWS_ENDPOINTS.update),
    config: { access: 'news' },
    handler: async (request) => {
      const user = sessionUser(request);
      const { id } = request.body;
      const text = messageText(request.body.message);
      if (typeof text === 'string') throw refuse(text);
      await editable(user, id);
      await service.edit(id, text.message);
      const item = await feed.findVisible(request.lang, await news.reader(user), id);
      if (!item) throw new ApiError(404, MESSAGES.notFound);
      return ok(item);
    },
  });

  app.route({
    ...endpointRoute(app, NEWS_ENDPOINTS.download),
    config: { answers: ATTACHMENT_ANSWERS },
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const named = downloadName(request.query.filename);
      const reader = await news.reader(user);
      const item = named && (await feed.findVisible(request.lang, reader, named.newsId));
      const file = item && named && (await news.file(named.newsId, named.fileName));
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      return sendAttachment(request, reply, dataDir, file);
    },
  });
};

/** The news area: its routes under their legacy prefix. */
const newsArea: FastifyPluginAsync<NewsRoutesOptions> = async (app, options) => {
  await app.register(newsRoutes, { ...options, prefix: PREFIXES.news });
};

export default newsArea;
