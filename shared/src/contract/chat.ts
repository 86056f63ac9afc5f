import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import { Ws } from './discipline.js';

import { GROUP_CHAT_ID, type RoleId } from './constants.js';
import { withSchemas } from './endpoint.js';
import { CHAT_ADDRESSES } from './endpoints/chat.js';

/**
 * Names one conversation (spec §7 "year, id_from_type, id_from, id_to_type, id_to,
 * id_discipline, ws, kredit"). id_from/id_from_type must be the session's person and role;
 * id_to is the other person (a teacher for a student, a student for a teacher) or -1 for the
 * group chat of id_group. A personal conversation belongs to one discipline of one semester.
 */
export const ChatTarget = Type.Object({
  year: Type.Integer({ minimum: 0, maximum: 99 }),
  ws: Ws,
  id_discipline: Id,
  kredit: Type.Optional(Type.Number({ minimum: 0, maximum: 60 })),
  id_from_type: Role,
  id_from: Id,
  id_to_type: Role,
  id_to: Type.Union([Id, Type.Literal(GROUP_CHAT_ID)]),
  /** Required for the group chat; for a personal one it is the student's group. */
  id_group: Type.Optional(Id),
});
export type ChatTarget = Static<typeof ChatTarget>;

export const ChatMessage = Type.Object({
  id_message: Id,
  message: Type.String(),
  /** Attached file names, in order (download with GET chat/download.file?id=&name=). */
  files: Type.Array(Type.String()),
  ismine: Type.Boolean(),
  /** Author's full name (shown in the group chat). */
  fio: Type.String(),
  /** Epoch milliseconds. */
  created: Type.Number(),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** messages.json and group/messages.json: the page around the first unread (or the newest). */
export const ChatMessagesResponse = Type.Object({
  messages: Type.Array(ChatMessage),
  /** The first unread message's id, null when everything is read. */
  unreades_start: Type.Union([Id, Type.Null()]),
  unreades_total: Type.Integer({ minimum: 0 }),
  /** Whether messages older than the returned page exist (then page back with old.json). */
  hasOlder: Type.Boolean(),
  /** Whether messages newer than the returned page exist (then page on with new.json). */
  hasNewer: Type.Boolean(),
});
export type ChatMessagesResponse = Static<typeof ChatMessagesResponse>;

/** new.json: up to 20 messages after id_last_message (0 = from the start), oldest first. */
export const ChatNewBody = Type.Object({
  ...ChatTarget.properties,
  id_last_message: Type.Integer({ minimum: 0 }),
});
export type ChatNewBody = Static<typeof ChatNewBody>;

/** old.json: up to 20 messages before id_top_message, oldest first (prepended by the client). */
export const ChatOldBody = Type.Object({ ...ChatTarget.properties, id_top_message: Id });
export type ChatOldBody = Static<typeof ChatOldBody>;

export const ChatPageResponse = Type.Array(ChatMessage);
export type ChatPageResponse = Static<typeof ChatPageResponse>;

/** read.json: marks one message read for the caller; answers the conversation's unread count. */
export const ChatReadBody = Type.Object({ id_message: Id });
export type ChatReadBody = Static<typeof ChatReadBody>;
export const ChatUnreadResponse = Type.Integer({ minimum: 0 });

/** deletemessage.json: only the author; data 1 = deleted. */
export const ChatDeleteBody = Type.Object({ id_message: Id, uid: Id });
export type ChatDeleteBody = Static<typeof ChatDeleteBody>;
export const ChatDeleteResponse = Type.Literal(1);

/**
 * count.json: the caller's total unread count and, when a discipline (and group) is chosen, the
 * unread count per contact of that list (idid -1 = the group chat).
 */
export const ChatCountBody = Type.Object({
  year: Type.Integer({ minimum: 0, maximum: 99 }),
  ws: Ws,
  id_from_type: Role,
  id_from: Id,
  id_discipline: Type.Optional(Id),
  id_group: Type.Optional(Id),
});
export type ChatCountBody = Static<typeof ChatCountBody>;
export const ChatContactCount = Type.Object({
  idid: Type.Integer(),
  countMessages: Type.Integer(),
});
export type ChatContactCount = Static<typeof ChatContactCount>;
export const ChatCountResponse = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  contacts: Type.Array(ChatContactCount),
});
export type ChatCountResponse = Static<typeof ChatCountResponse>;

/**
 * countbydiscipline.json: where the caller's unread messages of one semester are — per
 * discipline and group (personal conversations and the group chats they may read), the same
 * messages count.json counts. Only places with unread messages are listed.
 */
export const ChatDisciplineCountBody = Type.Object({
  year: Type.Integer({ minimum: 0, maximum: 99 }),
  ws: Ws,
  id_from_type: Role,
  id_from: Id,
});
export type ChatDisciplineCountBody = Static<typeof ChatDisciplineCountBody>;
export const ChatDisciplineCount = Type.Object({
  id_discipline: Type.Integer(),
  id_group: Type.Integer(),
  countMessages: Type.Integer({ minimum: 1 }),
});
export type ChatDisciplineCount = Static<typeof ChatDisciplineCount>;
export const ChatDisciplineCountResponse = Type.Array(ChatDisciplineCount);
export type ChatDisciplineCountResponse = Static<typeof ChatDisciplineCountResponse>;

/** insert.json answers the stored message. The multipart fields are ChatTarget + `message`. */
export const ChatInsertResponse = ChatMessage;

/** GET chat/download.file?id=<message id>&name=<file name> */
export const ChatDownloadQuery = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  name: Type.String({ minLength: 1, maxLength: 255 }),
});
export type ChatDownloadQuery = Static<typeof ChatDownloadQuery>;

/**
 * What the server pushes on GET chat/events (Server-Sent Events, event name `chat`): something
 * changed in a conversation the receiver takes part in. The client then pages with new.json or
 * refreshes counts, so the push carries no message text.
 */
export interface ChatEvent {
  kind: 'message' | 'deleted' | 'read';
  id_message: number;
  /** The conversation, as the receiver would name its contact. */
  conversation: ChatConversationRef;
  /** Who acted (sender, deleter or reader): role and person id. */
  actor: { role: RoleId; id: number };
}

export interface ChatConversationRef {
  year: number;
  ws: number;
  id_discipline: number;
  /** The group of the group chat; for a personal conversation the student's group. */
  id_group: number;
  /** null for the group chat. */
  teacherId: number | null;
  studentId: number | null;
}

/** The chat endpoints for the API: each address with the schemas it validates. */
export const CHAT_ENDPOINTS = withSchemas(CHAT_ADDRESSES, {
  messages: { body: ChatTarget, response: ChatMessagesResponse },
  groupMessages: { body: ChatTarget, response: ChatMessagesResponse },
  newer: { body: ChatNewBody, response: ChatPageResponse },
  older: { body: ChatOldBody, response: ChatPageResponse },
  read: { body: ChatReadBody, response: ChatUnreadResponse },
  readAll: { body: ChatTarget, response: ChatUnreadResponse },
  count: { body: ChatCountBody, response: ChatCountResponse },
  countByDiscipline: { body: ChatDisciplineCountBody, response: ChatDisciplineCountResponse },
  remove: { body: ChatDeleteBody, response: ChatDeleteResponse },
  insert: { response: ChatInsertResponse },
  download: { querystring: ChatDownloadQuery },
  events: {},
});
