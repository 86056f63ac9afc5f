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
  /** A URL that reaches the route with valid path parameters (`catalog.example`), if given. */
  example?: string;
  /**
   * The record ids the route takes: body or query fields named like one (`id`, `id_…`, `…Id`,
   * `idShed`) and path parameters. The access suite asks every such route whether a missing id
   * and someone else's answer alike (docs/security.md "Records of other people").
   */
  ids: string[];
  /** The schemas of what the request carries, as the route declared them (walkers build requests from them). */
  schemas: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** A field or path parameter that names a record. */
export const ID_NAME = /^(id(_\w+|[A-Z]\w*)?|\w+_id|\w+Id)$/;

function idFieldsOf(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties).filter((name) => ID_NAME.test(name)) : [];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every /lms/api route and every other route that asks to be listed (`config.catalog`),
     * in registration order (the fuzz suite walks it).
     */
    apiRoutes: ApiRoute[];
  }
  interface FastifyContextConfig {
    /**
     * Lists a route outside /lms/api that takes input from the browser in the catalogue;
     * `example` is a URL with valid path parameters, so a walker gets past them to the body.
     */
    catalog?: { example: string };
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
    const catalog = (route.config as { catalog?: { example: string } } | undefined)?.catalog;
    if (!isApiPath(route.url) && !catalog) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: route.url,
        jsonBody: route.schema?.body !== undefined,
        query: route.schema?.querystring !== undefined,
        schemas: {
          body: route.schema?.body,
          querystring: route.schema?.querystring,
          params: route.schema?.params,
        },
        ...(catalog ? { example: catalog.example } : {}),
        ids: [
          ...idFieldsOf(route.schema?.body),
          ...idFieldsOf(route.schema?.querystring),
          ...[...route.url.matchAll(/:(\w+)/g)].map((match) => `:${match[1]}`),
        ],
      });
    }
  });
});
