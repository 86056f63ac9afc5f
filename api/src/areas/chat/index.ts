// Chat: conversations, group messages, unread counts and the live stream.
export { default as chatRoutes } from './routes.js';
export { createChatRepository, type ChatRepository } from './repository.js';
