import { useSyncExternalStore } from 'react';
import { classifyError } from '../http/errors.js';
import { browserStore } from './browserStore.js';
import { registerPersonalStore } from './offline.js';

/**
 * A remote's outbox: what a user wrote without a network (a chat message, a test's answer) waits
 * here, in IndexedDB, "not sent yet": it survives a reload and goes out oldest first once the
 * network is back, each exactly once when the server keeps one record per key. An item put under
 * a key already waiting replaces it (a newer answer to the same question). Sign-out empties it
 * with every other personal copy (`registerPersonalStore`). Where there is no IndexedDB the
 * items live for the page only.
 */
export interface OutboxItem {
  /** The item's key (the store's keyPath): its Idempotency-Key, or what it answers. */
  key: string;
  /** Whose it is: another user of the browser never sends it. */
  uid: number;
  createdAt: number;
}

/** Failures that mean the server was not reached: the item waits for the next flush. */
const UNREACHED = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);

/** Whether an error means the server was not reached (the answer is unknown, not a refusal). */
export const isUnreached = (error: unknown): boolean => UNREACHED.has(classifyError(error).kind);

/**
 * Answers that are no refusal of the item, so it waits for the next flush as an unreached one
 * does: a 5xx (a process killed or restarting, a proxy with no server behind it: 502, 503, 504),
 * 408 (the proxy gave up waiting for the request) and 429 (asked to slow down). Sending it again
 * is safe because the server keeps one record per key; dropping it would lose what the user
 * wrote, and a test's later answers with it (their chain links follow the dropped one).
 */
const RETRY_STATUSES = new Set([408, 429]);
const waits = (error: unknown): boolean => {
  const { kind, status } = classifyError(error);
  return (
    UNREACHED.has(kind) ||
    kind === 'SERVER_ERROR' ||
    (status !== undefined && RETRY_STATUSES.has(status))
  );
};

export interface OutboxFlush<T, R> {
  /** Sends one item; rejects as the request did. */
  send: (item: T) => Promise<R>;
  /** The server stored it. */
  onSent?: (item: T, stored: R) => void;
  /** The server refused it (a 4xx but 408 and 429): it is dropped. */
  onRefused?: (item: T, error: unknown) => void;
}

export interface Outbox<T extends OutboxItem> {
  /** Everything waiting, oldest first (the same array until it changes). */
  items(): T[];
  subscribe(listener: () => void): () => void;
  /** Keeps an item (replacing one with its key). */
  put(item: T): Promise<void>;
  /**
   * Sends the user's items, oldest first, one at a time (those put meanwhile too). Stops at the
   * first that cannot reach the server, or that a server or proxy could not take just now (5xx,
   * 408, 429): it and those after it wait for the next flush. One
   * flush at a time: a call during one answers that one.
   */
  flush<R>(uid: number, how: OutboxFlush<T, R>): Promise<void>;
}

/** The outbox kept in the IndexedDB database `name`, in its object store `store`. */
export function createOutbox<T extends OutboxItem>(name: string, store = 'items'): Outbox<T> {
  const { run } = browserStore(name, store, { keyPath: 'key' });
  let queued: T[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const order = (all: T[]) =>
    [...all].sort((a, b) => a.createdAt - b.createdAt || a.key.localeCompare(b.key));

  const loaded = (async () => {
    const kept = ((await run('readonly', (objects) => objects.getAll())) ?? []) as T[];
    const byKey = new Map(kept.map((item) => [item.key, item]));
    // Items put before the store answered are newer than the kept ones of their key.
    for (const item of queued) byKey.set(item.key, item);
    queued = order([...byKey.values()]);
    changed();
  })();

  /** Drops the item sent, unless a newer one of its key was put meanwhile. */
  async function drop(item: T): Promise<void> {
    if (!queued.includes(item)) return;
    queued = queued.filter((other) => other !== item);
    changed();
    await run('readwrite', (objects) => objects.delete(item.key));
  }

  registerPersonalStore(async () => {
    queued = [];
    changed();
    await run('readwrite', (objects) => objects.clear());
  });

  /** One pass over the user's items; it stops at one that cannot reach the server. */
  async function pass<R>(uid: number, { send, onSent, onRefused }: OutboxFlush<T, R>) {
    await loaded;
    const tried = new Set<T>();
    for (;;) {
      const item = queued.find((next) => next.uid === uid && !tried.has(next));
      if (!item) return;
      tried.add(item);
      try {
        const stored = await send(item);
        await drop(item);
        onSent?.(item, stored);
      } catch (error) {
        if (waits(error)) return;
        await drop(item);
        onRefused?.(item, error);
      }
    }
  }

  let flushing: Promise<void> | null = null;
  /** A flush asked for during one: it runs when that one ends. */
  let again: (() => Promise<void>) | null = null;
  const takeAgain = () => {
    const asked = again;
    again = null;
    return asked;
  };

  return {
    items: () => queued,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async put(item: T) {
      queued = order([...queued.filter((other) => other.key !== item.key), item]);
      changed();
      await run('readwrite', (objects) => objects.put(item));
    },
    flush<R>(uid: number, how: OutboxFlush<T, R>) {
      const next = () => pass(uid, how);
      if (flushing) {
        again = next;
        return flushing;
      }
      flushing = (async () => {
        try {
          let step: (() => Promise<void>) | null = next;
          while (step) {
            await step();
            step = takeAgain();
          }
        } finally {
          // Right after the last look for a flush asked meanwhile: none can slip between.
          flushing = null;
        }
      })();
      return flushing;
    },
  };
}

/** An outbox's items for a component, kept current. */
export function useOutboxItems<T extends OutboxItem>(outbox: Outbox<T>): T[] {
  return useSyncExternalStore(outbox.subscribe, outbox.items, outbox.items);
}
