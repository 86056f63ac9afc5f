import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { multipartLimits } from './rules.js';
import libraryRoutes from './routes.js';
import type { LibraryService } from './library-service.js';
import type { AreaOptions } from './shared-routes.js';
import type { UmkService } from './umk-service.js';
import umkRoutes from './umk-routes.js';

/** The legacy URL prefixes the area answers (spec §7). */
export const PREFIXES = {
  library: '/lms/api/library',
  umk: '/lms/api/umk',
} as const;

/**
 * The e-library and the teaching materials: signed-in callers only, one file per upload, each
 * under its legacy prefix.
 */
const libraryArea: FastifyPluginAsync<
  AreaOptions & { books: LibraryService; materials: UmkService }
> = async (app, options) => {
  const { dataDir, uploadLimitBytes, books, materials } = options;
  await app.register(fastifyMultipart, { limits: multipartLimits(uploadLimitBytes) });
  app.addHook('onRequest', app.requireUser);
  const settings = { dataDir, uploadLimitBytes };
  await app.register(umkRoutes, { prefix: PREFIXES.umk, ...settings, materials });
  await app.register(libraryRoutes, { prefix: PREFIXES.library, ...settings, books });
};

export default libraryArea;
