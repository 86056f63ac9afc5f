import type { RoleId } from '@lms/shared/contract';
import type { ColumnType, Generated } from 'kysely';

/** One chat message (see migrations/0003_chat.ts). */
export interface ChatMessageTable {
  id: Generated<number>;
  /** 'p:<year>:<ws>:<discipline>:<teacher>:<student>' or 'g:<year>:<ws>:<discipline>:<group>'. */
  conversation: string;
  year_id: number;
  ws_id: number;
  discipline_id: number;
  /** The group chat's group; for a personal conversation the student's group. */
  group_id: number;
  /** Both set for a personal conversation, both null for a group chat. */
  teacher_id: number | null;
  student_id: number | null;
  sender_role: RoleId;
  /** Person id (teacher or student id) of the author. */
  sender_id: number;
  message: string;
  created_at: number;
  /** The key the sender's device gave the message (its outbox): one message per key. */
  client_key: ColumnType<string | null, string | null | undefined, never>;
}

/** "This reader has read this message": read marks are per reader (group chats have many). */
export interface ChatReadTable {
  message_id: number;
  reader_role: RoleId;
  reader_id: number;
}

/**
 * A person's unread count as last computed (the badge), valid while `total_gen` equals `gen`;
 * triggers move `gen` on every change the count depends on (see migrations/0019_chat_unread.ts).
 */
export interface ChatUnreadTable {
  reader_role: RoleId;
  reader_id: number;
  gen: Generated<number>;
  total: number | null;
  total_gen: number | null;
}
