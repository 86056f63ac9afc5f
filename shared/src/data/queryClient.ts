import {
  environmentManager,
  onlineManager,
  QueryClient,
  skipToken,
  type Query,
} from '@tanstack/react-query';
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

type Resolvable<T> = T | ((query: Query) => T);
const resolve = <T>(value: Resolvable<T>, query: Query): T =>
  typeof value === 'function' ? (value as (query: Query) => T)(query) : value;

/**
 * Whether a query just made has nothing yet and would be asked for by the screen that made it:
 * it is enabled, has a function to ask with, and nobody is asking already. Not a query whose
 * screen asks again on mount whatever it has (`refetchOnMount: 'always'`, or an answer stale at
 * once): an answer that came before the mount would be asked for a second time.
 */
function waitsForFirstAnswer(query: Query): boolean {
  const { state, options } = query;
  if (state.status !== 'pending' || state.fetchStatus !== 'idle' || state.dataUpdatedAt !== 0) {
    return false;
  }
  if (!options.queryFn || options.queryFn === skipToken) return false;
  const { enabled, refetchOnMount, staleTime } = options as {
    enabled?: Resolvable<boolean>;
    refetchOnMount?: Resolvable<boolean | 'always'>;
    staleTime?: Resolvable<number | 'static'>;
  };
  if (resolve(enabled, query) === false) return false;
  if (resolve(refetchOnMount, query) === 'always') return false;
  return resolve(staleTime ?? 0, query) !== 0;
}

/**
 * A screen's first request goes out as soon as the screen is drawn (its `useQuery` makes the
 * query while rendering), not once React has committed it and run its effects: on a phone that
 * is a few hundred milliseconds later, more when React holds the commit back (it reveals a
 * Suspense boundary's content no sooner than 300 ms after the last fallback came or went, e.g.
 * an area's code arriving). The query's observer finds the request under way when it mounts
 * and joins it: one request, as before. Asked for once the rendering task is over (a microtask),
 * never from inside the render.
 */
queryClient.getQueryCache().subscribe((event) => {
  // Not where screens are rendered to HTML (the build's prerendered login): nobody to answer.
  if (event.type !== 'added' || environmentManager.isServer()) return;
  const { query } = event;
  queueMicrotask(() => {
    if (queryClient.getQueryCache().get(query.queryHash) !== query) return;
    if (!waitsForFirstAnswer(query)) return;
    query.fetch().catch(() => undefined);
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
