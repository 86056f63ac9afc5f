export { newMessageKey, queueMessage, type QueuedMessage } from './outbox';
export { useOutboxFlush, useQueuedMessages } from './useOutbox';
export { sendKeyedMessage } from './send';
