import { useQuery } from '@tanstack/react-query';
import type { CurrentWsResponse, CurrentYearResponse } from '../contract/index.js';
import { apiGet } from '../http/api.js';
import { useSession } from '../session/useSession.js';

export const currentTermKeys = {
  ws: ['portal', 'current', 'ws'] as const,
  year: ['portal', 'current', 'year'] as const,
};

/** GET /lms/api/discipline/current/ws.json: the current semester kind and its name. */
export const fetchCurrentWs = () => apiGet<CurrentWsResponse>('/api/discipline/current/ws.json');
/** GET /lms/api/discipline/current/year.json: the current academic year. */
export const fetchCurrentYear = () =>
  apiGet<CurrentYearResponse>('/api/discipline/current/year.json');

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
