import {
  ROLE,
  type ChatConversationRef,
  type ChatEvent,
  type ChatTarget,
  type SessionUser,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import {
  assertSelf,
  hiddenRecord,
  visibleRecord,
  type AccessRepository,
} from '../../access/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { CHAT_REQUEST_MESSAGES } from './messages.js';
import type { Database } from '../../db/schema.js';
import {
  removeRecordFiles,
  type AttachmentsRepository,
  type NewAttachment,
  type Owner,
} from '../../lib/attachments.js';
import { ApiError } from '../../lib/http.js';
import type { ChatEventBus } from './bus.js';
import type { ChatRepository } from './repository.js';
import {
  isParty,
  isPersonal,
  personalRef,
  targetOf,
  teachingOf,
  withKey,
  type ChatPerson,
  type Conversation,
} from './rules.js';
import { toMessage } from './wire.js';

export interface ChatServiceDeps {
  db: Kysely<Database>;
  chat: ChatRepository;
  access: AccessRepository;
  attachments: AttachmentsRepository;
  events: ChatEventBus;
  dataDir: string;
}

/**
 * May this person use the conversation? Personal: it is theirs, and the teacher teaches the
 * student that discipline (access.teachesStudent). Group chat: the students who study the
 * discipline in that group and the teachers who teach it to the group.
 */
export async function mayUseConversation(
  access: AccessRepository,
  person: ChatPerson,
  ref: ChatConversationRef,
): Promise<boolean> {
  const teaching = teachingOf(ref);
  if (isPersonal(ref)) {
    if (!isParty(person, ref)) return false;
    return access.teachesStudent(ref.teacherId, ref.studentId, teaching);
  }
  return person.role === ROLE.teacher
    ? access.teaches(person.id, teaching)
    : access.studiesIn(person.id, teaching);
}

export function personOf(user: SessionUser): ChatPerson {
  return { role: user.role, id: user.id };
}

/**
 * Who may use which conversation (the rules of rules.ts with the access module's teaching
 * questions), and the chat's writes: a message with its files in one transaction, deletions
 * with their files on disk, read marks; each announced to the live streams (events.ts).
 */
export function createChatService({
  db,
  chat,
  access,
  attachments,
  events,
  dataDir,
}: ChatServiceDeps) {
  const canAccess = (person: ChatPerson, ref: ChatConversationRef) =>
    mayUseConversation(access, person, ref);

  function announce(
    kind: ChatEvent['kind'],
    messageId: number,
    conversation: Conversation,
    actor: ChatPerson,
  ) {
    const { key: _key, ...ref } = conversation;
    return events.publish({ kind, id_message: messageId, conversation: ref, actor });
  }

  return {
    canAccess,

    /** The conversation a payload names, after checking the caller may use it (else 403). */
    async conversationOf(user: SessionUser, target: ChatTarget): Promise<Conversation> {
      assertSelf(user, { id: target.id_from, role: target.id_from_type });
      const named = targetOf(personOf(user), target);
      if (named === 'invalid') throw new ApiError(400, CHAT_REQUEST_MESSAGES.groupRequired);
      if (named === 'hidden') throw hiddenRecord();
      let ref = 'group' in named ? named.group : undefined;
      if ('personal' in named) {
        const student = await access.placementOf(named.personal.studentId);
        if (!student) throw hiddenRecord();
        ref = personalRef(target, named.personal, student.groupId);
      }
      if (!ref || !(await canAccess(personOf(user), ref))) throw hiddenRecord();
      return withKey(ref);
    },

    /**
     * A message the caller may see, as the contract shows it to them; a missing one gets the
     * same answer as another's.
     */
    async visibleMessage(user: SessionUser, id: number) {
      const person = personOf(user);
      const found = await chat.byId(id);
      const allowed = found !== undefined && (await canAccess(person, found.ref));
      const { ref, author, message } = visibleRecord(found, () => allowed);
      return { ref, author, message: toMessage(person, message) };
    },

    /**
     * Stores the message and its files' rows in one transaction; `publishFiles` (moving its
     * staged uploads into place) runs inside it, so a failure there leaves no message behind.
     * A message with its sender's outbox key (`clientKey`) is stored once: sent again (twice at
     * once too), it answers the message already stored, and nobody hears of it twice.
     */
    async post(
      conversation: Conversation,
      sender: SessionUser,
      message: string,
      files: NewAttachment[],
      publishFiles: (owner: Owner) => Promise<void>,
      clientKey?: string,
    ): Promise<number> {
      const person = personOf(sender);
      if (clientKey !== undefined) {
        const stored = await chat.idByClientKey(person, clientKey);
        if (stored !== undefined) return stored;
      }
      const now = Date.now();
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const messageId = await chat.insert(
            trx,
            conversation,
            person,
            message,
            now,
            clientKey ?? null,
          );
          const owner: Owner = { area: 'chat', id: messageId };
          await attachments.attach(trx, owner, files, { createdBy: sender.uid, createdAt: now });
          await publishFiles(owner);
          return messageId;
        });
      } catch (error) {
        // The same key stored meanwhile by a request sent at the same time: that message.
        const stored =
          clientKey !== undefined && isUniqueViolation(error)
            ? await chat.idByClientKey(person, clientKey)
            : undefined;
        if (stored === undefined) throw error;
        return stored;
      }
      await announce('message', id, conversation, person);
      return id;
    },

    /**
     * A notice another area writes in a group chat as its teacher (a cancelled booking, an online
     * lesson scheduled): stored and announced as any message; nothing when the teacher does not
     * teach the discipline to the group. The message's id, or undefined.
     */
    async notice(
      teacher: ChatPerson,
      ref: Omit<ChatConversationRef, 'teacherId' | 'studentId'>,
      message: string,
    ): Promise<number | undefined> {
      const conversation = withKey({ ...ref, teacherId: null, studentId: null });
      if (teacher.role !== ROLE.teacher || !(await canAccess(teacher, conversation))) return;
      const id = await chat.insert(db, conversation, teacher, message);
      await announce('message', id, conversation, teacher);
      return id;
    },

    /** The message and its file rows together (see repository `delete`), then its files. */
    async remove(messageId: number, conversation: Conversation, actor: ChatPerson) {
      const owner: Owner = { area: 'chat', id: messageId };
      await db.transaction().execute(async (trx) => {
        await attachments.deleteByOwner(trx, owner);
        await chat.delete(trx, messageId);
      });
      await removeRecordFiles(dataDir, owner);
      await announce('deleted', messageId, conversation, actor);
    },

    /** Marks one message read (the reader's other tabs hear of it). */
    async markRead(reader: ChatPerson, messageId: number, conversation: Conversation) {
      await chat.markRead(reader, messageId);
      await announce('read', messageId, conversation, reader);
    },

    /** Marks the conversation read; the other tabs hear of it when anything was unread. */
    async markAllRead(reader: ChatPerson, conversation: Conversation) {
      if ((await chat.markAllRead(reader, conversation.key)) > 0) {
        await announce('read', 0, conversation, reader);
      }
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
