import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/http.js';
import { appPlugin } from '../../lib/plugin.js';
import { createStreamCap, MAX_UPLOADS_PER_USER } from '../../lib/stream-cap.js';

export const UPLOAD_MESSAGES = {
  tooMany: `Дождитесь окончания загрузок: одновременно можно загружать не больше ${MAX_UPLOADS_PER_USER} файлов`,
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A slot for one more upload of the signed-in user (429 past the cap); call the answer when
     * the upload has been received. Staging.receive takes it at the first file.
     */
    takeUploadSlot(request: FastifyRequest): () => void;
  }
}

/**
 * A signed-in user has at most MAX_UPLOADS_PER_USER uploads in flight in one API process: one
 * account cannot hold the server's disk and connections with many slow uploads at once.
 */
export default appPlugin('upload-slots', async (app, options: { maxPerUser?: number }) => {
  const cap = createStreamCap(options.maxPerUser ?? MAX_UPLOADS_PER_USER);
  app.decorate('takeUploadSlot', (request: FastifyRequest) => {
    const uid = request.auth?.user.uid;
    if (uid === undefined) return () => {};
    const release = cap.take(uid);
    if (!release) throw new ApiError(429, UPLOAD_MESSAGES.tooMany);
    return release;
  });
});
