// Chat: conversations, group messages, unread counts and the live stream.
export { default as chatArea, PREFIXES as CHAT_PREFIXES } from './routes.js';
export { createChatRepository, type ChatRepository } from './repository.js';
export { mayUseConversation } from './service.js';
export type { ChatPerson } from './rules.js';
// The chat's live events (messages, deletions, read marks): see bus.ts.
export { chatEvents, CHAT_CHANNEL, type ChatEventBus } from './bus.js';
