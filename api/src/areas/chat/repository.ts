import { CHAT_PAGE_SIZE, ROLE } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { AccessRepository } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import type { AttachmentsRepository } from '../../lib/attachments.js';
import type { ChatPerson, Conversation } from './rules.js';
import { createUnreadRepository, unreadBy } from './unread-repository.js';

/** Messages shown before the first unread one, so it is read in context. */
const CONTEXT_BEFORE_UNREAD = 5;

/** A message with its author's name and its files' names (wire.ts `toMessage`). */
export interface MessageRow {
  id: number;
  message: string;
  created_at: number | string;
  sender_role: number;
  sender_id: number;
  full_name: string | null;
  files: string[];
}

/** The page a conversation opens with, and where it stands (wire.ts `toOpenedConversation`). */
export interface OpenedConversationRow {
  messages: MessageRow[];
  /** The reader's first unread message, null when everything is read. */
  firstUnread: number | null;
  unreadTotal: number;
  hasOlder: boolean;
  hasNewer: boolean;
}

/** The chat's messages: pages of a conversation, one message, and the writes. */
function createMessagesRepository(db: Kysely<Database>, attachments: AttachmentsRepository) {
  const selectMessages = () =>
    db
      .selectFrom('chat_messages as m')
      .leftJoin('teachers as t', (join) =>
        join.onRef('t.id', '=', 'm.sender_id').on('m.sender_role', '=', ROLE.teacher),
      )
      .leftJoin('students as s', (join) =>
        join.onRef('s.id', '=', 'm.sender_id').on('m.sender_role', '=', ROLE.student),
      )
      .leftJoin('persons as pt', 'pt.id', 't.person_id')
      .leftJoin('persons as ps', 'ps.id', 's.person_id')
      .select((eb) => [
        'm.id',
        'm.message',
        'm.created_at',
        'm.sender_role',
        'm.sender_id',
        eb.fn.coalesce('pt.full_name', 'ps.full_name').as('full_name'),
      ]);

  const page = async (
    key: string,
    range: { after?: number; before?: number; from?: number },
    limit: number,
  ): Promise<MessageRow[]> => {
    let q = selectMessages().where('m.conversation', '=', key);
    if (range.after !== undefined) q = q.where('m.id', '>', range.after);
    if (range.from !== undefined) q = q.where('m.id', '>=', range.from);
    if (range.before !== undefined) q = q.where('m.id', '<', range.before);
    // Newest first when paging backwards (or from the end), then shown oldest first.
    const backwards = range.after === undefined && range.from === undefined;
    const rows = await q
      .orderBy('m.id', backwards ? 'desc' : 'asc')
      .limit(limit)
      .execute();
    if (backwards) rows.reverse();
    const files = await attachments.namesByOwners(
      'chat',
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, files: files.get(row.id) ?? [] }));
  };

  const exists = async (key: string, op: '<' | '>', id: number): Promise<boolean> =>
    (await db
      .selectFrom('chat_messages')
      .select('id')
      .where('conversation', '=', key)
      .where('id', op, id)
      .limit(1)
      .executeTakeFirst()) !== undefined;

  return {
    /** The page to open a conversation with: around the first unread, else the newest. */
    async open(reader: ChatPerson, key: string): Promise<OpenedConversationRow> {
      const unread = await db
        .selectFrom('chat_messages as m')
        .select((eb) => [eb.fn.min('m.id').as('first'), eb.fn.countAll().as('total')])
        .where('m.conversation', '=', key)
        .where((eb) => unreadBy(eb, reader))
        .executeTakeFirstOrThrow();
      const first = unread.first === null ? null : Number(unread.first);
      const total = Number(unread.total);
      let messages: MessageRow[];
      if (first === null) {
        messages = await page(key, {}, CHAT_PAGE_SIZE);
      } else {
        const context = await page(key, { before: first }, CONTEXT_BEFORE_UNREAD);
        const rest = await page(key, { from: first }, CHAT_PAGE_SIZE - context.length);
        messages = [...context, ...rest];
      }
      const top = messages[0]?.id;
      const last = messages[messages.length - 1]?.id;
      return {
        messages,
        firstUnread: first,
        unreadTotal: total,
        hasOlder: top !== undefined && (await exists(key, '<', top)),
        hasNewer: last !== undefined && (await exists(key, '>', last)),
      };
    },

    newer: (key: string, afterId: number) => page(key, { after: afterId }, CHAT_PAGE_SIZE),

    older: (key: string, beforeId: number) => page(key, { before: beforeId }, CHAT_PAGE_SIZE),

    /** The sender's message with this outbox key, if one was stored. */
    async idByClientKey(sender: ChatPerson, key: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('chat_messages')
        .select('id')
        .where('sender_role', '=', sender.role)
        .where('sender_id', '=', sender.id)
        .where('client_key', '=', key)
        .executeTakeFirst();
      return row?.id;
    },

    /** Stores a message; `trx` is the transaction that stores its files' rows too (service.ts). */
    async insert(
      trx: Kysely<Database>,
      ref: Conversation,
      sender: ChatPerson,
      message: string,
      now = Date.now(),
      clientKey: string | null = null,
    ): Promise<number> {
      const row = await trx
        .insertInto('chat_messages')
        .values({
          conversation: ref.key,
          year_id: ref.year,
          ws_id: ref.ws,
          discipline_id: ref.id_discipline,
          group_id: ref.id_group,
          teacher_id: ref.teacherId,
          student_id: ref.studentId,
          sender_role: sender.role,
          sender_id: sender.id,
          message,
          created_at: now,
          client_key: clientKey,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The message with its conversation and author (the message: wire.ts `toMessage`). */
    async byId(id: number) {
      const row = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const ref: Conversation = {
        key: row.conversation,
        year: row.year_id,
        ws: row.ws_id,
        id_discipline: row.discipline_id,
        id_group: row.group_id,
        teacherId: row.teacher_id,
        studentId: row.student_id,
      };
      const shown = await selectMessages().where('m.id', '=', id).executeTakeFirstOrThrow();
      const files = await attachments.namesByOwners('chat', [id]);
      const message: MessageRow = { ...shown, files: files.get(id) ?? [] };
      return {
        ref,
        message,
        author: { role: row.sender_role, id: row.sender_id } as ChatPerson,
      };
    },

    /**
     * Its read marks go with it (on delete cascade): deleted first, their triggers would lock the
     * readers' `chat_unread` rows before the message's trigger locks its members' in order, and a
     * message posted to the same chat meanwhile could deadlock with it (migrations/0019).
     * `trx`: the transaction that removes its files' rows first (service.ts).
     */
    async delete(trx: Kysely<Database>, id: number): Promise<void> {
      await trx.deleteFrom('chat_messages').where('id', '=', id).execute();
    },
  };
}

/** The chat's SQL: its messages (above) and their read marks and counts (unread-repository.ts). */
export function createChatRepository(
  db: Kysely<Database>,
  access: AccessRepository,
  attachments: AttachmentsRepository,
) {
  return { ...createMessagesRepository(db, attachments), ...createUnreadRepository(db, access) };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
