import type {
  ChatContactCount,
  ChatDisciplineCount,
  ChatMessage,
  ChatMessagesResponse,
} from '@lms/shared/contract';
import type { MessageRow, OpenedConversationRow } from './repository.js';
import { isAuthor, type ChatPerson } from './rules.js';
import type { ContactCountRow, DisciplineCountRow } from './unread-repository.js';

/** A message as the contract answers it to `reader`. */
export function toMessage(reader: ChatPerson, row: MessageRow): ChatMessage {
  return {
    id_message: row.id,
    message: row.message,
    files: row.files,
    ismine: isAuthor(reader, { role: row.sender_role, id: row.sender_id }),
    fio: row.full_name ?? '',
    created: Number(row.created_at),
  };
}

/** A page of messages (new.json, old.json), oldest first. */
export function toMessages(reader: ChatPerson, rows: readonly MessageRow[]): ChatMessage[] {
  return rows.map((row) => toMessage(reader, row));
}

/** The page a conversation opens with (messages.json). */
export function toOpenedConversation(
  reader: ChatPerson,
  opened: OpenedConversationRow,
): ChatMessagesResponse {
  return {
    messages: toMessages(reader, opened.messages),
    unreades_start: opened.firstUnread,
    unreades_total: opened.unreadTotal,
    hasOlder: opened.hasOlder,
    hasNewer: opened.hasNewer,
  };
}

/** Unread messages from one contact (-1: the group chat) of a discipline list (count.json). */
export function toContactCount(row: ContactCountRow): ChatContactCount {
  return { idid: row.contactId, countMessages: row.unread };
}

/** Unread messages of one discipline and group (countbydiscipline.json). */
export function toDisciplineCount(row: DisciplineCountRow): ChatDisciplineCount {
  return { id_discipline: row.disciplineId, id_group: row.groupId, countMessages: row.unread };
}
