import {
  CHAT_MAX_FILES,
  CHAT_MESSAGE_MAX_LENGTH,
  ChatTarget,
  GROUP_CHAT_ID,
  ROLE,
  type ChatConversationRef,
  type ChatEvent,
  type RoleId,
} from '@lms/shared/contract';
import type { Teaching } from '../../access/index.js';
import { fieldsChecker } from '../../lib/fields-check.js';
import type { Text } from '../../lib/messages.js';
import type { CHAT_MESSAGES } from './messages.js';

/**
 * Who may write to whom, whose conversation a message or an event is, and what a message may
 * hold: pure decisions, no database and no HTTP (unit-tested in test/unit/chat-rules.test.ts).
 * Whether a teacher teaches a student or a group is asked of the access module (service.ts).
 */

/** A person as chat sees them: role (1 teacher, 2 student) and teacher or student id. */
export interface ChatPerson {
  role: RoleId;
  id: number;
}

/** A conversation the caller may use, with its storage key. */
export interface Conversation extends ChatConversationRef {
  key: string;
}

/** A refusal of the chat, by its message (messages.ts). */
export type ChatRefusal = keyof typeof CHAT_MESSAGES;

/** Attachments one message may carry. */
export const MAX_FILES_PER_MESSAGE = CHAT_MAX_FILES;

/** A personal conversation (one teacher, one student) rather than a group chat. */
export function isPersonal(
  ref: ChatConversationRef,
): ref is ChatConversationRef & { teacherId: number; studentId: number } {
  return ref.teacherId !== null && ref.studentId !== null;
}

/** Where a conversation's messages are stored: one key per group chat or personal pair. */
export function conversationKey(ref: ChatConversationRef): string {
  return isPersonal(ref)
    ? `p:${ref.year}:${ref.ws}:${ref.id_discipline}:${ref.teacherId}:${ref.studentId}`
    : `g:${ref.year}:${ref.ws}:${ref.id_discipline}:${ref.id_group}`;
}

/** The teaching a conversation belongs to. */
export function teachingOf(ref: ChatConversationRef): Teaching {
  return { disciplineId: ref.id_discipline, groupId: ref.id_group, yearId: ref.year, ws: ref.ws };
}

/** Is the person the teacher or the student of this personal conversation? */
export function isParty(person: ChatPerson, ref: ChatConversationRef): boolean {
  return (person.role === ROLE.teacher ? ref.teacherId : ref.studentId) === person.id;
}

/** Did this person write the message? */
export function isAuthor(person: ChatPerson, sender: { role: number; id: number }): boolean {
  return sender.role === person.role && sender.id === person.id;
}

/**
 * The conversation a payload names, as far as it can be told without the database: the group
 * chat of `id_group`, or the personal one of the caller and the other side. Teachers talk with
 * students and students with teachers; a payload naming someone of the caller's own role is
 * refused (`hidden`), one naming the group chat without its group is `invalid`. A personal
 * conversation's group is the student's (`studentId`: look it up, then `personalRef`).
 */
export function targetOf(
  caller: ChatPerson,
  target: ChatTarget,
):
  | { group: Omit<Conversation, 'key'> }
  | { personal: { teacherId: number; studentId: number } }
  | 'hidden'
  | 'invalid' {
  if (target.id_to === GROUP_CHAT_ID) {
    if (target.id_group === undefined) return 'invalid';
    const ref = { ...chainOf(target), id_group: target.id_group, teacherId: null, studentId: null };
    return { group: ref };
  }
  if (target.id_to_type === caller.role) return 'hidden';
  const teacher = caller.role === ROLE.teacher;
  return {
    personal: {
      teacherId: teacher ? caller.id : target.id_to,
      studentId: teacher ? target.id_to : caller.id,
    },
  };
}

/** The year, semester and discipline a payload names. */
export function chainOf(target: { year: number; ws: number; id_discipline: number }) {
  return { year: target.year, ws: target.ws, id_discipline: target.id_discipline };
}

/** A personal conversation in the student's group. */
export function personalRef(
  target: ChatTarget,
  parties: { teacherId: number; studentId: number },
  studentGroupId: number,
): Omit<Conversation, 'key'> {
  return { ...chainOf(target), id_group: studentGroupId, ...parties };
}

/** The conversation with its key. */
export function withKey(ref: Omit<Conversation, 'key'>): Conversation {
  return { ...ref, key: conversationKey(ref) };
}

/** A new message's text after trimming, or the refusal: nothing to send, or too long. */
export function messageText(
  raw: string | undefined,
  fileCount: number,
): { message: string } | ChatRefusal {
  const message = (raw ?? '').trim();
  if (message === '' && fileCount === 0) return 'empty';
  if (message.length > CHAT_MESSAGE_MAX_LENGTH) return 'tooLong';
  return { message };
}

/** A message's key from its sender's outbox (the Idempotency-Key header). */
const MESSAGE_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The header's key: none, a valid key, or a refusal. */
export function messageKey(raw: string | string[] | undefined): { key?: string } | ChatRefusal {
  if (raw === undefined) return {};
  if (typeof raw !== 'string' || !MESSAGE_KEY.test(raw)) return 'badMessageKey';
  return { key: raw };
}

/** Only a message's author may delete it. */
export function deleteRefusal(message: { ismine: boolean }): ChatRefusal | null {
  return message.ismine ? null : 'notAuthor';
}

/** ChatTarget within the databases' limits (multipart fields are checked here, not by a schema). */
const checkChatTarget = fieldsChecker<ChatTarget>(ChatTarget);
/** Multipart fields that carry numbers (every field of ChatTarget). */
const NUMERIC_FIELDS = new Set(Object.keys(ChatTarget.properties));

/**
 * Multipart fields as the payload they stand for: numbers where ChatTarget expects them. A
 * payload that is not one is `invalid` with the first problem (answered like a schema's).
 */
export function targetFromFields(
  fields: Record<string, string>,
): { target: ChatTarget } | { invalid: Text } {
  const candidate: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!NUMERIC_FIELDS.has(name) || value === '') continue;
    candidate[name] = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  }
  const checked = checkChatTarget(candidate);
  return 'value' in checked ? { target: checked.value } : { invalid: checked.invalid };
}

/**
 * Does a chat event concern this person: their own read marks, and messages and deletions in
 * their personal conversations; for a group chat it depends on the group's membership (`ask`).
 */
export function eventConcerns(person: ChatPerson, event: ChatEvent): boolean | 'ask' {
  if (event.kind === 'read') return isAuthor(person, event.actor);
  return isPersonal(event.conversation) ? isParty(person, event.conversation) : 'ask';
}
