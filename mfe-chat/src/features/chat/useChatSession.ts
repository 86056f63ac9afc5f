import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { lmsStore, useSession } from '@lms/shared';
import { useLiveCounts } from '../live/useLiveCounts';
import { chainAtom, resetChain, startChain } from './state';

/**
 * The signed-in user and the chat's filter chain, started by whichever chat pane mounts first
 * (they share one store) and kept live.
 */
export function useChatSession() {
  const { user } = useSession();
  const chain = useAtomValue(chainAtom, { store: lmsStore });
  useEffect(() => {
    if (user) void startChain(user);
    else resetChain();
  }, [user]);
  useLiveCounts(user);
  return { user, chain };
}
