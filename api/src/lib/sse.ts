import type { FastifyReply, FastifyRequest } from 'fastify';
import { openStreams } from './metrics.js';

/** Comment lines keep proxies and the browser from dropping an idle stream. */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/**
 * How long EventSource waits before reconnecting (e.g. across an API restart, or to another
 * process after one died: the balancer retries a refused connection elsewhere at once).
 */
const RETRY_MS = 1000;

export interface EventStream {
  /** Writes one event (`event: <name>`, JSON data) unless the stream has ended. */
  send(name: string, data: unknown): void;
  /** Ends the stream (idempotent); also runs when the client goes away. */
  end(): void;
  onEnd(cleanup: () => void): void;
}

/**
 * Opens a Server-Sent Events response on a guarded GET route: the headers, the reconnect delay,
 * heartbeats, and the end when either side closes. The area decides which events to send.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
): EventStream {
  // Counted against the user's open streams (plugins/app/user-slots.ts); 429 past the cap.
  const release = request.server.takeStreamSlot(request);
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    // Tell nginx-style proxies not to buffer the stream.
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  response.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  const heartbeat = setInterval(() => response.write(': ping\n\n'), heartbeatMs);
  openStreams.inc();
  // A process shutting down ends the stream with a short reconnect delay: the browser's
  // EventSource reconnects through the load balancer to another process.
  const forget = request.server.lifecycle.onEndStreams((retryMs) => {
    if (!response.writableEnded) response.write(`retry: ${retryMs}\n\n`);
    end();
  });
  const cleanups: (() => void)[] = [release, forget, () => openStreams.dec()];

  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const cleanup of cleanups) cleanup();
    if (!response.writableEnded) response.end();
  };
  request.raw.once('close', end);
  response.once('close', end);
  return {
    send(name, data) {
      if (!ended && !response.writableEnded) {
        response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      }
    },
    end,
    onEnd(cleanup) {
      if (ended) cleanup();
      else cleanups.push(cleanup);
    },
  };
}
