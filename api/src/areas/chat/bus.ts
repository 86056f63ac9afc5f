import type { ChatEvent } from '@lms/shared/contract';
import { createEventBus, type EventBus } from '../../lib/event-bus.js';
import { appPlugin } from '../../lib/plugin.js';

/** Chat events (messages, deletions, read marks) for the chat's SSE streams. */
export type ChatEventBus = EventBus<ChatEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    chatEvents: ChatEventBus;
  }
}

export const CHAT_CHANNEL = 'lms_chat';

/** The chat's live events, for every API process (channel `lms_chat`). */
export const chatEvents = appPlugin(
  'chat-events',
  async (app, options: { databaseUrl?: string }) => {
    app.decorate(
      'chatEvents',
      await createEventBus<ChatEvent>(app, CHAT_CHANNEL, options.databaseUrl),
    );
  },
);
