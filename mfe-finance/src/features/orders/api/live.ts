import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { http, useSession, type OrderEvent } from '@lms/shared';
import { orderKeys } from './orders';

/** While the stream is down (or missing), the lists are asked again this often. */
export const ORDER_POLL_MS = 10_000;

/**
 * The single window's live events (GET /lms/api/singlewindow/events): every event reloads the
 * order lists; `onEvent` hears it too (the student's notification). Without Server-Sent Events,
 * or while the stream is down, the lists are polled.
 */
export function useOrderEvents(onEvent?: (event: OrderEvent) => void): void {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (!uid) return undefined;
    const reload = () => void client.invalidateQueries({ queryKey: orderKeys.all(uid) });
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      poll ??= setInterval(reload, ORDER_POLL_MS);
    };
    const stopPolling = () => {
      if (poll !== null) clearInterval(poll);
      poll = null;
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
      return stopPolling;
    }
    const stream = new EventSource(`${http.defaults.baseURL ?? '/lms'}/api/singlewindow/events`, {
      withCredentials: true,
    });
    let opened = false;
    stream.addEventListener('open', () => {
      stopPolling();
      // A reconnect may have missed events.
      if (opened) reload();
      opened = true;
    });
    stream.addEventListener('order', (message) => {
      reload();
      try {
        handler.current?.(JSON.parse((message as MessageEvent<string>).data) as OrderEvent);
      } catch {
        // A malformed event only reloads.
      }
    });
    stream.addEventListener('error', startPolling);
    return () => {
      stream.close();
      stopPolling();
    };
  }, [uid, client]);
}
