import {
  clearPersonalCopies,
  adoptOfflineCopy,
  offlineSessionAtom,
  restoreOfflineCopy,
} from '../data/offline.js';
import { clearServerState } from '../data/queryClient.js';
import type {
  AuthenticateBody,
  AuthorizeBody,
  LogoutBody,
  SessionUser,
} from '../contract/index.js';
import { AUTH_API } from '../contract/endpoints/index.js';
import { postEndpoint } from '../http/api.js';
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

const authenticateCall = postEndpoint(AUTH_API.authenticate);
const authorizeCall = postEndpoint(AUTH_API.authorize);
const logoutCall = postEndpoint(AUTH_API.logout);

let pendingAuthentication: Promise<SessionUser | null> | null = null;

/**
 * Moves whenever a sign-in or sign-out starts or ends. A session check that overlapped one
 * answers for a session that no longer exists (a check sent on load without the cookie, answered
 * after the user signed in; a check cut off by the network after a sign-in), so its answer is
 * dropped and the session the sign-in or sign-out set stays.
 */
let sessionEpoch = 0;

/** Failures that mean the server was not reached (the answer is unknown, not a refusal). */
const UNREACHED = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);

/**
 * Asks the server who owns the session cookie. Resolves to the user, or null when there is no
 * session (401). A server that cannot be reached, with a copy of what this browser's user saw
 * (shared/src/data/offline.ts), resolves to that user, shown from the copy (`offlineSessionAtom`)
 * until `revalidateSession` reaches the server. Other failures (network without a copy, server)
 * leave the session anonymous and reject with the ApiError so the caller can say why.
 * Concurrent calls share one request.
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
    const { user } = await authenticateCall(body);
    if (epoch !== sessionEpoch) return lmsStore.get(userAtom);
    await adoptOfflineCopy(user);
    setSessionUser(user);
    return user;
  } catch (err) {
    if (epoch !== sessionEpoch) return lmsStore.get(userAtom);
    const error = classifyError(err);
    if (UNREACHED.has(error.kind)) {
      const kept = await restoreOfflineCopy();
      if (kept && epoch === sessionEpoch) {
        lmsStore.set(offlineSessionAtom, true);
        setSessionUser(kept);
        return kept;
      }
    }
    setSessionAnonymous();
    if (error.status === 401) return null;
    throw error;
  }
}

/**
 * A session shown from the offline copy asks the server again (the network is back): the same
 * user carries on without a reload, no session (401) signs out, no answer keeps the copy shown.
 */
export async function revalidateSession(): Promise<void> {
  if (!lmsStore.get(offlineSessionAtom)) return;
  const epoch = sessionEpoch;
  const shown = lmsStore.get(userAtom);
  try {
    const body: AuthenticateBody = { token: readToken() };
    const { user } = await authenticateCall(body);
    if (epoch !== sessionEpoch) return;
    lmsStore.set(offlineSessionAtom, false);
    if (user.uid !== shown?.uid) {
      clearServerState();
      await clearPersonalCopies();
    }
    setSessionUser(user);
  } catch (err) {
    if (epoch !== sessionEpoch || classifyError(err).status !== 401) return;
    lmsStore.set(offlineSessionAtom, false);
    clearServerState();
    await clearPersonalCopies();
    setSessionAnonymous();
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
  lmsStore.set(offlineSessionAtom, false);
  lmsStore.set(tokenFlagAtom, false);
  try {
    const body: AuthorizeBody = { login, password };
    const { user } = await authorizeCall(body);
    await adoptOfflineCopy(user);
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
    await logoutCall(body);
  } catch (err) {
    const error = classifyError(err);
    if (error.status !== 401) failure = error;
  }
  clearLocalStorageExceptPreferences();
  clearServerState();
  lmsStore.set(offlineSessionAtom, false);
  lmsStore.set(tokenFlagAtom, false);
  try {
    // Every kept copy of this user's data (answers, outbox, opened files) goes with the session,
    // before the portal shows the sign-in page: the next person at this device finds none.
    await clearPersonalCopies();
  } finally {
    setSessionAnonymous();
    sessionEpoch += 1;
  }
  if (failure) throw failure;
}
