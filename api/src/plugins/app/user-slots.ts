import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/http.js';
import type { Text } from '../../lib/messages.js';
import { appPlugin } from '../../lib/plugin.js';
import { SLOT_MESSAGES } from './user-slots-messages.js';
import {
  createStreamCap,
  MAX_STREAMS_PER_USER,
  MAX_UPLOADS_PER_USER,
} from '../../lib/stream-cap.js';

export { SLOT_MESSAGES };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A slot for one more upload of the signed-in user (429 past the cap); call the answer when
     * the upload has been received. Staging.receive takes it at the first file.
     */
    takeUploadSlot(request: FastifyRequest): () => void;
    /** The same for a live event stream (lib/sse.ts takes it when a stream opens). */
    takeStreamSlot(request: FastifyRequest): () => void;
  }
}

/**
 * What one signed-in user may hold at once in one API process: uploads in flight and live event
 * streams. One account cannot tie up the server's disk and connections; past a cap the answer is
 * 429 (an event stream's client falls back to polling).
 */
export default appPlugin(
  'user-slots',
  async (app, options: { maxUploadsPerUser?: number; maxStreamsPerUser?: number }) => {
    const slots = (max: number, message: Text) => {
      const cap = createStreamCap(max);
      return (request: FastifyRequest) => {
        const uid = request.auth?.user.uid;
        if (uid === undefined) return () => {};
        const release = cap.take(uid);
        if (!release) throw new ApiError(429, message);
        return release;
      };
    };
    app.decorate(
      'takeUploadSlot',
      slots(options.maxUploadsPerUser ?? MAX_UPLOADS_PER_USER, SLOT_MESSAGES.tooManyUploads),
    );
    app.decorate(
      'takeStreamSlot',
      slots(options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER, SLOT_MESSAGES.tooManyStreams),
    );
  },
);
