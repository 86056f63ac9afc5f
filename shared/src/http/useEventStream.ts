import { useEffect, useRef } from 'react';
import { useSession } from '../session/useSession.js';
import type { EndpointAddress } from '../contract/endpoint.js';
import { pathOf } from './api.js';
import { http } from './client.js';

export interface EventStreamHandlers {
  /**
   * The stream's named events: each hears its event's data parsed as JSON (undefined when the
   * data is not JSON).
   */
  events: Record<string, (data: unknown) => void>;
  /**
   * Asks the server again for what the stream may have missed: when the stream opens again after
   * a drop, and every `pollMs` while it is down or the browser has no Server-Sent Events.
   */
  catchUp?: () => void;
  /** How often to catch up while the stream is down; without it, nothing is polled. */
  pollMs?: number;
  /** Catch up when the stream first opens too (what came between the first load and the stream). */
  catchUpOnFirstOpen?: boolean;
}

/**
 * Listens to one of the API's live streams (Server-Sent Events at an `events` endpoint of the
 * contract, e.g. ORDERS_API.events, or at one with a query: `pathWithQuery(endpoint, query)`),
 * with the session's cookie, while `enabled`. The browser reconnects a dropped stream by itself;
 * meanwhile, and where there is no EventSource, the handlers' `catchUp` polls. The stream is the
 * signed-in user's: it opens again when another user signs in, and closes with the component. The latest handlers are the ones called.
 */
export function useEventStream(
  source: string | EndpointAddress<'GET', 'events'>,
  handlers: EventStreamHandlers,
  enabled = true,
): void {
  const path = pathOf(source);
  const uid = useSession().user?.uid ?? 0;
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled) return undefined;
    const catchUp = () => latest.current.catchUp?.();
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      const every = latest.current.pollMs;
      if (every !== undefined) poll ??= setInterval(catchUp, every);
    };
    const stopPolling = () => {
      if (poll !== null) clearInterval(poll);
      poll = null;
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
      return stopPolling;
    }
    const stream = new EventSource(`${http.defaults.baseURL ?? '/lms'}${path}`, {
      withCredentials: true,
    });
    let opened = false;
    stream.addEventListener('open', () => {
      stopPolling();
      // A reconnect may have missed events.
      if (opened || latest.current.catchUpOnFirstOpen) catchUp();
      opened = true;
    });
    for (const name of Object.keys(latest.current.events)) {
      stream.addEventListener(name, (message) => {
        let data: unknown;
        try {
          data = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          data = undefined;
        }
        latest.current.events[name]?.(data);
      });
    }
    stream.addEventListener('error', startPolling);
    return () => {
      stream.close();
      stopPolling();
    };
  }, [path, enabled, uid]);
}
