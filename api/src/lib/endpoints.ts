import { Envelope, type EndpointAddress, type EndpointDescriptor } from '@lms/shared/contract';
import type { TSchema } from '@sinclair/typebox';
import { memoByObject } from './memo.js';

/** The API's base: a contract path '/api/news/data.json' is served at /lms/api/news/data.json. */
export const BASE_PATH = '/lms';

/** The URL a contract endpoint is served at. */
export const serverUrl = (endpoint: EndpointAddress): string => `${BASE_PATH}${endpoint.path}`;

/**
 * The URL of a contract endpoint relative to the prefix of the plugin that registers it (the
 * area's legacy prefix, e.g. '/lms/api/news'). An endpoint outside that prefix stops start-up.
 */
export function urlUnder(prefix: string, endpoint: EndpointAddress): string {
  const url = serverUrl(endpoint);
  if (!url.startsWith(`${prefix}/`)) {
    throw new Error(`${endpoint.method} ${url} is not under the prefix ${prefix}`);
  }
  return url.slice(prefix.length);
}

type BodySchema<E> = E extends { readonly body: infer B extends TSchema } ? { body: B } : unknown;
type QuerySchema<E> = E extends { readonly querystring: infer Q extends TSchema }
  ? { querystring: Q }
  : unknown;
type ResponseSchema<E> = E extends { readonly response: infer R extends TSchema }
  ? { response: { 200: ReturnType<typeof Envelope<R>> } }
  : unknown;

/** A route's schema from a contract endpoint: its body or query, and the envelope it answers. */
export type SchemaOf<E> = BodySchema<E> & QuerySchema<E> & ResponseSchema<E>;

/** Each answer's envelope, one per response schema (its serializer is compiled once). */
const envelopeOf = memoByObject((response: TSchema): TSchema => Envelope(response));

export function schemaOf<E extends EndpointDescriptor>(endpoint: E): SchemaOf<E> {
  return {
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.querystring && { querystring: endpoint.querystring }),
    ...(endpoint.response && { response: { 200: envelopeOf(endpoint.response) } }),
  } as SchemaOf<E>;
}

/**
 * What `app.route` needs of a contract endpoint: its method, its URL under the plugin's prefix
 * and its schemas. The route adds its guards, config and handler:
 * `app.route({ ...endpointRoute(app, NEWS_ENDPOINTS.check), handler })`.
 */
export function endpointRoute<E extends EndpointDescriptor>(
  app: { prefix: string },
  endpoint: E,
): { method: E['method']; url: string; schema: SchemaOf<E> } {
  return {
    method: endpoint.method,
    url: urlUnder(app.prefix, endpoint),
    schema: schemaOf(endpoint),
  };
}
