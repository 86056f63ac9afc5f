import fastifyMultipart from '@fastify/multipart';
import type { ChatTarget } from '@lms/shared/contract';
import {
  CHAT_ENDPOINTS,
  CHAT_MESSAGE_MAX_LENGTH,
  ChatTarget as ChatTargetSchema,
  GROUP_CHAT_ID,
  ROLE,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { assertSelf, sessionUser } from '../../access/index.js';
import { attachmentLimits, receiveUpload, uploadRefusals } from '../../lib/attachments.js';
import { ATTACHMENT_ANSWERS, sendAttachment } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { CommonSettings } from '../../lib/settings.js';
import { chatEventStream } from './events.js';
import { CHAT_MESSAGES, CHAT_REQUEST_MESSAGES, CHAT_UPLOAD_MESSAGES } from './messages.js';
import {
  chainOf,
  deleteRefusal,
  MAX_FILES_PER_MESSAGE,
  messageKey,
  messageText,
  targetFromFields,
  type ChatRefusal,
  type Conversation,
} from './rules.js';
import { personOf, type ChatService } from './service.js';
import {
  toContactCount,
  toDisciplineCount,
  toMessage,
  toMessages,
  toOpenedConversation,
} from './wire.js';
import { UPLOAD_ANSWERS } from '../../lib/answers.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { multipartBody } from '../../lib/documented-body.js';

export type ChatSettings = Pick<CommonSettings, 'dataDir' | 'uploadLimitBytes'> & {
  heartbeatMs?: number;
};

/** The chat's settings and its service, built by the area (index.ts). */
export type ChatRoutesOptions = ChatSettings & { service: ChatService };

/** The legacy URL prefix the chat API is served under (spec §7). */
export const PREFIXES = { chat: '/lms/api/chat' } as const;

function refuse(refusal: ChatRefusal): ApiError {
  return new ApiError(refusal === 'notAuthor' ? 403 : 400, CHAT_MESSAGES[refusal]);
}

/** Multipart fields as the payload they stand for (400 like a schema's refusal otherwise). */
function targetOfFields(fields: Record<string, string>): ChatTarget {
  const parsed = targetFromFields(fields);
  if ('invalid' in parsed) throw new ApiError(400, parsed.invalid);
  return parsed.target;
}

/** The form of chat/insert.json, for the API reference. */
const INSERT_FORM = multipartBody(
  {
    properties: {
      ...ChatTargetSchema.properties,
      message: { type: 'string', maxLength: CHAT_MESSAGE_MAX_LENGTH },
    },
    required: ChatTargetSchema.required,
  },
  { max: MAX_FILES_PER_MESSAGE, required: false },
  'The conversation (its fields first), the text and the attachments: text or a file at least.',
);

/** The chat API (spec §7): personal and group conversations, paging, read marks, live events. */
const chatRoutes: FastifyPluginAsyncTypebox<ChatRoutesOptions> = async (app, options) => {
  const { dataDir, uploadLimitBytes, service } = options;
  await app.register(fastifyMultipart, {
    limits: attachmentLimits(uploadLimitBytes, MAX_FILES_PER_MESSAGE, 20),
  });
  app.addHook('onRequest', app.requireUser);
  const { chat, attachments } = app.repos;
  const refusals = uploadRefusals(CHAT_UPLOAD_MESSAGES, uploadLimitBytes, MAX_FILES_PER_MESSAGE);

  const open = async (request: FastifyRequest<{ Body: ChatTarget }>) => {
    const user = sessionUser(request);
    const conversation = await service.conversationOf(user, request.body);
    const reader = personOf(user);
    return ok(toOpenedConversation(reader, await chat.open(reader, conversation.key)));
  };

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.messages),
    handler: open,
  });
  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.groupMessages),
    handler: async (request) => {
      if (request.body.id_to !== GROUP_CHAT_ID)
        throw new ApiError(400, CHAT_REQUEST_MESSAGES.groupOnly);
      return open(request);
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.newer),
    handler: async (request) => {
      const user = sessionUser(request);
      const conversation = await service.conversationOf(user, request.body);
      const page = await chat.newer(conversation.key, request.body.id_last_message);
      return ok(toMessages(personOf(user), page));
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.older),
    handler: async (request) => {
      const user = sessionUser(request);
      const conversation = await service.conversationOf(user, request.body);
      const page = await chat.older(conversation.key, request.body.id_top_message);
      return ok(toMessages(personOf(user), page));
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.read),
    handler: async (request) => {
      const user = sessionUser(request);
      const person = personOf(user);
      const found = await service.visibleMessage(user, request.body.id_message);
      if (!found.message.ismine) {
        await service.markRead(person, found.message.id_message, found.ref);
      }
      return ok(await chat.unreadIn(person, found.ref.key));
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.readAll),
    handler: async (request) => {
      const user = sessionUser(request);
      const person = personOf(user);
      const conversation = await service.conversationOf(user, request.body);
      await service.markAllRead(person, conversation);
      return ok(await chat.unreadIn(person, conversation.key));
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.count),
    handler: async (request) => {
      const user = sessionUser(request);
      const body = request.body;
      assertSelf(user, { id: body.id_from, role: body.id_from_type });
      const person = personOf(user);
      const total = await chat.totalUnread(person);
      if (body.id_discipline === undefined) return ok({ total, contacts: [] });
      const chain = chainOf({ ...body, id_discipline: body.id_discipline });
      const counts = await chat.contactCounts(person, { ...chain, id_group: body.id_group });
      let contacts = counts.map(toContactCount);
      const group = contacts.find((c) => c.idid === GROUP_CHAT_ID);
      // A group chat the caller is not part of has no count for them.
      if (group && user.role === ROLE.teacher && body.id_group !== undefined) {
        const ref = { ...chain, id_group: body.id_group, teacherId: null, studentId: null };
        if (!(await service.canAccess(person, ref))) contacts = contacts.filter((c) => c !== group);
      }
      return ok({ total, contacts });
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.countByDiscipline),
    handler: async (request) => {
      const user = sessionUser(request);
      const body = request.body;
      assertSelf(user, { id: body.id_from, role: body.id_from_type });
      const counts = await chat.disciplineCounts(personOf(user), { year: body.year, ws: body.ws });
      return ok(counts.map(toDisciplineCount));
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.remove),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { uid: request.body.uid });
      const found = await service.visibleMessage(user, request.body.id_message);
      const refusal = deleteRefusal(found.message);
      if (refusal) throw refuse(refusal);
      await service.remove(found.message.id_message, found.ref, personOf(user));
      return ok(1 as const);
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.insert),
    config: { answers: UPLOAD_ANSWERS, documentedBody: INSERT_FORM },
    handler: async (request) => {
      const user = sessionUser(request);
      // Who may post here is known from the fields, which come first: a caller outside the
      // conversation is refused before any file is stored.
      let allowed: Conversation | undefined;
      const settings = {
        dataDir,
        limitBytes: uploadLimitBytes,
        ...refusals,
        beforeFiles: async (fields: Record<string, string>) => {
          allowed = await service.conversationOf(user, targetOfFields(fields));
        },
      };
      // A phone's outbox names each message (Idempotency-Key): sent again, it is stored once.
      const key = messageKey(request.headers['idempotency-key']);
      if (typeof key === 'string') throw refuse(key);
      const id = await receiveUpload(request, settings, async ({ fields, files }, publishFiles) => {
        const text = messageText(fields.message, files.length);
        if (typeof text === 'string') throw refuse(text);
        const conversation =
          allowed ?? (await service.conversationOf(user, targetOfFields(fields)));
        return service.post(conversation, user, text.message, files, publishFiles, key.key);
      });
      const stored = await chat.byId(id);
      if (!stored) throw new Error(`chat message ${id} vanished after insert`);
      return ok(toMessage(personOf(user), stored.message));
    },
  });

  app.route({
    ...endpointRoute(app, CHAT_ENDPOINTS.download),
    config: {
      answers: { ...ATTACHMENT_ANSWERS, 403: 'The message is not in a chat of the caller.' },
    },
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const found = await service.visibleMessage(user, Number(request.query.id));
      const owner = { area: 'chat' as const, id: found.message.id_message };
      const file = await attachments.find(owner, request.query.name);
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      return sendAttachment(request, reply, dataDir, file);
    },
  });

  // Open streams end when the server closes, so a shutdown does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get('/events', async (request, reply) => {
    const end = chatEventStream(app.chatEvents, service, request, reply, options.heartbeatMs);
    streams.add(end);
    request.raw.once('close', () => streams.delete(end));
  });
};

/** The chat area: its routes under their legacy prefix. */
const chatArea: FastifyPluginAsync<ChatRoutesOptions> = async (app, options) => {
  await app.register(chatRoutes, { ...options, prefix: PREFIXES.chat });
};

export default chatArea;
