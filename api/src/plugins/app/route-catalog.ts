import { appPlugin } from '../../lib/plugin.js';
import { isApiPath } from './errors.js';

/** One API route as registered: what a request to it may carry. */
export interface ApiRoute {
  method: string;
  url: string;
  /** A JSON body validated by a schema. */
  jsonBody: boolean;
  /** Query parameters validated by a schema. */
  query: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /lms/api route, in registration order (the fuzz suite walks it). */
    apiRoutes: ApiRoute[];
  }
}

/**
 * The API's own list of its routes, collected as they register: whatever walks the API (the
 * fuzz suite of the tests) covers a new route without anyone remembering to add it.
 */
export default appPlugin('route-catalog', async (app) => {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: route.url,
        jsonBody: route.schema?.body !== undefined,
        query: route.schema?.querystring !== undefined,
      });
    }
  });
});
