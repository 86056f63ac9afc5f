import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiGet, apiPost } from './api.js';
import { ApiError } from './errors.js';

/**
 * The same calls through axios's real XMLHttpRequest adapter (jsdom's XHR) against a real HTTP
 * server: the errors classified here are exactly the ones a browser produces.
 */
let server: Server;
let origin: string;
let closedOrigin: string;

const routes: Record<string, (res: ServerResponse, req: IncomingMessage) => void> = {
  '/ok': (res) => json(res, 200, { result: false, error: null, data: { answer: 42 } }),
  '/refused': (res) => json(res, 200, { result: true, error: 'Отказано', data: null }),
  '/missing': (res) => json(res, 404, { result: true, error: 'Не найдено', data: null }),
  '/crash': (res) => {
    res.writeHead(500, cors({ 'content-type': 'text/plain' }));
    res.end('Internal Server Error');
  },
  '/slow': () => {
    // Never answers: the client's timeout or abort ends the request.
  },
  '/echo': (res, req) =>
    json(res, 200, {
      result: false,
      error: null,
      data: { xsrf: req.headers['x-xsrf-token'] ?? null, cache: req.headers['cache-control'] },
    }),
};

function cors(headers: Record<string, string> = {}) {
  return {
    'access-control-allow-origin': 'http://localhost',
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': 'accept, content-type, cache-control, pragma, x-xsrf-token',
    'access-control-allow-methods': 'GET, POST',
    ...headers,
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, cors({ 'content-type': 'application/json' }));
  res.end(JSON.stringify(body));
}

function listen(s: Server): Promise<string> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors());
      res.end();
      return;
    }
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(res, req);
    else json(res, 404, { result: true, error: null, data: null });
  });
  origin = await listen(server);
  // A port that was open a moment ago and is closed now: connections to it are refused.
  const closed = createServer();
  closedOrigin = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );

it('unwraps a successful envelope', async () => {
  await expect(apiGet(`${origin}/ok`)).resolves.toEqual({ answer: 42 });
});

it('rejects an envelope with result true with its error text', async () => {
  const error = await failure(apiPost(`${origin}/refused`, {}));
  expect(error).toMatchObject({ kind: 'CLIENT_ERROR', status: 200, message: 'Отказано' });
});

it('classifies a 404 with an envelope as CLIENT_ERROR with the server text', async () => {
  const error = await failure(apiGet(`${origin}/missing`));
  expect(error).toMatchObject({ kind: 'CLIENT_ERROR', status: 404, message: 'Не найдено' });
});

it('classifies a 500 without an envelope as SERVER_ERROR with the generic message', async () => {
  const error = await failure(apiGet(`${origin}/crash`));
  expect(error).toMatchObject({
    kind: 'SERVER_ERROR',
    status: 500,
    message: 'Request failed with status code 500',
  });
});

it('classifies a timeout as TIMEOUT_ERROR', async () => {
  const error = await failure(apiGet(`${origin}/slow`, undefined, { timeout: 200 }));
  expect(error).toMatchObject({ kind: 'TIMEOUT_ERROR', message: 'timeout of 200ms exceeded' });
});

it('classifies a refused connection in the browser as NETWORK_ERROR', async () => {
  // jsdom reports the socket error on its console, as a browser would in devtools.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // timeout 0: after a network error jsdom leaves the XHR's timeout timer running, which
  // would keep jest alive for the default 30 s.
  const error = await failure(apiGet(`${closedOrigin}/ok`, undefined, { timeout: 0 }));
  expect(error).toMatchObject({ kind: 'NETWORK_ERROR', message: 'Network Error' });
  expect(String(consoleError.mock.calls[0]?.[0])).toContain('ECONNREFUSED');
  consoleError.mockRestore();
});

it('classifies an aborted request as CANCEL_ERROR', async () => {
  const controller = new AbortController();
  const pending = failure(apiGet(`${origin}/slow`, undefined, { signal: controller.signal }));
  setTimeout(() => controller.abort(), 50);
  const error = await pending;
  expect(error).toMatchObject({ kind: 'CANCEL_ERROR', message: 'Request aborted' });
});

it('sends no-cache and keeps the XSRF token away from another origin', async () => {
  document.cookie = 'XSRF-TOKEN=secret; Path=/';
  await expect(apiPost(`${origin}/echo`, {})).resolves.toEqual({ xsrf: null, cache: 'no-cache' });
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
});
