import { atom } from 'jotai';
import type { SessionUser } from '../contract/index.js';
import { lmsStore } from '../store.js';
import { hasStoredToken } from './storage.js';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

/** The logged-in user, or null while unknown or anonymous. */
export const userAtom = atom<SessionUser | null>(null);

/** Whether this browser holds a token flag (set by a successful authorize, cleared by logout). */
export const tokenFlagAtom = atom<boolean>(hasStoredToken());

/** 'unknown' until the first authenticate answers; the shell shows loading meanwhile. */
export const sessionStatusAtom = atom<SessionStatus>('unknown');

export function setSessionUser(user: SessionUser): void {
  lmsStore.set(userAtom, user);
  lmsStore.set(sessionStatusAtom, 'authenticated');
}

export function setSessionAnonymous(): void {
  lmsStore.set(userAtom, null);
  lmsStore.set(sessionStatusAtom, 'anonymous');
}
