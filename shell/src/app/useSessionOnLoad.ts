import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { authenticate, classifyError, lmsStore } from '@lms/shared';
import { serverUnreachableAtom } from '../features/offline';

const UNREACHABLE = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);

/**
 * Asks the server for the session on load, and again once a lost server is back. A server that
 * cannot be reached sends the user to the offline screen instead of the login page.
 */
export function useSessionOnLoad(): void {
  const unreachable = useAtomValue(serverUnreachableAtom, { store: lmsStore });
  useEffect(() => {
    if (unreachable) return;
    authenticate().catch((err: unknown) => {
      if (UNREACHABLE.has(classifyError(err).kind)) lmsStore.set(serverUnreachableAtom, true);
      else console.error('Authentication failed', err);
    });
  }, [unreachable]);
}
