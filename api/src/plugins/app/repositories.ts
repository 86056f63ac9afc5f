import { appPlugin } from '../../lib/plugin.js';
import type { AppOptions } from '../../options.js';
import { createRepositories, type Repositories } from '../../areas/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default appPlugin('repositories', async (app, options: Pick<AppOptions, 'throttle'>) => {
  app.decorate('repos', createRepositories(app.db.kysely, options.throttle));
});
