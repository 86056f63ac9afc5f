import type { ChatEvent, QrVisitEvent } from '@lms/shared/contract';
import { createEventBus, type EventBus } from '../../lib/event-bus.js';
import { appPlugin } from '../../lib/plugin.js';
import type { AppOptions } from '../../options.js';

/** Chat events (messages, deletions, read marks) for the chat's SSE streams. */
export type ChatEventBus = EventBus<ChatEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    chatEvents: ChatEventBus;
    /** QR check-ins and hand marks of a lesson (the teacher's live list). */
    visitEvents: EventBus<QrVisitEvent>;
  }
}

export const CHAT_CHANNEL = 'lms_chat';
export const VISIT_CHANNEL = 'lms_visits';

export default appPlugin('chat-events', async (app, options: Pick<AppOptions, 'databaseUrl'>) => {
  app.decorate(
    'chatEvents',
    await createEventBus<ChatEvent>(app, CHAT_CHANNEL, options.databaseUrl),
  );
  app.decorate(
    'visitEvents',
    await createEventBus<QrVisitEvent>(app, VISIT_CHANNEL, options.databaseUrl),
  );
});
