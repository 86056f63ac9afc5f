import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import {
  authenticate,
  classifyError,
  lmsStore,
  offlineSessionAtom,
  prefetchCurrentTerm,
  sessionStatusAtom,
  tokenFlagAtom,
  userAtom,
} from '@lms/shared';
import { serverUnreachableAtom } from '../features/offline';
import { isAreaPath } from './areaPath';

const UNREACHABLE = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);

/** Local storage's key of the token flag (shared/src/session/storage.ts). */
const TOKEN_KEY = 'token';

/**
 * A browser that never signed in (or signed out) holds no token flag: it has no session to ask
 * about, so the signed-out login page sends no request the server must refuse. Where local
 * storage does not work the flag cannot be kept, and the server is asked; so it is when the
 * browser is offline (the failed check leads to the offline screen).
 */
export function hasNoSession(): boolean {
  if (navigator.onLine === false || lmsStore.get(tokenFlagAtom)) return false;
  try {
    if (localStorage.getItem(TOKEN_KEY) !== null) return false;
    const probe = 'lms-storage-check';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks the server for the session on load, and again once a lost server is back. A server that
 * cannot be reached sends the user to the offline screen instead of the login page. On an area's
 * page opened by its address, the current semester is asked for with the answer: most areas start
 * from it, and their code asks only once the shell has rendered down to them.
 */
export function useSessionOnLoad(pathname: string): void {
  const unreachable = useAtomValue(serverUnreachableAtom, { store: lmsStore });
  // The page the browser opened: the check is made once, whatever the user opens next.
  const opened = useRef(pathname);
  useEffect(() => {
    if (unreachable) return;
    if (hasNoSession()) {
      lmsStore.set(userAtom, null);
      lmsStore.set(sessionStatusAtom, 'anonymous');
      return;
    }
    authenticate()
      .then((user) => {
        if (user && !lmsStore.get(offlineSessionAtom) && isAreaPath(opened.current)) {
          prefetchCurrentTerm();
        }
      })
      .catch((err: unknown) => {
        if (UNREACHABLE.has(classifyError(err).kind)) lmsStore.set(serverUnreachableAtom, true);
        else console.error('Authentication failed', err);
      });
  }, [unreachable]);
}
