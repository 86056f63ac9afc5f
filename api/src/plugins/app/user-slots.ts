import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/http.js';
import { appPlugin } from '../../lib/plugin.js';
import {
  createStreamCap,
  MAX_STREAMS_PER_USER,
  MAX_UPLOADS_PER_USER,
} from '../../lib/stream-cap.js';

export const SLOT_MESSAGES = {
  tooManyUploads: `Дождитесь окончания загрузок: одновременно можно загружать не больше ${MAX_UPLOADS_PER_USER} файлов`,
  tooManyStreams: 'Слишком много открытых вкладок портала: закройте лишние',
} as const;

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
    const slots = (max: number, message: string) => {
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
