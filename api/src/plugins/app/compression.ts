import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';
import { appPlugin } from '../../lib/plugin.js';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text answers over 1 KB (the API's JSON, the registry, the locales) compressed for a phone on a
 * slow network: Brotli where the browser takes it, else gzip. Brotli at quality 4 costs about
 * what gzip does while sending less. What is compressed already is left alone: the builds'
 * .br/.gz twins (@fastify/static, preCompressed) and the portal's page carry their
 * Content-Encoding. Event streams are written on the raw socket (lib/sse.ts, hijacked), so no
 * event waits in a compressor's buffer; `text/event-stream` is not compressed either way.
 */
export default appPlugin('compression', async (app) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
    // Request bodies are not decompressed: a compressed upload would slip past the body limits.
    globalDecompression: false,
  });
});
