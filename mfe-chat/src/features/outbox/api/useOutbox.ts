import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatMessage, notifyFailure } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { subscribeLive } from '../../live';
import { sendKeyedMessage } from './send';
import { flushOutbox, queuedMessages, subscribeOutbox, type QueuedMessage } from '../outbox';

/** Everything in the outbox, kept current. */
export function useQueuedMessages(): QueuedMessage[] {
  return useSyncExternalStore(subscribeOutbox, queuedMessages, queuedMessages);
}

/**
 * Sends the user's queued messages now, whenever the network comes back, and whenever the chat's
 * live stream says the server may answer again (it opened again, or a poll while it is down):
 * a message that could not reach a restarting server waits with the browser online, when no
 * `online` event comes. `onSent` hears of each one the server stored (a conversation on screen
 * shows it); the chat's cached conversations are asked again either way.
 */
export function useOutboxFlush(
  uid: number | undefined,
  onSent?: (message: QueuedMessage, stored: ChatMessage) => void,
): void {
  const { t } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const flush = useCallback(() => {
    if (uid === undefined || !navigator.onLine) return;
    void flushOutbox(
      uid,
      (message) => sendKeyedMessage(message.target, message.text, message.key),
      (message, stored) => {
        onSent?.(message, stored);
        void queryClient.invalidateQueries({ queryKey: ['chat'] });
      },
      (_message, error) => notifyFailure(error, (message) => t('sendFailed', { message })),
    );
  }, [uid, onSent, queryClient, t]);

  useEffect(() => {
    flush();
    window.addEventListener('online', flush);
    const stopLive = subscribeLive((signal) => {
      if (signal.type === 'catch-up') flush();
    });
    return () => {
      window.removeEventListener('online', flush);
      stopLive();
    };
  }, [flush]);
}
