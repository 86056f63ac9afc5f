import type { ChatMessage } from '@lms/shared/contract';
import { isAuthor, type ChatPerson } from './rules.js';

/** A message row with its author's name, as the repository reads it. */
export interface MessageRow {
  id: number;
  message: string;
  created_at: number | string;
  sender_role: number;
  sender_id: number;
  full_name: string | null;
}

/** A message as the contract answers it to `reader`, with its files' names. */
export function toMessage(reader: ChatPerson, files: string[], row: MessageRow): ChatMessage {
  return {
    id_message: row.id,
    message: row.message,
    files,
    ismine: isAuthor(reader, { role: row.sender_role, id: row.sender_id }),
    fio: row.full_name ?? '',
    created: Number(row.created_at),
  };
}
