import {
  browserStore,
  registerPersonalStore,
  type ChatMessage,
  type ChatTarget,
} from '@lms/shared';

/**
 * Messages written without a network wait here, in IndexedDB, "not sent yet": they survive a
 * reload and go out in the order they were written once the network is back, each exactly once
 * (the server keeps one message per key: a send whose answer was lost and that is tried again
 * is the same message). Text only: files need the network. Sign-out empties it with every
 * other personal copy (the kit's `registerPersonalStore`).
 */
export interface QueuedMessage {
  /** The message's Idempotency-Key. */
  key: string;
  /** Whose message it is: another user of the browser never sends it. */
  uid: number;
  /** The conversation's query key, as JSON: the pane that shows it. */
  conversation: string;
  target: ChatTarget;
  text: string;
  createdAt: number;
}

const { run } = browserStore('lms-chat-outbox', 'messages', { keyPath: 'key' });

/** Everything queued, oldest first; kept in memory too, for the panes that show it. */
let queued: QueuedMessage[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

async function reload(): Promise<void> {
  const all = ((await run('readonly', (store) => store.getAll())) ?? []) as QueuedMessage[];
  queued = all.sort((a, b) => a.createdAt - b.createdAt || a.key.localeCompare(b.key));
  changed();
}

const loaded = reload();

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const queuedMessages = (): QueuedMessage[] => queued;

/** A fresh key: 32 hex digits (getRandomValues works on plain http too). */
export function newMessageKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function queueMessage(message: QueuedMessage): Promise<void> {
  await loaded;
  queued = [...queued, message];
  changed();
  await run('readwrite', (store) => store.put(message));
}

async function dropQueued(key: string): Promise<void> {
  queued = queued.filter((message) => message.key !== key);
  changed();
  await run('readwrite', (store) => store.delete(key));
}

async function clearOutbox(): Promise<void> {
  queued = [];
  changed();
  await run('readwrite', (store) => store.clear());
}

registerPersonalStore(clearOutbox);

const UNREACHED = new Set(['NETWORK_ERROR', 'CONNECTION_ERROR', 'TIMEOUT_ERROR']);

let flushing: Promise<void> | null = null;

/**
 * Sends the user's queued messages, oldest first, one at a time. Stops at the first that cannot
 * reach the server (they wait for the next flush); one the server refuses is dropped and
 * reported (`onRefused`). `onSent` hears of each message stored.
 */
export function flushOutbox(
  uid: number,
  send: (message: QueuedMessage) => Promise<ChatMessage>,
  kindOf: (error: unknown) => string,
  onSent: (message: QueuedMessage, stored: ChatMessage) => void,
  onRefused: (message: QueuedMessage, error: unknown) => void,
): Promise<void> {
  flushing ??= (async () => {
    await loaded;
    for (const message of queued.filter((item) => item.uid === uid)) {
      try {
        const stored = await send(message);
        await dropQueued(message.key);
        onSent(message, stored);
      } catch (error) {
        if (UNREACHED.has(kindOf(error))) return;
        await dropQueued(message.key);
        onRefused(message, error);
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
