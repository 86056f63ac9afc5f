import type { EventBus } from '../../lib/event-bus.js';

/**
 * A news item was published (after its row and files are stored): `id_news`, and the author's
 * users.id. Who may read it is the feed's rule (repository.ts `visibleText`).
 */
export interface NewsEvent {
  kind: 'published';
  id_news: number;
  authorUid: number;
}

/** The news' live events, for every API process (channel `lms_news`). */
export type NewsEventBus = EventBus<NewsEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    newsEvents: NewsEventBus;
  }
}

export const NEWS_CHANNEL = 'lms_news';
