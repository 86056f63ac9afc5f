import { useQuery } from '@tanstack/react-query';
import { DISCIPLINE_API } from '../contract/endpoints/index.js';
import { getEndpoint } from '../http/api.js';
import { useSession } from '../session/useSession.js';
import { queryClient } from './queryClient.js';

export const currentTermKeys = {
  ws: ['portal', 'current', 'ws'] as const,
  year: ['portal', 'current', 'year'] as const,
};

const currentWs = getEndpoint(DISCIPLINE_API.currentWs);
const currentYear = getEndpoint(DISCIPLINE_API.currentYear);
/** The current semester kind and its name. */
export const fetchCurrentWs = () => currentWs();
/** The current academic year. */
export const fetchCurrentYear = () => currentYear();

/**
 * The current semester kind and academic year, asked once for every app on the page (chat,
 * journal, …) while someone is signed in; sign-in and sign-out clear them with the cache.
 */
export function useCurrentTerm() {
  const { user } = useSession();
  const ws = useQuery({ queryKey: currentTermKeys.ws, queryFn: fetchCurrentWs, enabled: !!user });
  const year = useQuery({
    queryKey: currentTermKeys.year,
    queryFn: fetchCurrentYear,
    enabled: !!user,
  });
  return { ws, year };
}

/**
 * Asks for the current semester kind and year as soon as the session is known, before any area's
 * code has rendered: an area opened by its address (a link, a reload) needs them first, and its
 * code asks only once the shell has rendered down to it. Its `useCurrentTerm` then finds them on
 * their way or in (one request each, as before).
 */
export function prefetchCurrentTerm(): void {
  void queryClient.prefetchQuery({ queryKey: currentTermKeys.ws, queryFn: fetchCurrentWs });
  void queryClient.prefetchQuery({ queryKey: currentTermKeys.year, queryFn: fetchCurrentYear });
}
