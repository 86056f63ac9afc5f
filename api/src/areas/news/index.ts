// News: the feed, its attachments and who may publish.
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { NEWS_CHANNEL, type NewsEvent } from './events.js';
import { createNewsRepository, type NewsRepository } from './repository.js';
import { createNewsFeed } from './feed.js';
import newsRoutes, { type NewsSettings } from './routes.js';
import { createNewsService } from './service.js';

export { PREFIXES as NEWS_PREFIXES } from './routes.js';
export { createNewsRepository, type NewsRepository } from './repository.js';
export { NEWS_MESSAGES } from './messages.js';
// The news' live events (an item published): see events.ts.
export { NEWS_CHANNEL, type NewsEvent } from './events.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    news: NewsRepository;
  }
}

/** The news: its repository (`app.repos.news`), its live events and its routes. */
export const newsArea = area(
  'news',
  { dependencies: ['auth'] },
  async (app, options: NewsSettings & Pick<CommonSettings, 'databaseUrl'>) => {
    const { attachments } = app.repos;
    const news = createNewsRepository(app.db.kysely, attachments);
    app.repos.news = news;
    app.decorate(
      'newsEvents',
      await createEventBus<NewsEvent>(app, NEWS_CHANNEL, options.databaseUrl),
    );
    // The feed trusts the version it read as long as a session is reused (1 s in production).
    const feed = createNewsFeed(news, options.sessionCacheMs);
    const service = createNewsService({
      db: app.db.kysely,
      news,
      attachments,
      feed,
      dataDir: options.dataDir,
    });
    await app.register(newsRoutes, { ...options, feed, service });
  },
);
