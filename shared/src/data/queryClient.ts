import { QueryClient } from '@tanstack/react-query';
import { classifyError } from '../http/errors.js';
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
    mutations: { retry: false },
  },
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
