// News: the feed, its attachments and who may publish.
export { default as newsArea, PREFIXES as NEWS_PREFIXES } from './routes.js';
export { createNewsRepository, type NewsRepository } from './repository.js';
export { NEWS_MESSAGES } from './messages.js';
// The news' live events (an item published): see events.ts.
export { newsEvents, NEWS_CHANNEL, type NewsEvent } from './events.js';
