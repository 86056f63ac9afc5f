import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type {
  DataOf,
  Endpoint,
  EndpointAddress,
  EndpointKind,
  InputOf,
} from '../contract/endpoint.js';
import {
  ApiError,
  classifyError,
  envelopeErrorText,
  requestIdOf,
  statusMessage,
} from './errors.js';
import { API_BASE_URL, http } from './client.js';

function isEnvelope(body: unknown): body is { result: boolean; error: unknown; data: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { result?: unknown }).result === 'boolean' &&
    'data' in body
  );
}

/** The envelope's `data` on success; `result: true` (failure) becomes an ApiError. */
export function unwrapEnvelope<T>(response: AxiosResponse<unknown>): T {
  const body = response.data;
  if (!isEnvelope(body)) {
    // An HTML page or a bare value means the path is not an API call (or a proxy answered).
    throw new ApiError('UNKNOWN_ERROR', 'Unexpected response format', { status: response.status });
  }
  if (body.result) {
    const serverMessage = envelopeErrorText(body);
    const requestId = requestIdOf(response.headers);
    // The server refused the request although HTTP said 2xx: a rejection of the request itself.
    throw new ApiError('CLIENT_ERROR', serverMessage ?? statusMessage(response.status), {
      status: response.status,
      ...(serverMessage === undefined ? {} : { serverMessage }),
      ...(requestId === undefined ? {} : { requestId }),
    });
  }
  return body.data as T;
}

/** GET `/lms<path>` (path like '/api/misc/years.json'); resolves to the envelope's data. */
export async function apiGet<T>(
  path: string,
  params?: Record<string, unknown>,
  config?: AxiosRequestConfig,
): Promise<T> {
  try {
    return unwrapEnvelope<T>(await http.get<unknown>(path, { ...config, params }));
  } catch (err) {
    throw classifyError(err);
  }
}

/** POST `/lms<path>` with a JSON (or FormData) body; resolves to the envelope's data. */
export async function apiPost<T>(
  path: string,
  body?: unknown,
  config?: AxiosRequestConfig,
): Promise<T> {
  try {
    return unwrapEnvelope<T>(await http.post<unknown>(path, body ?? {}, config));
  } catch (err) {
    throw classifyError(err);
  }
}

/** The path of an endpoint of the contract, or a path itself (a remote's own, outside it). */
export function pathOf(target: string | EndpointAddress): string {
  return typeof target === 'string' ? target : target.path;
}

/**
 * One typed endpoint, from its entry in the contract: `const saveOrder =
 * postEndpoint(ORDERS_API.save)`. Body and data types come from the contract's schemas, so
 * neither the path nor the types are written again, and a call site needs no casts. A path with
 * explicit types (`postEndpoint<Body, Data>('/api/…')`) is for an API outside the contract (a
 * remote made by `npm run remote:new`, built against an older kit).
 */
export function postEndpoint<E extends Endpoint<'POST', 'json'>>(
  endpoint: E,
): (body: InputOf<E>) => Promise<DataOf<E>>;
export function postEndpoint<Body, Data>(path: string): (body: Body) => Promise<Data>;
export function postEndpoint(
  target: string | EndpointAddress,
): (body: unknown) => Promise<unknown> {
  const path = pathOf(target);
  return (body) => apiPost(path, body);
}

/** A GET endpoint with typed query parameters (none: call it with no argument). */
export function getEndpoint<E extends Endpoint<'GET', 'json'>>(
  endpoint: E,
): (params: InputOf<E>) => Promise<DataOf<E>>;
export function getEndpoint<Params extends Record<string, unknown> | void, Data>(
  path: string,
): (params: Params) => Promise<Data>;
export function getEndpoint(
  target: string | EndpointAddress,
): (params?: Record<string, unknown>) => Promise<unknown> {
  const path = pathOf(target);
  return (params) => apiGet(path, params ?? undefined);
}

/** Values of one multipart upload: text fields and the files, in order. */
export interface UploadFields {
  fields: Record<string, string | number>;
  files: readonly File[];
  /** The multipart field name of the files ('files' on every upload route). */
  fileField?: string;
}

/**
 * POST a multipart upload with real progress (0..100, as the browser sends the bytes) and no
 * time limit: a large file on a slow phone line takes longer than the 30 s meant for JSON calls.
 * The browser sets the multipart boundary.
 */
export function apiUpload<E extends Endpoint<'POST', 'upload'>>(
  endpoint: E,
  upload: UploadFields,
  onProgress?: (percent: number) => void,
): Promise<DataOf<E>>;
export function apiUpload<T>(
  path: string,
  upload: UploadFields,
  onProgress?: (percent: number) => void,
): Promise<T>;
export function apiUpload(
  target: string | EndpointAddress,
  { fields, files, fileField = 'files' }: UploadFields,
  onProgress?: (percent: number) => void,
): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append(fileField, file, file.name);
  return apiPost(pathOf(target), form, {
    timeout: 0,
    headers: { 'Content-Type': undefined },
    ...(onProgress && {
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
      },
    }),
  });
}

/** An endpoint's path with a query string: '/api/schedule/qr/events?id_qr=4'. */
export function pathWithQuery(
  target: string | EndpointAddress,
  query: Record<string, string | number> = {},
): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  ).toString();
  return `${pathOf(target)}${search ? `?${search}` : ''}`;
}

/**
 * The address of a GET the browser opens itself (a download link, an image): `/lms<path>?query`,
 * under the same base as every API call, so it works in the portal and on a remote's own page.
 */
export function apiUrl(
  target: string | EndpointAddress<'GET', Exclude<EndpointKind, 'upload'>>,
  query: Record<string, string | number> = {},
): string {
  return `${http.defaults.baseURL ?? API_BASE_URL}${pathWithQuery(target, query)}`;
}
