import type { FastifyReply, FastifyRequest } from 'fastify';

/** Comment lines keep proxies and the browser from dropping an idle stream. */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** How long EventSource waits before reconnecting (e.g. across an API restart). */
const RETRY_MS = 2000;

export interface EventStream {
  /** Writes one event (`event: <name>`, JSON data) unless the stream has ended. */
  send(name: string, data: unknown): void;
  /** Ends the stream (also called when the client goes away); runs `onEnd` once. */
  end(): void;
}

/**
 * Opens a Server-Sent Events response (chat events, QR check-ins): the headers, the retry hint, a
 * heartbeat, and one cleanup when either side closes.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  onEnd: () => void,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
): EventStream {
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
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    onEnd();
    if (!response.writableEnded) response.end();
  };
  request.raw.once('close', end);
  response.once('close', end);
  return {
    send(name, data) {
      if (!response.writableEnded)
        response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end,
  };
}
