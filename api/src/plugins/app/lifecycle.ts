import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { appPlugin } from '../../lib/plugin.js';

/**
 * How long a browser waits before it reconnects a stream this process ended while shutting
 * down: long enough for the load balancer to have taken the process out, short enough that
 * nobody notices (EventSource reconnects through the balancer to another process).
 */
export const DRAIN_RETRY_MS = 500;

export interface Lifecycle {
  /** The process is shutting down: not ready (GET /lms/readyz answers 503), finishing requests. */
  readonly draining: boolean;
  /** Starts draining (idempotent): readiness fails from now on. */
  drain(): void;
  /**
   * Ends every open event stream with a reconnect hint (`retry:`), so the browsers reconnect to
   * another process at once; called when the load balancer no longer sends requests here.
   */
  endStreams(): void;
  /** Runs `end` when the streams are ended; returns the function that forgets it. */
  onEndStreams(end: (retryMs: number) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Letters and digits a proxy's request id may carry (HAProxy's unique-id, a UUID, ...). */
const FORWARDED_ID = /^[\w.:-]{6,64}$/;
const processTag = randomBytes(4).readUInt32BE(0).toString(36);
let sequence = 0;

/**
 * A request's id: short enough to read out to a support desk, unique across the processes of a
 * cluster (a random tag of the process and a counter). Behind a trusted proxy that sends
 * X-Request-Id, its id is kept, so the proxy's log and the API's log name the same request.
 */
export function requestIdOf(trustForwarded: boolean) {
  return (request: IncomingMessage): string => {
    if (trustForwarded) {
      const forwarded = request.headers['x-request-id'];
      if (typeof forwarded === 'string' && FORWARDED_ID.test(forwarded)) return forwarded;
    }
    sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
    return `${processTag}-${sequence.toString(36)}`;
  };
}

/**
 * The process's life for a load balancer: the request id on every answer (X-Request-Id, also in
 * every log line of the request), draining, and the event streams to end before shutting down.
 */
export default appPlugin('lifecycle', async (app) => {
  let draining = false;
  let streamsEnded = false;
  const streamEnds = new Set<(retryMs: number) => void>();
  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    endStreams() {
      streamsEnded = true;
      for (const end of [...streamEnds]) end(DRAIN_RETRY_MS);
      streamEnds.clear();
    },
    onEndStreams(end) {
      if (streamsEnded) {
        // A stream whose request was on its way when the others were ended: ended too, at once
        // (after its opening is written), or the process would wait on it forever.
        setImmediate(() => end(DRAIN_RETRY_MS));
        return () => undefined;
      }
      streamEnds.add(end);
      return () => {
        streamEnds.delete(end);
      };
    },
  };
  app.decorate('lifecycle', lifecycle);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });

  // Closing without a drain first (a test, SIGINT): still not ready, and no stream left open.
  app.addHook('preClose', async () => {
    lifecycle.drain();
    lifecycle.endStreams();
  });
});
