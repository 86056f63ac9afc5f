import { useEffect } from 'react';
import type { SessionUser } from '@lms/shared';
import { refreshCounts } from '../chat/state';
import { subscribeLive } from './liveEvents';

/** Several events in a burst (a busy group chat) cost one count.json. */
const DEBOUNCE_MS = 150;

let holders = 0;
let release: (() => void) | null = null;

/**
 * Keeps the unread counts (per contact and total) current while any chat pane is on screen:
 * one subscription for all of them, refreshed on every event except the user's own sends.
 */
export function useLiveCounts(user: SessionUser | null): void {
  const uid = user?.uid;
  useEffect(() => {
    if (!user) return;
    holders++;
    if (holders === 1) {
      let timer: ReturnType<typeof setTimeout> | null = null;
      const unsubscribe = subscribeLive((signal) => {
        if (signal.type === 'event') {
          const { actor, kind } = signal.event;
          const mine = actor.role === user.role && actor.id === user.id;
          if (mine && kind === 'message') return;
        }
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          refreshCounts(user).catch(() => undefined);
        }, DEBOUNCE_MS);
      });
      release = () => {
        if (timer !== null) clearTimeout(timer);
        unsubscribe();
      };
    }
    return () => {
      holders--;
      if (holders === 0) {
        release?.();
        release = null;
      }
    };
    // The user object changes identity on re-authentication; the account is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);
}
