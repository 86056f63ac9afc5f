import { createOutbox, type ChatMessage, type ChatTarget } from '@lms/shared';

/**
 * Messages written without a network wait in the kit's outbox (IndexedDB), "not sent yet": they
 * survive a reload and go out in the order they were written once the network is back, each
 * exactly once (the server keeps one message per key: a send whose answer was lost and that is
 * tried again is the same message). Text only: files need the network. Sign-out empties it.
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

/** The store keeps the name it always had, so messages queued before stay queued. */
const outbox = createOutbox<QueuedMessage>('lms-chat-outbox', 'messages');

export const subscribeOutbox = outbox.subscribe;

/** Everything queued, oldest first. */
export const queuedMessages = (): QueuedMessage[] => outbox.items();

/** A fresh key: 32 hex digits (getRandomValues works on plain http too). */
export function newMessageKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const queueMessage = (message: QueuedMessage): Promise<void> => outbox.put(message);

/**
 * Sends the user's queued messages, oldest first, one at a time. Stops at the first that cannot
 * reach the server (they wait for the next flush); one the server refuses is dropped and
 * reported (`onRefused`). `onSent` hears of each message stored.
 */
export function flushOutbox(
  uid: number,
  send: (message: QueuedMessage) => Promise<ChatMessage>,
  onSent: (message: QueuedMessage, stored: ChatMessage) => void,
  onRefused: (message: QueuedMessage, error: unknown) => void,
): Promise<void> {
  return outbox.flush(uid, { send, onSent, onRefused });
}
