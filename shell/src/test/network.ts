import {
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { http } from '@lms/shared';

/**
 * The API stubbed at the axios adapter: requests run through the real client (XSRF header,
 * envelope unwrapping, error classification) and fail the way axios's own adapters fail.
 */
export type Reply =
  { status: number; data?: unknown } | { fail: 'network' } | { pending: Promise<Reply> };

export type Handler = (config: InternalAxiosRequestConfig) => Reply;

export const ok = (data: unknown): Reply => ({
  status: 200,
  data: { result: false, error: null, data },
});
export const refused = (status: number, error: string): Reply => ({
  status,
  data: { result: true, error, data: null },
});

async function settle(config: InternalAxiosRequestConfig, reply: Reply): Promise<AxiosResponse> {
  if ('pending' in reply) return settle(config, await reply.pending);
  if ('fail' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
  const response: AxiosResponse = {
    data: JSON.stringify(reply.data ?? null),
    status: reply.status,
    statusText: String(reply.status),
    headers: AxiosHeaders.from({ 'content-type': 'application/json' }),
    config,
    request: {},
  };
  if (reply.status >= 200 && reply.status < 300) return response;
  throw new AxiosError(
    `Request failed with status code ${reply.status}`,
    reply.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
    config,
    {},
    response,
  );
}

export interface StubbedApi {
  /** Every request made, in order. */
  requests: InternalAxiosRequestConfig[];
  /** Replies by path ('/api/auth/orize.json'); a function may look at the request. */
  routes: Record<string, Reply | Handler>;
  bodiesOf: (path: string) => unknown[];
  restore: () => void;
}

export function stubApi(routes: StubbedApi['routes'] = {}): StubbedApi {
  const original = http.defaults.adapter;
  const api: StubbedApi = {
    requests: [],
    routes,
    bodiesOf: (path) =>
      api.requests
        .filter((config) => config.url === path)
        .map((config) => (config.data ? (JSON.parse(String(config.data)) as unknown) : null)),
    restore: () => {
      http.defaults.adapter = original;
    },
  };
  http.defaults.adapter = (config) => {
    api.requests.push(config);
    const route = api.routes[config.url ?? ''];
    const reply = typeof route === 'function' ? route(config) : route;
    return settle(config, reply ?? refused(404, `No stub for ${config.url}`));
  };
  return api;
}

/** A reply the test releases when it wants (to see what shows while a request runs). */
export function deferred(): { reply: Reply; release: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => undefined;
  const pending = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { reply: { pending }, release };
}
