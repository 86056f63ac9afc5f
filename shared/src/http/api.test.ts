import { AxiosHeaders } from 'axios';
import { lmsStore } from '../store.js';
import { sessionStatusAtom, userAtom } from '../session/atoms.js';
import {
  envelope,
  failed,
  stubNetwork,
  type Reply,
  type StubbedNetwork,
} from '../testing/axiosAdapter.js';
import { apiGet, apiPost } from './api.js';
import { http } from './client.js';
import { ApiError } from './errors.js';

let network: StubbedNetwork;
let handler: (url: string | undefined) => Reply;

const header = (index: number, name: string) =>
  AxiosHeaders.from(network.requests[index]?.headers).get(name);

function clearCookies() {
  for (const name of ['XSRF-TOKEN', 'lang']) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  clearCookies();
  handler = () => ({ status: 200, data: envelope({ ok: 1 }) });
  network = stubNetwork(http, (config) => handler(config.url));
});

afterEach(() => network.restore());

describe('envelope unwrapping', () => {
  it('resolves to data when result is false', async () => {
    handler = () => ({ status: 200, data: envelope([{ id_a_year: 24, name: '2024-25' }]) });
    await expect(apiGet('/api/misc/years.json')).resolves.toEqual([
      { id_a_year: 24, name: '2024-25' },
    ]);
  });

  it('resolves to null when data is null', async () => {
    handler = () => ({ status: 200, data: envelope(null) });
    await expect(apiPost('/api/auth/logout.json', { logout: true })).resolves.toBeNull();
  });

  it('rejects with the server text when result is true, even with HTTP 200', async () => {
    handler = () => ({ status: 200, data: failed('Неверный логин') });
    const error = await apiPost('/api/auth/orize.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'CLIENT_ERROR',
      status: 200,
      message: 'Неверный логин',
      serverMessage: 'Неверный логин',
    });
  });

  it('uses the generic message when a failure envelope has no text', async () => {
    handler = () => ({ status: 200, data: failed(null) });
    await expect(apiGet('/api/misc/years.json')).rejects.toMatchObject({
      message: 'Request failed with status code 200',
    });
  });

  it('rejects a body that is not an envelope (e.g. the SPA page for a wrong path)', async () => {
    handler = () => ({
      status: 200,
      data: '<!doctype html><title>portal</title>',
      headers: { 'content-type': 'text/html' },
    });
    await expect(apiGet('/api/misc/nothing.json')).rejects.toMatchObject({
      kind: 'UNKNOWN_ERROR',
      message: 'Unexpected response format',
    });
  });
});

describe('requests', () => {
  it('go to /lms with JSON, credentials, a 30 s timeout and no caching', async () => {
    await apiPost('/api/profile/data.json', { uid: 1, role: 2 });
    const [request] = network.requests;
    expect(request?.baseURL).toBe('/lms');
    expect(request?.url).toBe('/api/profile/data.json');
    expect(request?.method).toBe('post');
    expect(request?.timeout).toBe(30000);
    expect(request?.withCredentials).toBe(true);
    expect(request?.data).toBe('{"uid":1,"role":2}');
    expect(header(0, 'Content-Type')).toMatch(/^application\/json/);
    expect(header(0, 'Accept')).toBe('application/json');
    expect(header(0, 'Cache-Control')).toBe('no-cache');
    expect(header(0, 'Pragma')).toBe('no-cache');
  });

  it('send GET parameters as query parameters', async () => {
    await apiGet('/api/news/download.file', { filename: '5_a.pdf', type: 4 });
    expect(network.requests[0]?.params).toEqual({ filename: '5_a.pdf', type: 4 });
    expect(header(0, 'Cache-Control')).toBe('no-cache');
  });

  it('post an empty object when no body is given', async () => {
    await apiPost('/api/chat/count.json');
    expect(network.requests[0]?.data).toBe('{}');
  });

  it('leave FormData for the browser to encode (multipart uploads)', async () => {
    const form = new FormData();
    form.append('message', 'Привет');
    await apiPost('/api/news/insert.json', form);
    expect(network.requests[0]?.data).toBeInstanceOf(FormData);
  });
});

describe('XSRF', () => {
  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN on POST', async () => {
    document.cookie = 'XSRF-TOKEN=t0k%2Ben; Path=/';
    await apiPost('/api/auth/orize.json', { login: 'a', password: 'b' });
    expect(header(0, 'X-XSRF-TOKEN')).toBe('t0k+en');
  });

  it('sends it on PUT and DELETE through the instance too', async () => {
    document.cookie = 'XSRF-TOKEN=abc; Path=/';
    await http.put('/api/x.json', {});
    await http.delete('/api/x.json');
    expect(header(0, 'X-XSRF-TOKEN')).toBe('abc');
    expect(header(1, 'X-XSRF-TOKEN')).toBe('abc');
  });

  it('does not send it on GET, without the cookie, or to another origin', async () => {
    await apiPost('/api/chat/count.json');
    document.cookie = 'XSRF-TOKEN=abc; Path=/';
    await apiGet('/api/misc/years.json');
    await http.post('https://elsewhere.example/api', {});
    expect(header(0, 'X-XSRF-TOKEN')).toBeUndefined();
    expect(header(1, 'X-XSRF-TOKEN')).toBeUndefined();
    expect(header(2, 'X-XSRF-TOKEN')).toBeUndefined();
  });

  it("repeats a fresh browser's first POST once the 403 answer handed out the cookie", async () => {
    let calls = 0;
    handler = () => {
      calls += 1;
      if (calls === 1) {
        document.cookie = 'XSRF-TOKEN=fresh; Path=/';
        return { status: 403, data: failed('XSRF token missing') };
      }
      return { status: 200, data: envelope({ user: null }) };
    };
    await expect(apiPost('/api/auth/enticate.json', { token: null })).resolves.toEqual({
      user: null,
    });
    expect(network.requests).toHaveLength(2);
    expect(header(0, 'X-XSRF-TOKEN')).toBeUndefined();
    expect(header(1, 'X-XSRF-TOKEN')).toBe('fresh');
  });

  it('repeats a POST once when its 403 answer replaced the cookie (the session-bound token)', async () => {
    document.cookie = 'XSRF-TOKEN=stale; Path=/';
    let calls = 0;
    handler = () => {
      calls += 1;
      if (calls === 1) {
        document.cookie = 'XSRF-TOKEN=bound; Path=/';
        return { status: 403, data: failed('XSRF token missing') };
      }
      return { status: 200, data: envelope({ ok: true }) };
    };
    await expect(apiPost('/api/chat/count.json', {})).resolves.toEqual({ ok: true });
    expect(header(0, 'X-XSRF-TOKEN')).toBe('stale');
    expect(header(1, 'X-XSRF-TOKEN')).toBe('bound');
    expect(network.requests).toHaveLength(2);
  });

  it('does not repeat a 403 that carried the header already', async () => {
    document.cookie = 'XSRF-TOKEN=abc; Path=/';
    handler = () => ({ status: 403, data: failed('Нет доступа') });
    await expect(apiPost('/api/passwd/reset.json', {})).rejects.toMatchObject({
      kind: 'CLIENT_ERROR',
      status: 403,
      message: 'Нет доступа',
    });
    expect(network.requests).toHaveLength(1);
  });
});

describe('401', () => {
  const user = { id: 7, uid: 70, role: 2 as const, fullName: 'Асанов Бакыт', newsPerms: false };

  beforeEach(() => {
    lmsStore.set(userAtom, user);
    lmsStore.set(sessionStatusAtom, 'authenticated');
    handler = () => ({ status: 401, data: failed('Нет сессии') });
  });

  it('from an ordinary call makes the session anonymous', async () => {
    await expect(apiPost('/api/profile/data.json', {})).rejects.toMatchObject({ status: 401 });
    expect(lmsStore.get(userAtom)).toBeNull();
    expect(lmsStore.get(sessionStatusAtom)).toBe('anonymous');
  });

  it.each(['/api/auth/orize.json', '/api/auth/enticate.json'])(
    'from %s leaves the session to the auth actions',
    async (path) => {
      await expect(apiPost(path, {})).rejects.toMatchObject({ status: 401 });
      expect(lmsStore.get(userAtom)).toEqual(user);
      expect(lmsStore.get(sessionStatusAtom)).toBe('authenticated');
    },
  );
});
