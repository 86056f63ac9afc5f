import { useAtomValue } from 'jotai';
import type { SessionUser } from '../contract/index.js';
import { lmsStore } from '../store.js';
import { sessionStatusAtom, userAtom, type SessionStatus } from './atoms.js';

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
}

/** The session user and status; always read from lmsStore, with or without a Provider. */
export function useSession(): Session {
  const user = useAtomValue(userAtom, { store: lmsStore });
  const status = useAtomValue(sessionStatusAtom, { store: lmsStore });
  return { user, status };
}
