import { lmsStore } from '../store.js';
import { sessionStatusAtom } from '../session/atoms.js';
import {
  envelope,
  failed,
  stubNetwork,
  type Reply,
  type StubbedNetwork,
} from '../testing/axiosAdapter.js';
import { apiGet, apiPost } from './api.js';
import { http } from './client.js';
import { ApiError, classifyError, type ErrorKind } from './errors.js';

let network: StubbedNetwork;
let reply: Reply;

beforeEach(() => {
  reply = { status: 200, data: envelope(null) };
  network = stubNetwork(http, () => reply);
});

afterEach(() => network.restore());

async function failureOf(call: () => Promise<unknown>): Promise<ApiError> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('error classification of real axios failures', () => {
  it("keeps the server's request id of a failed answer, refused in the envelope or by status", async () => {
    reply = {
      status: 409,
      data: { result: true, error: 'Мест нет', data: null },
      headers: { 'x-request-id': 'k3f9a2-1z4' },
    };
    expect((await failureOf(() => apiPost('/api/misc/x.json', {}))).requestId).toBe('k3f9a2-1z4');
    reply = {
      status: 200,
      data: { result: true, error: 'Мест нет', data: null },
      headers: { 'x-request-id': 'k3f9a2-1z5' },
    };
    expect((await failureOf(() => apiPost('/api/misc/x.json', {}))).requestId).toBe('k3f9a2-1z5');
    reply = { status: 500, data: '' };
    expect((await failureOf(() => apiGet('/api/misc/years.json'))).requestId).toBeUndefined();
  });

  it.each<[number, ErrorKind]>([
    [400, 'CLIENT_ERROR'],
    [403, 'CLIENT_ERROR'],
    [404, 'CLIENT_ERROR'],
    [413, 'CLIENT_ERROR'],
    [429, 'CLIENT_ERROR'],
    [499, 'CLIENT_ERROR'],
    [500, 'SERVER_ERROR'],
    [502, 'SERVER_ERROR'],
    [599, 'SERVER_ERROR'],
  ])(
    'HTTP %i is %s with the generic message when the body has no error text',
    async (status, kind) => {
      reply = {
        status,
        data: '<html>bad gateway</html>',
        headers: { 'content-type': 'text/html' },
      };
      const error = await failureOf(() => apiGet('/api/misc/years.json'));
      expect(error.kind).toBe(kind);
      expect(error.status).toBe(status);
      expect(error.message).toBe(`Request failed with status code ${status}`);
      expect(error.serverMessage).toBeUndefined();
    },
  );

  it("uses the server's error text of an envelope as the message", async () => {
    reply = { status: 400, data: failed('Поле login обязательно') };
    const error = await failureOf(() => apiPost('/api/auth/recovery.json', {}));
    expect(error).toMatchObject({
      kind: 'CLIENT_ERROR',
      status: 400,
      message: 'Поле login обязательно',
      serverMessage: 'Поле login обязательно',
    });
  });

  it('falls back to the generic message when the envelope error is empty', async () => {
    reply = { status: 500, data: failed('') };
    const error = await failureOf(() => apiGet('/api/misc/years.json'));
    expect(error.message).toBe('Request failed with status code 500');
    expect(error.kind).toBe('SERVER_ERROR');
  });

  it('classifies a 3xx the validator refuses as UNKNOWN_ERROR', async () => {
    reply = { status: 200, data: envelope(null) };
    const error = await failureOf(() =>
      apiGet('/api/misc/years.json', undefined, { validateStatus: (s) => s === 204 }),
    );
    expect(error.kind).toBe('UNKNOWN_ERROR');
    expect(error.status).toBe(200);
  });

  it('classifies a timeout as TIMEOUT_ERROR with the axios message', async () => {
    reply = { fail: 'timeout' };
    const error = await failureOf(() => apiGet('/api/misc/years.json'));
    expect(error.kind).toBe('TIMEOUT_ERROR');
    expect(error.message).toBe('timeout of 30000ms exceeded');
    expect(error.status).toBeUndefined();
  });

  it('classifies a timeout reported with ECONNABORTED (no clarifyTimeoutError) as TIMEOUT_ERROR', async () => {
    reply = { fail: 'timeout' };
    const error = await failureOf(() =>
      apiGet('/api/misc/years.json', undefined, {
        timeout: 1500,
        transitional: { clarifyTimeoutError: false },
      }),
    );
    expect(error.kind).toBe('TIMEOUT_ERROR');
    expect(error.message).toBe('timeout of 1500ms exceeded');
  });

  it('classifies a network failure as NETWORK_ERROR', async () => {
    reply = { fail: 'network' };
    const error = await failureOf(() => apiPost('/api/chat/count.json'));
    expect(error.kind).toBe('NETWORK_ERROR');
    expect(error.message).toBe('Network Error');
  });

  it('classifies a refused connection as CONNECTION_ERROR', async () => {
    reply = { fail: 'refused' };
    const error = await failureOf(() => apiGet('/api/misc/years.json'));
    expect(error.kind).toBe('CONNECTION_ERROR');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('classifies an aborted request as CANCEL_ERROR', async () => {
    reply = { fail: 'abort' };
    const error = await failureOf(() => apiGet('/api/misc/years.json'));
    expect(error.kind).toBe('CANCEL_ERROR');
    expect(error.message).toBe('Request aborted');
  });

  it('classifies a request cancelled through its AbortSignal as CANCEL_ERROR', async () => {
    reply = { hang: true };
    const controller = new AbortController();
    const pending = failureOf(() =>
      apiGet('/api/misc/years.json', undefined, { signal: controller.signal }),
    );
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('CANCEL_ERROR');
    expect(error.message).toBe('Request aborted');
  });

  it('keeps the original axios error as the cause', async () => {
    reply = { status: 404, data: failed('Не найдено') };
    const error = await failureOf(() => apiGet('/api/nothing.json'));
    expect((error.cause as { isAxiosError?: boolean }).isAxiosError).toBe(true);
  });

  it('leaves the session alone on errors other than 401', async () => {
    lmsStore.set(sessionStatusAtom, 'authenticated');
    reply = { status: 403, data: failed('Нет доступа') };
    await failureOf(() => apiGet('/api/misc/years.json'));
    expect(lmsStore.get(sessionStatusAtom)).toBe('authenticated');
  });
});

describe('classifyError on values that are not axios errors', () => {
  it('returns an ApiError unchanged', () => {
    const error = new ApiError('SERVER_ERROR', 'x', { status: 500 });
    expect(classifyError(error)).toBe(error);
  });

  it('wraps a plain Error as UNKNOWN_ERROR with its message', () => {
    const cause = new TypeError('boom');
    const error = classifyError(cause);
    expect(error).toMatchObject({ kind: 'UNKNOWN_ERROR', message: 'boom' });
    expect(error.cause).toBe(cause);
  });

  it('wraps a thrown non-Error value', () => {
    expect(classifyError('oops')).toMatchObject({ kind: 'UNKNOWN_ERROR', message: 'oops' });
    expect(classifyError(undefined).kind).toBe('UNKNOWN_ERROR');
  });

  it('is an Error with the name ApiError', () => {
    const error = new ApiError('NETWORK_ERROR', 'Network Error');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
  });
});
