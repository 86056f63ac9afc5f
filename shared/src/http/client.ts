import axios, { AxiosHeaders, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { setSessionAnonymous } from '../session/atoms.js';
import { readCookie } from './cookies.js';

export const API_BASE_URL = '/lms';
export const REQUEST_TIMEOUT_MS = 30000;
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/**
 * The one axios instance of the portal. Relative to /lms, so a remote served from another origin
 * still talks to the API of the page it is shown in.
 */
export const http = axios.create({
  baseURL: API_BASE_URL,
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
  xsrfCookieName: XSRF_COOKIE_NAME,
  xsrfHeaderName: XSRF_HEADER_NAME,
  headers: {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  },
  // Report timeouts as ETIMEDOUT so they are never mistaken for an aborted request.
  transitional: { clarifyTimeoutError: true },
});

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Calls whose 401 means "wrong credentials / no session yet", not "your session ended". */
const LOGIN_CALLS = /\/api\/auth\/(enticate|orize)\.json$/;

const isAbsoluteUrl = (url: string | undefined) => !!url && /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);

function isUnsafe(config: InternalAxiosRequestConfig): boolean {
  return UNSAFE_METHODS.has((config.method ?? 'get').toLowerCase());
}

/**
 * axios adds the XSRF header only inside its built-in adapters; doing it here as well makes the
 * header part of the request config, independent of the adapter. Never for absolute URLs: the
 * token must not leave this origin.
 */
http.interceptors.request.use((config) => {
  if (!isUnsafe(config) || isAbsoluteUrl(config.url)) return config;
  const token = readCookie(XSRF_COOKIE_NAME);
  if (token !== null) {
    config.headers = AxiosHeaders.from(config.headers);
    config.headers.set(XSRF_HEADER_NAME, token);
  }
  return config;
});

// Requests already repeated once after the server handed out its first XSRF cookie.
const retriedForXsrf = new WeakSet<object>();

http.interceptors.response.use(undefined, (error: AxiosError) => {
  const config = error.config;
  const status = error.response?.status;
  if (config && status === 401 && !LOGIN_CALLS.test(config.url ?? '')) {
    // The session ended on the server: the shell sees 'anonymous' and routes to the login page.
    setSessionAnonymous();
  }
  // A 403 whose answer changed the XSRF cookie is repeated once with the new token: a fresh
  // browser's very first POST goes out before any cookie exists, and a signed-in browser whose
  // cookie is not its session's (bound tokens, docs/security.md) gets the right one back.
  const sent = config ? AxiosHeaders.from(config.headers).get(XSRF_HEADER_NAME) : undefined;
  const current = readCookie(XSRF_COOKIE_NAME);
  if (
    config &&
    status === 403 &&
    isUnsafe(config) &&
    !retriedForXsrf.has(config) &&
    current !== null &&
    current !== sent
  ) {
    retriedForXsrf.add(config);
    return http.request(config);
  }
  return Promise.reject(error);
});
