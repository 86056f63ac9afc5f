import { errorMessage, errorRequestId } from '../i18n/errorMessage.js';
import { notify } from './notification-store.js';

/**
 * Shows a failed action as an error notification: what to tell the user (errorMessage), put in
 * the screen's own sentence by `wrap` if given, with the request's id for the support desk when
 * the server answered. Returns the notification's id.
 */
export function notifyFailure(error: unknown, wrap?: (message: string) => string): number {
  const message = errorMessage(error);
  return notify(wrap ? wrap(message) : message, 'error', { requestId: errorRequestId(error) });
}
