import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@lms/shared';
import { subscribeLive } from '../../live';
import { placeKeys, unreadKeys } from './unread';

/** Several events in a burst (a busy group chat) cost one count.json. */
const DEBOUNCE_MS = 150;

/**
 * Keeps the unread counts (per contact, per discipline and group, and total) current while any chat pane is on screen:
 * every event except the user's own sends marks them stale, and the panes showing them ask
 * count.json (countbydiscipline.json) again. The one stream is shared by all panes (liveEvents.ts).
 */
export function useLiveCounts(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const uid = user?.uid;
  const role = user?.role;
  const person = user?.id;
  useEffect(() => {
    if (uid === undefined) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeLive((signal) => {
      if (signal.type === 'event') {
        const { actor, kind } = signal.event;
        const mine = actor.role === role && actor.id === person;
        if (mine && kind === 'message') return;
      }
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        // One count.json (and countbydiscipline.json) at a time, however many panes listen.
        for (const queryKey of [unreadKeys.all(uid), placeKeys.all(uid)]) {
          void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
        }
      }, DEBOUNCE_MS);
    });
    return () => {
      if (timer !== null) clearTimeout(timer);
      unsubscribe();
    };
  }, [uid, role, person, queryClient]);
}
