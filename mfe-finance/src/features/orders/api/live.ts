import { useQueryClient } from '@tanstack/react-query';
import { ORDERS_API, useEventStream, useSession, type OrderEvent } from '@lms/shared';
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
  const reload = () => void client.invalidateQueries({ queryKey: orderKeys.all(uid) });
  useEventStream(
    ORDERS_API.events,
    {
      events: {
        order: (event) => {
          reload();
          // A malformed event only reloads.
          if (event !== undefined) onEvent?.(event as OrderEvent);
        },
      },
      catchUp: reload,
      pollMs: ORDER_POLL_MS,
    },
    uid > 0,
  );
}
