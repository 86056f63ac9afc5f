import type { ChatEvent } from '@lms/shared/contract';
import type { EventBus } from '../../lib/event-bus.js';

/** Chat events (messages, deletions, read marks) for the chat's SSE streams. */
export type ChatEventBus = EventBus<ChatEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    chatEvents: ChatEventBus;
  }
}

export const CHAT_CHANNEL = 'lms_chat';
