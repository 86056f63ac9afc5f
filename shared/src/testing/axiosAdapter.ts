import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { EndpointAddress } from '../contract/endpoint.js';
import { pathOf } from '../http/api.js';
import { answeringRequest, heldRequest } from './page-work.js';

/**
 * The network stubbed at the adapter level: requests go through the real instance (defaults,
 * interceptors, transforms) and fail the way axios's own adapters make them fail.
 */
export type Reply =
  | { status: number; data?: unknown; headers?: Record<string, string> }
  | { fail: 'network' | 'timeout' | 'abort' | 'refused' }
  | { hang: true }
  /** Answered when the test settles the promise (to see what shows while a request runs). */
  | { pending: Promise<Reply> };

export interface StubbedNetwork {
  requests: InternalAxiosRequestConfig[];
  restore: () => void;
}

function respond(config: InternalAxiosRequestConfig, reply: Extract<Reply, { status: number }>) {
  const response: AxiosResponse = {
    data: typeof reply.data === 'string' ? reply.data : JSON.stringify(reply.data ?? null),
    status: reply.status,
    statusText: String(reply.status),
    headers: AxiosHeaders.from(reply.headers ?? { 'content-type': 'application/json' }),
    config,
    request: {},
  };
  // What axios's settle() does inside its adapters.
  const validate = config.validateStatus;
  if (!response.status || !validate || validate(response.status)) return response;
  throw new AxiosError(
    `Request failed with status code ${response.status}`,
    [AxiosError.ERR_BAD_REQUEST, AxiosError.ERR_BAD_RESPONSE][
      Math.floor(response.status / 100) - 4
    ],
    config,
    response.request,
    response,
  );
}

function failure(
  config: InternalAxiosRequestConfig,
  kind: 'network' | 'timeout' | 'abort' | 'refused',
) {
  const request = {};
  switch (kind) {
    case 'network':
      return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, request);
    case 'timeout':
      return new AxiosError(
        `timeout of ${config.timeout}ms exceeded`,
        config.transitional?.clarifyTimeoutError ? AxiosError.ETIMEDOUT : AxiosError.ECONNABORTED,
        config,
        request,
      );
    case 'abort':
      return new AxiosError('Request aborted', AxiosError.ECONNABORTED, config, request);
    case 'refused':
      return AxiosError.from(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' }),
        'ECONNREFUSED',
        config,
        request,
      );
  }
}

export function stubNetwork(
  instance: AxiosInstance,
  handler: (config: InternalAxiosRequestConfig) => Reply,
): StubbedNetwork {
  const original = instance.defaults.adapter;
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    requests.push(config);
    const first = handler(config);
    const answered = new Promise<AxiosResponse>((resolve, reject) => {
      const signal = config.signal as AbortSignal | undefined;
      const cancel = () => reject(new CanceledError(undefined, config, {}));
      if (signal?.aborted) return cancel();
      signal?.addEventListener?.('abort', cancel);
      const answer = (reply: Reply): void => {
        if ('pending' in reply) return void reply.pending.then(answer);
        if ('hang' in reply) return;
        if ('fail' in reply) return reject(failure(config, reply.fail));
        try {
          resolve(respond(config, reply));
        } catch (error) {
          reject(error);
        }
      };
      answer(first);
    });
    // A reply the test holds is not waited for by settled(); one it releases is.
    if ('hang' in first) heldRequest();
    else if ('pending' in first) {
      heldRequest();
      void first.pending.then(() => {
        answeringRequest(answered);
      });
    } else answeringRequest(answered);
    return answered;
  };
  instance.defaults.adapter = adapter;
  return { requests, restore: () => void (instance.defaults.adapter = original) };
}

export const envelope = (data: unknown) => ({ result: false, error: null, data });
export const failed = (error: string | null) => ({ result: true, error, data: null });

export const ok = (data: unknown): Reply => ({ status: 200, data: envelope(data) });
export const refused = (status: number, error: string): Reply => ({ status, data: failed(error) });

export interface StubbedApi extends StubbedNetwork {
  /**
   * Replies by request path, the endpoint's in the contract (`[ORDERS_API.save.path]: ok(order)`);
   * a function may look at the request.
   */
  routes: Record<string, Reply | ((config: InternalAxiosRequestConfig) => Reply)>;
  /** The JSON bodies sent to an endpoint (or a path), in order. */
  bodiesOf: (endpoint: EndpointAddress | string) => unknown[];
}

/** Is this request a call of that endpoint of the contract? */
export function isCallOf(config: InternalAxiosRequestConfig, endpoint: EndpointAddress): boolean {
  return config.url === endpoint.path && config.method?.toUpperCase() === endpoint.method;
}

/** The network as a table of paths; a path without a stub answers 404. */
export function stubApi(instance: AxiosInstance, routes: StubbedApi['routes'] = {}): StubbedApi {
  const network = stubNetwork(instance, (config) => {
    const route = api.routes[config.url ?? ''];
    const reply = typeof route === 'function' ? route(config) : route;
    return reply ?? refused(404, `No stub for ${config.url}`);
  });
  const api: StubbedApi = {
    ...network,
    routes,
    bodiesOf: (endpoint) =>
      network.requests
        .filter((config) => config.url === pathOf(endpoint))
        .map((config) => (config.data ? (JSON.parse(String(config.data)) as unknown) : null)),
  };
  return api;
}

/** A reply the test releases when it wants. */
export function deferred(): { reply: Reply; release: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => undefined;
  const pending = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { reply: { pending }, release };
}
