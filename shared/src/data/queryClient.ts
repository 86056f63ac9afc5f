import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError, classifyError, NETWORK_MESSAGE } from '../http/errors.js';
import { i18n } from '../i18n/i18n.js';

/** A connection that dropped for a moment is worth one more try; a refusal is not. */
const RETRIED_KINDS = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && RETRIED_KINDS.has(classifyError(error).kind);
}

/**
 * The portal's one cache of server state. `@lms/shared` is a federation singleton, so the shell
 * and every remote read and invalidate the same entries (like the one jotai store).
 *
 * - Stale answers never land: an answer is stored under the query key it was asked for, and a
 *   screen shows the key of its current choice.
 * - Lists reload by invalidation after a save or delete (spec §4 "save and delete reload the list").
 * - Errors arrive as ApiError (shared/src/http/errors.ts); screens show `errorMessage(error)`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay: 1000,
      // The spec reloads on the user's actions, not on focus; polling is the live layer's job.
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    // An action needs the server: without a network it fails at once ("no network"), it is
    // never left waiting with a spinner for a network that may not come back.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// The query layer learns of the network from the browser's events; a page loaded offline has
// had none yet.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/**
 * Offline, a query that has an answer keeps showing it (paused until the network is back, its
 * time shown as "as of"). One with nothing to show says at once that it needs the network,
 * instead of a loading text that never ends; its request still goes out when the network is
 * back, and its answer replaces the message.
 */
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated') return;
  const { state } = event.query;
  if (state.fetchStatus !== 'paused' || state.data !== undefined || state.status === 'error') return;
  event.query.setState({
    status: 'error',
    error: new ApiError('NETWORK_ERROR', NETWORK_MESSAGE),
    errorUpdatedAt: Date.now(),
    errorUpdateCount: state.errorUpdateCount + 1,
  });
});

/** Forgets every answer: another user must never see the previous one's data. */
export function clearServerState(): void {
  queryClient.clear();
}

/**
 * The API answers catalogue data (disciplines, faculties, positions…) in the interface language
 * it reads from the `lang` cookie: after a switch, every shown answer is fetched again. Deferred
 * a tick, so the cookie of the new language is written before the requests go out.
 *
 * Requests still on their way were sent in the old language. A refetch would join a first load
 * rather than replace it (the query has no answer to keep), so they are cancelled first: their
 * answers are dropped, and the shown queries ask again.
 */
let answeredLanguage: string | undefined;
i18n.on('languageChanged', (lng: string) => {
  const previous = answeredLanguage;
  answeredLanguage = lng;
  if (previous !== undefined && previous !== lng) {
    setTimeout(() => {
      void queryClient
        .cancelQueries({ fetchStatus: 'fetching' })
        .then(() => queryClient.invalidateQueries());
    }, 0);
  }
});
