import {
  CHAT_PAGE_SIZE,
  GROUP_CHAT_ID,
  ROLE,
  type ChatConversationRef,
  type ChatMessage,
  type ChatMessagesResponse,
  type SessionUser,
} from '@lms/shared';
import type { CurrentContact } from '../chain';

/** Where the list should scroll after the last change. */
export type ScrollIntent =
  | { kind: 'unread'; id: number }
  | { kind: 'bottom' }
  | { kind: 'keep-bottom' }
  | { kind: 'preserve-top' }
  | null;

export interface ConversationState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: string | null;
  messages: ChatMessage[];
  /** Spec §3 unread info, remembered when the conversation opens. */
  firstUnread: number | null;
  unreadTotal: number;
  hasOlder: boolean;
  hasNewer: boolean;
  scroll: ScrollIntent;
}

export const INITIAL_CONVERSATION: ConversationState = {
  status: 'idle',
  error: null,
  messages: [],
  firstUnread: null,
  unreadTotal: 0,
  hasOlder: false,
  hasNewer: false,
  scroll: null,
};

export type ConversationAction =
  | { type: 'opened'; page: ChatMessagesResponse }
  | { type: 'older'; messages: ChatMessage[] }
  | { type: 'newer'; messages: ChatMessage[]; paging: boolean }
  | { type: 'sent'; message: ChatMessage }
  | { type: 'reloaded'; messages: ChatMessage[] }
  | { type: 'read'; count: number | 'all' }
  | { type: 'removed'; id: number };

function merge(existing: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(existing.map((m) => [m.id_message, m]));
  for (const message of incoming) byId.set(message.id_message, message);
  return [...byId.values()].sort((a, b) => a.id_message - b.id_message);
}

/** The conversation rules of spec §4, as a pure reducer. */
export function conversationReducer(
  state: ConversationState,
  action: ConversationAction,
): ConversationState {
  switch (action.type) {
    case 'opened': {
      const { page } = action;
      return {
        status: 'ready',
        error: null,
        messages: page.messages,
        firstUnread: page.unreades_start,
        unreadTotal: page.unreades_total,
        hasOlder: page.hasOlder,
        hasNewer: page.hasNewer,
        scroll:
          page.unreades_start !== null
            ? { kind: 'unread', id: page.unreades_start }
            : { kind: 'bottom' },
      };
    }
    case 'older':
      // Prepended; a page of fewer than 20 means there is nothing older.
      return {
        ...state,
        messages: merge(state.messages, action.messages),
        hasOlder: action.messages.length === CHAT_PAGE_SIZE,
        scroll: { kind: 'preserve-top' },
      };
    case 'newer':
      return {
        ...state,
        messages: merge(state.messages, action.messages),
        hasNewer: action.paging ? action.messages.length === CHAT_PAGE_SIZE : state.hasNewer,
        scroll: action.paging && state.hasNewer ? null : { kind: 'keep-bottom' },
      };
    case 'sent':
      return {
        ...state,
        messages: state.hasNewer ? state.messages : merge(state.messages, [action.message]),
        scroll: { kind: 'bottom' },
      };
    case 'reloaded':
      // After a send: the newest page, ending with the sent message.
      return {
        ...state,
        status: 'ready',
        messages: action.messages,
        hasOlder: action.messages.length === CHAT_PAGE_SIZE,
        hasNewer: false,
        scroll: { kind: 'bottom' },
      };
    case 'read':
      return {
        ...state,
        unreadTotal: action.count === 'all' ? 0 : Math.max(0, state.unreadTotal - action.count),
        firstUnread: action.count === 'all' ? null : state.firstUnread,
        scroll: null,
      };
    case 'removed':
      return {
        ...state,
        messages: state.messages.filter((m) => m.id_message !== action.id),
        scroll: null,
      };
  }
}

/** Is a pushed event about this conversation? */
export function concernsContact(
  ref: ChatConversationRef,
  user: SessionUser,
  contact: CurrentContact,
): boolean {
  const chain = contact.chain;
  if (ref.year !== chain.year || ref.ws !== chain.ws || ref.id_discipline !== chain.id_discipline) {
    return false;
  }
  if (contact.id === GROUP_CHAT_ID) return ref.teacherId === null && ref.id_group === contact.group;
  const teacherId = user.role === ROLE.teacher ? user.id : contact.id;
  const studentId = user.role === ROLE.student ? user.id : contact.id;
  return ref.teacherId === teacherId && ref.studentId === studentId;
}
