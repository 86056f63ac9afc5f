import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  ChatCountBody,
  ChatCountResponse,
  ChatDeleteBody,
  ChatDeleteResponse,
  ChatDownloadQuery,
  ChatInsertResponse,
  ChatMessagesResponse,
  ChatNewBody,
  ChatOldBody,
  ChatPageResponse,
  ChatReadBody,
  ChatTarget,
  ChatUnreadResponse,
  CHAT_MAX_FILES,
  CHAT_MESSAGE_MAX_LENGTH,
  Envelope,
  GROUP_CHAT_ID,
  type ChatEvent,
  type SessionUser,
  ROLE,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { storable } from '../../lib/input-rules.js';
import type { AppOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';
import { conversationKey, type ChatPerson, type Conversation } from './repository.js';
import { sendAttachment } from '../../lib/download.js';
import { formatSize, recordFolder, Staging, storedNameFor } from '../../lib/uploads.js';
import { chatEventStream } from './events.js';
import { assertSelf, hiddenRecord } from '../../access/index.js';

/** ChatTarget within the databases' limits (multipart fields are checked here, not by a schema). */
const STORABLE_CHAT_TARGET = storable(ChatTarget);

export const CHAT_MESSAGES = {
  groupRequired: 'Invalid request: id_group is required for the group chat',
  groupOnly: 'Invalid request: group/messages.json is for the group chat (id_to -1)',
  empty: 'Введите сообщение или прикрепите файл',
  tooLong: 'Сообщение слишком длинное',
  notAuthor: 'Удалить сообщение может только его автор',
  tooManyFiles: `Не больше ${CHAT_MAX_FILES} файлов в одном сообщении`,
  tooLarge: (limitBytes: number) =>
    `Файлы слишком большие: не больше ${formatSize(limitBytes)} на одно сообщение`,
} as const;

/** Multipart fields that carry numbers (every field of ChatTarget). */
const NUMERIC_FIELDS = new Set(Object.keys(ChatTarget.properties));

export function personOf(user: SessionUser): ChatPerson {
  return { role: user.role, id: user.id };
}

/** The chat API (spec §7): personal and group conversations, paging, read marks, live events. */
const chatRoutes: FastifyPluginAsyncTypebox<
  Pick<AppOptions, 'dataDir' | 'uploadLimitBytes'> & {
    heartbeatMs?: number;
  }
> = async (app, options) => {
  const { dataDir, uploadLimitBytes } = options;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: uploadLimitBytes,
      files: CHAT_MAX_FILES,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: CHAT_MAX_FILES + 20,
    },
  });
  app.addHook('onRequest', app.requireUser);
  const { chat, access } = app.repos;

  /** The conversation a payload names, after checking the caller may use it (else 403). */
  async function conversationOf(user: SessionUser, target: ChatTarget): Promise<Conversation> {
    assertSelf(user, { id: target.id_from, role: target.id_from_type });
    const base = { year: target.year, ws: target.ws, id_discipline: target.id_discipline };
    let ref: Omit<Conversation, 'key'>;
    if (target.id_to === GROUP_CHAT_ID) {
      if (target.id_group === undefined) throw new ApiError(400, CHAT_MESSAGES.groupRequired);
      ref = { ...base, id_group: target.id_group, teacherId: null, studentId: null };
    } else {
      // Teachers talk with students and students with teachers.
      if (target.id_to_type === user.role) throw new ApiError(403, MESSAGES.forbidden);
      const teacherId = user.role === ROLE.teacher ? user.id : target.id_to;
      const studentId = user.role === ROLE.student ? user.id : target.id_to;
      const student = await access.placementOf(studentId);
      if (!student) throw new ApiError(403, MESSAGES.forbidden);
      ref = { ...base, id_group: student.groupId, teacherId, studentId };
    }
    if (!(await chat.canAccess(personOf(user), ref))) throw new ApiError(403, MESSAGES.forbidden);
    return { ...ref, key: conversationKey(ref) };
  }

  const publish = (
    kind: ChatEvent['kind'],
    messageId: number,
    conversation: Conversation,
    actor: ChatPerson,
  ) => {
    const { key: _key, ...ref } = conversation;
    return app.chatEvents.publish({ kind, id_message: messageId, conversation: ref, actor });
  };

  const open = async (request: FastifyRequest<{ Body: ChatTarget }>) => {
    const user = sessionUser(request);
    const conversation = await conversationOf(user, request.body);
    return ok(await chat.open(personOf(user), conversation.key));
  };

  app.post(
    '/messages.json',
    { schema: { body: ChatTarget, response: { 200: Envelope(ChatMessagesResponse) } } },
    open,
  );
  app.post(
    '/group/messages.json',
    { schema: { body: ChatTarget, response: { 200: Envelope(ChatMessagesResponse) } } },
    async (request) => {
      if (request.body.id_to !== GROUP_CHAT_ID) throw new ApiError(400, CHAT_MESSAGES.groupOnly);
      return open(request);
    },
  );

  app.post(
    '/new.json',
    { schema: { body: ChatNewBody, response: { 200: Envelope(ChatPageResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const conversation = await conversationOf(user, request.body);
      return ok(await chat.newer(personOf(user), conversation.key, request.body.id_last_message));
    },
  );

  app.post(
    '/old.json',
    { schema: { body: ChatOldBody, response: { 200: Envelope(ChatPageResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const conversation = await conversationOf(user, request.body);
      return ok(await chat.older(personOf(user), conversation.key, request.body.id_top_message));
    },
  );

  /** A message the caller may see; a missing one gets the same answer as another's. */
  async function visibleMessage(user: SessionUser, id: number) {
    const found = await chat.byId(personOf(user), id);
    if (!found || !(await chat.canAccess(personOf(user), found.ref))) throw hiddenRecord();
    return found;
  }

  app.post(
    '/read.json',
    { schema: { body: ChatReadBody, response: { 200: Envelope(ChatUnreadResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const person = personOf(user);
      const found = await visibleMessage(user, request.body.id_message);
      if (!found.message.ismine) {
        await chat.markRead(person, found.message.id_message);
        await publish('read', found.message.id_message, found.ref, person);
      }
      return ok(await chat.unreadIn(person, found.ref.key));
    },
  );

  app.post(
    '/readall.json',
    { schema: { body: ChatTarget, response: { 200: Envelope(ChatUnreadResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const person = personOf(user);
      const conversation = await conversationOf(user, request.body);
      if ((await chat.markAllRead(person, conversation.key)) > 0) {
        await publish('read', 0, conversation, person);
      }
      return ok(await chat.unreadIn(person, conversation.key));
    },
  );

  app.post(
    '/count.json',
    { schema: { body: ChatCountBody, response: { 200: Envelope(ChatCountResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const body = request.body;
      assertSelf(user, { id: body.id_from, role: body.id_from_type });
      const person = personOf(user);
      const total = await chat.totalUnread(person);
      if (body.id_discipline === undefined) return ok({ total, contacts: [] });
      const chain = { year: body.year, ws: body.ws, id_discipline: body.id_discipline };
      let contacts = await chat.contactCounts(person, { ...chain, id_group: body.id_group });
      const group = contacts.find((c) => c.idid === GROUP_CHAT_ID);
      // A group chat the caller is not part of has no count for them.
      if (group && user.role === ROLE.teacher && body.id_group !== undefined) {
        const ref = { ...chain, id_group: body.id_group, teacherId: null, studentId: null };
        if (!(await chat.canAccess(person, ref))) contacts = contacts.filter((c) => c !== group);
      }
      return ok({ total, contacts });
    },
  );

  app.post(
    '/deletemessage.json',
    { schema: { body: ChatDeleteBody, response: { 200: Envelope(ChatDeleteResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { uid: request.body.uid });
      const found = await visibleMessage(user, request.body.id_message);
      if (!found.message.ismine) throw new ApiError(403, CHAT_MESSAGES.notAuthor);
      await chat.delete(found.message.id_message);
      await rm(recordFolder(dataDir, 'chat', found.message.id_message), {
        recursive: true,
        force: true,
      });
      await publish('deleted', found.message.id_message, found.ref, personOf(user));
      return ok(1 as const);
    },
  );

  /** Multipart fields as typed values: numbers where ChatTarget expects them. */
  function targetOf(fields: Record<string, string>): ChatTarget {
    const candidate: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (!NUMERIC_FIELDS.has(name) || value === '') continue;
      candidate[name] = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    }
    if (!Value.Check(STORABLE_CHAT_TARGET, candidate)) {
      const first = Value.Errors(STORABLE_CHAT_TARGET, candidate).First();
      throw new ApiError(400, `Invalid request: body${first?.path ?? ''} ${first?.message ?? ''}`);
    }
    return candidate;
  }

  app.post(
    '/insert.json',
    { schema: { response: { 200: Envelope(ChatInsertResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      if (!request.isMultipart()) {
        throw new ApiError(400, 'Invalid request: send multipart/form-data');
      }
      const staging = await Staging.create(dataDir, uploadLimitBytes);
      try {
        // Who may post here is known from the fields, which come first: a caller outside the
        // conversation is refused before any file is stored.
        let allowed: Conversation | undefined;
        const received = await staging.receive(request, {
          storedName: storedNameFor,
          tooLarge: CHAT_MESSAGES.tooLarge(uploadLimitBytes),
          tooManyFiles: CHAT_MESSAGES.tooManyFiles,
          beforeFiles: async (fields) => {
            allowed = await conversationOf(user, targetOf(fields));
          },
        });
        const { fields, files } = received;
        const message = (fields.message ?? '').trim();
        if (message === '' && files.length === 0) throw new ApiError(400, CHAT_MESSAGES.empty);
        if (message.length > CHAT_MESSAGE_MAX_LENGTH)
          throw new ApiError(400, CHAT_MESSAGES.tooLong);
        const conversation = allowed ?? (await conversationOf(user, targetOf(fields)));
        const person = personOf(user);
        const sender = { ...person, uid: user.uid };
        const id = await chat.insert(conversation, sender, message, files, async (messageId) => {
          if (files.length > 0) await staging.publish(recordFolder(dataDir, 'chat', messageId));
        });
        await publish('message', id, conversation, person);
        const stored = await chat.byId(person, id);
        if (!stored) throw new Error(`chat message ${id} vanished after insert`);
        return ok(stored.message);
      } finally {
        await staging.discard();
      }
    },
  );

  app.get(
    '/download.file',
    { schema: { querystring: ChatDownloadQuery } },
    async (request, reply) => {
      const user = sessionUser(request);
      const found = await visibleMessage(user, Number(request.query.id));
      const messageId = found.message.id_message;
      const file = await app.repos.attachments.find(
        { area: 'chat', id: messageId },
        request.query.name,
      );
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      return sendAttachment(request, reply, dataDir, file);
    },
  );

  // Open streams end when the server closes, so a shutdown does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get('/events', async (request, reply) => {
    const end = chatEventStream(app, request, reply, options.heartbeatMs);
    streams.add(end);
    request.raw.once('close', () => streams.delete(end));
  });
};

export default chatRoutes;
