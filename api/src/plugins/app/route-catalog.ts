import { appPlugin } from '../../lib/plugin.js';
import { isApiPath } from '../../lib/api-path.js';
import { guardAccess, type Access } from '../../lib/route-guards.js';
import type { DocumentedBody } from '../../lib/documented-body.js';

export type { Access } from '../../lib/route-guards.js';

/** Fastify keeps an instance's hooks under a private symbol; read only to document routes. */
function hooksOf(instance: object): Record<string, unknown[]> {
  const key = Object.getOwnPropertySymbols(instance).find(
    (symbol) => symbol.description === 'fastify.hooks',
  );
  return key ? ((instance as Record<symbol, Record<string, unknown[]>>)[key] ?? {}) : {};
}

const RANK: Access[] = ['anyone', 'signedIn', 'teacher', 'student', 'registrar', 'news'];

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
  /** Who may call it (read once the app is ready: hooks may be added after the route). */
  readonly access: Access;
  /** Whether a state-changing call must carry the XSRF token (false: called by another server). */
  xsrf: boolean;
  /**
   * The statuses a route answers besides 200 and the refusals every route may give (bad input,
   * not signed in, wrong role, a body too large or of the wrong type): status → when
   * (`config.answers`, e.g. `{ 404: 'No such file.' }`). The API reference lists them, and the
   * API suite fails on a status a route sends that its operation does not list.
   */
  answers: OtherAnswers;
  /** A body the route reads itself (multipart, a signed raw body): documented, not validated. */
  documentedBody?: DocumentedBody;
}

/** A route's `config.answers`: the statuses it answers besides 200 and the usual refusals. */
export type OtherAnswers = Readonly<
  Partial<Record<206 | 303 | 304 | 401 | 403 | 404 | 409 | 410 | 416 | 423 | 429 | 503, string>>
>;

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
    /** Who may call the route when its handler decides it (the registrar, the news right). */
    access?: 'registrar' | 'news';
    /** The statuses the route answers besides 200 and the usual refusals (`ApiRoute.answers`). */
    answers?: OtherAnswers;
    /** A body the route reads itself, for the API reference (`ApiRoute.documentedBody`). */
    documentedBody?: DocumentedBody;
  }
}

/**
 * The API's own list of its routes, collected as they register: whatever walks the API (the
 * fuzz suite of the tests) covers a new route without anyone remembering to add it.
 */
export default appPlugin('route-catalog', async (app) => {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', function (route) {
    const config = route.config as
      | {
          catalog?: { example: string };
          access?: Access;
          xsrf?: false;
          answers?: OtherAnswers;
          documentedBody?: DocumentedBody;
        }
      | undefined;
    const catalog = config?.catalog;
    if (!isApiPath(route.url) && !catalog) return;
    // The instance the route is registered on holds the hooks of its plugin.
    const instance = this as object;
    let access: Access | undefined;
    const accessOf = (): Access => {
      const hooks = hooksOf(instance);
      const all = [
        ...(hooks.onRequest ?? []),
        ...(hooks.preHandler ?? []),
        ...[route.onRequest ?? []].flat(),
        ...[route.preHandler ?? []].flat(),
      ];
      const found = all.flatMap((hook) => {
        const guard = typeof hook === 'function' ? guardAccess(hook) : undefined;
        return guard ? [guard] : [];
      });
      if (config?.access) found.push(config.access);
      return found.reduce<Access>(
        (most, next) => (RANK.indexOf(next) > RANK.indexOf(most) ? next : most),
        'anyone',
      );
    };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        get access() {
          access ??= accessOf();
          return access;
        },
        xsrf: config?.xsrf !== false,
        answers: config?.answers ?? {},
        ...(config?.documentedBody ? { documentedBody: config.documentedBody } : {}),
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
