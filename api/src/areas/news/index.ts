// News: the feed, its attachments and who may publish.
export { default as newsRoutes } from './routes.js';
export { createNewsRepository, type NewsRepository } from './repository.js';
