import { apiPost, CHAT_API, type ChatMessage, type ChatTarget } from '@lms/shared';

/**
 * insert.json for a text message with its outbox key (Idempotency-Key): a send tried again
 * (the answer was lost) is the same message on the server.
 */
export function sendKeyedMessage(target: ChatTarget, text: string, key: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target)) {
    if (value !== undefined) form.append(name, String(value));
  }
  form.append('message', text);
  return apiPost<ChatMessage>(CHAT_API.insert.path, form, {
    headers: { 'Content-Type': undefined, 'Idempotency-Key': key },
  });
}
