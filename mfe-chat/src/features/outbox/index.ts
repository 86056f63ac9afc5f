export { newMessageKey, queueMessage, type QueuedMessage } from './outbox';
export { useOutboxFlush, useQueuedMessages } from './api/useOutbox';
export { sendKeyedMessage } from './api/send';
