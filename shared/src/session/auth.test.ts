import { AUTH_API } from '../contract/endpoints/index.js';
import { renderHook, act } from '@testing-library/react';
import { http } from '../http/client.js';
import { ApiError } from '../http/errors.js';
import { lmsStore } from '../store.js';
import {
  deferred,
  envelope,
  failed,
  stubNetwork,
  type Reply,
  type StubbedNetwork,
} from '../testing/axiosAdapter.js';
import { sessionStatusAtom, tokenFlagAtom, userAtom } from './atoms.js';
import { authenticate, authorize, logout } from './auth.js';
import { useSession } from './useSession.js';

const student = {
  id: 12,
  uid: 120,
  role: 2 as const,
  fullName: 'Асанов Бакыт Маратович',
  newsPerms: false,
};

let network: StubbedNetwork;
let replies: Record<string, Reply>;

const bodyOf = (index: number) => JSON.parse(String(network.requests[index]?.data)) as unknown;

beforeEach(() => {
  localStorage.clear();
  lmsStore.set(userAtom, null);
  lmsStore.set(sessionStatusAtom, 'unknown');
  lmsStore.set(tokenFlagAtom, false);
  replies = {};
  network = stubNetwork(
    http,
    (config) => replies[config.url ?? ''] ?? { status: 404, data: failed('?') },
  );
});

afterEach(() => network.restore());

describe('authenticate', () => {
  it('sends the token flag and stores the user', async () => {
    localStorage.setItem('token', 'abc');
    replies[AUTH_API.authenticate.path] = { status: 200, data: envelope({ user: student }) };
    await expect(authenticate()).resolves.toEqual(student);
    expect(network.requests[0]?.method).toBe('post');
    expect(bodyOf(0)).toEqual({ token: 'abc' });
    expect(lmsStore.get(userAtom)).toEqual(student);
    expect(lmsStore.get(sessionStatusAtom)).toBe('authenticated');
  });

  it('clears the user and shows the unknown status while asking', async () => {
    lmsStore.set(userAtom, student);
    lmsStore.set(sessionStatusAtom, 'authenticated');
    replies[AUTH_API.authenticate.path] = { status: 200, data: envelope({ user: student }) };
    const pending = authenticate();
    expect(lmsStore.get(userAtom)).toBeNull();
    expect(lmsStore.get(sessionStatusAtom)).toBe('unknown');
    await pending;
  });

  it('resolves null and becomes anonymous without a session (401)', async () => {
    replies[AUTH_API.authenticate.path] = { status: 401, data: failed('Нет сессии') };
    await expect(authenticate()).resolves.toBeNull();
    expect(bodyOf(0)).toEqual({ token: null });
    expect(lmsStore.get(sessionStatusAtom)).toBe('anonymous');
  });

  it('becomes anonymous and rejects on other failures', async () => {
    replies[AUTH_API.authenticate.path] = { fail: 'network' };
    await expect(authenticate()).rejects.toMatchObject({ kind: 'NETWORK_ERROR' });
    expect(lmsStore.get(sessionStatusAtom)).toBe('anonymous');
  });

  it('shares one request between concurrent calls', async () => {
    replies[AUTH_API.authenticate.path] = { status: 200, data: envelope({ user: student }) };
    const [a, b] = await Promise.all([authenticate(), authenticate()]);
    expect(a).toBe(b);
    expect(network.requests).toHaveLength(1);
  });
});

describe('authorize', () => {
  it('drops the old token, uid and role, then stores a fresh token flag and the user', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('uid', '5');
    localStorage.setItem('role', '1');
    localStorage.setItem('lang', 'kg');
    replies[AUTH_API.authorize.path] = {
      status: 200,
      data: envelope({ user: student, token: true }),
    };
    await expect(authorize('student', 'Student1')).resolves.toEqual(student);
    expect(bodyOf(0)).toEqual({ login: 'student', password: 'Student1' });
    const token = localStorage.getItem('token');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(token).not.toBe('old');
    expect(localStorage.getItem('uid')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('kg');
    expect(lmsStore.get(tokenFlagAtom)).toBe(true);
    expect(lmsStore.get(userAtom)).toEqual(student);
    expect(lmsStore.get(sessionStatusAtom)).toBe('authenticated');
  });

  it('generates a different token each time', async () => {
    replies[AUTH_API.authorize.path] = {
      status: 200,
      data: envelope({ user: student, token: true }),
    };
    await authorize('student', 'Student1');
    const first = localStorage.getItem('token');
    await authorize('student', 'Student1');
    expect(localStorage.getItem('token')).not.toBe(first);
  });

  it("rejects with the server's message and leaves no token behind", async () => {
    localStorage.setItem('token', 'old');
    lmsStore.set(tokenFlagAtom, true);
    replies[AUTH_API.authorize.path] = {
      status: 401,
      data: failed('Неверное имя пользователя или пароль'),
    };
    const error = await authorize('student', 'wrong').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'CLIENT_ERROR',
      status: 401,
      message: 'Неверное имя пользователя или пароль',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(lmsStore.get(tokenFlagAtom)).toBe(false);
    expect(lmsStore.get(sessionStatusAtom)).toBe('anonymous');
  });
});

describe('logout', () => {
  beforeEach(() => {
    lmsStore.set(userAtom, student);
    lmsStore.set(sessionStatusAtom, 'authenticated');
    lmsStore.set(tokenFlagAtom, true);
    localStorage.setItem('token', 'abc');
    localStorage.setItem('schedule-120', '[]');
    localStorage.setItem('lang', 'en');
    localStorage.setItem('theme', 'dark');
  });

  function expectLoggedOut() {
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('schedule-120')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(lmsStore.get(userAtom)).toBeNull();
    expect(lmsStore.get(tokenFlagAtom)).toBe(false);
    expect(lmsStore.get(sessionStatusAtom)).toBe('anonymous');
  }

  it('calls the server, empties local storage except language and theme, resets the atoms', async () => {
    replies[AUTH_API.logout.path] = { status: 200, data: envelope({ logout: true }) };
    await logout();
    expect(network.requests[0]?.url).toBe(AUTH_API.logout.path);
    expect(bodyOf(0)).toEqual({ logout: true });
    expectLoggedOut();
  });

  it('treats an already ended session (401) as success', async () => {
    replies[AUTH_API.logout.path] = { status: 401, data: failed('Нет сессии') };
    await expect(logout()).resolves.toBeUndefined();
    expectLoggedOut();
  });

  it('logs out locally and rejects when the server cannot be reached', async () => {
    replies[AUTH_API.logout.path] = { fail: 'network' };
    await expect(logout()).rejects.toMatchObject({ kind: 'NETWORK_ERROR' });
    expectLoggedOut();
  });
});

describe('a session check that overlaps a sign-in or sign-out', () => {
  const signedIn = { status: 200, data: envelope({ user: student, token: true }) };

  it('sent on load without the cookie and answered after the sign-in, leaves the user signed in', async () => {
    const check = deferred();
    replies[AUTH_API.authenticate.path] = check.reply;
    replies[AUTH_API.authorize.path] = signedIn;
    const checking = authenticate();
    await authorize('student', 'Student1');
    check.release({ status: 401, data: failed('Нет сессии') });
    await expect(checking).resolves.toEqual(student);
    expect(lmsStore.get(userAtom)).toEqual(student);
    expect(lmsStore.get(sessionStatusAtom)).toBe('authenticated');
  });

  it('cut off by the network after the sign-in, neither rejects nor signs the user out', async () => {
    const check = deferred();
    replies[AUTH_API.authenticate.path] = check.reply;
    replies[AUTH_API.authorize.path] = signedIn;
    const checking = authenticate();
    await authorize('student', 'Student1');
    check.release({ fail: 'network' });
    await expect(checking).resolves.toEqual(student);
    expect(lmsStore.get(sessionStatusAtom)).toBe('authenticated');
  });

  it('started while the sign-in was on its way, is dropped too', async () => {
    const check = deferred();
    const login = deferred();
    replies[AUTH_API.authenticate.path] = check.reply;
    replies[AUTH_API.authorize.path] = login.reply;
    const signingIn = authorize('student', 'Student1');
    const checking = authenticate();
    login.release(signedIn);
    await signingIn;
    check.release({ status: 401, data: failed('Нет сессии') });
    await checking;
    expect(lmsStore.get(sessionStatusAtom)).toBe('authenticated');
  });

  it('answered with the old user after a sign-out, does not sign them back in', async () => {
    lmsStore.set(userAtom, student);
    lmsStore.set(sessionStatusAtom, 'authenticated');
    const check = deferred();
    replies[AUTH_API.authenticate.path] = check.reply;
    replies[AUTH_API.logout.path] = { status: 200, data: envelope({ logout: true }) };
    const checking = authenticate();
    await logout();
    check.release({ status: 200, data: envelope({ user: student }) });
    await expect(checking).resolves.toBeNull();
    expect(lmsStore.get(userAtom)).toBeNull();
    expect(lmsStore.get(sessionStatusAtom)).toBe('anonymous');
  });

  it('started after the sign-in ended, is answered as usual', async () => {
    replies[AUTH_API.authorize.path] = signedIn;
    await authorize('student', 'Student1');
    replies[AUTH_API.authenticate.path] = { status: 401, data: failed('Нет сессии') };
    await expect(authenticate()).resolves.toBeNull();
    expect(lmsStore.get(sessionStatusAtom)).toBe('anonymous');
  });
});

describe('useSession', () => {
  it('follows the atoms of lmsStore without a Provider', async () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({ user: null, status: 'unknown' });
    replies[AUTH_API.authenticate.path] = { status: 200, data: envelope({ user: student }) };
    await act(() => authenticate());
    expect(result.current).toEqual({ user: student, status: 'authenticated' });
  });
});
