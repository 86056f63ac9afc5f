import { clearServerState } from '../data/queryClient.js';
import type {
  AuthenticateBody,
  AuthenticateResponse,
  AuthorizeBody,
  AuthorizeResponse,
  LogoutBody,
  LogoutResponse,
  SessionUser,
} from '../contract/index.js';
import { apiPost } from '../http/api.js';
import { classifyError } from '../http/errors.js';
import { lmsStore } from '../store.js';
import {
  sessionStatusAtom,
  setSessionAnonymous,
  setSessionUser,
  tokenFlagAtom,
  userAtom,
} from './atoms.js';
import {
  clearCredentials,
  clearLocalStorageExceptPreferences,
  readToken,
  storeFreshToken,
} from './storage.js';

let pendingAuthentication: Promise<SessionUser | null> | null = null;

/**
 * Moves whenever a sign-in or sign-out starts or ends. A session check that overlapped one
 * answers for a session that no longer exists (a check sent on load without the cookie, answered
 * after the user signed in; a check cut off by the network after a sign-in), so its answer is
 * dropped and the session the sign-in or sign-out set stays.
 */
let sessionEpoch = 0;

/**
 * Asks the server who owns the session cookie. Resolves to the user, or null when there is no
 * session (401). Other failures (network, server) leave the session anonymous and reject with
 * the ApiError so the caller can say why. Concurrent calls share one request.
 */
export function authenticate(): Promise<SessionUser | null> {
  pendingAuthentication ??= runAuthentication().finally(() => {
    pendingAuthentication = null;
  });
  return pendingAuthentication;
}

async function runAuthentication(): Promise<SessionUser | null> {
  const epoch = sessionEpoch;
  lmsStore.set(userAtom, null);
  lmsStore.set(sessionStatusAtom, 'unknown');
  try {
    const body: AuthenticateBody = { token: readToken() };
    const { user } = await apiPost<AuthenticateResponse>('/api/auth/enticate.json', body);
    if (epoch !== sessionEpoch) return lmsStore.get(userAtom);
    setSessionUser(user);
    return user;
  } catch (err) {
    if (epoch !== sessionEpoch) return lmsStore.get(userAtom);
    setSessionAnonymous();
    const error = classifyError(err);
    if (error.status === 401) return null;
    throw error;
  }
}

/**
 * Logs in. The earlier token flag, uid and role are dropped first, so a failed attempt never
 * leaves the previous user's traces; on success a fresh random token flag is stored.
 */
export async function authorize(login: string, password: string): Promise<SessionUser> {
  sessionEpoch += 1;
  clearCredentials();
  clearServerState();
  lmsStore.set(tokenFlagAtom, false);
  try {
    const body: AuthorizeBody = { login, password };
    const { user } = await apiPost<AuthorizeResponse>('/api/auth/orize.json', body);
    storeFreshToken();
    lmsStore.set(tokenFlagAtom, true);
    setSessionUser(user);
    return user;
  } catch (err) {
    setSessionAnonymous();
    throw classifyError(err);
  } finally {
    sessionEpoch += 1;
  }
}

/**
 * Ends the session on the server, then locally whatever the server said: local storage is
 * emptied (language and theme stay) and the atoms reset. A failure other than "already logged
 * out" is rethrown after the local reset, so the caller can tell the user the server may still
 * hold the session.
 */
export async function logout(): Promise<void> {
  sessionEpoch += 1;
  let failure: unknown = null;
  try {
    const body: LogoutBody = { logout: true };
    await apiPost<LogoutResponse>('/api/auth/logout.json', body);
  } catch (err) {
    const error = classifyError(err);
    if (error.status !== 401) failure = error;
  }
  clearLocalStorageExceptPreferences();
  clearServerState();
  lmsStore.set(tokenFlagAtom, false);
  setSessionAnonymous();
  sessionEpoch += 1;
  if (failure) throw failure;
}
