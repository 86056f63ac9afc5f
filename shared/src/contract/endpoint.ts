import type { Static, TSchema } from '@sinclair/typebox';

// Endpoint descriptors: each API address is written once, in the contract.
//
// An area's addresses (method and path: plain strings) sit in `endpoints/<area>.ts`, a module the
// browser may bundle: it imports no TypeBox at run time. The area's schemas (`<area>.ts`) pair
// each address with what it takes and answers (`withSchemas`): the API registers and validates
// its routes with those (`<AREA>_ENDPOINTS`), and the browser's table (`<AREA>_API`) takes its
// types from them, so an endpoint function is `postEndpoint(ORDERS_API.save)`, with no path and
// no types written again.

export type EndpointMethod = 'GET' | 'POST';

/**
 * What goes over the wire: `json` answers the envelope (a JSON body in, for a POST); `upload` takes
 * multipart/form-data and answers the envelope; `file` answers what the browser opens or saves
 * itself (a download, a calendar feed, the address a QR code carries), not the envelope; `events`
 * is a stream of Server-Sent Events.
 */
export type EndpointKind = 'json' | 'upload' | 'file' | 'events';

/** Where an endpoint answers. */
export interface EndpointAddress<
  M extends EndpointMethod = EndpointMethod,
  K extends EndpointKind = EndpointKind,
> {
  readonly method: M;
  /** Under the portal's base: '/api/news/data.json' is served at /lms/api/news/data.json. */
  readonly path: string;
  readonly kind: K;
}

/** What an endpoint takes and answers: the TypeBox schemas the API validates with. */
export interface EndpointSchemas {
  /** The JSON body of a POST. */
  readonly body?: TSchema;
  /** The query string of a GET. */
  readonly querystring?: TSchema;
  /** The envelope's `data` on success. */
  readonly response?: TSchema;
}

/** An endpoint as the API sees it: its address and its schemas. */
export type EndpointDescriptor = EndpointAddress & EndpointSchemas;

/**
 * An endpoint as the browser sees it: the address, with what it takes (`Input`: the body of a
 * POST, the query of a GET) and answers (`Data`) in its type only.
 */
export interface Endpoint<
  M extends EndpointMethod = EndpointMethod,
  K extends EndpointKind = EndpointKind,
  Input = unknown,
  Data = unknown,
> extends EndpointAddress<M, K> {
  /** Never set: carries the types of the contract's schemas to the endpoint functions. */
  readonly types?: { input: Input; data: Data };
}

/** What an endpoint of the browser's table takes. */
export type InputOf<E> = E extends { readonly types?: { input: infer I } } ? I : never;
/** What an endpoint of the browser's table answers (the envelope's data). */
export type DataOf<E> = E extends { readonly types?: { data: infer D } } ? D : never;

const address =
  <M extends EndpointMethod, K extends EndpointKind>(method: M, kind: K) =>
  (path: string): EndpointAddress<M, K> => ({ method, path, kind });

/** POST with a JSON body, answering the envelope. */
export const post = address('POST', 'json');
/** GET with a query string, answering the envelope. */
export const get = address('GET', 'json');
/** POST of multipart/form-data (fields and files), answering the envelope. */
export const upload = address('POST', 'upload');
/** GET of a file the browser opens itself (a download link, a calendar feed). */
export const file = address('GET', 'file');
/** POST with a JSON body answering a file (a document issued on request). */
export const postFile = address('POST', 'file');
/** GET of a Server-Sent Events stream. */
export const events = address('GET', 'events');

type SchemaStatic<S, Key extends keyof EndpointSchemas, Otherwise> = S extends {
  readonly [key in Key]: infer Schema extends TSchema;
}
  ? Static<Schema>
  : Otherwise;

/** The browser's table of an area: each endpoint with the static types of its schemas. */
export type ApiOf<Descriptors extends Record<string, EndpointDescriptor>> = {
  readonly [Name in keyof Descriptors]: Endpoint<
    Descriptors[Name]['method'],
    Descriptors[Name]['kind'],
    Descriptors[Name]['method'] extends 'POST'
      ? SchemaStatic<Descriptors[Name], 'body', unknown>
      : SchemaStatic<Descriptors[Name], 'querystring', void>,
    SchemaStatic<Descriptors[Name], 'response', unknown>
  >;
};

/**
 * An area's descriptors for the API: each address of `addresses` with its schemas (every address
 * needs an entry; `{}` for one the API answers without a schema of the contract, e.g. a stream).
 */
export function withSchemas<
  Addresses extends Record<string, EndpointAddress>,
  Schemas extends { readonly [Name in keyof Addresses]: EndpointSchemas },
>(
  addresses: Addresses,
  schemas: Schemas,
): { readonly [Name in keyof Addresses]: Addresses[Name] & Schemas[Name] } {
  const described: Record<string, EndpointDescriptor> = {};
  for (const [name, where] of Object.entries(addresses)) {
    described[name] = { ...where, ...schemas[name] };
  }
  return described as { readonly [Name in keyof Addresses]: Addresses[Name] & Schemas[Name] };
}

/** Is this value an endpoint descriptor (an entry of one of the contract's tables)? */
export function isEndpoint(value: unknown): value is EndpointDescriptor {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path, kind } = value as Partial<EndpointAddress>;
  return (
    (method === 'GET' || method === 'POST') &&
    typeof path === 'string' &&
    path.startsWith('/api/') &&
    typeof kind === 'string'
  );
}
