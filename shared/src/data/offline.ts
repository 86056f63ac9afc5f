import { dehydrate, hydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { atom } from 'jotai';
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../contract/index.js';
import { userAtom } from '../session/atoms.js';
import { lmsStore } from '../store.js';
import { browserStore } from './browserStore.js';
import { queryClient } from './queryClient.js';

/**
 * What the user has seen stays readable without a network: every answer the portal's one query
 * cache holds (schedule, journal, marks, transcript, news, profile, conversations…) is copied to
 * IndexedDB under the signed-in user, with the time each was fetched. When a reload finds no
 * network, the session and the answers come back from the copy (`restoreOfflineCopy`), screens
 * show them as they were, and the shell says "as of" when (`useShownAsOf`). Sign-out and a
 * sign-in of someone else delete it (`clearPersonalCopies`), with every personal cache of the
 * service worker.
 *
 * A query whose data must not outlive the page says so with `meta: { offline: false }`.
 */

const DATABASE = 'lms-offline';
const STORE = 'copies';
/** The record naming whose answers the store holds; every other key is `ANSWER` + a query's hash. */
const OWNER = 'owner';
const ANSWER = 'q:';
/** Where an earlier version kept the whole copy as one record (deleted when seen). */
const LEGACY = 'current';
/** Cache Storage caches holding one user's things (shell/src/sw/protocol.ts names them). */
export const PERSONAL_CACHE_PREFIX = 'lms-personal-';
/** Answers that arrive together (one screen's) are one write. */
const SAVE_DELAY_MS = 0;

interface Owner {
  user: SessionUser;
  savedAt: number;
}

type KeptQuery = DehydratedState['queries'][number];

/** True while the portal shows a session restored from the copy: the server was not reached. */
export const offlineSessionAtom = atom<boolean>(false);

/** The copy, in IndexedDB: nothing is kept where there is none (tests, some private modes). */
const copies = browserStore(DATABASE, STORE);
const run = copies.run;

const isKept = (query: Query) =>
  query.state.status === 'success' &&
  query.state.data !== undefined &&
  query.state.dataUpdatedAt > 0 &&
  query.meta?.offline !== false;

/** Answers older than this are not kept (a screen not opened for two weeks). */
const KEPT_FOR_MS = 14 * 24 * 60 * 60 * 1000;

/** One transaction over the store; resolves when it ends, whatever its outcome. */
async function transact(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => void,
): Promise<void> {
  const db = await copies.database();
  if (!db) return;
  await new Promise<void>((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => resolve();
      transaction.onabort = () => resolve();
    } catch {
      resolve();
    }
  });
}

/** The kept user and answers (those younger than two weeks); null when there is no copy. */
async function readCopy(): Promise<{ owner: Owner; queries: KeptQuery[] } | null> {
  let owner: Owner | undefined;
  const queries: KeptQuery[] = [];
  await transact('readonly', (store) => {
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      if (at.key === OWNER) owner = at.value as Owner;
      else if (typeof at.key === 'string' && at.key.startsWith(ANSWER)) {
        queries.push(at.value as KeptQuery);
      }
      at.continue();
    };
  });
  if (!owner?.user) return null;
  const now = Date.now();
  return {
    owner,
    queries: queries.filter((query) => now - query.state.dataUpdatedAt < KEPT_FOR_MS),
  };
}

/**
 * Writes the answers that changed (by query hash), each as its own record: a burst costs what it
 * brought, not the whole copy. The owner is checked in the same transaction, so a copy never
 * mixes two people's answers.
 */
async function save(changed: ReadonlySet<string>): Promise<void> {
  const user = lmsStore.get(userAtom);
  // Nothing is kept for nobody, nor while the shown session is itself the kept one.
  if (!user || lmsStore.get(offlineSessionAtom)) return;
  const { queries } = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => changed.has(query.queryHash) && isKept(query),
    shouldDehydrateMutation: () => false,
  });
  if (queries.length === 0) return;
  await transact('readwrite', (store) => {
    const owner = store.get(OWNER);
    owner.onsuccess = () => {
      const kept = owner.result as Owner | undefined;
      if (kept && kept.user.uid !== user.uid) store.clear();
      store.delete(LEGACY);
      store.put({ user, savedAt: Date.now() } satisfies Owner, OWNER);
      for (const query of queries) store.put(query, `${ANSWER}${query.queryHash}`);
    };
  });
}

/** Deletes kept answers older than two weeks (once a page). */
async function prune(): Promise<void> {
  const now = Date.now();
  await transact('readwrite', (store) => {
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      const value = at.value as Partial<KeptQuery>;
      const key = at.key;
      if (
        key === LEGACY ||
        (typeof key === 'string' &&
          key.startsWith(ANSWER) &&
          now - (value.state?.dataUpdatedAt ?? 0) >= KEPT_FOR_MS)
      ) {
        at.delete();
      }
      at.continue();
    };
  });
}

/**
 * Copies each answer to IndexedDB after the burst it came in, for as long as the page lives.
 * Returns the function that stops it.
 */
export function keepOfflineCopy(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let burstDone: (() => void) | undefined;
  let changed = new Set<string>();
  track(prune());
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    changed.add(event.query.queryHash);
    if (timer !== undefined) return;
    // The burst counts as pending from its first answer, so a wait never misses it.
    track(new Promise<void>((resolve) => (burstDone = resolve)));
    timer = setTimeout(() => {
      timer = undefined;
      const burst = changed;
      changed = new Set();
      const done = burstDone;
      void save(burst).finally(done);
    }, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    burstDone?.();
  };
}

/** The copy's writes begun and not yet ended (a burst waiting for its timer included). */
const pending = new Set<Promise<unknown>>();

function track(work: Promise<unknown>) {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  pending.add(settled);
  void settled.then(() => pending.delete(settled));
}

/** Resolves once every answer that has arrived so far is in IndexedDB (or its write failed). */
export async function offlineCopySettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/**
 * The user of the kept copy, with its answers put back in the cache (each with the time it was
 * fetched); null when there is none. For a server that cannot be reached.
 */
export async function restoreOfflineCopy(): Promise<SessionUser | null> {
  const copy = await readCopy();
  if (!copy) return null;
  hydrate(queryClient, { mutations: [], queries: copy.queries });
  return copy.owner.user;
}

/**
 * The server named the signed-in user: a copy of someone else's data is deleted. The user's own
 * stays as it is (each save adds to it); it is not put back in the cache online, where the
 * server's answers are the ones to show.
 */
export async function adoptOfflineCopy(user: SessionUser): Promise<void> {
  const owner = (await run('readonly', (store) => store.get(OWNER))) as Owner | undefined;
  if (owner && owner.user.uid !== user.uid) await clearPersonalCopies();
}

/**
 * Deletes every copy of personal data this browser keeps: the answers in IndexedDB, other
 * stores of the portal there (the chat outbox), and the service worker's personal caches (the
 * registry as this user got it, opened files).
 */
export async function clearPersonalCopies(): Promise<void> {
  await run('readwrite', (store) => store.clear());
  for (const clear of personalStores) await clear();
  if (typeof caches !== 'undefined') {
    try {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX)).map((name) => caches.delete(name)),
      );
    } catch {
      // No Cache Storage (an insecure context): nothing was kept there.
    }
  }
}

const personalStores: Array<() => Promise<void>> = [];

/** Another per-user store of the portal (a remote's own IndexedDB data) emptied at sign-out. */
export function registerPersonalStore(clear: () => Promise<void>): void {
  personalStores.push(clear);
}

/**
 * The time the shown data was fetched: the oldest answer among the queries on screen, or null
 * when none has a time (nothing shown yet, or only data made on the device).
 */
export function shownAsOf(): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || !isKept(query)) continue;
    const at = query.state.dataUpdatedAt;
    if (oldest === null || at < oldest) oldest = at;
  }
  return oldest;
}

const subscribeToShown = (onChange: () => void) =>
  // Queries are added while screens render: the shown time is read after that render.
  queryClient.getQueryCache().subscribe(() => queueMicrotask(onChange));

/** `shownAsOf()` for a component, kept current as answers arrive and screens change. */
export function useShownAsOf(): number | null {
  return useSyncExternalStore(subscribeToShown, shownAsOf, shownAsOf);
}
