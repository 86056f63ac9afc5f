// Chat: conversations, group messages, unread counts and the live stream.
import type { ChatEvent } from '@lms/shared/contract';
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { CHAT_CHANNEL } from './bus.js';
import { createChatRepository, type ChatRepository } from './repository.js';
import chatRoutes, { type ChatSettings } from './routes.js';
import { createChatService, type ChatService } from './service.js';

export { PREFIXES as CHAT_PREFIXES } from './routes.js';
export { createChatRepository, type ChatRepository } from './repository.js';
export { mayUseConversation } from './service.js';
export { toMessage } from './wire.js';
export type { ChatPerson } from './rules.js';
// The chat's live events (messages, deletions, read marks): see bus.ts.
export { CHAT_CHANNEL, type ChatEventBus } from './bus.js';

/** What other areas may write in a group chat (see service.ts `notice`). */
export interface ChatNotices {
  notice: ChatService['notice'];
}

declare module 'fastify' {
  interface FastifyInstance {
    chatNotices: ChatNotices;
  }
}

declare module '../../lib/repositories.js' {
  interface Repositories {
    chat: ChatRepository;
  }
}

/** The chat: its repository (`app.repos.chat`), its live events and its routes. */
export const chatArea = area(
  'chat',
  { dependencies: ['auth'] },
  async (app, options: ChatSettings & Pick<CommonSettings, 'databaseUrl'>) => {
    const { access, attachments } = app.repos;
    const chat = createChatRepository(app.db.kysely, access, attachments);
    app.repos.chat = chat;
    app.decorate(
      'chatEvents',
      await createEventBus<ChatEvent>(app, CHAT_CHANNEL, options.databaseUrl),
    );
    const service = createChatService({
      db: app.db.kysely,
      chat,
      access,
      attachments,
      events: app.chatEvents,
      dataDir: options.dataDir,
    });
    app.decorate('chatNotices', { notice: service.notice });
    await app.register(chatRoutes, { ...options, service });
  },
);
