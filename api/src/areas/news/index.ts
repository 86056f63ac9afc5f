// News: the feed, its attachments and who may publish.
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { NEWS_CHANNEL, type NewsEvent } from './events.js';
import { createNewsRepository, type NewsRepository } from './repository.js';
import newsRoutes, { type NewsRoutesOptions } from './routes.js';

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
  async (app, options: NewsRoutesOptions & Pick<CommonSettings, 'databaseUrl'>) => {
    app.repos.news = createNewsRepository(app.db.kysely, app.repos.attachments);
    app.decorate(
      'newsEvents',
      await createEventBus<NewsEvent>(app, NEWS_CHANNEL, options.databaseUrl),
    );
    await app.register(newsRoutes, options);
  },
);
